import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { addBrand, addCategory, addProduct } from './fixtures.ts';
import { call } from './shoppers.ts';
import type { StaffAuth } from './staff.ts';

/**
 * What the variant tests share (variants.test.ts, variants-attacks.test.ts, variant-rows.test.ts, sku-lookup.test.ts):
 * a phone's options and variants, given to a product through the back office as staff do it.
 */

/** A phone's colours, in English and Arabic: Black (أسود) and Blue (أزرق). */
export const colourOption = {
  name_en: 'Colour',
  name_ar: 'اللون',
  values: [
    { en: 'Black', ar: 'أسود' },
    { en: 'Blue', ar: 'أزرق' },
  ],
};

/** A phone's options: its colour, then its storage size (128 GB / 128 جيجا, 256 GB / 256 جيجا). */
export const phoneOptions = [
  colourOption,
  {
    name_en: 'Storage',
    name_ar: 'المساحة',
    values: [
      { en: '128 GB', ar: '128 جيجا' },
      { en: '256 GB', ar: '256 جيجا' },
    ],
  },
];

export interface VariantInput {
  values: string[];
  sku: string;
  price: number;
  stock: number;
}

/**
 * Gives a product options and variants through PUT /v1/admin/products/:id/variants as `staff` (a catalog member);
 * expects it saved and answers the variants' ids by SKU.
 */
export async function putVariants(
  t: TestApp,
  staff: StaffAuth,
  productId: number,
  options: unknown[],
  variants: VariantInput[],
): Promise<Record<string, number>> {
  const r = await call(t.app, 'PUT', `/v1/admin/products/${productId}/variants`, staff, {
    options,
    variants,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Object.fromEntries((r.body.variants as { id: number; sku: string }[]).map((x) => [x.sku, x.id]));
}

/**
 * The iPhone the variant tests sell, in a Mobiles category of an Apple brand: `iPhone <model>` at 400 EGP with 7 in
 * stock of its own (given up when it gets variants), a USB-C cable at 100 EGP sold as one item beside it
 * (`cableStock`), and the phone's colours and storage sizes in three variants: IP<model>-BK-128 at 400 EGP (3 in
 * stock), IP<model>-BK-256 at 450 (none) and IP<model>-BL-128 at 410 (`blueStock`). Answers the ids, the variants'
 * by SKU.
 */
export async function addVariantPhone(
  t: TestApp,
  staff: StaffAuth,
  { model = 15, cableStock = 5, blueStock = 2 } = {},
) {
  const db = t.database.db;
  const cat = await addCategory(db, 'Mobiles', 'موبايلات');
  const brand = await addBrand(db, 'Apple', 'أبل');
  const base = { categoryId: cat.id, brandId: brand.id };
  const phone = (
    await addProduct(db, {
      ...base,
      titleEn: `iPhone ${model}`,
      titleAr: `آيفون ${model}`,
      priceEgp: 400,
      stock: 7,
    })
  ).id;
  const cable = (
    await addProduct(db, {
      ...base,
      titleEn: 'USB-C cable',
      titleAr: 'كابل',
      priceEgp: 100,
      stock: cableStock,
    })
  ).id;
  const sku = `IP${model}`;
  const v = await putVariants(t, staff, phone, phoneOptions, [
    { values: ['Black', '128 GB'], sku: `${sku}-BK-128`, price: 400, stock: 3 },
    { values: ['Black', '256 GB'], sku: `${sku}-BK-256`, price: 450, stock: 0 },
    { values: ['Blue', '128 GB'], sku: `${sku}-BL-128`, price: 410, stock: blueStock },
  ]);
  return { phone, cable, categoryId: cat.id, brandId: brand.id, v };
}
