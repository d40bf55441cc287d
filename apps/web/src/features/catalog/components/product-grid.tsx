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

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={grid} data-testid="product-grid">
      {products.map((p, i) => (
        <li key={p.id} className={i < FIRST_SCREEN ? undefined : LATER}>
          <ProductCard product={p} priority={i < FIRST_SCREEN} row />
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
