import * as RadixDialog from '@radix-ui/react-dialog';
import type { ProductDetail } from '@store/contracts/catalog';
import { lazy, Suspense, useState } from 'react';
import { preload } from 'react-dom';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { StoreImage, webpSrcSet } from '../../../ui/store-image';

type Image = ProductDetail['images'][number];

// The 3D viewer's own code is a separate chunk too; the heavy library comes later still (see Model3D).
const Model3D = lazy(() => import('./model-3d').then((m) => ({ default: m.Model3D })));

const isModelFile = (url: string) => /\.(gltf|glb)(\?|$)/i.test(url);
/** A picture to show for an image: 3D models have a poster only when their versions are pictures. */
const pictureOf = (im: Image, size: 'thumbnail' | 'medium') =>
  isModelFile(im.versions[size]) ? null : im.versions[size];

function CubeIcon({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M12 3 4 7.5v9L12 21l8-4.5v-9Z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </svg>
  );
}

function Thumbs({
  images,
  index,
  onPick,
  title,
  dark = false,
}: {
  images: Image[];
  index: number;
  onPick(i: number): void;
  title: string;
  dark?: boolean;
}) {
  const { t } = useNamespace('product', productTexts);
  if (images.length < 2) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto p-1" data-testid="gallery-thumbs">
      {images.map((im, i) => {
        const pic = pictureOf(im, 'thumbnail');
        return (
          <li key={im.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onPick(i)}
              aria-label={
                im.is_3d_image
                  ? t('gallery.show3d')
                  : t('gallery.showImage', { n: i + 1, total: images.length, title })
              }
              aria-current={i === index ? 'true' : undefined}
              className={`relative flex size-16 items-center justify-center overflow-hidden rounded-lg border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:size-20 ${
                i === index
                  ? 'border-brand-700'
                  : dark
                    ? 'border-transparent opacity-70 hover:opacity-100'
                    : 'border-slate-200 hover:border-slate-400'
              }`}
            >
              {pic ? (
                <StoreImage
                  src={pic}
                  sizes="(min-width: 640px) 80px, 64px"
                  maxWidth={320}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-contain"
                />
              ) : (
                <span className="text-slate-600">
                  <CubeIcon />
                </span>
              )}
              {im.is_3d_image && (
                <span className="absolute end-1 bottom-1 rounded bg-slate-900 px-1 text-[10px] font-bold text-white">
                  3D
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** How wide the gallery's picture is shown: the page's width on a phone, half of it beside the details. */
const MAIN_SIZES = '(min-width: 1024px) 50vw, 100vw';

function Stage({
  image,
  title,
  n,
  total,
  large = false,
}: {
  image: Image;
  title: string;
  n: number;
  total: number;
  large?: boolean;
}) {
  const { t } = useNamespace('product', productTexts);
  if (image.is_3d_image) {
    const poster = pictureOf(image, 'medium') ?? undefined;
    return (
      <Suspense fallback={<Spinner />}>
        <Model3D src={image.original} poster={poster} alt={t('gallery.modelAlt', { title })} />
      </Suspense>
    );
  }
  const src = large ? image.original : image.versions.medium;
  const sizes = large ? '100vw' : MAIN_SIZES;
  // The page's largest picture, asked for from the head with high priority in the file the gallery will use (React
  // preloads a plain <img> by itself, not one inside <picture>); the server puts it first in the head (web.ts).
  const srcSet = large ? null : webpSrcSet(src);
  if (srcSet) preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
  return (
    <StoreImage
      src={src}
      sizes={sizes}
      alt={t('gallery.imageAlt', { title, n, total })}
      width={large ? 1200 : 600}
      height={large ? 1200 : 600}
      className="max-h-full max-w-full object-contain"
      data-testid={large ? 'fullscreen-image' : 'gallery-main'}
      fetchPriority={large ? undefined : 'high'}
    />
  );
}

/** Spec §2 gallery: a large image, thumbnails that switch it, fullscreen (Radix Dialog), and 3D models. */
export function ProductGallery({ images, title }: { images: Image[]; title: string }) {
  const { t } = useNamespace('product', productTexts);
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const i = Math.min(index, Math.max(0, images.length - 1));
  const current = images[i];
  const step = (d: number) => setIndex((i + d + images.length) % images.length);

  if (!current) {
    return <div className="aspect-square w-full rounded-2xl bg-slate-100" aria-hidden="true" />;
  }

  return (
    <div className="flex flex-col gap-3" data-testid="gallery">
      <div className="relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-2xl border border-slate-200 bg-white p-4">
        {current.is_3d_image ? (
          <Stage image={current} title={title} n={i + 1} total={images.length} />
        ) : (
          <button
            type="button"
            onClick={() => setFull(true)}
            className="flex size-full cursor-zoom-in items-center justify-center focus-visible:outline-2 focus-visible:outline-brand-700"
            aria-label={t('gallery.fullscreen')}
            data-testid="open-fullscreen"
          >
            <Stage image={current} title={title} n={i + 1} total={images.length} />
          </button>
        )}
        <button
          type="button"
          onClick={() => setFull(true)}
          aria-label={t('gallery.fullscreen')}
          className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <Thumbs images={images} index={i} onPick={setIndex} title={title} />

      <RadixDialog.Root open={full} onOpenChange={setFull}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/95" />
          <RadixDialog.Content
            className="fixed inset-0 z-50 flex flex-col text-white outline-none"
            data-testid="fullscreen"
            onKeyDown={(e) => {
              const rtl = document.documentElement.dir === 'rtl';
              if (e.key === 'ArrowRight') step(rtl ? -1 : 1);
              if (e.key === 'ArrowLeft') step(rtl ? 1 : -1);
            }}
          >
            <div className="flex items-center justify-between gap-4 p-3">
              <RadixDialog.Title className="line-clamp-1 text-base font-semibold">{title}</RadixDialog.Title>
              <RadixDialog.Description className="sr-only">
                {t('gallery.fullscreenHint')}
              </RadixDialog.Description>
              <span className="shrink-0 text-sm tabular-nums text-slate-300">
                {i + 1} / {images.length}
              </span>
              <RadixDialog.Close
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
                aria-label={t('common:close')}
              >
                <CloseIcon size={26} />
              </RadixDialog.Close>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
              <div className="flex size-full items-center justify-center bg-white/0">
                <Stage image={current} title={title} n={i + 1} total={images.length} large />
              </div>
              {images.length > 1 && (
                <>
                  <button
                    type="button"
                    onClick={() => step(-1)}
                    aria-label={t('gallery.previous')}
                    className="absolute start-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <ChevronStartIcon size={26} />
                  </button>
                  <button
                    type="button"
                    onClick={() => step(1)}
                    aria-label={t('gallery.next')}
                    className="absolute end-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <ChevronEndIcon size={26} />
                  </button>
                </>
              )}
            </div>
            <div className="flex justify-center p-3">
              <Thumbs images={images} index={i} onPick={setIndex} title={title} dark />
            </div>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </div>
  );
}
