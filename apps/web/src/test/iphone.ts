import { productDetailSchema } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { productFields } from './products';

/** Both languages of a text, and the request's one. */
const both = (en: string, ar: string, L: Locale) => ({ en, ar, in: L === 'ar' ? ar : en });

/** A card's fields as GET v1/products/:id answers them, for the product and each variant. */
function card(id: number, L: Locale, price: number, stock: number) {
  const title = both('Apple iPhone 16 5G', 'أبل آيفون 16 5G', L);
  return productFields(id, title.in, {
    title_en: title.en,
    title_ar: title.ar,
    category: { id: 3, name: 'iPhone', name_en: 'iPhone', name_ar: 'آيفون' },
    price,
    checkout_price: price,
    stock,
    model: 'MYE73AA/A',
  });
}

const COLOURS = [
  ['Black', 'أسود'],
  ['Blue', 'أزرق'],
  ['Pink', 'وردي'],
] as const;
const STORAGES = [
  ['128 GB', '128 جيجا'],
  ['256 GB', '256 جيجا'],
] as const;

/**
 * The demo's iPhone sold in variants (apps/api/src/db/seed/variants.ts): options "Colour" and "Storage", while its
 * own specification rows, from the product it was, say "Color: Ultramarine" and "Storage: 128GB" (seed/products.ts).
 */
export function demoIphone(L: Locale) {
  const value = ([en, ar]: readonly [string, string]) => ({
    value: L === 'ar' ? ar : en,
    value_en: en,
    value_ar: ar,
  });
  const colour = both('Colour', 'اللون', L);
  const storage = both('Storage', 'المساحة', L);
  const variant = (id: number, c: number, s: number, price: number, stock: number) => ({
    ...card(id, L, price, stock),
    variant_of: 245,
    sku: `IP16-${id}`,
    option_values: [
      { name: colour.in, name_en: colour.en, name_ar: colour.ar, ...value(COLOURS[c]!) },
      { name: storage.in, name_en: storage.en, name_ar: storage.ar, ...value(STORAGES[s]!) },
    ],
    installments: [],
  });
  const spec = (id: number, key: [string, string], v: [string, string]) => ({
    id,
    key: L === 'ar' ? key[1] : key[0],
    value: L === 'ar' ? v[1] : v[0],
    key_en: key[0],
    key_ar: key[1],
    value_en: v[0],
    value_ar: v[1],
  });
  return productDetailSchema.parse({
    ...card(245, L, 49_999, 0),
    price_max: 56_999,
    category: { id: 3, name: 'iPhone', name_en: 'iPhone', name_ar: 'آيفون', parent_id: null, path: [] },
    specifications: [
      spec(1, ['Processor', 'المعالج'], ['A18', 'A18']),
      spec(2, ['Storage', 'المساحة التخزينية'], ['128GB', '128 جيجا']),
      spec(3, ['Color', 'اللون'], ['Ultramarine', 'أزرق ألترامارين']),
    ],
    installments: [],
    options: [
      { name: colour.in, name_en: colour.en, name_ar: colour.ar, values: COLOURS.map(value) },
      { name: storage.in, name_en: storage.en, name_ar: storage.ar, values: STORAGES.map(value) },
    ],
    variants: [
      variant(545, 0, 0, 49_999, 12),
      variant(546, 0, 1, 56_999, 5),
      variant(547, 1, 0, 49_999, 8),
      variant(548, 1, 1, 56_999, 0),
      variant(549, 2, 0, 50_499, 3),
    ],
  });
}
