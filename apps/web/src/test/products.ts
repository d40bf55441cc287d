import type { Product } from '@store/contracts/catalog';

/**
 * A product's fields as the catalog lists it (GET v1/products, a card), in tests: a phone of 40,000 EGP in stock,
 * titled `title` in both languages unless `over` says otherwise.
 */
export const productFields = (id: number, title: string, over: Partial<Product> = {}): Product => ({
  id,
  title,
  title_en: title,
  title_ar: title,
  description: '',
  description_en: '',
  description_ar: '',
  category: { id: 3, name: 'Phones', name_en: 'Phones', name_ar: 'موبايلات' },
  brand: { id: 4, name: 'Apple', name_en: 'Apple', name_ar: 'أبل', icon_url: null },
  images: [],
  price: 40000,
  promotion: null,
  price_after_promotion: null,
  checkout_price: 40000,
  favorite: false,
  created_at: '2026-11-01T10:00:00.000Z',
  stock: 5,
  model: null,
  series: null,
  maximum_number_per_order: null,
  vat_rate: 14,
  featured: false,
  special_offer: false,
  monthly_from: null,
  rating: null,
  ...over,
});
