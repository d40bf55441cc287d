import { IMAGE_WIDTHS, SIZED_PICTURE } from '@store/contracts/constants';
import type { ImgHTMLAttributes } from 'react';

/**
 * The `srcset` of a picture of the uploads in AVIF or WebP, up to `maxWidth`; null for an uploaded drawing (SVG) or
 * another site's picture.
 */
export function sizedSrcSet(src: string, format: 'avif' | 'webp', maxWidth = 1600): string | null {
  const path = src.startsWith('/uploads/') ? src.slice('/uploads/'.length) : null;
  if (!path || !SIZED_PICTURE.test(path)) return null;
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  return widths.map((w) => `/img/${w}.${format}/${path} ${w}w`).join(', ');
}

/**
 * What a page preloads for its largest picture (React's `preload` options): the AVIF files the `<picture>` will take
 * in a browser that has AVIF, and nothing in one that has not (it skips a preload of a type it cannot show), so no
 * browser fetches the picture twice.
 */
export function picturePreload(src: string, sizes: string) {
  const imageSrcSet = sizedSrcSet(src, 'avif');
  return imageSrcSet
    ? {
        as: 'image' as const,
        type: 'image/avif',
        imageSrcSet,
        imageSizes: sizes,
        fetchPriority: 'high' as const,
      }
    : null;
}

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  /** How wide the picture is shown (the `sizes` attribute): the browser picks the file that fits. */
  sizes: string;
  /** The widest file worth offering (a card's picture is never shown 1600 px wide). */
  maxWidth?: number;
};

/**
 * A picture of the store in the sizes the layout needs: a photo (and a demo drawing) comes as AVIF at the width the
 * screen needs, as WebP to a browser without AVIF, and as the original to one without either; an uploaded drawing
 * (SVG) goes as it is. Width and height are always set by the caller, so nothing moves when it arrives. The
 * `<picture>` takes no box of its own (display: contents): the picture is laid out as the `<img>` alone would be, so
 * its classes size it against its parent (a thumbnail's fixed size in a row, a flex item's shrink).
 */
export function StoreImage({ src, sizes, maxWidth, ...img }: Props) {
  const avif = sizedSrcSet(src, 'avif', maxWidth);
  const webp = sizedSrcSet(src, 'webp', maxWidth);
  if (!avif || !webp) return <img src={src} {...img} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img src={src} {...img} />
    </picture>
  );
}
