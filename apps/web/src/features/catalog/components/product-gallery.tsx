import { lazy, useRef, useState, type MouseEvent } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { deferred } from '../../../ui/dialog';
import { Svg } from '../../../ui/icons';
import { Stage, Thumbs, type Image } from './gallery-parts';

// The fullscreen view comes with Radix Dialog when a shopper first opens it (as the other dialogs do): not part of
// what a product page needs to hydrate.
const GalleryFullscreen = deferred(
  lazy(() => import('./gallery-fullscreen').then((m) => ({ default: m.GalleryFullscreen }))),
);

/** Spec §2 gallery: a large image, thumbnails that switch it, fullscreen (Radix Dialog), and 3D models. */
export function ProductGallery({ images, title }: { images: Image[]; title: string }) {
  const { t } = useNamespace('product', productTexts);
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const i = Math.min(index, Math.max(0, images.length - 1));
  const current = images[i];
  const step = (d: number) => setIndex((i + d + images.length) % images.length);
  // The button that opened the fullscreen view takes the focus back when it closes (it has no Radix trigger).
  const opener = useRef<HTMLButtonElement | null>(null);
  const open = (e: MouseEvent<HTMLButtonElement>) => {
    opener.current = e.currentTarget;
    setFull(true);
  };

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
            onClick={open}
            className="flex size-full cursor-zoom-in items-center justify-center focus-visible:outline-2 focus-visible:outline-brand-700"
            aria-label={t('gallery.fullscreen')}
            data-testid="open-fullscreen"
          >
            <Stage image={current} title={title} n={i + 1} total={images.length} />
          </button>
        )}
        <button
          type="button"
          onClick={open}
          aria-label={t('gallery.fullscreen')}
          className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Svg size={20} strokeLinejoin="miter">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </Svg>
        </button>
      </div>
      <Thumbs images={images} index={i} onPick={setIndex} title={title} />

      <GalleryFullscreen
        images={images}
        index={i}
        title={title}
        open={full}
        onOpenChange={setFull}
        onPick={setIndex}
        onStep={step}
        returnFocusTo={opener}
      />
    </div>
  );
}
