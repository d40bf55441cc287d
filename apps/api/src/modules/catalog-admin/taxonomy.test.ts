import { apiMessage } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';

/**
 * Categories, brands and promotions in the back office (issue 17): the tree keeps three levels at most and never
 * loops, a new name is found by the store's search at once, nothing in use is deleted, a promotion's products and
 * prices show on the store's promotion page at once and come back when it goes, stale edits change nothing, and
 * only owners and catalog staff may do any of it.
 */
const PASSWORD = 'Shelf-count-1987';
let t: TestApp;
let uploads: string;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'taxonomy-uploads-'));
  t = await createTestApp({ uploadsDir: uploads });
  ({ owner, catalog, clerk } = await ownerCatalogClerk(t, PASSWORD));
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true, maxRetries: 5 });
});

type Cat = { id: number; parent_id: number | null; level: number; name_en: string; updated_at: string };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers = catalog) =>
  call(t.app, method, url, headers, body);
const tree = async (): Promise<Cat[]> => (await api('GET', '/v1/admin/categories')).body.categories;
const newCategory = async (name_en: string, name_ar: string, parent_id: number | null = null) => {
  const r = await api('POST', '/v1/admin/categories?locale=en', { name_en, name_ar, parent_id });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.category as Cat;
};
const shopSearch = async (query: string, locale = 'ar') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v1/products?query=${encodeURIComponent(query)}&locale=${locale}&per_page=100`,
    })
  ).json().products as { id: number; checkout_price: number; price_after_promotion: number | null }[];
const auditOf = async (action: string, id: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

let productN = 0;
const product = async (categoryId: number, brandId: number, priceEgp = 1000) => {
  productN += 1;
  return addProduct(
    t.database.db,
    { titleEn: `Gadget ${productN}`, titleAr: `جهاز ${productN}`, categoryId, brandId, priceEgp },
    t.clock.now(),
  );
};

describe('the category tree', () => {
  it('takes three levels in both languages, refuses a fourth, and shows the tree in order with its levels', async () => {
    const home = await newCategory('Home appliances', 'أجهزة منزلية');
    const cooling = await newCategory('Cooling', 'تبريد', home.id);
    const split = await newCategory('Split units', 'سبليت', cooling.id);
    expect([home.level, cooling.level, split.level]).toEqual([1, 2, 3]);

    const fourth = await api('POST', '/v1/admin/categories?locale=ar', {
      name_en: 'Too deep',
      name_ar: 'عميق أوي',
      parent_id: split.id,
    });
    expect(fourth.status).toBe(422);
    expect(fourth.body.errors.parent_id).toEqual([apiMessage('category_too_deep', 'ar')]);
    const empty = await api('POST', '/v1/admin/categories?locale=en', { name_en: ' ', name_ar: 'x' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name_en).toEqual(['is required']);

    const list = await tree();
    expect(list.some((c) => c.name_en === 'Too deep')).toBe(false);
    const at = (id: number) => list.findIndex((c) => c.id === id);
    expect(at(home.id)).toBeLessThan(at(cooling.id));
    expect(at(cooling.id)).toBeLessThan(at(split.id));
    expect((await auditOf('category.added', split.id))[0]!.details).toMatchObject({
      after: { name_ar: 'سبليت', parent_id: cooling.id },
    });
  });

  it('reorders siblings and moves a category (with its children) under another parent, never past 3 levels or into itself', async () => {
    const a = await newCategory('Kitchen', 'مطبخ');
    const a1 = await newCategory('Ovens', 'أفران', a.id);
    const a2 = await newCategory('Mixers', 'خلاطات', a.id);
    const a11 = await newCategory('Gas ovens', 'أفران غاز', a1.id);
    const b = await newCategory('Small appliances', 'أجهزة صغيرة');
    const b1 = await newCategory('Kettles', 'غلايات', b.id);
    const order = (parent_id: number | null, ids: number[], locale = 'en') =>
      api('PUT', `/v1/admin/categories/order?locale=${locale}`, { parent_id, ids });

    // Reorder Kitchen's children.
    const r = await order(a.id, [a2.id, a1.id]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const kids = (r.body.categories as Cat[]).filter((c) => c.parent_id === a.id).map((c) => c.id);
    expect(kids).toEqual([a2.id, a1.id]);

    // Kettles moves under Kitchen, between the two.
    expect((await order(a.id, [a2.id, b1.id, a1.id])).status).toBe(200);
    let now = await tree();
    expect(now.find((c) => c.id === b1.id)).toMatchObject({ parent_id: a.id, level: 2 });
    expect(now.filter((c) => c.parent_id === a.id).map((c) => c.id)).toEqual([a2.id, b1.id, a1.id]);
    expect(now.find((c) => c.id === b.id)).toMatchObject({ level: 1 });

    // Ovens (with Gas ovens below) under Mixers would make a fourth level: refused, nothing moves.
    const deep = await order(a2.id, [a1.id], 'ar');
    expect(deep.status).toBe(422);
    expect(deep.body.errors.ids).toEqual([apiMessage('category_too_deep', 'ar')]);
    // Kitchen under its own grandchild: refused.
    const loop = await order(a11.id, [a.id]);
    expect(loop.status).toBe(422);
    expect(loop.body.errors.ids).toEqual([apiMessage('category_own_ancestor', 'en')]);
    // A list that misses a current child was made before someone else's change.
    const stale = await order(a.id, [a2.id, a1.id]);
    expect(stale.status).toBe(409);
    now = await tree();
    expect(now.find((c) => c.id === a1.id)).toMatchObject({ parent_id: a.id, level: 2 });
    expect(now.find((c) => c.id === a11.id)).toMatchObject({ parent_id: a1.id, level: 3 });

    // Ovens (two levels) under Small appliances: fine, Gas ovens follows at level 3.
    expect((await order(b.id, [a1.id])).status).toBe(200);
    now = await tree();
    expect(now.find((c) => c.id === a11.id)).toMatchObject({ level: 3 });
    expect(now.find((c) => c.id === a1.id)).toMatchObject({ parent_id: b.id, level: 2 });
    const [entry] = await auditOf('categories.reordered', b.id);
    expect(entry!.details).toMatchObject({
      before: [],
      after: [a1.id],
      moved: [{ id: a1.id, from: a.id, to: b.id }],
    });
  });

  it("a new name is found by the store's search in Arabic, for the category's products, and those below it when named whole", async () => {
    const brand = await addBrand(t.database.db, 'Coolix', 'كوليكس');
    const top = await newCategory('Air', 'هواء');
    const mid = await newCategory('Conditioners', 'تكييفات', top.id);
    const low = await newCategory('Window units', 'شباك', mid.id);
    const inMid = await product(mid.id, brand.id);
    const inLow = await product(low.id, brand.id);
    expect(await shopSearch('فريون')).toEqual([]);

    const r = await api('PUT', `/v1/admin/categories/${mid.id}?locale=en`, {
      name_en: 'Freon conditioners',
      name_ar: 'تكييفات فريون',
      updated_at: mid.updated_at,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A word of its name finds its own products; the name whole finds those below it too (issue 43: a product's
    // search text holds its own category's name, not its ancestors').
    expect((await shopSearch('فريون')).map((p) => p.id)).toEqual([inMid.id]);
    expect((await shopSearch('freon', 'en')).map((p) => p.id)).toEqual([inMid.id]);
    const whole = (await shopSearch('تكييفات فريون')).map((p) => p.id).sort();
    expect(whole).toEqual([inMid.id, inLow.id].sort());
    expect((await shopSearch('freon conditioners', 'en')).map((p) => p.id).sort()).toEqual(whole);
    const [entry] = await auditOf('category.changed', mid.id);
    expect(entry!.details).toMatchObject({
      before: { name_ar: 'تكييفات' },
      after: { name_ar: 'تكييفات فريون', name_en: 'Freon conditioners' },
    });

    // Moving the bottom category away: its products are under the new parent's name, not the old one's.
    const other = await newCategory('Fans', 'مراوح');
    const moved = await api('PUT', '/v1/admin/categories/order', { parent_id: other.id, ids: [low.id] });
    expect(moved.status).toBe(200);
    expect((await shopSearch('تكييفات فريون')).map((p) => p.id)).toEqual([inMid.id]);
    expect((await shopSearch('مراوح')).map((p) => p.id)).toContain(inLow.id);

    // The product counts include the categories below.
    const list = await tree();
    expect(list.find((c) => c.id === other.id)).toMatchObject({ products_count: 0, products_total: 1 });
  });

  it('an edit made on an old read is refused (409) and changes nothing', async () => {
    const c = await newCategory('Heaters', 'دفايات');
    const first = await api('PUT', `/v1/admin/categories/${c.id}?locale=en`, {
      name_en: 'Electric heaters',
      name_ar: 'دفايات كهربا',
      updated_at: c.updated_at,
    });
    expect(first.status).toBe(200);
    const second = await api('PUT', `/v1/admin/categories/${c.id}?locale=ar`, {
      name_en: 'Gas heaters',
      name_ar: 'دفايات غاز',
      updated_at: c.updated_at,
    });
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual([apiMessage('category_changed', 'ar')]);
    expect((await tree()).find((x) => x.id === c.id)).toMatchObject({ name_en: 'Electric heaters' });
  });

  it('is not deleted while it has products or sub-categories, and says how many', async () => {
    const brand = await addBrand(t.database.db, 'Deleto', 'ديليتو');
    const parent = await newCategory('Washers', 'غسالات');
    const child = await newCategory('Top load', 'فتحة من فوق', parent.id);
    await product(child.id, brand.id);
    await product(child.id, brand.id);
    const withProducts = await api('DELETE', `/v1/admin/categories/${child.id}?locale=en`);
    expect(withProducts.status).toBe(409);
    expect(withProducts.body.errors).toEqual([apiMessage('category_has_products', 'en', { n: 2 })]);
    const withChildren = await api('DELETE', `/v1/admin/categories/${parent.id}?locale=ar`);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.errors).toEqual([apiMessage('category_has_children', 'ar', { n: 1 })]);
    expect((await tree()).map((c) => c.id)).toEqual(expect.arrayContaining([parent.id, child.id]));

    const empty = await newCategory('Dryers', 'مجففات', parent.id);
    expect((await api('DELETE', `/v1/admin/categories/${empty.id}`)).status).toBe(204);
    expect((await tree()).some((c) => c.id === empty.id)).toBe(false);
    expect(await auditOf('category.deleted', empty.id)).toHaveLength(1);
    expect((await api('DELETE', `/v1/admin/categories/${empty.id}`)).status).toBe(404);
  });
});

describe('icons', () => {
  const upload = (url: string, file: Buffer, type: string) => {
    const boundary = `----icon${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="icon"\r\n` +
          `content-type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...catalog, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('takes a PNG or a clean SVG by content, refuses a script in an SVG or a file that is no picture', async () => {
    const c = await newCategory('Lamps', 'لمبات');
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const ok = await upload(`/v1/admin/categories/${c.id}/icon?locale=en`, png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().category.icon_url as string;
    expect(url).toMatch(/^\/uploads\/icons\/category-\d+-[0-9a-f]+\.png$/);
    expect(existsSync(path.join(uploads, url.slice('/uploads/'.length)))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const brand = await addBrand(t.database.db, 'Svgco', 'إس في جي');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10"/></svg>',
    );
    const okSvg = await upload(`/v1/admin/brands/${brand.id}/icon`, svg, 'image/svg+xml');
    expect(okSvg.statusCode, okSvg.body).toBe(200);
    expect(okSvg.json().brand.icon_url).toMatch(/\.svg$/);

    const evil = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><script>alert(1)</script></svg>',
    );
    const refused = await upload(`/v1/admin/brands/${brand.id}/icon?locale=ar`, evil, 'image/svg+xml');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual([apiMessage('svg_not_allowed', 'ar', { values: '<script>' })]);
    const text = await upload(
      `/v1/admin/brands/${brand.id}/icon?locale=en`,
      Buffer.from('hello'),
      'image/png',
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([apiMessage('icon_type', 'en')]);
    const brands = (await api('GET', '/v1/admin/brands')).body.brands as { id: number; icon_url: string }[];
    expect(brands.find((b) => b.id === brand.id)!.icon_url).toBe(okSvg.json().brand.icon_url);
  });
});

describe('brands', () => {
  it('are added, renamed (the store finds their products by the new name), flagged, and deleted only when unused', async () => {
    const cat = await addCategory(t.database.db, 'Screens', 'شاشات');
    const made = await api('POST', '/v1/admin/brands?locale=en', {
      name_en: 'Nilevision',
      name_ar: 'نايل فيجن',
      featured: true,
      show_on_homepage: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const brand = made.body.brand;
    expect(brand).toMatchObject({ featured: true, show_on_homepage: true, products_count: 0 });
    const p = await product(cat.id, brand.id);

    const renamed = await api('PUT', `/v1/admin/brands/${brand.id}?locale=en`, {
      name_en: 'Deltavision',
      name_ar: 'دلتا فيجن',
      featured: false,
      show_on_homepage: true,
      updated_at: brand.updated_at,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.brand).toMatchObject({ name_ar: 'دلتا فيجن', featured: false, products_count: 1 });
    expect((await shopSearch('دلتا')).map((x) => x.id)).toEqual([p.id]);
    expect(await shopSearch('نايل')).toEqual([]);
    const [entry] = await auditOf('brand.changed', brand.id);
    expect(entry!.details).toMatchObject({
      before: { name_en: 'Nilevision', featured: true },
      after: { name_en: 'Deltavision' },
    });

    const stale = await api('PUT', `/v1/admin/brands/${brand.id}?locale=en`, {
      name_en: 'Old',
      name_ar: 'قديم',
      updated_at: brand.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([apiMessage('brand_changed', 'en')]);

    const list = await api('GET', '/v1/admin/brands');
    expect(list.body.on_homepage).toBeGreaterThanOrEqual(1);

    const used = await api('DELETE', `/v1/admin/brands/${brand.id}?locale=ar`);
    expect(used.status).toBe(409);
    expect(used.body.errors).toEqual([apiMessage('brand_has_products', 'ar', { n: 1 })]);
    const spare = (await api('POST', '/v1/admin/brands', { name_en: 'Spare', name_ar: 'احتياطي' })).body
      .brand;
    expect((await api('DELETE', `/v1/admin/brands/${spare.id}`)).status).toBe(204);
    expect(
      (await api('GET', '/v1/admin/brands')).body.brands.some((b: { id: number }) => b.id === spare.id),
    ).toBe(false);
  });
});

describe('promotions', () => {
  const day = 24 * 3600_000;
  const body = (slug: string, extra: object = {}) => ({
    name_en: 'Summer sale',
    name_ar: 'عروض الصيف',
    slug,
    starts_at: new Date(Date.now() - day).toISOString(),
    ends_at: new Date(Date.now() + 7 * day).toISOString(),
    ...extra,
  });

  it('refuses a bad slug, a slug in use and dates in the wrong order, in the staff member’s language', async () => {
    const bad = await api('POST', '/v1/admin/promotions?locale=ar', body('summer sale!'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.slug).toEqual([apiMessage('invalid_slug', 'ar')]);
    const backwards = await api(
      'POST',
      '/v1/admin/promotions?locale=en',
      body('backwards', { starts_at: '2030-05-10T10:00:00Z', ends_at: '2030-05-01T10:00:00Z' }),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toEqual([apiMessage('ends_before_starts', 'en')]);
    const notADate = await api(
      'POST',
      '/v1/admin/promotions?locale=en',
      body('nodate', { starts_at: 'tomorrow' }),
    );
    expect(notADate.status).toBe(422);
    expect((await api('POST', '/v1/admin/promotions', body('taken-slug'))).status).toBe(201);
    const taken = await api('POST', '/v1/admin/promotions?locale=en', body('Taken-Slug'));
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual([apiMessage('slug_taken', 'en')]);
    const list = (await api('GET', '/v1/admin/promotions')).body.promotions as { slug: string }[];
    expect(list.map((p) => p.slug)).not.toContain('backwards');
  });

  it("a product added with its promotion price is on the store's promotion page at once, and its price comes back when the promotion goes", async () => {
    const cat = await addCategory(t.database.db, 'Fridges', 'تلاجات');
    const brand = await addBrand(t.database.db, 'Frosty', 'فروستي');
    const p = await product(cat.id, brand.id, 10_000);
    const other = await product(cat.id, brand.id, 500);
    const made = await api('POST', '/v1/admin/promotions?locale=en', body('fridge-days'));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const promo = made.body.promotion;
    expect(promo).toMatchObject({ state: 'running', products_count: 0, slug: 'fridge-days' });

    // Not below the price: refused on the item's field.
    const notBelow = await api('PUT', `/v1/admin/promotions/${promo.id}/products?locale=en`, {
      items: [
        { product_id: p.id, price_after_promotion: 8500 },
        { product_id: other.id, price_after_promotion: 500 },
      ],
    });
    expect(notBelow.status).toBe(422);
    expect(notBelow.body.errors['items.1.price_after_promotion']).toEqual([
      apiMessage('promotion_price_not_below', 'en'),
    ]);
    expect((await api('GET', `/v1/admin/promotions/${promo.id}/products`)).body.products).toEqual([]);

    const added = await api('PUT', `/v1/admin/promotions/${promo.id}/products?locale=en`, {
      items: [{ product_id: p.id, price_after_promotion: '8500.50' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.products).toEqual([
      expect.objectContaining({
        id: p.id,
        price: 10_000,
        price_after_promotion: 8500.5,
        current_price: 8500.5,
      }),
    ]);
    const shopPromo = await t.app.inject({ method: 'GET', url: '/v1/promotions/fridge-days?locale=ar' });
    expect(shopPromo.statusCode).toBe(200);
    expect(shopPromo.json().promotion).toMatchObject({ name: 'عروض الصيف', slug: 'fridge-days' });
    const offers = await t.app.inject({
      method: 'GET',
      url: '/v1/products?promotion_slug=fridge-days&locale=en',
    });
    expect(offers.json().products).toEqual([
      expect.objectContaining({ id: p.id, price_after_promotion: 8500.5, checkout_price: 8500.5 }),
    ]);
    const candidates = await api(
      'GET',
      `/v1/admin/promotions/${promo.id}/candidates?query=${encodeURIComponent('فروستي')}&locale=ar`,
    );
    expect(candidates.body.products.find((x: { id: number }) => x.id === p.id).promotion).toEqual({
      id: promo.id,
      name: 'عروض الصيف',
    });
    // Read as the products and stock screens read it (the catalog's productTextFilter): with its article too.
    const withArticle = await api(
      'GET',
      `/v1/admin/promotions/${promo.id}/candidates?query=${encodeURIComponent('التلاجات فروستي')}&locale=ar`,
    );
    expect(withArticle.body.products.map((x: { id: number }) => x.id)).toContain(p.id);
    expect((await auditOf('promotion.products_changed', promo.id))[0]!.details).toMatchObject({
      changes: [
        { product_id: p.id, before: { promotion_id: null }, after: { price_after_promotion: 8500.5 } },
      ],
    });

    // Scheduled for later: the store pays the full price until it starts.
    const later = await api('PUT', `/v1/admin/promotions/${promo.id}?locale=en`, {
      ...body('fridge-days'),
      starts_at: new Date(Date.now() + day).toISOString(),
      updated_at: promo.updated_at,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.promotion.state).toBe('scheduled');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.currentPricePiastres).toBe(1_000_000);
    // ...and a stale edit of it is refused.
    const stale = await api('PUT', `/v1/admin/promotions/${promo.id}?locale=en`, {
      ...body('fridge-days'),
      updated_at: promo.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([apiMessage('promotion_changed', 'en')]);
    const back = await api('PUT', `/v1/admin/promotions/${promo.id}`, {
      ...body('fridge-days'),
      updated_at: later.body.promotion.updated_at,
    });
    expect(back.status).toBe(200);
    expect((await shopSearch('فروستي')).find((x) => x.id === p.id)!.checkout_price).toBe(8500.5);

    // Deleted: the product leaves it, loses its promotion price, and costs its price again.
    expect((await api('DELETE', `/v1/admin/promotions/${promo.id}`)).status).toBe(204);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(after).toMatchObject({
      promotionId: null,
      promotedPricePiastres: null,
      currentPricePiastres: 1_000_000,
    });
    const shopProduct = await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}?locale=en` });
    expect(shopProduct.json().product).toMatchObject({ checkout_price: 10_000, price_after_promotion: null });
    expect((await t.app.inject({ method: 'GET', url: '/v1/promotions/fridge-days' })).statusCode).toBe(404);
    expect((await auditOf('promotion.deleted', promo.id))[0]!.details).toMatchObject({
      before: { slug: 'fridge-days', products: [{ product_id: p.id, price_after_promotion: 8500.5 }] },
    });
  });

  it('a product taken out of a promotion loses its promotion price', async () => {
    const cat = await addCategory(t.database.db, 'Cookers', 'بوتاجازات');
    const brand = await addBrand(t.database.db, 'Flame', 'فليم');
    const p = await product(cat.id, brand.id, 4000);
    const promo = (await api('POST', '/v1/admin/promotions', body('cooker-week'))).body.promotion;
    await api('PUT', `/v1/admin/promotions/${promo.id}/products`, {
      items: [{ product_id: p.id, price_after_promotion: 3500 }],
    });
    const r = await api('PUT', `/v1/admin/promotions/${promo.id}/products`, { remove: [p.id] });
    expect(r.status).toBe(200);
    expect(r.body.products).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({
      promotionId: null,
      promotedPricePiastres: null,
      currentPricePiastres: 400_000,
    });
  });
});

describe('who may', () => {
  it('owners and catalog staff; order staff get 403 and change nothing, anonymous callers 401', async () => {
    expect((await api('GET', '/v1/admin/categories', undefined, owner)).status).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/v1/admin/categories', undefined],
      ['POST', '/v1/admin/categories', { name_en: 'Nope', name_ar: 'لأ' }],
      ['GET', '/v1/admin/brands', undefined],
      ['POST', '/v1/admin/brands', { name_en: 'Nope', name_ar: 'لأ' }],
      ['GET', '/v1/admin/promotions', undefined],
      ['POST', '/v1/admin/promotions', body403()],
    ] as const) {
      expect((await api(method, url, payload, clerk)).status, `${method} ${url}`).toBe(403);
    }
    expect((await api('GET', '/v1/admin/promotions', undefined, {})).status).toBe(401);
    expect((await tree()).some((c) => c.name_en === 'Nope')).toBe(false);
  });
});

function body403() {
  return { name_en: 'Nope', name_ar: 'لأ', slug: 'nope' };
}
