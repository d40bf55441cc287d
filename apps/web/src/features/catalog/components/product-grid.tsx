import type { Product } from '@store/contracts/catalog';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/constants';
import { Skeleton } from '../../../ui/skeleton';
import { ProductCard } from './product-card';

/** On a phone one product a row (six on the first screen, issue 16); wider, a grid of cards. */
const grid = 'grid grid-cols-1 gap-1.5 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 3xl:grid-cols-5';

/**
 * Cards of the first screen on a phone and the first row on a desktop: their pictures load first, never lazily.
 * The others are drawn when they come near the screen (theme.css, .below-fold), holding a card's usual height.
 */
const FIRST_SCREEN = 6;
const LATER = 'below-fold [--below-fold-size:88px] sm:[--below-fold-size:440px]';

/**
 * How wide a card's picture is in this grid (ProductCard's `sizes`): 60 px beside the words in a phone's row; then a
 * third of the page, a third of what the filters leave from 993 px, a quarter from 1280 px, and the 1600 px page's
 * quarter at most. The browser test of pictures' widths holds it to the layout.
 */
const SIZES =
  '(min-width: 1600px) 280px, (min-width: 1280px) calc(25vw - 120px), (min-width: 993px) calc(33.4vw - 146px), (min-width: 640px) calc(33.4vw - 52px), 60px';

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={grid} data-testid="product-grid">
      {products.map((p, i) => (
        <li key={p.id} className={i < FIRST_SCREEN ? undefined : LATER}>
          <ProductCard product={p} priority={i < FIRST_SCREEN} row sizes={SIZES} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = PRODUCT_PAGE_SIZE }: { count?: number }) {
  return (
    <div className={grid}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-[88px] w-full sm:aspect-[3/5] sm:h-auto" />
      ))}
    </div>
  );
}
