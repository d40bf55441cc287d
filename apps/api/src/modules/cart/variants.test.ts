/**
 * Product variants (issue 49 item 2, decision 034) through the real layers: staff give a phone colours and storage
 * sizes, the shop shows it once with its options and variants, a shopper puts a variant in the cart by variant_id,
 * its own stock limits it, checkout takes that variant's stock and the order line records it; a product sold as one
 * item is unchanged beside it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderProducts, products, stockMovements } from '../../db/schema.ts';
import { addDiscountCode } from '../../test/discounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addPromotion } from '../../test/fixtures.ts';
import { addShopper, addZones, call, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { addVariantPhone, phoneOptions } from '../../test/variants.ts';

let t: TestApp;
let staff: StaffAuth;
let owner: StaffAuth;
let phone: number;
let cable: number;
let categoryId: number;
let v: Record<string, number>;

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addZones(db);
  const team = await ownerCatalogClerk(t, 'Variants#2026-long');
  staff = team.catalog;
  owner = team.owner;
  ({ phone, cable, categoryId, v } = await addVariantPhone(t, staff));
});
afterAll(() => t?.close());

describe('a product with variants', () => {
  it('lists its options and variants, each with its own SKU, price and stock; its stock is theirs added up', async () => {
    const r = await call(t.app, 'GET', `/v1/products/${phone}?locale=ar`, {});
    expect(r.status).toBe(200);
    const p = r.body.product;
    expect(p.options.map((o: { name: string }) => o.name)).toEqual(['اللون', 'المساحة']);
    expect(p.options[0].values.map((x: { value: string }) => x.value)).toEqual(['أسود', 'أزرق']);
    expect(p.stock).toBe(5);
    expect(p.checkout_price).toBe(400);
    expect(p.price_max).toBe(450);
    expect(
      p.variants.map((x: { id: number; sku: string; checkout_price: number; stock: number }) => [
        x.id,
        x.sku,
        x.checkout_price,
        x.stock,
      ]),
    ).toEqual([
      [v['IP15-BK-128'], 'IP15-BK-128', 400, 3],
      [v['IP15-BK-256'], 'IP15-BK-256', 450, 0],
      [v['IP15-BL-128'], 'IP15-BL-128', 410, 2],
    ]);
    expect(p.variants[2].option_values.map((o: { value: string }) => o.value)).toEqual(['أزرق', '128 جيجا']);
    // Its stock is theirs: the stock screen changes a variant's, never the product's own.
    const edit = await call(t.app, 'PUT', `/v1/admin/products/${phone}/stock?locale=en`, staff, {
      from: 5,
      stock: 9,
    });
    expect(edit).toMatchObject({
      status: 422,
      body: { errors: [expect.stringContaining("variants' added up")] },
    });
    // The product gave its own 7 up when it got variants: a manual movement says so.
    const moves = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, phone));
    expect(moves.at(-1)).toMatchObject({ delta: -7, stockAfter: 0, reason: 'manual' });
  });

  it('its editor refuses a price or stock of its own, in the staff member’s language, and saves the rest', async () => {
    const read = async () => (await call(t.app, 'GET', `/v1/admin/products/${phone}`, staff)).body.product;
    // The editor's form: every field as read, the specifications without ids.
    const form = (p: Record<string, unknown>, extra: Record<string, unknown>) => {
      const fields: Record<string, unknown> = { ...p };
      for (const k of ['id', 'images', 'in_orders', 'created_at', 'variant_of', 'has_variants'])
        delete fields[k];
      fields.specifications = (p.specifications as { id?: number }[]).map(({ id: _, ...rest }) => rest);
      return { ...fields, ...extra };
    };
    const p = await read();
    expect(p).toMatchObject({ has_variants: true, price: 400, stock: 5 });
    const put = (body: unknown, locale = 'en') =>
      call(t.app, 'PUT', `/v1/admin/products/${phone}?locale=${locale}`, staff, body);
    const en = await put(form(p, { price: 999, stock: 50 }));
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({
      price: ['This product is sold in variants: set the price and stock of each variant below'],
      stock: ['This product is sold in variants: set the price and stock of each variant below'],
    });
    const ar = await put(form(p, { stock: 50 }), 'ar');
    expect(ar.body.errors).toEqual({ stock: ['المنتج ده بيتباع بأنواع: حدد السعر والمخزون لكل نوع تحت'] });
    expect(await read()).toMatchObject({ price: 400, stock: 5, updated_at: p.updated_at });
    // Its price and stock as read go with any other change.
    const ok = await put(form(p, { model: 'A3090' }));
    expect(ok.status).toBe(200);
    expect(ok.body.product).toMatchObject({ model: 'A3090', price: 400, stock: 5 });
  });

  it('shows one card with the price range in lists, and search finds it once by an option word', async () => {
    const list = await call(t.app, 'GET', `/v1/products?category_id=${categoryId}&locale=en`, {});
    const cards = list.body.products.filter((c: { title_en: string }) => c.title_en.startsWith('iPhone'));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: phone, checkout_price: 400, price_max: 450 });
    for (const word of ['أزرق', '256 GB']) {
      const found = await call(t.app, 'GET', `/v1/products?query=${encodeURIComponent(word)}&locale=en`, {});
      expect(found.body.products.map((c: { id: number }) => c.id)).toEqual([phone]);
    }
  });

  it('goes into the cart by variant_id, limited by that variant’s stock; the product alone asks for a choice', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const put = (order_product: Record<string, unknown>) =>
      call(t.app, 'PUT', '/v1/users/cart?locale=en', s.headers, { order_product });
    expect((await put({ product_id: phone, quantity: 1 })).body).toMatchObject({
      errors: ['Choose the options first'],
    });
    expect((await put({ product_id: phone, variant_id: v['IP15-BL-128'], quantity: 3 })).body).toMatchObject({
      errors: ['Only 2 available in stock'],
    });
    expect((await put({ product_id: phone, variant_id: v['IP15-BK-256'], quantity: 1 })).body).toMatchObject({
      errors: ['This product is out of stock'],
    });
    expect((await put({ product_id: cable, variant_id: v['IP15-BL-128'], quantity: 1 })).status).toBe(404);
    // A sold-out variant can be waited for (issue 49 item 3).
    const alert = await call(t.app, 'POST', `/v1/users/products/${v['IP15-BK-256']}/stock_alert`, s.headers);
    expect(alert.status, JSON.stringify(alert.body)).toBeLessThan(300);
    const ok = await put({ product_id: phone, variant_id: v['IP15-BL-128'], quantity: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.order.items).toHaveLength(1);
    expect(ok.body.order.items[0]).toMatchObject({
      quantity: 2,
      line_total: 820,
      max_quantity: 2,
      product: {
        id: v['IP15-BL-128'],
        variant_of: phone,
        sku: 'IP15-BL-128',
        title_en: 'iPhone 15 - Blue / 128 GB',
      },
    });
  });

  it('in the wishlist too it says it is sold in variants (price_max), so the wishlist sends the shopper to choose', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    expect((await call(t.app, 'POST', `/v1/users/products/${phone}/favorites`, s.headers)).status).toBe(201);
    expect((await call(t.app, 'POST', `/v1/users/products/${cable}/favorites`, s.headers)).status).toBe(201);
    const r = await call(t.app, 'GET', '/v1/users/products?favorites=true&locale=en', s.headers);
    expect(r.status).toBe(200);
    const byId = new Map(r.body.products.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(phone)).toMatchObject({ checkout_price: 400, price_max: 450 });
    expect(byId.get(cable)).not.toHaveProperty('price_max');
  });

  it('a guest cart merged at sign-in skips a variant sent under another product, and keeps one sent under its own', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const merge = (locale: string, items: Record<string, number>[]) =>
      call(t.app, 'POST', `/v1/users/cart/merge?locale=${locale}`, s.headers, { items });
    const r = await merge('en', [
      { product_id: cable, variant_id: v['IP15-BL-128']!, quantity: 1 },
      { product_id: phone, variant_id: v['IP15-BK-128']!, quantity: 1 },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.skipped).toEqual([{ product_id: cable, message: 'This choice is not available' }]);
    expect(r.body.order.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([
      v['IP15-BK-128'],
    ]);
    expect(r.body.order.total).toBe(400);
    const ar = await merge('ar', [{ product_id: cable, variant_id: v['IP15-BL-128']!, quantity: 1 }]);
    expect(ar.body.skipped).toEqual([{ product_id: cable, message: 'الاختيار ده مش متاح' }]);
    expect(ar.body.order.items).toHaveLength(1);
  });

  it('a variant bought by its own id is that variant in the cart, and cannot be bought while its product is off sale', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const blue = v['IP15-BL-128']!;
    const put = (quantity: number) =>
      call(t.app, 'PUT', '/v1/users/cart?locale=en', s.headers, {
        order_product: { product_id: blue, quantity },
      });
    const ok = await put(1);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.items[0]).toMatchObject({
      quantity: 1,
      line_total: 410,
      available: true,
      product: { id: blue, variant_of: phone, title_en: 'iPhone 15 - Blue / 128 GB' },
    });
    await readyToPay(t.app, s, [{ productId: blue, quantity: 1 }]);
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, phone));
    try {
      const cart = (await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers)).body.order;
      expect(cart.items[0]).toMatchObject({ available: false, product: { id: blue } });
      expect((await put(2)).body).toMatchObject({ errors: ['This product is no longer available'] });
      const merged = await call(t.app, 'POST', '/v1/users/cart/merge?locale=en', s.headers, {
        items: [{ product_id: v['IP15-BK-128']!, quantity: 1 }],
      });
      expect(merged.body.skipped).toEqual([
        { product_id: v['IP15-BK-128'], message: 'This product is no longer available' },
      ]);
      const placed = await call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
        payment_method: 'cash',
      });
      expect(placed.status).toBe(422);
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.id, phone));
    }
    expect(await stockOf(blue)).toBe(2);
  });

  it('a discount code for a product sold in variants takes its part off each of its variants', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    await call(t.app, 'PUT', '/v1/users/cart', s.headers, {
      order_product: { product_id: phone, variant_id: v['IP15-BK-128'], quantity: 1 },
    });
    await call(t.app, 'PUT', '/v1/users/cart', s.headers, {
      order_product: { product_id: cable, quantity: 1 },
    });
    await addDiscountCode(t.app, owner, {
      code: 'IPHONE-10',
      kind: 'percent',
      value: 10,
      scope: 'products',
      scope_ids: [phone],
    });
    const r = await call(t.app, 'PUT', '/v1/users/cart/discount_code?locale=en', s.headers, {
      code: 'IPHONE-10',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.order).toMatchObject({ subtotal: 500, discount: 40, total: 460 });
  });

  it('checkout takes the variant’s stock and the order line records the variant; a one-item product is unchanged', async () => {
    const s: Shopper = await addShopper(t.database.db, t.clock.now());
    await call(t.app, 'PUT', '/v1/users/cart', s.headers, {
      order_product: { product_id: phone, variant_id: v['IP15-BK-128'], quantity: 2 },
    });
    const { orderId } = await readyToPay(t.app, s, [{ productId: cable, quantity: 1 }]);
    const r = await call(t.app, 'PUT', '/v1/users/checkout?locale=ar', s.headers, { payment_method: 'cash' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stockOf(v['IP15-BK-128']!)).toBe(1);
    expect(await stockOf(phone)).toBe(3);
    expect(await stockOf(cable)).toBe(4);
    const order = (await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=ar`, s.headers)).body.order;
    const byProduct = new Map(
      order.order_products.map((l: { product: { id: number } }) => [l.product.id, l] as const),
    );
    expect(byProduct.get(v['IP15-BK-128'])).toMatchObject({
      quantity: 2,
      checkout_price: 400,
      variant: {
        sku: 'IP15-BK-128',
        options: [
          { name: 'اللون', value: 'أسود', name_en: 'Colour', value_en: 'Black', value_ar: 'أسود' },
          { name: 'المساحة', value: '128 جيجا', name_en: 'Storage', value_en: '128 GB' },
        ],
      },
    });
    expect(byProduct.get(cable)).toMatchObject({ quantity: 1, checkout_price: 100, variant: null });
    const lines = await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId));
    expect(lines.find((l) => l.productId === cable)?.variant).toBeNull();
  });

  it('the export writes each variant as a row with its product and values; an import changes a variant’s stock, never the product’s own', async () => {
    const csv = (await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: staff }))
      .body;
    const line = csv.split('\r\n').find((l) => l.startsWith(`${v['IP15-BL-128']},IP15-BL-128,`));
    expect(line).toContain(`,${phone},Blue | أزرق ; 128 GB | 128 جيجا,`);
    const file = `id,stock\r\n${phone},99\r\n${v['IP15-BL-128']},7\r\n`;
    const boundary = 'variants-import';
    const payload =
      `--${boundary}\r\ncontent-disposition: form-data; name="dry_run"\r\n\r\nfalse\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.csv"\r\n` +
      `content-type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`;
    const up = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/imports?locale=en',
      headers: { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    const id = up.json().import.id as number;
    for (let i = 0; i < 400; i++) {
      const r = await call(t.app, 'GET', `/v1/admin/imports/${id}?locale=en`, staff);
      if (r.body.import.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await stockOf(v['IP15-BL-128']!)).toBe(7);
    // 1 Black 128 GB left, 0 Black 256 GB, 7 Blue 128 GB: the product's 99 is not taken.
    expect(await stockOf(phone)).toBe(8);
  });

  it('a promotion given to the product in bulk lowers what each variant costs, and the card follows', async () => {
    const promo = await addPromotion(t.database.db, 'variants-sale', null, null);
    const r = await call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', staff, {
      action: 'promote',
      ids: [phone],
      promotion_id: promo.id,
      percent: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.changed).toBe(1);
    const p = (await call(t.app, 'GET', `/v1/products/${phone}?locale=en`, {})).body.product;
    expect(p.variants.map((x: { checkout_price: number }) => x.checkout_price)).toEqual([360, 405, 369]);
    expect(p).toMatchObject({ checkout_price: 360, price_max: 405 });
  });

  it('a promotion’s products screen gives the product’s variants its ratio, and takes it back from them', async () => {
    const promo = await addPromotion(t.database.db, 'variants-half', null, null);
    const url = `/v1/admin/promotions/${promo.id}/products?locale=en`;
    const set = await call(t.app, 'PUT', url, staff, {
      items: [{ product_id: phone, price_after_promotion: 200 }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const prices = async () =>
      (await call(t.app, 'GET', `/v1/products/${phone}?locale=en`, {})).body.product.variants.map(
        (x: { checkout_price: number }) => x.checkout_price,
      );
    expect(await prices()).toEqual([200, 225, 205]);
    expect((await call(t.app, 'PUT', url, staff, { remove: [phone] })).status).toBe(200);
    expect(await prices()).toEqual([400, 450, 410]);
  });

  it('a product whose variants are all removed is one item again; a sold variant is kept apart, hidden', async () => {
    const r = await call(t.app, 'PUT', `/v1/admin/products/${phone}/variants`, staff, {
      options: [],
      variants: [],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ options: [], variants: [] });
    const p = (await call(t.app, 'GET', `/v1/products/${phone}?locale=en`, {})).body.product;
    expect(p.variants).toBeUndefined();
    expect(p.stock).toBe(0);
    const [sold] = await t.database.db.select().from(products).where(eq(products.id, v['IP15-BK-128']!));
    expect(sold).toMatchObject({ variantOf: null, active: false });
    const [unsold] = await t.database.db.select().from(products).where(eq(products.id, v['IP15-BK-256']!));
    expect(unsold).toBeUndefined();
  });

  it('refuses variants whose values are not the options’, or repeated', async () => {
    const r = await call(t.app, 'PUT', `/v1/admin/products/${cable}/variants?locale=en`, staff, {
      options: phoneOptions,
      variants: [
        { values: ['Red', '128 GB'], price: 10, stock: 1 },
        { values: ['Black', '128 GB'], price: 10, stock: 1 },
        { values: ['Black', '128 GB'], price: 10, stock: 1 },
      ],
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.field_errors ?? r.body.errors ?? {}).length).toBeGreaterThan(0);
    expect(await stockOf(cable)).toBe(4);
  });
});
