/**
 * Order numbers (issue 43 item 11): shoppers and staff read a number given when the order is placed (cash, card on
 * delivery, installments, and online once paid), one after the other with no gap, whatever carts and online
 * attempts that expired or were declined did to the internal ids (#6 then #10 before). The id stays the order's
 * address in URLs and calls.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { staffSignIn } from '../../test/staff.ts';
import {
  addBanks,
  addShopper,
  addZones,
  call,
  productMaker,
  putInCart,
  readyToPay,
  VALID_NATIONAL_ID,
  type Shopper,
} from '../../test/shoppers.ts';
import { releaseExpiredSessions } from '../payments/service.ts';
import { takeOrderNumber } from './core.ts';

const sandbox = new SandboxPaymentProvider('order-numbers-secret');
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let planId: number;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ payments: sandbox, publicUrl: 'https://store.example' });
  await addZones(t.database.db);
  const banks = await addBanks(t.database.db);
  planId = banks.plans[0]!.id;
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(() => t?.close());

/** A shopper at the payment step with one unit of a fresh product. */
async function atPayment(priceEgp = 1000) {
  const s = await addShopper(t.database.db, t.clock.now(), { nationalId: VALID_NATIONAL_ID });
  const product = await make(priceEgp, 20);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 1 }]);
  return { s, product, orderId };
}
const place = async (s: Shopper, body: Record<string, unknown>) => {
  const r = await call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, body);
  if (r.status !== 200) throw new Error(`checkout: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.order as { id: number; order_number: number };
};
const startOnline = async (s: Shopper) => {
  const r = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
    payment_method: 'online',
  });
  if (r.status !== 200) throw new Error(`session: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { payment_key: string; order_id: number };
};
/** The shopper decides on the sandbox gateway's page (its callback runs through the full stack). */
const decide = async (key: string, decision: 'approve' | 'decline') => {
  const r = await t.app.inject({
    method: 'POST',
    url: '/v1/payments/sandbox/checkout',
    payload: { key, decision },
  });
  if (r.statusCode !== 303) throw new Error(`sandbox page: ${r.statusCode}`);
};
const numberOf = async (id: number) =>
  (await t.database.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, id)))[0]!.n;
const lastNumber = async () =>
  (
    await t.database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(isNotNull(orders.orderNumber))
      .orderBy(orders.orderNumber)
  ).at(-1)?.n ?? 0;

describe('order numbers', () => {
  it('are given at placement, one after the other, across a declined and an expired online attempt', async () => {
    const start = await lastNumber();
    // 1. Cash.
    const cash = await atPayment();
    const first = await place(cash.s, { payment_method: 'cash' });
    expect(first.order_number).toBe(start + 1);

    // 2. An online attempt declined: the order goes back to the cart (ids were used by the new cart), no number.
    const declined = await atPayment();
    const k1 = await startOnline(declined.s);
    expect(await numberOf(declined.orderId)).toBeNull();
    await decide(k1.payment_key, 'decline');
    const back = (await call(t.app, 'GET', '/v1/users/cart', declined.s.headers)).body.order;
    expect(back.count).toBe(1);

    // 3. An online attempt that expired while the shopper filled a newer cart: the held order is given up
    // ('abandoned', an id used for nothing), no number.
    const expired = await atPayment();
    await startOnline(expired.s);
    await putInCart(t.app, expired.s, (await make(300, 5)).id, 1);
    t.clock.advance(6 * MINUTE);
    await releaseExpiredSessions(t.database.db, t.clock.now(), { userId: expired.s.id });
    const [given] = await t.database.db.select().from(orders).where(eq(orders.id, expired.orderId));
    expect(given).toMatchObject({ status: 'abandoned', orderNumber: null });

    // 4. Card on delivery, 5. installments, 6. online paid: the next numbers, while the ids skipped.
    const card = await atPayment();
    const second = await place(card.s, { payment_method: 'visa_on_delivery' });
    const inst = await atPayment(5000);
    const third = await place(inst.s, {
      payment_method: 'visa_on_delivery_installments',
      bank_installment_id: planId,
    });
    const online = await atPayment();
    const k2 = await startOnline(online.s);
    expect(await numberOf(online.orderId)).toBeNull();
    await decide(k2.payment_key, 'approve');
    // The declined shopper pays cash for the cart they got back.
    const later = await place(declined.s, { payment_method: 'cash' });

    const ids = [first.id, second.id, third.id, online.orderId, later.id];
    const numbers: (number | null)[] = [first.order_number, second.order_number, third.order_number];
    numbers.push(await numberOf(online.orderId), later.order_number);
    expect(numbers).toEqual([start + 1, start + 2, start + 3, start + 4, start + 5]);
    // The internal ids did skip (carts, held and given-up attempts took ids between them).
    expect(Math.max(...ids) - Math.min(...ids)).toBeGreaterThan(ids.length - 1);

    // The shopper reads it in the order's answers; the URL keeps the id.
    const mine = await call(t.app, 'GET', `/v1/users/orders/${online.orderId}?locale=en`, online.s.headers);
    expect(mine.body.order).toMatchObject({ id: online.orderId, order_number: start + 4, status: 'pending' });
    const list = await call(t.app, 'GET', '/v1/users/orders?locale=en', declined.s.headers);
    expect(list.body.orders.map((o: { order_number: number }) => o.order_number)).toEqual([start + 5]);
    // A cart has none.
    const cart = (await call(t.app, 'GET', '/v1/users/cart', declined.s.headers)).body.order;
    const asOrder = await call(t.app, 'GET', `/v1/users/orders/${cart.id}`, declined.s.headers);
    expect(asOrder.body.order).toMatchObject({ status: 'cart', order_number: null });
  });

  it('staff find an order by its number (#n or n), and the list and the order show it', async () => {
    await ensureOwner(
      t.database.db,
      { email: 'n@store.example', password: 'Numbers-owner-88' },
      t.clock.now(),
    );
    const owner = await staffSignIn(t.app, 'n@store.example', 'Numbers-owner-88');
    const { s } = await atPayment();
    const o = await place(s, { payment_method: 'cash' });
    expect(o.order_number).not.toBe(o.id);
    for (const query of [`%23${o.order_number}`, String(o.order_number)]) {
      const found = await call(t.app, 'GET', `/v1/admin/orders?query=${query}`, owner);
      expect(
        found.body.orders.map((r: { id: number; order_number: number }) => [r.id, r.order_number]),
      ).toEqual([[o.id, o.order_number]]);
    }
    // The internal id is not an order number staff search by (unless it is also one).
    const byId = await call(t.app, 'GET', `/v1/admin/orders?query=${o.id}`, owner);
    expect(byId.body.orders.map((r: { id: number }) => r.id)).not.toContain(o.id);
    const detail = await call(t.app, 'GET', `/v1/admin/orders/${o.id}?locale=en`, owner);
    expect(detail.body.order).toMatchObject({ id: o.id, order_number: o.order_number });
  });

  it('the sandbox payment page names the order as the shopper reads it, never by its internal id', async () => {
    // Ids run ahead of numbers (carts, held attempts): the id would read as another order's number.
    const { s, orderId } = await atPayment();
    const { payment_key } = await startOnline(s);
    expect(orderId).toBeGreaterThan(await lastNumber());
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/sandbox/checkout?key=${payment_key}`,
    });
    expect(page.statusCode).toBe(200);
    // Not placed yet, so no number yet (it comes once paid): "your order", as the storefront says.
    expect(page.body).toContain('Sandbox payment — your order');
    expect(page.body).toContain('دفع تجريبي — طلبك');
    expect(page.body).not.toContain(`#${orderId}`);
    expect(page.body).not.toContain(`طلب رقم ${orderId}`);
    await decide(payment_key, 'approve');
    const mine = await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=en`, s.headers);
    expect(mine.body.order.order_number).toBe(await numberOf(orderId));
  });

  it('a placement that fails gives its number back: the next order takes it', async () => {
    const before = await lastNumber();
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await takeOrderNumber(tx)).toBe(before + 1);
        throw new Error('the placement failed after taking its number');
      }),
    ).rejects.toThrow('failed after');
    const { s } = await atPayment();
    expect((await place(s, { payment_method: 'cash' })).order_number).toBe(before + 1);
  });

  it('orders placed at the same moment get distinct, consecutive numbers', async () => {
    const before = await lastNumber();
    const ready = [];
    for (let i = 0; i < 6; i++) ready.push(await atPayment(200 + i));
    const placed = await Promise.all(ready.map(({ s }) => place(s, { payment_method: 'cash' })));
    const got = placed.map((o) => o.order_number).sort((a, b) => a - b);
    expect(got).toEqual([1, 2, 3, 4, 5, 6].map((k) => before + k));
  });
});
