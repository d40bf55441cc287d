import type { Product } from '@store/contracts/catalog';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/constants';
import { Skeleton } from '../../../ui/skeleton';
import { ProductCard } from './product-card';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 3xl:grid-cols-5';

/** Cards of the first row on a phone and a desktop: their pictures load first, never lazily. */
const FIRST_SCREEN = 4;

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={grid} data-testid="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} priority={i < FIRST_SCREEN} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = PRODUCT_PAGE_SIZE }: { count?: number }) {
  return (
    <div className={grid}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-[3/5] w-full" />
      ))}
    </div>
  );
}
