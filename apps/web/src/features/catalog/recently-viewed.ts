import type { Product } from '@store/contracts/catalog';
import { RECENTLY_VIEWED_MAX } from '@store/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';

/**
 * Products the shopper opened (spec §4: at most 8, no duplicates, most recent first), kept in the browser with
 * enough of each product (both titles, one image, prices, stock) for a ProductCard to show it without a fetch.
 */
interface RecentlyViewedState {
  products: Product[];
  record(product: Product): void;
  clear(): void;
}

/** Keeps only what a card needs (no descriptions, specifications or extra images), so eight entries stay small. */
function slim(p: Product): Product {
  const image = p.images.find((i) => !i.is_3d_image);
  return {
    id: p.id,
    title: p.title,
    title_en: p.title_en,
    title_ar: p.title_ar,
    description: '',
    description_en: '',
    description_ar: '',
    category: {
      id: p.category.id,
      name: p.category.name,
      name_en: p.category.name_en,
      name_ar: p.category.name_ar,
    },
    brand: p.brand,
    images: image ? [image] : [],
    price: p.price,
    promotion: p.promotion,
    price_after_promotion: p.price_after_promotion,
    checkout_price: p.checkout_price,
    // Entries kept by an older version of the store have none.
    monthly_from: p.monthly_from ?? null,
    rating: p.rating ?? null,
    favorite: p.favorite,
    created_at: p.created_at,
    stock: p.stock,
    model: p.model,
    series: p.series,
    maximum_number_per_order: p.maximum_number_per_order,
    featured: p.featured,
    special_offer: p.special_offer,
  };
}

export const useRecentlyViewedStore = create<RecentlyViewedState>()(
  persist(
    (set) => ({
      products: [],
      record: (product) =>
        set((s) => ({
          products: [slim(product), ...s.products.filter((p) => p.id !== product.id)].slice(
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
