/**
 * A refund in money (issue 43 item 8): the order's answer says how much came back (refunded_amount, EGP), the
 * shopper gets an SMS in their language with the amount, through the outbox, and the dashboard's sales are net of
 * refunds. Also: a delivered order is rated from its own page's answer (item 4).
 */
import { apiMessage } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsSender } from '../../adapters/sms.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { staffSignIn } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { drainEvents } from './events.ts';

const sent: SmsMessage[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    sent.push(m);
  },
};
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Awaited<ReturnType<typeof staffSignIn>>;

beforeAll(async () => {
  t = await createTestApp({ sms });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  await ensureOwner(t.database.db, { email: 'r@store.example', password: 'Refunds-owner-61' }, t.clock.now());
  owner = await staffSignIn(t.app, 'r@store.example', 'Refunds-owner-61');
});
afterAll(() => t?.close());

/** A delivered cash order: two units at 1,000 EGP and one at 250 EGP, Giza (60 EGP shipping): 2,310 EGP. */
async function delivered(locale: 'ar' | 'en') {
  const s = await addShopper(t.database.db, t.clock.now());
  await t.database.db.update(users).set({ locale }).where(eq(users.id, s.id));
  const a = await make(1000, 10);
  const b = await make(250, 10);
  await readyToPay(t.app, s, [
    { productId: a.id, quantity: 2 },
    { productId: b.id, quantity: 1 },
  ]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const id = r.body.order.id as number;
  await call(t.app, 'POST', `/dev/orders/${id}/status`, {}, { status: 'delivered' });
  const lines = r.body.order.order_products as { id: number; product: { id: number } }[];
  return {
    s,
    id,
    number: r.body.order.order_number as number,
    lineA: lines.find((l) => l.product.id === a.id)!.id,
    lineB: lines.find((l) => l.product.id === b.id)!.id,
  };
}
const refund = (id: number, lines: { order_product_id: number; quantity: number }[]) =>
  call(t.app, 'POST', `/v1/admin/orders/${id}/refunds?locale=en`, owner, { lines, restock: true });
const drain = async () => {
  const ctx = { ...t.app.ctx, log: { error() {} } };
  while ((await drainEvents(ctx)) > 0);
};
const textsTo = (s: Shopper) => sent.filter((m) => m.to === s.phone).map((m) => m.text);

describe('a partial refund', () => {
  it("shows on the shopper's order in money: what came back, beside the total", async () => {
    const o = await delivered('ar');
    const before = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=ar`, o.s.headers);
    expect(before.body.order).toMatchObject({ checkout_total_price: 2310, refunded_amount: 0 });
    expect((await refund(o.id, [{ order_product_id: o.lineA, quantity: 1 }])).status).toBe(200);
    const after = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=ar`, o.s.headers);
    expect(after.body.order).toMatchObject({
      status: 'partially_refunded',
      checkout_total_price: 2310,
      refunded_amount: 1000,
    });
    // A second refund adds up; the list and the back office say the same.
    expect((await refund(o.id, [{ order_product_id: o.lineB, quantity: 1 }])).status).toBe(200);
    const list = await call(t.app, 'GET', '/v1/users/orders', o.s.headers);
    expect(list.body.orders[0]).toMatchObject({ id: o.id, refunded_amount: 1250 });
    const staffView = await call(t.app, 'GET', `/v1/admin/orders/${o.id}`, owner);
    expect(staffView.body.order.refunded_amount).toBe(1250);
  });

  it('sends the shopper an SMS in their language with the amount and what they paid in the end', async () => {
    const ar = await delivered('ar');
    const en = await delivered('en');
    await drain();
    sent.length = 0;
    await refund(ar.id, [{ order_product_id: ar.lineA, quantity: 1 }]);
    await refund(en.id, [{ order_product_id: en.lineB, quantity: 1 }]);
    // Nothing goes out inside the refund's transaction: the outbox sends it.
    expect(sent).toEqual([]);
    await drain();
    expect(textsTo(ar.s)).toEqual([
      apiMessage('sms_order_refunded', 'ar', { n: String(ar.number), amount: '1,000', paid: '1,310' }),
    ]);
    expect(textsTo(en.s)).toEqual([
      apiMessage('sms_order_refunded', 'en', { n: String(en.number), amount: '250', paid: '2,060' }),
    ]);
    expect(textsTo(en.s)[0]).toBe(
      `We refunded 250 EGP of your order #${en.number}. What you paid for it is now 2,060 EGP.`,
    );
    expect(sent.every((m) => m.kind === 'order')).toBe(true);
  });

  it("takes the refund off the dashboard's sales, today and this month", async () => {
    const o = await delivered('en');
    const figures = async () => (await call(t.app, 'GET', '/v1/admin/dashboard?locale=en', owner)).body;
    const before = await figures();
    expect((await refund(o.id, [{ order_product_id: o.lineA, quantity: 2 }])).status).toBe(200);
    const after = await figures();
    expect(after.today.sales).toBe(before.today.sales - 2000);
    expect(after.month.sales).toBe(before.month.sales - 2000);
    expect(after.daily.at(-1).sales).toBe(before.daily.at(-1).sales - 2000);
    // Still an order of the day.
    expect(after.today.orders).toBe(before.today.orders);
  });
});

describe('rating from the order page', () => {
  it('a delivered order says it can be rated; rated from its page, it shows the rating and cannot be rated again', async () => {
    const o = await delivered('en');
    const page = async () =>
      (await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=en`, o.s.headers)).body.order;
    expect(await page()).toMatchObject({ status: 'delivered', rating: null, rateable: true });
    const r = await call(t.app, 'PUT', '/v1/users/orders/rate?locale=en', o.s.headers, {
      ratings: [{ id: o.id, rating: 4 }],
    });
    expect(r.status).toBe(200);
    expect(await page()).toMatchObject({ rating: 4, rateable: false });
    // The checkout's gate no longer waits for it.
    const unrated = await call(t.app, 'GET', '/v1/users/orders?unrated_only=true', o.s.headers);
    expect(unrated.body.orders).toEqual([]);
    const again = await call(t.app, 'PUT', '/v1/users/orders/rate?locale=en', o.s.headers, {
      ratings: [{ id: o.id, rating: 1 }],
    });
    expect(again.status).toBe(422);
    expect((await page()).rating).toBe(4);
  });

  it('an order that is not delivered is not rateable', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, [{ productId: (await make(100, 5)).id, quantity: 1 }]);
    const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
    expect(r.body.order).toMatchObject({ status: 'pending', rateable: false });
  });
});
