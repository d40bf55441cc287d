import type { ProductDetail } from '@store/contracts/catalog';
import { lazy, Suspense } from 'react';
import { preload } from 'react-dom';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { Svg } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { picturePreload, StoreImage } from '../../../ui/store-image';

// The gallery's parts, shared by the page's gallery (product-gallery.tsx) and its fullscreen view
// (gallery-fullscreen.tsx, loaded when first opened).

export type Image = ProductDetail['images'][number];

// The 3D viewer's own code is a separate chunk too; the heavy library comes later still (see Model3D).
const Model3D = lazy(() => import('./model-3d').then((m) => ({ default: m.Model3D })));

const isModelFile = (url: string) => /\.(gltf|glb)(\?|$)/i.test(url);
/** A picture to show for an image: 3D models have a poster only when their versions are pictures. */
const pictureOf = (im: Image, size: 'thumbnail' | 'medium') =>
  isModelFile(im.versions[size]) ? null : im.versions[size];

function CubeIcon({ size = 28 }: { size?: number }) {
  return (
    <Svg size={size} strokeWidth={1.6} strokeLinecap="butt" strokeLinejoin="miter">
      <path d="M12 3 4 7.5v9L12 21l8-4.5v-9Z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </Svg>
  );
}

export function Thumbs({
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

/**
 * How wide the gallery's picture is shown: the page's width on a phone (less its margins and the stage's), half of it
 * beside the details from 1024 px, and never past its 600 px.
 */
const MAIN_SIZES =
  '(min-width: 1348px) 600px, (min-width: 1024px) calc(50vw - 74px), (min-width: 682px) 600px, (min-width: 640px) calc(100vw - 82px), calc(100vw - 66px)';

export function Stage({
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
  const preloaded = large ? null : picturePreload(src, sizes);
  if (preloaded) preload(src, preloaded);
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
