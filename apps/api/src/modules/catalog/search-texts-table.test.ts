import { productListQuerySchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { sqlEngine } from './search/sql-engine.ts';

/**
 * The database's searches (the store's while the catalog index is not ready, SEARCH_INDEX=database, and every
 * back-office search of products) read the search texts' trigram index on product_search_texts (decision 039):
 * the products triggers keep it in step with every product added, renamed, moved to a renamed brand or deleted,
 * and a price or stock change writes nothing there.
 */
let t: TestApp;
let catalog: Record<string, string>;
let category: { id: number };
let brand: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  category = await addCategory(t.database.db, 'Kettles', 'غلايات');
  brand = await addBrand(t.database.db, 'Tornado', 'تورنيدو');
  ({ catalog } = await ownerCatalogClerk(t, 'Kettle-boil-2026'));
});
afterAll(() => t?.close());

/** The ids the database's search finds for `query` (the shoppers' list, as SEARCH_INDEX=database answers it). */
const shoppersFind = async (query: string) => {
  const q = productListQuerySchema.parse({ query, per_page: '50' });
  const a = await sqlEngine.list(t.database.db, q, { locale: 'en', now: t.clock.now() });
  return a!.products.map((p) => p.id);
};
/** The ids the back office's products list finds for `query`. */
const staffFind = async (query: string) => {
  const r = await call(t.app, 'GET', `/v1/admin/products?query=${encodeURIComponent(query)}`, catalog);
  expect(r.status).toBe(200);
  return (r.body.products as { id: number }[]).map((p) => p.id);
};
const textRow = async (id: number) =>
  (
    (await t.database.db.execute(
      sql`select search_text, xmin::text as version from product_search_texts where product_id = ${id}`,
    )) as unknown as { rows: { search_text: string; version: string }[] }
  ).rows[0];

describe("the database's searches follow each product's texts", () => {
  it('finds a product added, renamed and under its renamed brand; a price or stock change rewrites no text', async () => {
    const created = await call(t.app, 'POST', '/v1/admin/products?locale=en', catalog, {
      title_en: 'Steamline kettle',
      title_ar: 'غلاية ستيملاين',
      description_en: 'Boils',
      description_ar: 'بتغلي',
      category_id: category.id,
      brand_id: brand.id,
      model: 'KT-17',
      price: '900',
      stock: 5,
    });
    expect(created.status).toBe(201);
    const id = created.body.product.id as number;
    expect(await shoppersFind('steamline')).toEqual([id]);
    expect(await staffFind('steamline')).toEqual([id]);

    // Prices and stock: the row's search text, and so its trigrams, are not written again.
    const before = await textRow(id);
    const bulk = await call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', catalog, {
      ids: [id],
      action: 'price_percent',
      percent: 10,
    });
    expect(bulk.status).toBe(200);
    await t.database.db.execute(sql`update products set stock = stock + 3 where id = ${id}`);
    expect(await textRow(id)).toEqual(before);
    // No trigram index is left on products for such a change to write.
    const onProducts = (await t.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'products' and indexdef like '%gin_trgm_ops%'`,
    )) as unknown as { rows: unknown[] };
    expect(onProducts.rows).toEqual([]);

    // A new title: found by it, no longer by the old one.
    const read = await call(t.app, 'GET', `/v1/admin/products/${id}`, catalog);
    const p = read.body.product as Record<string, unknown>;
    const edit = await call(t.app, 'PUT', `/v1/admin/products/${id}?locale=en`, catalog, {
      ...Object.fromEntries(
        Object.entries(p).filter(([k]) => !['id', 'images', 'in_orders', 'created_at'].includes(k)),
      ),
      specifications: [],
      title_en: 'Aquaboil kettle',
    });
    expect(edit.status).toBe(200);
    expect(await shoppersFind('aquaboil')).toEqual([id]);
    expect(await shoppersFind('steamline')).toEqual([]);
    expect(await staffFind('aquaboil')).toEqual([id]);

    // The brand renamed: its products are found by its new name.
    const brands = await call(t.app, 'GET', '/v1/admin/brands', catalog);
    const shown = (brands.body.brands as { id: number; icon_url: string | null; updated_at: string }[]).find(
      (b) => b.id === brand.id,
    )!;
    const renamed = await call(t.app, 'PUT', `/v1/admin/brands/${brand.id}?locale=en`, catalog, {
      name_en: 'Cyclonix',
      name_ar: 'سيكلونكس',
      icon_url: shown.icon_url,
      updated_at: shown.updated_at,
    });
    expect(renamed.status).toBe(200);
    expect(await shoppersFind('cyclonix')).toEqual([id]);
    expect(await staffFind('cyclonix')).toEqual([id]);

    // Moved to a section of the same name elsewhere: its text is the same, its section follows (a search naming a
    // section asks the copy's category).
    const kitchen = await addCategory(t.database.db, 'Kitchen', 'المطبخ');
    const office = await addCategory(t.database.db, 'Office', 'المكتب');
    const kitchenGifts = await addCategory(t.database.db, 'Gifts', 'هدايا', kitchen.id);
    const officeGifts = await addCategory(t.database.db, 'Gifts', 'هدايا', office.id);
    for (const to of [kitchenGifts, officeGifts]) {
      const moved = await call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', catalog, {
        ids: [id],
        action: 'move',
        category_id: to.id,
      });
      expect(moved.status).toBe(200);
      const copy = (await t.database.db.execute(
        sql`select category_id from product_search_texts where product_id = ${id}`,
      )) as unknown as { rows: { category_id: number }[] };
      expect(Number(copy.rows[0]!.category_id)).toBe(to.id);
    }
    expect(await shoppersFind('aquaboil gifts')).toEqual([id]);

    // Deleted: its text goes with it.
    const gone = await call(t.app, 'DELETE', `/v1/admin/products/${id}?locale=en`, catalog);
    expect(gone.status).toBe(200);
    expect(await textRow(id)).toBeUndefined();
  });
});
