import type { Product } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';

/** The title in the shopper's language (kept products, like recently viewed, may have been saved in the other). */
export const titleIn = (p: Pick<Product, 'title' | 'title_ar' | 'title_en'>, locale: Locale) =>
  (locale === 'ar' ? p.title_ar : p.title_en) || p.title;

/** The first image that is a photo (3D models are for the product page's viewer). */
export const mainImage = (p: Pick<Product, 'images'>) => p.images.find((i) => !i.is_3d_image) ?? null;

/** The price the shopper pays and, when a promotion lowers it, the original to strike through. */
export function pricesOf(p: Pick<Product, 'price' | 'checkout_price' | 'price_after_promotion'>) {
  const now = p.price_after_promotion ?? p.checkout_price ?? p.price;
  return { now, original: p.price > now ? p.price : null };
}
