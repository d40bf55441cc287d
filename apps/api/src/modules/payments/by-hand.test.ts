/**
 * A refund by hand marked done (issue 47 item 4): kiosk money (Aman, Masary), which Paymob cannot give back, is
 * handed back by the shop; an owner then says so on the order and the payment moves refund_required → refunded,
 * audited. A clerk cannot, a payment the gateway is still giving back cannot, and nothing is marked twice.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { auditLog, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { drainEvents } from '../orders/events.ts';

const sandbox = new SandboxPaymentProvider('sandbox-secret-for-refunds-by-hand');
const quiet = { info() {}, warn() {}, error() {} };
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let staff: { owner: StaffAuth; clerk: StaffAuth };

beforeAll(async () => {
  t = await createTestApp({ payments: sandbox });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  staff = await ownerCatalogClerk(t, 'Refunds-by-hand-47');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const drain = async () => {
  while ((await drainEvents({ ...t.app.ctx, log: quiet })) > 0);
};

/** A paid online order (2 × 1,000 EGP + 60 EGP delivery), paid at a kiosk or by card, then cancelled by staff. */
async function paidAndCancelled(kind: 'kiosk' | 'card') {
  const s = await addShopper(db(), t.clock.now());
  const product = await make(1000, 5);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 2 }]);
  expect(
    (await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, { payment_method: 'online' }))
      .status,
  ).toBe(200);
  const p = await paymentOf(orderId);
  const tx = sandbox.transaction({
    providerOrderId: p.providerReference!,
    merchantReference: `o${p.orderId}-p${p.id}-sbx`,
    amountPiastres: p.amountPiastres,
    currency: p.currency,
    approved: true,
    now: t.clock.now(),
    source: kind === 'kiosk' ? { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' } : undefined,
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
    payload: tx.body,
  });
  expect(paid.json().result).toBe('paid');
  const canceled = await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, staff.owner, {
    status: 'canceled',
  });
  expect(canceled.status).toBe(200);
  return { orderId, paymentId: p.id };
}

const markDone = (who: StaffAuth, orderId: number, paymentId: number) =>
  call(t.app, 'POST', `/v1/admin/orders/${orderId}/payments/${paymentId}/refunded?locale=en`, who);

describe('an owner marks a refund by hand as done', () => {
  it('kiosk money handed back: the payment becomes refunded, staff see it on the order, and it is audited', async () => {
    const { orderId, paymentId } = await paidAndCancelled('kiosk');
    await drain();
    expect((await paymentOf(orderId)).status).toBe('refund_required');

    const r = await markDone(staff.owner, orderId, paymentId);
    expect(r.status).toBe(200);
    expect(r.body.payment).toEqual({ id: paymentId, status: 'refunded' });

    const order = await call(t.app, 'GET', `/v1/admin/orders/${orderId}?locale=en`, staff.owner);
    expect(order.body.order.refund_required).toBe(false);
    expect(order.body.order.payments[0]).toMatchObject({
      id: paymentId,
      status: 'refunded',
      method: 'kiosk',
      refunded: 2060,
    });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refunded_by_hand'), eq(auditLog.targetId, String(orderId))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toMatchObject({ payment_id: paymentId, amount_piastres: 206000 });

    // Said once: a second click changes nothing.
    const again = await markDone(staff.owner, orderId, paymentId);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['This payment is not waiting for its money to go back']);
  });

  it('no one signed out or a clerk can mark it, and another order’s payment is not found: it stays refund required', async () => {
    const { orderId, paymentId } = await paidAndCancelled('kiosk');
    await drain();
    expect((await markDone({} as StaffAuth, orderId, paymentId)).status).toBe(401);
    expect((await markDone(staff.clerk, orderId, paymentId)).status).toBe(403);
    expect((await markDone(staff.owner, orderId + 1000, paymentId)).status).toBe(404);
    expect((await paymentOf(orderId)).status).toBe('refund_required');
  });

  it('a card payment the gateway is still giving back cannot be marked by hand (no money back twice)', async () => {
    const { orderId, paymentId } = await paidAndCancelled('card');
    // The outbox has not voided it yet.
    const r = await markDone(staff.owner, orderId, paymentId);
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual([
      'The payment gateway is still giving this money back; wait for its answer',
    ]);
    expect((await paymentOf(orderId)).status).toBe('refund_required');
    await drain();
    expect((await paymentOf(orderId)).status).toBe('voided');
  });
});
