/**
 * The order attacks of issue 42 (finding 5), replayed as a staff member made them (on PGlite, and on PostgreSQL in
 * CI): PUT …/status marked an order refunded or partially refunded with no money or stock back, and the real refund
 * was then refused (409). Only a refund sets those statuses now, and a refund stays possible while units remain.
 */
import { apiMessage, REFUND_STATUSES } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, orderHistory, orderProducts, orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';

const PASSWORD = 'Counter-desk-1952';
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let clerk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ clerk } = await ownerCatalogClerk(t, PASSWORD));
});
afterAll(() => t?.close());

/** A cash order of `quantity` units of a fresh product (stock 10, 1,000 EGP), run to the door by the clerk. */
async function delivered(quantity: number) {
  const s = await addShopper(t.database.db, t.clock.now());
  const product = await make(1000, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity }]);
  const placed = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (placed.status !== 200) throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
  for (const status of ['confirmed', 'processing', 'delivering', 'delivered']) {
    const r = await move(orderId, status);
    if (r.status !== 200) throw new Error(`${status}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const [line] = await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId));
  return { orderId, productId: product.id, lineId: line!.id };
}

const move = (id: number, status: string, locale = 'en') =>
  call(t.app, 'PUT', `/v1/admin/orders/${id}/status?locale=${locale}`, clerk, { status });
const refund = (id: number, lineId: number, quantity: number) =>
  call(t.app, 'POST', `/v1/admin/orders/${id}/refunds?locale=en`, clerk, {
    lines: [{ order_product_id: lineId, quantity }],
    restock: true,
  });

/** What a refund changes: the status, the units refunded, the stock, the history and the refunds recorded. */
async function state(orderId: number, productId: number) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId));
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const history = await db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
  const refunds = await db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.orderId, orderId), eq(domainEvents.type, 'refund.made')))
    .orderBy(asc(domainEvents.id));
  return {
    status: order!.status,
    refunded: lines.map((l) => l.refundedQuantity),
    stock: product!.stock,
    history: history.map((h) => `${h.fromStatus}→${h.toStatus}`),
    refunds: refunds.map((e) => (e.payload as { amount_piastres: number }).amount_piastres),
  };
}

describe('refunded is reached only through a refund', () => {
  it('marking a delivered order refunded or partially refunded by its status is refused in the staff member’s language, and nothing changes', async () => {
    const { orderId, productId } = await delivered(2);
    const before = await state(orderId, productId);
    expect(before).toMatchObject({ status: 'delivered', refunded: [0], stock: 8, refunds: [] });
    for (const status of REFUND_STATUSES)
      for (const locale of ['ar', 'en'] as const) {
        const r = await move(orderId, status, locale);
        expect(r.status, `${status} ${locale}`).toBe(422);
        expect(r.body.errors).toEqual({ status: [apiMessage('order_status_refund_only', locale)] });
      }
    expect(await state(orderId, productId)).toEqual(before);
    // The order page offers the refund, never these statuses as a move.
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    expect(detail).toMatchObject({ refundable: true, next_statuses: [] });
  });

  it('a partial refund, then the status route refused, then the remaining units refunded: money and stock come back each time', async () => {
    const { orderId, productId, lineId } = await delivered(3);
    const first = await refund(orderId, lineId, 1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.order).toMatchObject({ status: 'partially_refunded', refundable: true });
    // The attack: the order marked refunded by hand while two units were still the shopper's.
    expect((await move(orderId, 'refunded')).status).toBe(422);
    expect((await move(orderId, 'partially_refunded')).status).toBe(422);
    const rest = await refund(orderId, lineId, 2);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refundable: false });
    expect(await state(orderId, productId)).toMatchObject({
      status: 'refunded',
      refunded: [3],
      stock: 10,
      refunds: [100_000, 200_000],
    });
    // Nothing is left to refund.
    const again = await refund(orderId, lineId, 1);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([apiMessage('order_not_refundable', 'en')]);
  });

  it('an order marked refunded by hand before the fix still gets its units refunded, in part and then in full', async () => {
    const { orderId, productId, lineId } = await delivered(2);
    // What the old status route did: the status only, no units, money or stock.
    await t.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    expect(detail.refundable).toBe(true);
    const part = await refund(orderId, lineId, 1);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.order.status).toBe('partially_refunded');
    const rest = await refund(orderId, lineId, 1);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await state(orderId, productId)).toMatchObject({
      status: 'refunded',
      refunded: [2],
      stock: 10,
      refunds: [100_000, 100_000],
    });
  });
});
