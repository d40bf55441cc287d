/**
 * A shopper cancels their own order (QA: only staff could): while it is pending (placed, not confirmed by the shop)
 * POST /v1/users/orders/{id}/cancel makes the staff cancel's move, so the same things happen: the stock comes back,
 * the discount code's use is given back, money paid online goes back as a staff cancel sends it (marked for a refund,
 * then voided or refunded through the gateway by the outbox), the shopper's SMS, and the history names the shopper. Another user's order is 404; confirmed and later, or already cancelled, 422 in the request's language;
 * two cancels at once: one wins.
 */
import { apiMessage, HOTLINE } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsSender } from '../../adapters/sms.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import {
  discountCodes,
  orderHistory,
  orders,
  domainEvents,
  payments,
  products,
  stockMovements,
  users,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addDiscountCode } from '../../test/discounts.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import {
  addShopper,
  addZones,
  call,
  payThroughSandbox,
  productMaker,
  readyToPay,
  type Shopper,
} from '../../test/shoppers.ts';
import { drainEvents } from './events.ts';

const sent: SmsMessage[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    sent.push(m);
  },
};
const gateway = new SandboxPaymentProvider('shopper-cancel-secret');
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: StaffAuth;

beforeAll(async () => {
  t = await createTestApp({ sms, payments: gateway });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ owner } = await ownerCatalogClerk(t, 'Cancel-desk-2026'));
});
afterAll(() => t?.close());

const db = () => t.database.db;
const stockOf = async (id: number) =>
  (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const cancel = (s: Shopper, id: number, locale: 'ar' | 'en' = 'en') =>
  call(t.app, 'POST', `/v1/users/orders/${id}/cancel?locale=${locale}`, s.headers);
const setStatus = (id: number, status: string) =>
  call(t.app, 'POST', `/dev/orders/${id}/status`, {}, { status });
const drain = async () => {
  while ((await drainEvents({ ...t.app.ctx, log: { error() {} } })) > 0);
};

/** A new shopper's cash order of `quantity` units of a fresh product (stock 10, 1,000 EGP). */
async function placed(quantity = 2, locale: 'ar' | 'en' = 'ar', code?: string) {
  const s = await addShopper(db(), t.clock.now());
  await db().update(users).set({ locale }).where(eq(users.id, s.id));
  const product = await make(1000, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity }]);
  if (code) {
    const r = await call(t.app, 'PUT', '/v1/users/cart/discount_code', s.headers, { code });
    if (r.status !== 200) throw new Error(`code: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(`checkout: ${r.status} ${JSON.stringify(r.body)}`);
  return { s, product, orderId };
}

/** A new shopper's order of one 500 EGP unit paid online through the sandbox gateway (pending, waiting for staff). */
async function paidOnline() {
  const s = await addShopper(db(), t.clock.now());
  const product = await make(500, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 1 }]);
  return {
    s,
    product,
    orderId,
    transactionId: await payThroughSandbox(t.app, gateway, s, orderId, t.clock.now()),
  };
}

describe('a shopper cancels their own pending order', () => {
  it('pending → canceled: the stock comes back, the history names the shopper, the SMS says so', async () => {
    const { s, product, orderId } = await placed(3, 'en');
    expect(await stockOf(product.id)).toBe(7);
    await drain();
    sent.length = 0;
    const r = await cancel(s, orderId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.order).toMatchObject({ id: orderId, status: 'canceled' });
    expect(await stockOf(product.id)).toBe(10);
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(asc(stockMovements.id));
    expect(moves.map((m) => [m.reason, m.delta, m.stockAfter, m.orderId, m.staffId])).toEqual([
      ['order', -3, 7, orderId, null],
      ['cancel', 3, 10, orderId, null],
    ]);
    const history = await db()
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'canceled',
      actorType: 'shopper',
      actorId: s.id,
    });
    // The back office reads who did it.
    const detail = await call(t.app, 'GET', `/v1/admin/orders/${orderId}?locale=en`, owner);
    expect(detail.body.order.history.at(-1)).toMatchObject({
      to: 'canceled',
      actor: 'shopper',
      actor_name: 'Mona Hassan',
    });
    // The shopper's order page and list say it too.
    const mine = await call(t.app, 'GET', `/v1/users/orders/${orderId}`, s.headers);
    expect(mine.body.order.status).toBe('canceled');
    await drain();
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(sent.filter((m) => m.to === s.phone).map((m) => m.text)).toEqual([
      apiMessage('sms_order_canceled', 'en', { n: String(row!.orderNumber) }),
    ]);
  });

  it("gives the discount code's use back, as a staff cancel does", async () => {
    const c = await addDiscountCode(t.app, owner, {
      code: 'CANCEL-ME',
      kind: 'amount',
      value: 50,
      max_uses: 1,
    });
    const usesOf = async () =>
      (await db().select().from(discountCodes).where(eq(discountCodes.id, c.id)))[0]!.uses;
    const { s, orderId } = await placed(1, 'ar', c.code);
    expect(await usesOf()).toBe(1);
    expect((await cancel(s, orderId)).status).toBe(200);
    expect(await usesOf()).toBe(0);
  });

  it("another shopper's order is 404 and stays as it was", async () => {
    const { product, orderId } = await placed(2);
    const other = await addShopper(db(), t.clock.now());
    for (const locale of ['en', 'ar'] as const) {
      const r = await cancel(other, orderId, locale);
      expect(r.status).toBe(404);
      expect(r.body.errors).toEqual([apiMessage('order_not_found', locale)]);
    }
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
    expect(await stockOf(product.id)).toBe(8);
    // Signed out: 401.
    expect((await call(t.app, 'POST', `/v1/users/orders/${orderId}/cancel`, {})).status).toBe(401);
  });

  it('once the shop confirmed it (or later), 422 in the request language: call the hotline; nothing changes', async () => {
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered']) {
      const { s, product, orderId } = await placed(2);
      expect((await setStatus(orderId, status)).status).toBe(200);
      const en = await cancel(s, orderId, 'en');
      expect(en.status, status).toBe(422);
      expect(en.body.errors).toEqual([`This order can no longer be cancelled here; call us on ${HOTLINE}`]);
      const ar = await cancel(s, orderId, 'ar');
      expect(ar.status).toBe(422);
      expect(ar.body.errors).toEqual([apiMessage('order_not_cancelable', 'ar')]);
      expect(ar.body.errors[0]).toContain(HOTLINE);
      const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(row!.status).toBe(status);
      expect(await stockOf(product.id)).toBe(8);
    }
  });

  it('a cancel asked again is 422 (already cancelled); two at once: one wins, the stock comes back once', async () => {
    const { s, product, orderId } = await placed(2);
    expect((await cancel(s, orderId)).status).toBe(200);
    const again = await cancel(s, orderId);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([apiMessage('order_already_canceled', 'en')]);

    const second = await placed(2);
    const both = await Promise.all([cancel(second.s, second.orderId), cancel(second.s, second.orderId)]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    expect([409, 422]).toContain(both.find((r) => r.status !== 200)!.status);
    expect(await stockOf(second.product.id)).toBe(10);
    const history = await db()
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, second.orderId), eq(orderHistory.toStatus, 'canceled')));
    expect(history).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe('a pending order paid online', () => {
  it('gets its money back as a staff cancel sends it: marked for a refund, then reversed by the outbox', async () => {
    const { s, product, orderId, transactionId } = await paidOnline();
    expect(await stockOf(product.id)).toBe(9);
    const r = await cancel(s, orderId, 'ar');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.order.status).toBe('canceled');
    expect(await stockOf(product.id)).toBe(10);
    const [p] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(p!.status).toBe('refund_required');
    // A card payment goes back through the gateway from the outbox (a kiosk payment would be a refund by hand,
    // with the staff's alert), as for a staff cancel.
    const events = await db().select().from(domainEvents).where(eq(domainEvents.orderId, orderId));
    expect(events.map((e) => e.type)).toContain('payment.reversal_due');
    // The back office lists it among the refunds to do until the outbox gives the money back.
    const detail = await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, owner);
    expect(detail.body.order.refund_required).toBe(true);
    await drain();
    // Through the gateway: voided the same Cairo business day, else refunded (payments/reversal.test.ts).
    const [after] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(['voided', 'refunded']).toContain(after!.status);
    const reversed = [...gateway.voids, ...gateway.refunds].map((v) => v.transactionId);
    expect(reversed).toContain(transactionId);
  });
});
