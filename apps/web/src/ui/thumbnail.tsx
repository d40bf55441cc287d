import { StoreImage } from './store-image';

/**
 * A product's thumbnail in a row (the cart, checkout, the wishlist, an order, the search suggestions): the picture at
 * `px` CSS pixels (`sizes` where that changes with the screen), or an empty tile of the same size without one.
 * `className` sizes and frames both. A module of its own: the pages that show it load it, not the first load.
 */
export function Thumbnail({
  src,
  px,
  sizes = `${px}px`,
  className,
  loading,
}: {
  src: string | null | undefined;
  px: number;
  sizes?: string;
  className: string;
  loading?: 'lazy';
}) {
  if (!src) return <span className={`block bg-slate-100 ${className}`} />;
  return (
    <StoreImage
      src={src}
      sizes={sizes}
      maxWidth={320}
      alt=""
      width={px}
      height={px}
      loading={loading}
      className={`object-contain ${className}`}
    />
  );
}
