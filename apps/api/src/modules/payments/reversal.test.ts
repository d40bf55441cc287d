/**
 * Paymob done completely (issue 47 item 4), through the sandbox gateway, which voids, refunds and answers inquiries
 * as Paymob does: a cancel the same Cairo business day voids a card payment, a later one refunds it, a refusal is
 * never taken for a success, a kiosk payment is left to a refund by hand, the method comes from the gateway's answer,
 * and a session whose callback was lost is settled by the inquiry job.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { domainEvents, orders, payments, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { staffSignIn } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { drainEvents } from '../orders/events.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { inquireLostSessions } from './inquiry.ts';
import { releaseExpiredSessions } from './service.ts';

const sandbox = new SandboxPaymentProvider('sandbox-secret-for-reversals');
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Awaited<ReturnType<typeof staffSignIn>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp({ payments: sandbox });
  // 10:00 in Cairo tomorrow: every test below runs well inside one business day unless it moves on a day.
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Cairo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(t.clock.now())
    .split(':')
    .map(Number);
  t.clock.advance(((24 - h!) * 60 - m!) * MINUTE + 10 * HOUR);
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  await ensureOwner(
    t.database.db,
    { email: 'pay@store.example', password: 'Reversals-owner-47' },
    t.clock.now(),
  );
  owner = await staffSignIn(t.app, 'pay@store.example', 'Reversals-owner-47');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id)).at(-1)!;
const drain = async () => {
  while ((await drainEvents({ ...t.app.ctx, log: quiet })) > 0);
};
/** A back-office call as the owner, signed in again when the clock moved past the staff session. */
async function asOwner(method: 'GET' | 'PUT', url: string, body?: object) {
  const r = await call(t.app, method, url, owner, body);
  if (r.status !== 401) return r;
  owner = await staffSignIn(t.app, 'pay@store.example', 'Reversals-owner-47');
  return call(t.app, method, url, owner, body);
}
const adminOrder = async (id: number) =>
  (await asOwner('GET', `/v1/admin/orders/${id}?locale=en`)).body.order as {
    status: string;
    payments: {
      status: string;
      method: string | null;
      method_name: string | null;
      refunded: number;
      gateway_error: string | null;
    }[];
  };
const cancel = (id: number) => asOwner('PUT', `/v1/admin/orders/${id}/status`, { status: 'canceled' });

type Source = { type: string; sub_type: string; pan: string };

/** A shopper's online session for 2 of a fresh 1,000 EGP product (Giza: 60 EGP delivery): 2,060 EGP. */
async function session(stock = 5) {
  const s = await addShopper(db(), t.clock.now());
  const product = await make(1000, stock);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 2 }]);
  const r = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
    payment_method: 'online',
  });
  expect(r.status).toBe(200);
  return { s, product, orderId };
}

/** The sandbox gateway processes the payer's payment; `deliver` false loses its callback on the way. */
async function pay(orderId: number, source?: Source, deliver = true) {
  const p = await paymentOf(orderId);
  const tx = sandbox.transaction({
    providerOrderId: p.providerReference!,
    merchantReference: `o${p.orderId}-p${p.id}-sbx`,
    amountPiastres: p.amountPiastres,
    currency: p.currency,
    approved: true,
    now: t.clock.now(),
    source,
  });
  if (!deliver) return tx;
  const r = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
    payload: tx.body,
  });
  expect(r.json().result).toBe('paid');
  return tx;
}

describe('money back through the gateway when a paid order is cancelled', () => {
  it('a card payment cancelled the same business day is voided: nothing refunded, staff see voided', async () => {
    const { orderId } = await session();
    const tx = await pay(orderId);
    t.clock.advance(3 * HOUR);
    expect((await cancel(orderId)).status).toBe(200);
    expect((await paymentOf(orderId)).status).toBe('refund_required');
    await drain();
    expect(sandbox.voids.at(-1)?.transactionId).toBe(String(tx.body.obj.id));
    expect(sandbox.refunds.some((r) => r.transactionId === String(tx.body.obj.id))).toBe(false);
    const o = await adminOrder(orderId);
    expect(o.status).toBe('canceled');
    expect(o.payments).toEqual([
      expect.objectContaining({
        status: 'voided',
        method: 'card',
        method_name: 'MasterCard',
        refunded: 2060,
        gateway_error: null,
      }),
    ]);
  });

  it('a cancel on a later business day refunds the whole payment instead', async () => {
    const { orderId } = await session();
    const tx = await pay(orderId);
    t.clock.advance(24 * HOUR);
    await cancel(orderId);
    await drain();
    expect(sandbox.refunds.at(-1)).toMatchObject({
      transactionId: String(tx.body.obj.id),
      amountPiastres: 206_000,
    });
    expect((await adminOrder(orderId)).payments[0]).toMatchObject({ status: 'refunded', refunded: 2060 });
  });

  it("a refusal is never taken for a success: the payment stays to refund with the gateway's words, and the outbox tries again", async () => {
    const { orderId } = await session();
    await pay(orderId);
    t.clock.advance(24 * HOUR);
    sandbox.refuseNext = { call: 'refund', words: 'Refund is not allowed for this transaction yet' };
    await cancel(orderId);
    await drain();
    expect((await adminOrder(orderId)).payments[0]).toMatchObject({
      status: 'refund_required',
      refunded: 0,
      gateway_error: 'Refund is not allowed for this transaction yet',
    });
    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.orderId, orderId))
      .orderBy(domainEvents.id)
      .then((rows) => rows.filter((r) => r.type === 'payment.reversal_due'));
    expect(event).toMatchObject({ processedAt: null });
    expect(event!.lastError).toContain('Refund is not allowed');
    // The retry (30 s later) goes through.
    t.clock.advance(MINUTE);
    await drain();
    expect((await adminOrder(orderId)).payments[0]).toMatchObject({
      status: 'refunded',
      refunded: 2060,
      gateway_error: null,
    });
  });

  it('a kiosk payment (Aman, Masary) is left to a refund by hand: the gateway is not asked, staff are told', async () => {
    const { orderId } = await session();
    const before = sandbox.refunds.length + sandbox.voids.length;
    await pay(orderId, { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' });
    await cancel(orderId);
    await drain();
    expect(sandbox.refunds.length + sandbox.voids.length).toBe(before);
    expect((await adminOrder(orderId)).payments[0]).toMatchObject({
      status: 'refund_required',
      method: 'kiosk',
      method_name: 'Aman / Masary',
    });
    const types = (
      await db()
        .select({ type: domainEvents.type })
        .from(domainEvents)
        .where(eq(domainEvents.orderId, orderId))
    ).map((e) => e.type);
    expect(types).toContain('refund.required');
    expect(types).not.toContain('payment.reversal_due');
  });
});

describe("the payment's method, from the gateway's answer", () => {
  it('a wallet and a BNPL payment are recorded by kind and name, and staff filter the orders by it', async () => {
    const a = await session();
    await pay(a.orderId, { type: 'wallet', sub_type: 'wallet', pan: '01010101010' });
    const b = await session();
    await pay(b.orderId, { type: 'valu', sub_type: 'valu', pan: '' });
    expect((await adminOrder(a.orderId)).payments[0]).toMatchObject({
      method: 'wallet',
      method_name: 'wallet',
    });
    expect((await adminOrder(b.orderId)).payments[0]).toMatchObject({ method: 'bnpl', method_name: 'ValU' });
    const list = await asOwner('GET', '/v1/admin/orders?paid_with=bnpl&per_page=100');
    expect(list.status).toBe(200);
    const rows = list.body.orders as { id: number; paid_with: string; paid_with_name: string }[];
    expect(rows.find((r) => r.id === b.orderId)).toMatchObject({ paid_with: 'bnpl', paid_with_name: 'ValU' });
    expect(rows.some((r) => r.id === a.orderId)).toBe(false);
    expect(rows.every((r) => r.paid_with === 'bnpl')).toBe(true);
    const bad = await asOwner('GET', '/v1/admin/orders?paid_with=cheque');
    expect(bad.status).toBe(422);
  });
});

describe('a session whose callback was lost', () => {
  /** The key runs out, the job gives the stock back, and the inquiry job's wait after expiry passes. */
  async function expire() {
    t.clock.advance(6 * MINUTE);
    await releaseExpiredSessions(db(), t.clock.now());
    t.clock.advance(3 * MINUTE);
  }
  const inquire = () => inquireLostSessions({ db: db(), provider: sandbox, now: t.clock.now(), log: quiet });

  it('is asked about, and a paid one becomes the order', async () => {
    const { orderId } = await session();
    await pay(orderId, undefined, false);
    await expire();
    expect((await paymentOf(orderId)).status).toBe('expired');
    const settled = await inquire();
    expect(settled).toContainEqual({ paymentId: (await paymentOf(orderId)).id, result: 'paid' });
    const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).toBe('pending');
    expect(await paymentOf(orderId)).toMatchObject({ status: 'succeeded', method: 'card' });
    // Asked once: the next run leaves it alone.
    expect((await inquire()).some((s) => s.paymentId === o!.id)).toBe(false);
  });

  it('a paid one whose stock is gone gives the money back (voided the same day)', async () => {
    const { orderId, product } = await session(2);
    const tx = await pay(orderId, undefined, false);
    await expire();
    // Someone else bought the two units the session held.
    await db().update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await inquire();
    expect((await paymentOf(orderId)).status).toBe('refund_required');
    await drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'voided', refundedPiastres: 206_000 });
    expect(sandbox.voids.at(-1)?.transactionId).toBe(String(tx.body.obj.id));
  });

  it('a session never paid is asked about and stays expired; a payment that came by callback is not asked about', async () => {
    const unpaid = await session();
    const paid = await session();
    await pay(paid.orderId);
    await expire();
    const settled = await inquire();
    expect(settled.map((s) => s.paymentId)).not.toContain((await paymentOf(unpaid.orderId)).id);
    expect(await paymentOf(unpaid.orderId)).toMatchObject({ status: 'expired' });
    expect((await paymentOf(unpaid.orderId)).inquiredAt).not.toBeNull();
    expect((await paymentOf(paid.orderId)).inquiredAt).toBeNull();
  });
});
