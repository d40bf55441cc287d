import { apiMessage } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';

/**
 * The back office's stock screen (issue 17): a manual edit never overwrites an order taken meanwhile, every change
 * is a movement with its reason (and, for an edit, who and why), and only owners and catalog staff may do it.
 */
const PASSWORD = 'Shelf-count-1987';
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ owner, catalog, clerk } = await ownerCatalogClerk(t, PASSWORD));
});
afterAll(() => t?.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const setStock = (id: number, body: object, headers = catalog) =>
  call(t.app, 'PUT', `/v1/admin/products/${id}/stock?locale=en`, headers, body);

describe('a manual edit', () => {
  it('sets the stock, shows in the store at once, and is a movement with who and why, and in the audit log', async () => {
    const p = await make(1500, 10);
    const r = await setStock(p.id, { stock: 25, from: 10, note: 'Delivery from the supplier' });
    expect(r.status).toBe(200);
    expect(r.body.product).toMatchObject({ id: p.id, stock: 25 });
    expect(await stockOf(p.id)).toBe(25);
    const shop = await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}?locale=en` });
    expect(shop.json().product.stock).toBe(25);
    const m = await call(t.app, 'GET', `/v1/admin/products/${p.id}/stock_movements`, catalog);
    expect(m.status).toBe(200);
    expect(m.body.movements[0]).toMatchObject({
      delta: 15,
      stock_after: 25,
      reason: 'manual',
      staff: { name: 'Samir' },
      note: 'Delivery from the supplier',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.stock_changed'), eq(auditLog.targetId, String(p.id))));
    expect(entry!.details).toMatchObject({ from: 10, to: 25, note: 'Delivery from the supplier' });
  });

  it('an order taken after the staff member read the stock wins: 409 with the stock now, nothing overwritten', async () => {
    const p = await make(800, 10);
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 3 }]);
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' })).status,
    ).toBe(200);
    expect(await stockOf(p.id)).toBe(7);
    // The screen still shows 10: saving 12 would erase the 3 units the order took.
    const r = await setStock(p.id, { stock: 12, from: 10 });
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual([apiMessage('stock_changed', 'en', { n: 7 })]);
    expect(await stockOf(p.id)).toBe(7);
    const m = await call(t.app, 'GET', `/v1/admin/products/${p.id}/stock_movements?locale=ar`, owner);
    expect(m.body.movements.map((x: { reason: string; delta: number }) => [x.reason, x.delta])).toEqual([
      ['order', -3],
    ]);
    // Read again, saved again: it works.
    expect((await setStock(p.id, { stock: 12, from: 7 })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(12);
  });

  it('bad input is refused in the staff member’s language and changes nothing', async () => {
    const p = await make(300, 4);
    for (const body of [
      { stock: -1, from: 4 },
      { stock: 'many', from: 4 },
      { stock: 2_000_000, from: 4 },
      { stock: 5 },
      { stock: 5, from: 4, note: 'x'.repeat(301) },
      { stock: 5, from: 4, note: 'bad\u0000note' },
    ]) {
      const r = await setStock(p.id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    const ar = await call(t.app, 'PUT', `/v1/admin/products/${p.id}/stock?locale=ar`, catalog, {
      stock: -1,
      from: 4,
    });
    expect(JSON.stringify(ar.body)).toMatch(/[\u0600-\u06ff]/);
    expect((await setStock(999_999, { stock: 1, from: 0 })).status).toBe(404);
    expect(await stockOf(p.id)).toBe(4);
  });
});

describe('the list', () => {
  it('finds by Arabic or English title words or a product number, by level, with counts per level', async () => {
    const out = await make(100, 0);
    const low = await make(100, 2);
    const list = (q: string) => call(t.app, 'GET', `/v1/admin/stock?${q}`, catalog);
    const outs = await list('level=out&per_page=100');
    expect(outs.status).toBe(200);
    expect(outs.body.products.map((p: { id: number }) => p.id)).toContain(out.id);
    expect(outs.body.products.every((p: { stock: number }) => p.stock === 0)).toBe(true);
    expect(outs.body.meta.total_entries).toBe(outs.body.counts.out);
    const lows = await list('level=low&per_page=100&locale=en');
    expect(lows.body.products.map((p: { id: number }) => p.id)).toContain(low.id);
    expect(lows.body.products.every((p: { stock: number }) => p.stock >= 1 && p.stock <= 3)).toBe(true);
    const byNumber = await list(`query=${low.id}&locale=en`);
    expect(byNumber.body.products[0]).toMatchObject({ id: low.id, title: low.titleEn });
    const arabic = await list(`query=${encodeURIComponent(low.titleAr)}&locale=ar`);
    expect(arabic.body.products.map((p: { title: string }) => p.title)).toContain(low.titleAr);
    expect((await list('level=some')).status).toBe(422);
  });

  it('finds what the products screen finds: `الثلاجة` (with its article) finds the fridges', async () => {
    const db = t.database.db;
    const fridges = await addCategory(db, 'Refrigerators', 'ثلاجات');
    const brand = await addBrand(db, 'Frosty', 'فروستي');
    const fridge = await addProduct(
      db,
      {
        titleEn: 'Frosty fridge 18 ft',
        titleAr: 'ثلاجة فروستي 18 قدم',
        categoryId: fridges.id,
        brandId: brand.id,
        priceEgp: 20000,
        stock: 2,
      },
      t.clock.now(),
    );
    const found = await call(
      t.app,
      'GET',
      `/v1/admin/stock?query=${encodeURIComponent('الثلاجة')}&locale=ar`,
      catalog,
    );
    expect(found.status).toBe(200);
    expect(found.body.products.map((p: { id: number }) => p.id)).toEqual([fridge.id]);
    const products = await call(
      t.app,
      'GET',
      `/v1/admin/products?query=${encodeURIComponent('الثلاجة')}`,
      catalog,
    );
    expect(products.body.products.map((p: { id: number }) => p.id)).toEqual([fridge.id]);
  });
});

describe('who may', () => {
  it('owners and catalog staff; order staff get 403, shoppers and anonymous callers 401', async () => {
    const p = await make(100, 5);
    expect((await call(t.app, 'GET', '/v1/admin/stock', owner)).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/admin/stock', clerk)).status).toBe(403);
    expect((await setStock(p.id, { stock: 6, from: 5 }, clerk)).status).toBe(403);
    const shopper = await addShopper(t.database.db, t.clock.now());
    expect((await call(t.app, 'GET', '/v1/admin/stock', shopper.headers)).status).toBe(401);
    expect((await call(t.app, 'GET', `/v1/admin/products/${p.id}/stock_movements`, {})).status).toBe(401);
    expect(await stockOf(p.id)).toBe(5);
  });
});
