import { adminProductBodySchema, apiMessage } from '@store/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { rows } from '../../db/rows.ts';
import { auditLog, products, specifications, stockMovements } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addPromotion } from '../../test/fixtures.ts';
import { ownerCatalogClerk, staffSignIn } from '../../test/staff.ts';
import { addShopper, addZones, call, readyToPay } from '../../test/shoppers.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { insertProduct, insertProducts, updateProduct, updateProducts } from './product-writes.ts';

/**
 * The back office's products (issue 17): what a catalog manager saves is what the store shows at once, a stale
 * edit never overwrites a colleague's, a product in orders is hidden rather than deleted, bulk actions are all or
 * nothing, and only owners and catalog staff may do any of it.
 */
const PASSWORD = 'Shelf-count-1987';
let t: TestApp;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;
let kitchen: { id: number };
let fridges: { id: number };
let screens: { id: number };
let brandA: { id: number };
let brandB: { id: number };
let summer: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addZones(db);
  kitchen = await addCategory(db, 'Kitchen', 'المطبخ');
  fridges = await addCategory(db, 'Refrigerators', 'ثلاجات', kitchen.id);
  screens = await addCategory(db, 'Screens', 'شاشات');
  brandA = await addBrand(db, 'Ideal', 'أيديال');
  brandB = await addBrand(db, 'Sharp', 'شارب');
  summer = await addPromotion(db, 'summer', null, null);
  ({ owner, catalog, clerk } = await ownerCatalogClerk(t, PASSWORD));
});
afterAll(() => t?.close());

let n = 0;
const body = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return {
    title_en: `Fridge ${n}`,
    title_ar: `ثلاجة ${n}`,
    description_en: 'Cold',
    description_ar: 'ساقعة',
    category_id: fridges.id,
    brand_id: brandA.id,
    model: `FR-${n}`,
    price: '1000',
    stock: 5,
    ...extra,
  };
};
const create = async (extra: Record<string, unknown> = {}, headers = catalog) => {
  const r = await call(t.app, 'POST', '/v1/admin/products?locale=en', headers, body(extra));
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.product as { id: number; updated_at: string } & Record<string, unknown>;
};
const get = async (id: number) =>
  (await call(t.app, 'GET', `/v1/admin/products/${id}`, catalog)).body.product;
/** The editor's form from a product as read: every field, the specifications without ids, its updated_at. */
const form = (p: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const fields: Record<string, unknown> = { ...p };
  for (const k of ['id', 'images', 'in_orders', 'created_at']) delete fields[k];
  fields.specifications = (p.specifications as Record<string, unknown>[]).map((s) => {
    const spec = { ...s };
    delete spec.id;
    return spec;
  });
  return { ...fields, ...extra };
};
const row = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];
const auditOf = (action: string, id?: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      id === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))),
    );

describe('creating a product', () => {
  it('saves both languages and the specifications in their order; the stock is a manual movement', async () => {
    const specs = [
      { key_en: 'Capacity', key_ar: 'السعة', value_en: '18 ft', value_ar: '18 قدم' },
      { key_en: 'Color', key_ar: 'اللون', value_en: 'Silver', value_ar: 'فضي' },
    ];
    const p = await create({
      specifications: specs,
      price: '12500.50',
      promotion_id: summer.id,
      price_after_promotion: 11000,
    });
    expect(p).toMatchObject({
      title_ar: expect.stringMatching(/^ثلاجة/),
      price: 12500.5,
      promotion_id: summer.id,
      price_after_promotion: 11000,
      stock: 5,
      active: true,
      in_orders: false,
    });
    expect((p.specifications as unknown[]).map((s) => ({ ...(s as object), id: undefined }))).toEqual(
      specs.map((s) => ({ ...s, id: undefined })),
    );
    const r = await row(p.id);
    expect(r).toMatchObject({ pricePiastres: 1_250_050, promotedPricePiastres: 1_100_000 });
    // The promotion runs (no dates): the store charges its price now.
    expect(r!.currentPricePiastres).toBe(1_100_000);
    // Its search text holds the brand and its category, both languages; not the category's parent (issue 43: a
    // search finds it under the parent by naming the parent whole).
    expect(r!.searchText).toContain('ايديال');
    expect(r!.searchText).not.toContain('مطبخ');
    expect(r!.searchText).toContain('refrigerators');
    expect(r!.searchText).toContain('ثلاجات');
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves).toMatchObject([{ delta: 5, stockAfter: 5, reason: 'manual' }]);
    expect(await auditOf('product.created', p.id)).toHaveLength(1);
    const shop = await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}?locale=ar` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().product.title).toBe(p.title_ar);
  });

  it('keeps its tax class: standard 14% unless set, exempt, or another rate the shop shows on its card', async () => {
    const standard = await create();
    expect(await get(standard.id)).toMatchObject({ tax_class: 'standard', vat_rate: 14 });
    const reduced = await create({ tax_class: 'other', vat_rate: '5' });
    expect(await get(reduced.id)).toMatchObject({ tax_class: 'other', vat_rate: 5 });
    expect((await row(reduced.id))!.vatRateBp).toBe(500);
    const card = await call(t.app, 'GET', `/v1/products/${reduced.id}?locale=en`, {});
    expect(card.body.product.vat_rate).toBe(5);
    const exempt = await create({ tax_class: 'exempt' });
    expect((await row(exempt.id))!.vatRateBp).toBe(0);
    // Another rate needs its rate, 0 to 100; an exempt product read is sent back as it is.
    const read = await get(exempt.id);
    expect(read).toMatchObject({ tax_class: 'exempt', vat_rate: 0 });
    const back = await call(t.app, 'PUT', `/v1/admin/products/${exempt.id}?locale=en`, catalog, form(read));
    expect(back.status).toBe(200);
    const missing = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=en',
      catalog,
      body({ tax_class: 'other' }),
    );
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['vat_rate']);
    const bad = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=ar',
      catalog,
      body({ tax_class: 'other', vat_rate: '140' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.vat_rate[0]).toMatch(/نسبة ضريبة/);
  });

  it('refuses bad input on its field, in Arabic and in English, and saves nothing', async () => {
    const before = (await t.database.db.select({ id: products.id }).from(products)).length;
    const en = await call(t.app, 'POST', '/v1/admin/products?locale=en', catalog, body({ title_ar: '  ' }));
    expect(en.status).toBe(422);
    expect(en.body.errors.title_ar).toEqual([apiMessage('required', 'en')]);
    const ar = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=ar',
      catalog,
      body({ price: '12.345', promotion_id: summer.id }),
    );
    expect(ar.status).toBe(422);
    expect(ar.body.errors.price).toEqual([apiMessage('price_invalid', 'ar')]);
    const cheaper = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=ar',
      catalog,
      body({ price: 100, promotion_id: summer.id, price_after_promotion: 150 }),
    );
    expect(cheaper.body.errors.price_after_promotion).toEqual([
      apiMessage('promotion_price_not_below', 'ar'),
    ]);
    const noCategory = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=ar',
      catalog,
      body({ category_id: 999_999 }),
    );
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.errors.category_id).toEqual([apiMessage('category_not_found', 'ar')]);
    const noBrand = await call(
      t.app,
      'POST',
      '/v1/admin/products?locale=en',
      catalog,
      body({ brand_id: 999_999 }),
    );
    expect(noBrand.body.errors.brand_id).toEqual([apiMessage('brand_not_found', 'en')]);
    expect((await t.database.db.select({ id: products.id }).from(products)).length).toBe(before);
  });
});

describe('editing a product', () => {
  it('an edited Arabic title is found at once by the store’s search and shown on its page', async () => {
    // The store as it runs: its catalog answers cached for a minute.
    const cached = await createTestApp({ catalogCacheMs: 60_000 });
    onTestFinished(() => cached.close());
    const db = cached.database.db;
    await ensureOwner(db, { email: 'boss@store.example', password: PASSWORD }, cached.clock.now());
    const headers = await staffSignIn(cached.app, 'boss@store.example', PASSWORD);
    const cat = await addCategory(db, 'Laundry', 'الغسيل');
    const brand = await addBrand(db, 'Philips', 'فيليبس');
    const made = await call(cached.app, 'POST', '/v1/admin/products', headers, {
      ...body({ title_ar: 'غسالة قديمة', title_en: 'Old washer' }),
      category_id: cat.id,
      brand_id: brand.id,
    });
    expect(made.status).toBe(201);
    const p = made.body.product;
    // The shop has read (and cached) the product and a search before the edit.
    const word = 'مكواة';
    const search = () =>
      cached.app.inject({ method: 'GET', url: `/v1/products?query=${encodeURIComponent(word)}&locale=ar` });
    expect((await search()).json().products.map((x: { id: number }) => x.id)).not.toContain(p.id);
    await cached.app.inject({ method: 'GET', url: `/v1/products/${p.id}?locale=ar` });
    cached.clock.advance(1000);
    const r = await call(
      cached.app,
      'PUT',
      `/v1/admin/products/${p.id}?locale=ar`,
      headers,
      form(p, { title_ar: 'مكواة بخار فيليبس' }),
    );
    expect(r.status).toBe(200);
    expect(r.body.product.title_ar).toBe('مكواة بخار فيليبس');
    // Spelled the other way (ة → ه) too.
    const found = await search();
    expect(found.json().products.map((x: { id: number }) => x.id)).toContain(p.id);
    const other = await cached.app.inject({
      method: 'GET',
      url: `/v1/products?query=${encodeURIComponent('مكواه')}&locale=ar`,
    });
    expect(other.json().products.map((x: { id: number }) => x.id)).toContain(p.id);
    const page = await cached.app.inject({ method: 'GET', url: `/v1/products/${p.id}?locale=ar` });
    expect(page.json().product.title).toBe('مكواة بخار فيليبس');
    // The audit log keeps only what changed.
    const [entry] = await cached.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.updated'));
    expect(entry!.details).toEqual({
      before: { title_ar: 'غسالة قديمة' },
      after: { title_ar: 'مكواة بخار فيليبس' },
    });
  }, 180_000); // a second app (its own database) starts here

  it('a stale edit answers 409 product_changed and overwrites nothing', async () => {
    const p = await create();
    const first = await call(
      t.app,
      'PUT',
      `/v1/admin/products/${p.id}?locale=en`,
      catalog,
      form(p, { price: 900 }),
    );
    expect(first.status).toBe(200);
    // A colleague saves from the same reading, in the same millisecond even.
    const stale = await call(
      t.app,
      'PUT',
      `/v1/admin/products/${p.id}?locale=ar`,
      owner,
      form(p, { price: 800, title_en: 'Mine' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([apiMessage('product_changed', 'ar')]);
    expect(await row(p.id)).toMatchObject({ pricePiastres: 90_000, titleEn: p.title_en });
    // An order taken since the reading makes it stale too.
    const fresh = await get(p.id);
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 2 }]);
    t.clock.advance(1000);
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' })).status,
    ).toBe(200);
    const lost = await call(t.app, 'PUT', `/v1/admin/products/${p.id}`, catalog, form(fresh, { stock: 5 }));
    expect(lost.status).toBe(409);
    expect((await row(p.id))!.stock).toBe(3);
    // Read again, saved again: the stock change is a manual movement.
    const again = await get(p.id);
    const ok = await call(t.app, 'PUT', `/v1/admin/products/${p.id}`, catalog, form(again, { stock: 10 }));
    expect(ok.status).toBe(200);
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ['manual', 5],
      ['order', -2],
      ['manual', 7],
    ]);
  });
});

describe('deleting a product', () => {
  it('deletes one no order names; hides one in orders, with a sentence saying so', async () => {
    const free = await create();
    const del = await call(t.app, 'DELETE', `/v1/admin/products/${free.id}`, catalog);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true, hidden: false, message: null });
    expect(await row(free.id)).toBeUndefined();
    expect((await call(t.app, 'GET', `/v1/admin/products/${free.id}`, catalog)).status).toBe(404);

    const sold = await create();
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, [{ productId: sold.id, quantity: 1 }]);
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' })).status,
    ).toBe(200);
    expect((await get(sold.id)).in_orders).toBe(true);
    const hide = await call(t.app, 'DELETE', `/v1/admin/products/${sold.id}?locale=ar`, catalog);
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({
      deleted: false,
      hidden: true,
      message: apiMessage('product_hidden_in_orders', 'ar'),
    });
    expect((await row(sold.id))!.active).toBe(false);
    // Gone from the store's lists and search (its page stays, for the orders that link to it).
    const shop = await t.app.inject({
      method: 'GET',
      url: `/v1/products?query=${encodeURIComponent(String(sold.model))}&locale=en`,
    });
    expect(shop.json().products.map((x: { id: number }) => x.id)).not.toContain(sold.id);
    expect(await auditOf('product.deleted', free.id)).toHaveLength(1);
    expect(await auditOf('product.hidden', sold.id)).toHaveLength(1);
  });
});

describe('bulk actions', () => {
  const bulk = (b: object, headers = catalog) =>
    call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', headers, b);

  it('move, promote and change prices by a percentage, each audited once with the ids', async () => {
    const a = await create({ price: 1000 });
    const b = await create({ price: 333.33 });
    const ids = [a.id, b.id];
    const moved = await bulk({ ids, action: 'move', category_id: screens.id });
    expect(moved.body).toEqual({ changed: 2 });
    expect((await row(a.id))!.categoryId).toBe(screens.id);
    expect((await row(a.id))!.searchText).toContain('شاشات');
    expect((await row(a.id))!.searchText).not.toContain('ثلاجات');

    expect((await bulk({ ids, action: 'promote', promotion_id: summer.id, percent: 15 })).body).toEqual({
      changed: 2,
    });
    // 333.33 × 0.85 = 283.3305 → 283.33 EGP, in whole piastres.
    expect(await row(b.id)).toMatchObject({
      promotionId: summer.id,
      promotedPricePiastres: 28_333,
      currentPricePiastres: 28_333,
    });
    expect((await get(a.id)).price_after_promotion).toBe(850);

    expect((await bulk({ ids, action: 'price_percent', percent: 10 })).body).toEqual({ changed: 2 });
    expect(await row(a.id)).toMatchObject({
      pricePiastres: 110_000,
      promotedPricePiastres: 93_500,
      currentPricePiastres: 93_500,
    });
    expect((await bulk({ ids, action: 'unpromote' })).body).toEqual({ changed: 2 });
    expect(await row(a.id)).toMatchObject({ promotionId: null, currentPricePiastres: 110_000 });

    const entries = await auditOf('products.bulk');
    expect(entries.map((e) => (e.details as { action: string }).action)).toEqual([
      'move',
      'promote',
      'price_percent',
      'unpromote',
    ]);
    expect((entries[0]!.details as { ids: number[] }).ids).toEqual(ids);
  });

  it('a promotion or a price change writes each product once, its current price included: the catalog moves one version', async () => {
    // An ERP's sync sends a price change every few seconds; on the embedded database each write of its products
    // holds the one connection shoppers' reads wait for. A second write of the promoted products (their current
    // prices) also raised the catalog version a second time.
    const later = await addPromotion(
      t.database.db,
      'later',
      new Date(t.clock.now().getTime() + 86_400_000),
      null,
    );
    const a = await create({ price: 1000 });
    const b = await create({ price: 200 });
    const c = await create({ price: 500 });
    const version = async () =>
      Number((await rows<{ v: string }>(t.database.db, sql`select version v from catalog_state`))[0]!.v);
    const moves = async (action: object) => {
      const before = await version();
      expect((await bulk(action)).status).toBe(200);
      return (await version()) - before;
    };
    expect(await moves({ ids: [a.id, b.id], action: 'promote', promotion_id: summer.id, percent: 20 })).toBe(
      1,
    );
    expect(await moves({ ids: [c.id], action: 'promote', promotion_id: later.id, percent: 20 })).toBe(1);
    expect(await row(a.id)).toMatchObject({ promotedPricePiastres: 80_000, currentPricePiastres: 80_000 });
    // A promotion not yet running: the price is what the shopper pays until it starts.
    expect(await row(c.id)).toMatchObject({ promotedPricePiastres: 40_000, currentPricePiastres: 50_000 });
    expect(await moves({ ids: [a.id, b.id, c.id], action: 'price_percent', percent: 10 })).toBe(1);
    expect(await row(a.id)).toMatchObject({
      pricePiastres: 110_000,
      promotedPricePiastres: 88_000,
      currentPricePiastres: 88_000,
    });
    expect(await row(b.id)).toMatchObject({ pricePiastres: 22_000, currentPricePiastres: 17_600 });
    expect(await row(c.id)).toMatchObject({ pricePiastres: 55_000, currentPricePiastres: 55_000 });
    expect((await get(a.id)).price_after_promotion).toBe(880);
    expect(await moves({ ids: [a.id, c.id], action: 'unpromote' })).toBe(1);
    expect(await row(a.id)).toMatchObject({ promotionId: null, currentPricePiastres: 110_000 });
  });

  it('all or nothing: an unknown product or category changes none; bad percentages are refused', async () => {
    const a = await create();
    const missing = await bulk({ ids: [a.id, 999_999], action: 'hide' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.ids).toEqual([apiMessage('product_not_found', 'en')]);
    expect((await row(a.id))!.active).toBe(true);
    const nowhere = await bulk({ ids: [a.id], action: 'move', category_id: 999_999 });
    expect(nowhere.body.errors.category_id).toEqual([apiMessage('category_not_found', 'en')]);
    const tooMuch = await bulk({ ids: [a.id], action: 'promote', promotion_id: summer.id, percent: 95 });
    expect(tooMuch.body.errors.percent).toEqual([apiMessage('promote_percent_range', 'en')]);
    const ar = await call(t.app, 'POST', '/v1/admin/products/bulk?locale=ar', catalog, {
      ids: [a.id],
      action: 'price_percent',
    });
    expect(ar.body.errors.percent).toEqual([apiMessage('required', 'ar')]);
    expect(await row(a.id)).toMatchObject({ pricePiastres: 100_000, categoryId: fridges.id, active: true });
    expect((await bulk({ ids: [a.id], action: 'hide' })).body).toEqual({ changed: 1 });
    expect((await row(a.id))!.active).toBe(false);
    expect((await bulk({ ids: [a.id], action: 'show' })).body).toEqual({ changed: 1 });
  });
});

describe('the list', () => {
  const list = async (q: string) => {
    const r = await call(t.app, 'GET', `/v1/admin/products?per_page=100&${q}`, catalog);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { products: { id: number }[]; meta: { total_entries: number } };
  };
  const ids = (r: { products: { id: number }[] }) => r.products.map((p) => p.id);

  it('filters by category with its sub-categories, brand, promotion, stock level and visibility', async () => {
    const inFridges = await create({ stock: 2 });
    const inScreens = await create({ category_id: screens.id, brand_id: brandB.id, stock: 0 });
    const promoted = await create({ promotion_id: summer.id, price_after_promotion: 500 });
    const hidden = await create({ active: false });
    const kitchenList = await list(`category_id=${kitchen.id}`);
    expect(ids(kitchenList)).toEqual(expect.arrayContaining([inFridges.id, promoted.id, hidden.id]));
    expect(ids(kitchenList)).not.toContain(inScreens.id);
    expect(ids(await list(`brand_id=${brandB.id}`))).toEqual([inScreens.id]);
    const noPromo = ids(await list('promotion_id=0'));
    expect(noPromo).toContain(inFridges.id);
    expect(noPromo).not.toContain(promoted.id);
    expect(ids(await list(`promotion_id=${summer.id}`))).toContain(promoted.id);
    const low = await list(`level=low&category_id=${kitchen.id}`);
    expect(ids(low)).toContain(inFridges.id);
    // Searched within a section (the words, a typed number and the section asked of the search texts at once):
    // its sub-categories' products only, a typed product number only when that product is in the section.
    const fridge = `query=${encodeURIComponent('fridge')}`;
    const kitchenFridges = ids(await list(`${fridge}&category_id=${kitchen.id}`));
    expect(kitchenFridges).toEqual(expect.arrayContaining([inFridges.id, promoted.id]));
    expect(kitchenFridges).not.toContain(inScreens.id);
    const screenFridges = ids(await list(`${fridge}&category_id=${screens.id}`));
    expect(screenFridges).toContain(inScreens.id);
    expect(screenFridges).not.toContain(inFridges.id);
    expect(ids(await list(`query=${inScreens.id}&category_id=${kitchen.id}`))).not.toContain(inScreens.id);
    expect(ids(await list(`query=${inScreens.id}&category_id=${screens.id}`))[0]).toBe(inScreens.id);
    expect(ids(await list('level=out'))).toContain(inScreens.id);
    expect(ids(await list('visibility=hidden'))).toContain(hidden.id);
    expect(ids(await list('visibility=active'))).not.toContain(hidden.id);
    // Newest first.
    const all = ids(await list(''));
    expect(all.indexOf(hidden.id)).toBeLessThan(all.indexOf(inFridges.id));
    const row0 = (await list(`brand_id=${brandB.id}&locale=ar`)).products[0] as unknown as Record<
      string,
      unknown
    >;
    expect(row0).toMatchObject({ category: { id: screens.id, name: 'شاشات' }, brand: { name: 'شارب' } });
    expect((await call(t.app, 'GET', '/v1/admin/products?level=some&locale=ar', catalog)).status).toBe(422);
  });

  it('searches as the store does: Arabic hamza and taa marbuta variants, English words, product numbers', async () => {
    const p = await create({ title_ar: 'ثلاجة إيديال نوفروست', title_en: 'Ideal no-frost refrigerator' });
    for (const q of ['ثلاجه ايديال', 'الثلاجة', 'أيديال نوفروست', 'NO FROST', String(p.id), `#${p.id}`]) {
      const found = await list(`query=${encodeURIComponent(q)}`);
      expect(ids(found), q).toContain(p.id);
    }
    expect(ids(await list(`query=${p.id}`))[0]).toBe(p.id);
    expect(ids(await list(`query=${encodeURIComponent('غسالة ايديال')}`))).not.toContain(p.id);
  });
});

describe('who may', () => {
  it('owners and catalog staff; order staff get 403 on every call, no session 401', async () => {
    const p = await create({}, owner);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/v1/admin/products'],
      ['GET', `/v1/admin/products/${p.id}`],
      ['POST', '/v1/admin/products', body()],
      ['PUT', `/v1/admin/products/${p.id}`, form(p)],
      ['POST', '/v1/admin/products/bulk', { ids: [p.id], action: 'hide' }],
      ['DELETE', `/v1/admin/products/${p.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(t.app, method, url, clerk, payload)).status, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, {}, payload)).status, `${method} ${url}`).toBe(401);
    }
    expect(await row(p.id)).toMatchObject({ active: true });
    for (const [method, url, payload] of calls)
      expect((await call(t.app, method, url, catalog, payload)).status, `${method} ${url}`).toBeLessThan(300);
  });
});

describe('many products at once (the import)', () => {
  it('writes each product exactly as adding it alone does: search text, prices, specifications, stock movement', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const bodies = [
      body({
        promotion_id: summer.id,
        price_after_promotion: '800',
        specifications: [spec('Size', 'المقاس')],
      }),
      body({ brand_id: brandB.id, category_id: screens.id, stock: 0, model: 'EF40P-R-S' }),
      body({ category_id: kitchen.id, stock: 7, specifications: [spec('A', 'أ'), spec('B', 'ب')] }),
    ].map((b) => adminProductBodySchema.parse(b));
    const many = await insertProducts(db, bodies, now, { staffId: null });
    const one = [];
    for (const b of bodies) one.push(await insertProduct(db, b, now, { staffId: null }));
    expect(many).toHaveLength(3);
    for (const [i, id] of many.entries()) {
      const [a, b] = [await snapshot(id), await snapshot(one[i]!)];
      expect(a).toEqual(b);
      expect(a.product.titleEn).toBe(bodies[i]!.title_en);
    }
    // Changing them all at once writes what changing each alone does, stock movements included.
    const edits = [
      body({ title_ar: 'ثلاجة معدلة', stock: 2, promotion_id: null, specifications: [spec('C', 'ج')] }),
      body({ category_id: fridges.id, brand_id: brandA.id, price: '1500.25', stock: 0 }),
      body({ promotion_id: summer.id, price_after_promotion: '900', stock: 11 }),
    ].map((b) => adminProductBodySchema.parse(b));
    await updateProducts(
      db,
      many.map((id, i) => ({ id, body: edits[i]! })),
      now,
    );
    for (const [i, id] of one.entries()) await updateProduct(db, id, edits[i]!, now);
    for (const [i, id] of many.entries()) expect(await snapshot(id)).toEqual(await snapshot(one[i]!));
    await expect(updateProducts(db, [{ id: 999_999, body: edits[0]! }], now)).rejects.toMatchObject({
      status: 404,
    });
    // A missing brand refuses the whole lot, as adding one would.
    const bad = adminProductBodySchema.parse(body({ brand_id: 999_999 }));
    await expect(insertProducts(db, [bodies[0]!, bad], now)).rejects.toMatchObject({ status: 422 });
  });
});

const spec = (en: string, ar: string) => ({ key_en: en, key_ar: ar, value_en: `${en}!`, value_ar: `${ar}!` });

/** A product's own columns, specifications and stock movements, without its id and times. */
async function snapshot(id: number) {
  const db = t.database.db;
  const [p] = await db.select().from(products).where(eq(products.id, id));
  const { id: _id, createdAt: _c, updatedAt: _u, ...product } = p!;
  const specs = (await db.select().from(specifications).where(eq(specifications.productId, id))).map(
    ({ id: _s, productId: _p, ...s }) => s,
  );
  const moves = (await db.select().from(stockMovements).where(eq(stockMovements.productId, id))).map((m) => [
    m.delta,
    m.stockAfter,
    m.reason,
  ]);
  return { product, specs, moves };
}

describe('searching a large catalog', () => {
  it('counts a common word up to 1,000 (capped) and pages it newest first; a rarer one exactly, newest first', async () => {
    const db = t.database.db;
    const base = t.clock.now().getTime();
    // 1,001 products with a common word, each a second newer than the one before, in one statement.
    const bodies = Array.from({ length: 1001 }, (_, i) =>
      adminProductBodySchema.parse(
        body({ title_en: `Blender ${i}`, title_ar: `خلاط زجاج ${i}`, model: null, stock: 1 }),
      ),
    );
    const ids: number[] = [];
    for (let i = 0; i < bodies.length; i += 250)
      ids.push(...(await insertProducts(db, bodies.slice(i, i + 250), new Date(base + i * 1000))));
    const common = await call(
      t.app,
      'GET',
      `/v1/admin/products?query=${encodeURIComponent('زجاج')}`,
      catalog,
    );
    expect(common.body.capped).toBe(true);
    expect(common.body.meta.total_entries).toBe(1000);
    // Its first page is the 20 newest (found by walking the newest products)...
    expect(common.body.products.map((p: { id: number }) => p.id)).toEqual(ids.slice(-20).reverse());
    // ...and a page the walk does not fill (the 1,001st match, past the 1,000 counted) comes from the sorted matches.
    const last = await call(
      t.app,
      'GET',
      `/v1/admin/products?query=${encodeURIComponent('زجاج')}&page=51`,
      catalog,
    );
    expect(last.body.products.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    const rare = await call(
      t.app,
      'GET',
      `/v1/admin/products?query=${encodeURIComponent('خلاط 1000')}`,
      catalog,
    );
    expect(rare.body.capped).toBe(false);
    // "1000" is in one title only, and "خلاط" in all: the newest of those holding both words.
    expect(rare.body.products.map((p: { id: number }) => p.id)).toEqual([ids[1000]]);
    const page2 = await call(
      t.app,
      'GET',
      `/v1/admin/products?query=${encodeURIComponent('خلاط 10')}&page=2&per_page=5`,
      catalog,
    );
    // "10" is in many titles (10, 100–109, 110, 210, …), fewer than 1,000: the page is sorted newest first.
    const created = page2.body.products.map((p: { id: number }) => ids.indexOf(p.id));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(page2.body.meta.current_page).toBe(2);
  });
});
