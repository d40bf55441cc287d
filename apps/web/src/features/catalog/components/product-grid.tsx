import type { Product } from '@store/contracts/catalog';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/constants';
import { Skeleton } from '../../../ui/skeleton';
import { ProductCard } from './product-card';
import { BelowFold } from '../../../ui/below-fold';

/** On a phone one product a row (six on the first screen, issue 16); wider, a grid of cards. */
const grid = 'grid grid-cols-1 gap-1.5 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 3xl:grid-cols-5';

/**
 * Cards of the first screen on a phone and the first row on a desktop: their pictures load first, never lazily.
 * The others are drawn and hydrated when they come near the screen (ui/below-fold.tsx), holding a card's usual
 * height.
 */
const FIRST_SCREEN = 6;
const LATER = '[--below-fold-size:88px] sm:[--below-fold-size:440px]';

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={grid} data-testid="product-grid">
      {products.map((p, i) =>
        i < FIRST_SCREEN ? (
          <li key={p.id}>
            <ProductCard product={p} priority row />
          </li>
        ) : (
          <BelowFold as="li" key={p.id} className={LATER}>
            <ProductCard product={p} row />
          </BelowFold>
        ),
      )}
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
