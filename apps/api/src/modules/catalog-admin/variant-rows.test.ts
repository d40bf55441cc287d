/**
 * A product sold in variants in the back office (issue 49 item 2, decision 034): an owner sees it once in the
 * products list (with its variant count, price range and stock added up), never its variants' hidden rows; a
 * variant's SKU finds it; the stock screen lists each variant under its product's name and option values (stock is
 * kept per variant) and never the product itself; a variant cannot be saved, deleted or bulk-edited as a product of
 * its own (that would leave its product's price and options behind, or sell it alone), but a bulk price change may
 * reprice it (its product follows); the dashboard's low stock
 * names variants, not the product.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addPromotion } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { addVariantPhone, colourOption } from '../../test/variants.ts';

let t: TestApp;
let staff: StaffAuth;
let owner: StaffAuth;
let phone: number;
let cable: number;
let categoryId: number;
let v: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ catalog: staff, owner } = await ownerCatalogClerk(t, 'Variant-rows#2026'));
  ({ phone, cable, categoryId, v } = await addVariantPhone(t, staff, {
    model: 16,
    cableStock: 9,
    blueStock: 12,
  }));
});
afterAll(() => t?.close());

type Row = { id: number; [k: string]: unknown };
const ids = (body: Record<string, unknown>) => (body.products as Row[]).map((p) => p.id);

describe('the products list', () => {
  it('shows a product sold in variants once, with their count, price range and stock, and no variant rows', async () => {
    const list = await call(t.app, 'GET', `/v1/admin/products?category_id=${categoryId}&locale=en`, staff);
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([cable, phone]);
    expect(list.body.meta.total_entries).toBe(2);
    expect(list.body.products[1]).toMatchObject({ variants: 3, price: 400, price_max: 450, stock: 15 });
    expect(list.body.products[0]).toMatchObject({ variants: 0, price_max: null, stock: 9 });
    // Hidden products are the hidden ones an owner made, not the variants' rows.
    const hidden = await call(t.app, 'GET', `/v1/admin/products?visibility=hidden`, staff);
    expect(ids(hidden.body)).toEqual([]);
    expect(hidden.body.meta.total_entries).toBe(0);
    const all = await call(t.app, 'GET', `/v1/admin/products?per_page=100`, staff);
    expect(all.body.meta.total_entries).toBe(2);
    const low = await call(t.app, 'GET', `/v1/admin/products?level=out`, staff);
    expect(ids(low.body)).toEqual([]);
  });

  it("finds the product by a variant's SKU, in any case, and by its words once", async () => {
    for (const query of ['IP16-BL-128', 'ip16-bk-256']) {
      const r = await call(t.app, 'GET', `/v1/admin/products?query=${query}`, staff);
      expect(ids(r.body), query).toEqual([phone]);
      expect(r.body.meta.total_entries).toBe(1);
    }
    const words = await call(t.app, 'GET', `/v1/admin/products?query=${encodeURIComponent('آيفون')}`, staff);
    expect(ids(words.body)).toEqual([phone]);
  });
});

describe('the stock screen', () => {
  it("lists each variant under its product's name and option values with its SKU, never the product itself", async () => {
    const en = await call(t.app, 'GET', `/v1/admin/stock?query=iphone&locale=en`, staff);
    expect(en.status).toBe(200);
    expect(en.body.products).toEqual([
      expect.objectContaining({
        id: v['IP16-BK-256'],
        title: 'iPhone 16 — Black / 256 GB',
        sku: 'IP16-BK-256',
        variant_of: phone,
        stock: 0,
        active: true,
      }),
      expect.objectContaining({ id: v['IP16-BK-128'], title: 'iPhone 16 — Black / 128 GB', stock: 3 }),
      expect.objectContaining({ id: v['IP16-BL-128'], title: 'iPhone 16 — Blue / 128 GB', stock: 12 }),
    ]);
    expect(en.body.counts).toEqual({ all: 3, low: 1, out: 1 });
    const ar = await call(
      t.app,
      'GET',
      `/v1/admin/stock?query=${encodeURIComponent('آيفون')}&locale=ar`,
      staff,
    );
    expect(ar.body.products.map((p: { title: string }) => p.title)).toEqual([
      'آيفون 16 — أسود / 256 جيجا',
      'آيفون 16 — أسود / 128 جيجا',
      'آيفون 16 — أزرق / 128 جيجا',
    ]);
    // By the product's number, or a variant's SKU.
    const byNumber = await call(t.app, 'GET', `/v1/admin/stock?query=${phone}`, staff);
    expect(ids(byNumber.body).sort()).toEqual(Object.values(v).sort());
    const bySku = await call(t.app, 'GET', `/v1/admin/stock?query=ip16-bl-128`, staff);
    expect(ids(bySku.body)).toEqual([v['IP16-BL-128']]);
    // A plain product beside them is as before.
    const plain = await call(t.app, 'GET', `/v1/admin/stock?query=cable&locale=en`, staff);
    expect(plain.body.products).toEqual([
      expect.objectContaining({ id: cable, title: 'USB-C cable', variant_of: null, stock: 9 }),
    ]);
  });

  it('filters low and out per variant (the product’s sum of 15 is neither), and a variant’s edit answers its label', async () => {
    const out = await call(t.app, 'GET', `/v1/admin/stock?level=out&per_page=100`, staff);
    expect(ids(out.body)).toEqual([v['IP16-BK-256']]);
    const low = await call(t.app, 'GET', `/v1/admin/stock?level=low&per_page=100`, staff);
    expect(ids(low.body)).toEqual([v['IP16-BK-128']]);
    const all = await call(t.app, 'GET', `/v1/admin/stock?per_page=100`, staff);
    expect(ids(all.body)).not.toContain(phone);
    const edit = await call(t.app, 'PUT', `/v1/admin/products/${v['IP16-BK-256']}/stock?locale=en`, staff, {
      from: 0,
      stock: 4,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.product).toMatchObject({
      title: 'iPhone 16 — Black / 256 GB',
      stock: 4,
      variant_of: phone,
    });
    const moves = await call(t.app, 'GET', `/v1/admin/products/${v['IP16-BK-256']}/stock_movements`, staff);
    expect(moves.body.product.title).toBe('آيفون 16 — أسود / 256 جيجا');
    // The product's own stock follows (their sum), and stays not editable itself.
    const listed = await call(t.app, 'GET', `/v1/admin/products?category_id=${categoryId}`, staff);
    expect(listed.body.products.find((p: Row) => p.id === phone).stock).toBe(19);
    const own = await call(t.app, 'PUT', `/v1/admin/products/${phone}/stock`, staff, { from: 19, stock: 1 });
    expect(own.status).toBe(422);
  });
});

describe('counts and a promotion’s products', () => {
  it('a category, a brand and a promotion count the product sold in variants once, and list it, not its variants', async () => {
    const promo = await addPromotion(t.database.db, 'phones-week', null, null);
    const promote = await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, {
      ids: [phone],
      action: 'promote',
      promotion_id: promo.id,
      percent: 10,
    });
    expect(promote.status, JSON.stringify(promote.body)).toBe(200);
    const categories = (await call(t.app, 'GET', '/v1/admin/categories', staff)).body.categories as Row[];
    expect(categories.find((c) => c.id === categoryId)).toMatchObject({ products_count: 2 });
    const brands = (await call(t.app, 'GET', '/v1/admin/brands', staff)).body.brands as Row[];
    expect(brands.find((b) => b.name_en === 'Apple')).toMatchObject({ products_count: 2 });
    const promotions = (await call(t.app, 'GET', '/v1/admin/promotions', staff)).body.promotions as Row[];
    expect(promotions.find((p) => p.id === promo.id)).toMatchObject({ products_count: 1 });
    const listed = await call(t.app, 'GET', `/v1/admin/promotions/${promo.id}/products`, staff);
    expect(ids(listed.body)).toEqual([phone]);
    // A variant typed by its number is not a product to add on its own.
    const candidates = await call(
      t.app,
      'GET',
      `/v1/admin/promotions/${promo.id}/candidates?query=${v['IP16-BK-128']}`,
      staff,
    );
    expect(ids(candidates.body)).toEqual([]);
    await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, { ids: [phone], action: 'unpromote' });
  });
});

describe('a variant opened as a product', () => {
  it('reads with its product, but saving, deleting or bulk-editing it alone is refused naming the product', async () => {
    const id = v['IP16-BL-128']!;
    const read = await call(t.app, 'GET', `/v1/admin/products/${id}`, staff);
    expect(read.status).toBe(200);
    expect(read.body.product).toMatchObject({ variant_of: phone, active: false });
    const p = read.body.product;
    const body = {
      ...p,
      active: true,
      price: 99,
      title_en: 'Cheap phone',
      specifications: [],
    };
    for (const k of ['id', 'images', 'in_orders', 'created_at', 'variant_of', 'has_variants']) delete body[k];
    const before = (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
    const put = await call(t.app, 'PUT', `/v1/admin/products/${id}?locale=en`, staff, body);
    expect(put.status, JSON.stringify(put.body)).toBe(422);
    expect(put.body).toMatchObject({
      product_id: phone,
      errors: [expect.stringContaining(`variant of product #${phone}`)],
    });
    const ar = await call(t.app, 'DELETE', `/v1/admin/products/${id}?locale=ar`, staff);
    expect(ar.status).toBe(422);
    expect(ar.body.errors[0]).toContain(`المنتج رقم ${phone}`);
    const bulk = await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, {
      ids: [cable, id],
      action: 'show',
    });
    expect(bulk.status).toBe(422);
    const after = (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
    expect(after).toMatchObject({
      active: false,
      pricePiastres: before.pricePiastres,
      titleEn: before.titleEn,
      variantOf: phone,
    });
  });
});

describe('a price sync naming variants', () => {
  it('reprices a variant named alone, and its product follows; its siblings keep their prices', async () => {
    const id = v['IP16-BK-256']!;
    const r = await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, {
      ids: [cable, id],
      action: 'price_percent',
      percent: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await t.database.db.select().from(products);
    const price = (pid: number) => rows.find((p) => p.id === pid)!.pricePiastres;
    expect(price(id)).toBe(49_500);
    expect(price(cable)).toBe(11_000);
    expect([price(v['IP16-BK-128']!), price(v['IP16-BL-128']!)]).toEqual([40_000, 41_000]);
    const list = await call(t.app, 'GET', '/v1/admin/products?per_page=50', staff);
    const row = (list.body.products as Row[]).find((p) => p.id === phone);
    expect(row).toMatchObject({ price: 400, price_max: 495 });
    // Named with its product, a variant is repriced once and counted once.
    const both = await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, {
      ids: [phone, id],
      action: 'price_percent',
      percent: 10,
    });
    expect(both.body).toEqual({ changed: 2 });
    const again = await t.database.db.select().from(products);
    expect(again.find((p) => p.id === id)!.pricePiastres).toBe(54_450);
    expect(again.find((p) => p.id === v['IP16-BK-128']!)!.pricePiastres).toBe(44_000);
    // Promoting a variant alone is still refused: a promotion is its product's, with all its variants.
    const unpromote = await call(t.app, 'POST', `/v1/admin/products/bulk`, staff, {
      ids: [id],
      action: 'unpromote',
    });
    expect(unpromote.status).toBe(422);
  });
});

describe('options the export can write back', () => {
  it('refuses an option name or value holding ; or | (the export’s separators), in the staff’s language', async () => {
    const bad = [
      { ...colourOption, values: [...colourOption.values, { en: 'Red; Blue', ar: 'أحمر | أزرق' }] },
    ];
    const r = await call(t.app, 'PUT', `/v1/admin/products/${cable}/variants?locale=ar`, staff, {
      options: bad,
      variants: [{ values: ['Red; Blue'], sku: 'CB-RB', price: 100, stock: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(JSON.stringify(r.body.errors)).toContain('مينفعش يكون فيه ; أو |');
    const [still] = await t.database.db.select().from(products).where(eq(products.id, cable));
    expect(still!.variantOptions).toBeNull();
  });
});

describe('the dashboard', () => {
  it('low stock names variants (shown as their product is), not the product whose stock is their sum', async () => {
    const db = t.database.db;
    await db.update(products).set({ stock: 0 }).where(eq(products.id, cable));
    for (const sku of ['IP16-BK-256', 'IP16-BL-128'])
      await db.update(products).set({ stock: 0 }).where(eq(products.id, v[sku]!));
    // The phone's stock is now 3 (its variants' added up): low itself, but not what runs out.
    expect((await db.select().from(products).where(eq(products.id, phone)))[0]!.stock).toBe(3);
    const r = await call(t.app, 'GET', '/v1/admin/dashboard?locale=en', owner);
    expect(r.status).toBe(200);
    const low = r.body.low_stock as { id: number; active: boolean }[];
    expect(low.map((p) => p.id)).toEqual([cable, v['IP16-BK-256'], v['IP16-BL-128'], v['IP16-BK-128']]);
    expect(low.every((p) => p.active)).toBe(true);
  });
});
