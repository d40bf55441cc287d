import type { Product } from '@store/contracts/catalog';
import { RECENTLY_VIEWED_MAX } from '@store/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';
import { cardProduct } from './card-product';

/**
 * Products the shopper opened (spec §4: at most 8, no duplicates, most recent first), kept in the browser with
 * enough of each product (both titles, one image, prices, stock) for a ProductCard to show it without a fetch.
 */
interface RecentlyViewedState {
  products: Product[];
  record(product: Product): void;
  clear(): void;
}

export const useRecentlyViewedStore = create<RecentlyViewedState>()(
  persist(
    (set) => ({
      products: [],
      record: (product) =>
        set((s) => ({
          products: [cardProduct(product), ...s.products.filter((p) => p.id !== product.id)].slice(
            0,
            RECENTLY_VIEWED_MAX,
          ),
        })),
      clear: () => set({ products: [] }),
    }),
    { skipHydration: serverRendered, name: 'store-recently-viewed', version: 1 },
  ),
);

afterHydration(() => void useRecentlyViewedStore.persist.rehydrate());

/** The recently viewed products, most recent first. */
export const useRecentlyViewed = () => useRecentlyViewedStore((s) => s.products);
/**
 * Records a product as just viewed (moves it to the front if it was there). On a server-rendered page, once the
 * remembered list is read: a write before that would replace it.
 */
export const recordRecentlyViewed = (product: Product) =>
  afterHydration(() => useRecentlyViewedStore.getState().record(product));
