import { ORDERS_PAGE_SIZE } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let a: Shopper;
let b: Shopper;
const placed: number[] = [];

/** Places an order for the shopper (cash) and returns its id. */
async function order(s: Shopper, priceEgp = 100) {
  const p = await make(priceEgp, 50);
  const { orderId } = await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  t.clock.advance(1000);
  return orderId;
}
const setStatus = (id: number, status: string) =>
  call(t.app, 'POST', `/dev/orders/${id}/status`, {}, { status });
const rate = (s: Shopper, ratings: unknown) =>
  call(t.app, 'PUT', '/v1/users/orders/rate?locale=en', s.headers, { ratings });

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  a = await addShopper(t.database.db, t.clock.now());
  b = await addShopper(t.database.db, t.clock.now());
  for (let i = 0; i < 12; i++) placed.push(await order(a, 100 + i));
});
afterAll(() => t.close());

describe('the orders list', () => {
  it('shows placed orders newest first, 10 a page, with next_page; never the cart', async () => {
    const first = await call(t.app, 'GET', '/v1/users/orders', a.headers);
    expect(first.status).toBe(200);
    expect(first.body.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.body.meta).toEqual({ per_page: 10, total_entries: 12, current_page: 1, next_page: 2 });
    expect(first.body.orders.map((o: { id: number }) => o.id)).toEqual([...placed].reverse().slice(0, 10));
    expect(first.body.orders[0]).toMatchObject({
      status: 'pending',
      payment_method: 'cash',
      checkout_total_price: 171,
    });
    const second = await call(t.app, 'GET', '/v1/users/orders?page=2', a.headers);
    expect(second.body.orders.map((o: { id: number }) => o.id)).toEqual([placed[1], placed[0]]);
    expect(second.body.meta.next_page).toBeNull();
    const small = await call(t.app, 'GET', '/v1/users/orders?per_page=4&page=3', a.headers);
    expect(small.body.orders).toHaveLength(4);
    expect(small.body.meta.next_page).toBeNull();
  });

  it("another user's orders are invisible: not listed, and 404 by id", async () => {
    expect((await call(t.app, 'GET', '/v1/users/orders', b.headers)).body.orders).toEqual([]);
    const r = await call(t.app, 'GET', `/v1/users/orders/${placed[0]}?locale=en`, b.headers);
    expect(r).toMatchObject({ status: 404, body: { errors: ['Order not found'] } });
    expect((await call(t.app, 'GET', '/v1/users/orders', {})).status).toBe(401);
  });

  it('one order carries its lines, address snapshot, shipping fees, totals and payment method', async () => {
    const r = await call(t.app, 'GET', `/v1/users/orders/${placed[0]}?locale=ar`, a.headers);
    expect(r.body.order).toMatchObject({
      id: placed[0],
      status: 'pending',
      payment_method: 'cash',
      checkout_shipping_fees: 60,
      total_cart_price: 100,
      checkout_total_price: 160,
      count: 1,
      address: {
        full_name: 'Mona Hassan',
        building: '12',
        floor: '3',
        apartment: '7',
        street_name: 'El Tahrir St',
        district: 'Dokki',
        // Typed "Giza"; its delivery zone's name in the page's language.
        governorate: 'الجيزة',
        phone_number: '01012345678',
      },
      user: { full_name: 'Mona Hassan', phone_number: a.phone },
    });
    expect(r.body.order.order_products[0]).toMatchObject({
      quantity: 1,
      checkout_price: 100,
      refunded_quantity: 0,
      product: {
        title: 'جهاز 1',
        title_en: 'Appliance 1',
        thumbnail_url: expect.stringContaining('/uploads/'),
      },
    });
  });
});

describe('rating delivered orders', () => {
  it('unrated_only lists delivered orders without a rating', async () => {
    await setStatus(placed[0]!, 'delivered');
    await setStatus(placed[1]!, 'delivered');
    await setStatus(placed[2]!, 'canceled');
    const r = await call(t.app, 'GET', '/v1/users/orders?unrated_only=true', a.headers);
    expect(r.body.orders.map((o: { id: number }) => o.id)).toEqual([placed[1], placed[0]]);
    expect(r.body.meta.total_entries).toBe(2);
  });

  it('each rating is a whole number from 1 to 5', async () => {
    for (const rating of [0, 6, 3.5, '4', null]) {
      const r = await rate(a, [{ id: placed[0], rating }]);
      expect(r.status, String(rating)).toBe(422);
    }
    expect((await rate(a, [])).status).toBe(422);
    expect((await call(t.app, 'PUT', '/v1/users/orders/rate', a.headers, {})).status).toBe(422);
  });

  it('all or nothing: one order that cannot be rated saves none', async () => {
    const notDelivered = placed[5]!;
    const r = await rate(a, [
      { id: placed[0], rating: 5 },
      { id: notDelivered, rating: 4 },
    ]);
    expect(r).toMatchObject({
      status: 422,
      body: { errors: ['Only your delivered orders that are not rated yet can be rated'] },
    });
    const dup = await rate(a, [
      { id: placed[0], rating: 5 },
      { id: placed[0], rating: 4 },
    ]);
    expect(dup.body.errors).toEqual({ ratings: ['Each order can be rated once'] });
    expect(
      (await call(t.app, 'GET', '/v1/users/orders?unrated_only=true', a.headers)).body.orders,
    ).toHaveLength(2);
  });

  it("user B cannot rate user A's order", async () => {
    const r = await rate(b, [{ id: placed[0], rating: 1 }]);
    expect(r.status).toBe(422);
    expect(
      (await call(t.app, 'GET', `/v1/users/orders/${placed[0]}`, a.headers)).body.order.rating,
    ).toBeNull();
  });

  it('rates every listed order once; they leave the unrated list and cannot be rated again', async () => {
    const r = await rate(a, [
      { id: placed[0], rating: 5 },
      { id: placed[1], rating: 2 },
    ]);
    expect(r).toMatchObject({
      status: 200,
      body: {
        ratings: [
          { order_id: placed[0], rating: 5 },
          { order_id: placed[1], rating: 2 },
        ],
      },
    });
    expect((await call(t.app, 'GET', '/v1/users/orders?unrated_only=true', a.headers)).body.orders).toEqual(
      [],
    );
    expect((await call(t.app, 'GET', `/v1/users/orders/${placed[1]}`, a.headers)).body.order.rating).toBe(2);
    expect((await rate(a, [{ id: placed[0], rating: 3 }])).status).toBe(422);
  });

  it('two requests rating the same order at once: one wins', async () => {
    await setStatus(placed[3]!, 'delivered');
    const results = await Promise.all([
      rate(a, [{ id: placed[3], rating: 4 }]),
      rate(a, [{ id: placed[3], rating: 1 }]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});

describe('the dev status route', () => {
  it('moves placed orders only, and refuses unknown statuses', async () => {
    expect((await setStatus(placed[4]!, 'shipped')).status).toBe(422);
    expect((await setStatus(999_999, 'delivered')).status).toBe(404);
    const cart = (await call(t.app, 'GET', '/v1/users/cart', a.headers)).body.order;
    expect((await setStatus(cart.id, 'delivered')).status).toBe(404);
    expect((await setStatus(placed[4]!, 'confirmed')).body).toEqual({
      order: { id: placed[4], status: 'confirmed' },
    });
  });
});

describe('the dev clock', () => {
  it('moves the server clock forward (an expired payment key in a browser test)', async () => {
    const before = Date.parse((await call(t.app, 'GET', '/dev/clock', {})).body.now);
    const r = await call(t.app, 'POST', '/dev/clock', {}, { advance_seconds: 300 });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.now) - before).toBeGreaterThanOrEqual(300_000);
    expect((await call(t.app, 'POST', '/dev/clock', {}, { advance_seconds: -5 })).status).toBe(422);
  });
});

describe('product ratings', () => {
  it('the ratings of the orders holding a product roll up into its stars and count, on its card and its page', async () => {
    const p = await make(300, 20);
    const other = await make(300, 20);
    const buy = async (s: Shopper) => {
      await readyToPay(t.app, s, [
        { productId: p.id, quantity: 1 },
        { productId: other.id, quantity: 1 },
      ]);
      const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      await setStatus(r.body.order.id, 'delivered');
      return r.body.order.id as number;
    };
    const shown = async () =>
      (await call(t.app, 'GET', `/v1/products/${p.id}?locale=en`, {})).body.product.rating;
    expect(await shown()).toBeNull();

    const first = await buy(b);
    expect((await rate(b, [{ id: first, rating: 5 }])).status).toBe(200);
    expect(await shown()).toEqual({ average: 5, count: 1 });

    const c = await addShopper(t.database.db, t.clock.now());
    const second = await buy(c);
    expect((await rate(c, [{ id: second, rating: 2 }])).status).toBe(200);
    expect(await shown()).toEqual({ average: 3.5, count: 2 });
    // Every product of a rated order has the order's rating; the list's cards carry it too.
    const list = await call(t.app, 'GET', `/v1/products?per_page=100&locale=en`, {});
    const cards = list.body.products as { id: number; rating: unknown }[];
    expect(cards.find((x) => x.id === other.id)?.rating).toEqual({ average: 3.5, count: 2 });
    // A refused rating changes nothing.
    expect((await rate(c, [{ id: second, rating: 1 }])).status).toBe(422);
    expect(await shown()).toEqual({ average: 3.5, count: 2 });
  });
});
