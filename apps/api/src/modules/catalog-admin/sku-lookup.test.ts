/**
 * An owner finds a product by its SKU (issue 49 follow-ups): an exact SKU, in any letter case and with spaces
 * around it, finds a product sold as one item in the products list and the stock screen, as a variant's SKU finds
 * its product; and a category or brand holding a product sold in variants counts it once when deleting is refused.
 */
import { apiMessage } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { colourOption, putVariants } from '../../test/variants.ts';

let t: TestApp;
let staff: StaffAuth;
let kettle: number;
let phone: number;
let categoryId: number;
let brandId: number;
let v: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ({ catalog: staff } = await ownerCatalogClerk(t, 'Sku-lookup#2026'));
  const cat = await addCategory(db, 'Small appliances', 'أجهزة صغيرة');
  const brand = await addBrand(db, 'Tornado', 'تورنيدو');
  categoryId = cat.id;
  brandId = brand.id;
  const base = { categoryId, brandId };
  kettle = (await addProduct(db, { ...base, titleEn: 'Kettle', titleAr: 'كاتل', priceEgp: 500, stock: 4 }))
    .id;
  await db.update(products).set({ sku: 'TK-1700-W' }).where(eq(products.id, kettle));
  await addProduct(db, { ...base, titleEn: 'Toaster', titleAr: 'توستر', priceEgp: 600, stock: 2 });
  phone = (await addProduct(db, { ...base, titleEn: 'Blender', titleAr: 'خلاط', priceEgp: 900, stock: 0 }))
    .id;
  const colours = { ...colourOption, values: [{ en: 'Red', ar: 'أحمر' }, colourOption.values[0]!] };
  v = await putVariants(
    t,
    staff,
    phone,
    [colours],
    [
      { values: ['Red'], sku: 'ZQ-8801', price: 900, stock: 3 },
      { values: ['Black'], sku: 'ZQ-8802', price: 950, stock: 1 },
    ],
  );
});
afterAll(() => t?.close());

type Row = { id: number; [k: string]: unknown };
const ids = (body: Record<string, unknown>) => (body.products as Row[]).map((p) => p.id);
const q = (s: string) => encodeURIComponent(s);

describe('a SKU typed in the back office', () => {
  it('finds the product whose own SKU it is in the products list, in any letter case and with spaces around', async () => {
    for (const typed of ['TK-1700-W', ' tk-1700-w ']) {
      const list = await call(t.app, 'GET', `/v1/admin/products?query=${q(typed)}`, staff);
      expect(list.status).toBe(200);
      expect(ids(list.body)).toEqual([kettle]);
    }
    const variant = await call(t.app, 'GET', `/v1/admin/products?query=${q('zq-8802')}`, staff);
    expect(ids(variant.body)).toEqual([phone]);
  });

  it('finds it on the stock screen too, and a variant by its own SKU', async () => {
    const own = await call(t.app, 'GET', `/v1/admin/stock?query=${q(' Tk-1700-W')}`, staff);
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([kettle]);
    const variant = await call(t.app, 'GET', `/v1/admin/stock?query=ZQ-8801`, staff);
    expect(ids(variant.body)).toEqual([v['ZQ-8801']]);
  });
});

describe('deleting a category or a brand that still has products', () => {
  it('counts a product sold in variants once, as the owner sees it', async () => {
    const category = await call(t.app, 'DELETE', `/v1/admin/categories/${categoryId}?locale=en`, staff);
    expect(category.status).toBe(409);
    expect(category.body.errors).toEqual([apiMessage('category_has_products', 'en', { n: 3 })]);
    const brand = await call(t.app, 'DELETE', `/v1/admin/brands/${brandId}?locale=ar`, staff);
    expect(brand.status).toBe(409);
    expect(brand.body.errors).toEqual([apiMessage('brand_has_products', 'ar', { n: 3 })]);
  });
});
