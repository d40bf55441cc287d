import { IMAGE_WIDTHS, SIZED_PICTURE } from '@store/contracts/constants';
import type { ImgHTMLAttributes } from 'react';

/**
 * The `srcset` of a picture of the uploads in WebP, up to `maxWidth`; null for an uploaded drawing (SVG) or another
 * site's picture.
 */
export function webpSrcSet(src: string, maxWidth = 1600): string | null {
  const path = src.startsWith('/uploads/') ? src.slice('/uploads/'.length) : null;
  if (!path || !SIZED_PICTURE.test(path)) return null;
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  return widths.map((w) => `/img/${w}.webp/${path} ${w}w`).join(', ');
}

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  /** How wide the picture is shown (the `sizes` attribute): the browser picks the file that fits. */
  sizes: string;
  /** The widest file worth offering (a card's picture is never shown 1600 px wide). */
  maxWidth?: number;
};

/**
 * A picture of the store in the sizes the layout needs: a photo (and a demo drawing) comes as WebP at the width the
 * screen needs, with the original for browsers without WebP; an uploaded drawing (SVG) goes as it is. Width and height
 * are always set by the caller, so nothing moves when it arrives. The `<picture>` takes no box of its own
 * (display: contents): the picture is laid out as the `<img>` alone would be, so its classes size it against its
 * parent (a thumbnail's fixed size in a row, a flex item's shrink).
 */
export function StoreImage({ src, sizes, maxWidth, ...img }: Props) {
  const srcSet = webpSrcSet(src, maxWidth);
  if (!srcSet) return <img src={src} {...img} />;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img src={src} {...img} />
    </picture>
  );
}
