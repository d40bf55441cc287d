import { cartMergeResponseSchema, cartResponseSchema, type Cart } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.ts';
import { multipart, newUser, signIn, type AuthHeaders } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';

let t: TestApp;
const ids: Record<string, number> = {};
let a: AuthHeaders;
let b: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const cat = await addCategory(db, 'Phones', 'موبايلات');
  const brand = await addBrand(db, 'Samsung', 'سامسونج');
  const p = async (key: string, input: Partial<Parameters<typeof addProduct>[1]>) => {
    ids[key] = (
      await addProduct(db, {
        titleEn: key,
        titleAr: key,
        categoryId: cat.id,
        brandId: brand.id,
        priceEgp: 100,
        ...input,
      })
    ).id;
  };
  await p('phone', { priceEgp: 12_499.5, stock: 5 });
  await p('limited', { priceEgp: 300, stock: 10, maximumPerOrder: 2 });
  await p('few', { priceEgp: 50.25, stock: 3, maximumPerOrder: 6 });
  await p('soldOut', { stock: 0 });
  await p('offSale', { stock: 9 });
  await db.update(products).set({ active: false }).where(eq(products.id, ids.offSale!));
  a = await newUser(t.app, '01022200001');
  b = await newUser(t.app, '01022200002');
});
afterAll(async () => {
  await t?.close();
});

const getCart = async (headers: AuthHeaders, locale = 'en') => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/users/cart?locale=${locale}`, headers });
  expect(res.statusCode).toBe(200);
  return cartResponseSchema.parse(res.json()).order;
};
const put = (headers: AuthHeaders, order_product: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/v1/users/cart?locale=en', headers, payload: { order_product } });
const clear = async (headers: AuthHeaders) => {
  for (const item of (await getCart(headers)).items)
    await put(headers, { product_id: item.product.id, _destroy: true });
};

describe('server cart', () => {
  it('guests get 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/cart' })).statusCode).toBe(401);
    expect(
      (await put({ client: '', token: '', uid: '' }, { product_id: ids.phone, quantity: 1 })).statusCode,
    ).toBe(401);
  });

  it('starts empty; lines are set, changed and removed; totals follow', async () => {
    const empty = await getCart(a);
    expect(empty).toMatchObject({
      items: [],
      count: 0,
      subtotal: 0,
      delivery_fee: 0,
      total: 0,
      address: null,
      sap_sync: false,
    });
    expect(empty.order_id).toBe(empty.id);

    let res = await put(a, { product_id: ids.phone, quantity: 2 });
    expect(res.statusCode).toBe(200);
    res = await put(a, { product_id: ids.few, quantity: 3 });
    let cart: Cart = cartResponseSchema.parse(res.json()).order;
    expect(cart.items.map((i) => [i.product.id, i.quantity, i.line_total])).toEqual([
      [ids.phone, 2, 24_999],
      [ids.few, 3, 150.75],
    ]);
    expect(cart).toMatchObject({ count: 5, subtotal: 25_149.75, delivery_fee: 0, total: 25_149.75 });
    expect(cart.item_ids).toEqual([ids.phone, ids.few]);
    expect(cart.items[0]!.product.title).toBe('phone');
    expect(cart.items[0]).toMatchObject({ available: true, max_quantity: 5 });

    res = await put(a, { product_id: ids.phone, quantity: 1 });
    cart = cartResponseSchema.parse(res.json()).order;
    expect(cart.items.find((i) => i.product.id === ids.phone)!.quantity).toBe(1);
    // The line's order stays put when its quantity changes.
    expect(cart.item_ids).toEqual([ids.phone, ids.few]);

    res = await put(a, { product_id: ids.phone, _destroy: true });
    cart = cartResponseSchema.parse(res.json()).order;
    expect(cart.item_ids).toEqual([ids.few]);
    res = await put(a, { product_id: ids.few, quantity: 0 });
    expect(cartResponseSchema.parse(res.json()).order.items).toEqual([]);
    // The same cart row throughout (one cart per user).
    expect(cartResponseSchema.parse(res.json()).order.id).toBe(empty.id);
  });

  it('stock and the per-order maximum are enforced with the spec messages', async () => {
    await clear(a);
    const stock = await put(a, { product_id: ids.phone, quantity: 6 });
    expect(stock.statusCode).toBe(422);
    expect(stock.json()).toMatchObject({ errors: ['Only 5 available in stock'], max_quantity: 5 });
    const perOrder = await put(a, { product_id: ids.limited, quantity: 3 });
    expect(perOrder.statusCode).toBe(422);
    expect(perOrder.json().errors).toEqual(['Only 2 available per order']);
    // Over both: the smaller limit is the one named.
    expect((await put(a, { product_id: ids.few, quantity: 7 })).json().errors).toEqual([
      'Only 3 available in stock',
    ]);
    expect((await put(a, { product_id: ids.soldOut, quantity: 1 })).json().errors).toEqual([
      'This product is out of stock',
    ]);
    expect((await put(a, { product_id: ids.offSale, quantity: 1 })).json().errors).toEqual([
      'This product is no longer available',
    ]);
    const ar = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/cart',
      headers: a,
      payload: { order_product: { product_id: ids.phone, quantity: 6 } },
    });
    expect(ar.json().errors).toEqual(['متاح 5 بس في المخزن']);
    const unknown = await put(a, { product_id: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await getCart(a)).items).toEqual([]);
    expect((await put(a, { product_id: ids.limited, quantity: 2 })).statusCode).toBe(200);
  });

  it('bad bodies are field errors', async () => {
    const res = await put(a, { product_id: 'x', quantity: -1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'order_product.product_id': ['must be a whole number'],
      'order_product.quantity': ['must be at least 0'],
    });
    const missing = await put(a, { product_id: ids.phone });
    expect(missing.json().errors).toEqual({ 'order_product.quantity': ['is required'] });
  });

  it('accepts a multipart form with order_product[...] keys', async () => {
    await clear(a);
    const form = multipart({
      'order_product[product_id]': String(ids.phone),
      'order_product[quantity]': '2',
      'order_product[_destroy]': 'false',
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/cart',
      ...form,
      headers: { ...form.headers, ...a },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.count).toBe(2);
    const destroy = multipart({
      'order_product[product_id]': String(ids.phone),
      'order_product[_destroy]': 'true',
    });
    const gone = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/cart',
      ...destroy,
      headers: { ...destroy.headers, ...a },
    });
    expect(gone.json().order.count).toBe(0);
  });

  it('the cart is the same on every device of the user, and sign-out keeps it', async () => {
    await clear(a);
    await put(a, { product_id: ids.few, quantity: 2 });
    const other = await signIn(t.app, '01022200001');
    expect((await getCart(other)).count).toBe(2);
    await t.app.inject({ method: 'DELETE', url: '/v1/users/sign_out', headers: other });
    const again = await signIn(t.app, '01022200001');
    expect((await getCart(again)).count).toBe(2);
  });

  it("user B gets nothing of user A's cart", async () => {
    await clear(a);
    await put(a, { product_id: ids.few, quantity: 1 });
    const cartB = await getCart(b);
    expect(cartB.items).toEqual([]);
    expect(cartB.id).not.toBe((await getCart(a)).id);
    // B removing A's product touches only B's cart.
    await put(b, { product_id: ids.few, _destroy: true });
    expect((await getCart(a)).count).toBe(1);
  });

  it('an item that went out of stock stays listed as unavailable until removed', async () => {
    await clear(a);
    await put(a, { product_id: ids.limited, quantity: 2 });
    await t.database.db.update(products).set({ stock: 0 }).where(eq(products.id, ids.limited!));
    const cart = await getCart(a);
    expect(cart.items[0]).toMatchObject({ available: false, max_quantity: 0, quantity: 2 });
    await t.database.db.update(products).set({ stock: 10 }).where(eq(products.id, ids.limited!));
  });

  it('the delivery fee is the order shipping fee, 0 until an address is chosen', async () => {
    await clear(a);
    await put(a, { product_id: ids.few, quantity: 2 });
    const cart = await getCart(a);
    await t.database.db.update(orders).set({ shippingFeesPiastres: 5_000 }).where(eq(orders.id, cart.id));
    expect(await getCart(a)).toMatchObject({ subtotal: 100.5, delivery_fee: 50, total: 150.5 });
    await t.database.db.update(orders).set({ shippingFeesPiastres: 0 }).where(eq(orders.id, cart.id));
  });
});

describe('guest cart merge at sign-in', () => {
  const merge = (headers: AuthHeaders, items: { product_id: number; quantity: number }[]) =>
    t.app.inject({ method: 'POST', url: '/v1/users/cart/merge?locale=en', headers, payload: { items } });

  it('adds quantities to the server cart, caps them by stock and per-order maximum, skips what cannot be bought', async () => {
    await clear(a);
    await put(a, { product_id: ids.phone, quantity: 3 });
    const res = await merge(a, [
      { product_id: ids.phone!, quantity: 4 },
      { product_id: ids.limited!, quantity: 1 },
      { product_id: ids.limited!, quantity: 4 },
      { product_id: ids.few!, quantity: 1 },
      { product_id: ids.soldOut!, quantity: 1 },
      { product_id: ids.offSale!, quantity: 1 },
      { product_id: 987_654, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = cartMergeResponseSchema.parse(res.json());
    const qty = Object.fromEntries(body.order.items.map((i) => [i.product.id, i.quantity]));
    expect(qty).toEqual({ [ids.phone!]: 5, [ids.limited!]: 2, [ids.few!]: 1 });
    expect(body.adjusted).toEqual([
      { product_id: ids.phone, quantity: 5, message: 'Only 5 available in stock' },
      { product_id: ids.limited, quantity: 2, message: 'Only 2 available per order' },
    ]);
    expect(body.skipped).toEqual([
      { product_id: ids.soldOut, message: 'This product is out of stock' },
      { product_id: ids.offSale, message: 'This product is no longer available' },
      { product_id: 987_654, message: 'Product not found' },
    ]);
    expect(body.order.count).toBe(8);
  });

  it('two devices merging at once never go past the limits', async () => {
    await clear(b);
    const other = await signIn(t.app, '01022200002');
    const items = [{ product_id: ids.phone!, quantity: 3 }];
    await Promise.all([merge(b, items), merge(other, items), merge(b, items)]);
    expect((await getCart(b)).items.map((i) => i.quantity)).toEqual([5]);
  });

  it('an empty guest cart changes nothing; a signed-out caller gets 401', async () => {
    const before = await getCart(a);
    const res = await merge(a, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.count).toBe(before.count);
    const guest = await t.app.inject({ method: 'POST', url: '/v1/users/cart/merge', payload: { items: [] } });
    expect(guest.statusCode).toBe(401);
  });
});
