import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BostaCourier } from '../../adapters/couriers/index.ts';
import { domainEvents, orderHistory, orderProducts, orders, products, shipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bostaRecorded, FakeBosta } from '../../test/fake-bosta.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { drainEvents } from './events.ts';

const SECRET = 'shop-webhook-secret-2026';
const recorded = bostaRecorded();
const fake = new FakeBosta();
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
/** The shopper of the last order confirmedOrder placed. */
let lastShopper: Shopper;

/** Runs the outbox until nothing is due (one order's events go one a run, in order). */
async function drain() {
  for (let i = 0; i < 10; i++)
    if (!(await drainEvents({ ...t.app.ctx, log: { error: () => undefined } }))) return;
}
const statusOf = async (id: number) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const moveTo = async (id: number, status: string) => {
  const r = await call(t.app, 'POST', `/dev/orders/${id}/status`, {}, { status });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
};
const webhook = (trackingNumber: string, state: unknown, at: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/couriers/bosta/webhook',
    headers: { authorization: SECRET },
    payload: { _id: `id-${trackingNumber}`, trackingNumber, state, type: 'SEND', timeStamp: Date.parse(at) },
  });

/** A cash order placed and confirmed (its events drained), with Bosta answering `trackingNumber`. */
async function confirmedOrder(trackingNumber: string) {
  // A shopper of its own: one with a delivered order must rate it before ordering again.
  const shopper = await addShopper(t.database.db, t.clock.now());
  const p = await make(500, 10);
  const { orderId } = await readyToPay(t.app, shopper, [{ productId: p.id, quantity: 2 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  await moveTo(orderId, 'confirmed');
  await drain();
  fake.answerWith({ ...recorded.created!, body: createdBody(trackingNumber) });
  lastShopper = shopper;
  return orderId;
}

/** Bosta's recorded "created" answer for this tracking number. */
function createdBody(trackingNumber: string) {
  const body = structuredClone(recorded.created!.body) as { data: { trackingNumber: string; _id: string } };
  body.data.trackingNumber = trackingNumber;
  body.data._id = `id-${trackingNumber}`;
  return body;
}

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    courier: new BostaCourier({ url: `${fake.url}/api/v2`, apiKey: 'bosta-key', webhookSecret: SECRET }),
  });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

describe('an order handed to Bosta (COURIER=bosta)', () => {
  it('moving it to processing makes one delivery from the outbox: cod its total, the receiver’s phone the shopper’s', async () => {
    const orderId = await confirmedOrder('51000001');
    expect(fake.received).toEqual([]);
    await moveTo(orderId, 'processing');
    await drain();
    expect(fake.received).toHaveLength(1);
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(fake.received[0]!.json).toMatchObject({
      cod: o!.checkoutTotalPricePiastres / 100,
      receiver: { phone: '01012345678' },
      specs: { packageDetails: { itemsCount: 2 } },
    });
    const [s] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(s).toMatchObject({
      trackingNumber: '51000001',
      status: 'created',
      codPiastres: o!.checkoutTotalPricePiastres,
    });
    // Its event is done: no second delivery on the next run.
    await drain();
    expect(fake.received).toHaveLength(1);
  });

  it('the shopper’s order shows the carrier, the tracking number and Bosta’s tracking page', async () => {
    const orderId = await confirmedOrder('51000006');
    const before = await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=en`, lastShopper.headers);
    expect(before.body.order.shipment).toBeNull();
    await moveTo(orderId, 'processing');
    await drain();
    const en = await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=en`, lastShopper.headers);
    expect(en.body.order.shipment).toEqual({
      carrier: 'Bosta',
      tracking_number: '51000006',
      tracking_url: 'https://bosta.co/tracking-shipments?shipment-number=51000006',
      status: 'created',
    });
    const list = await call(t.app, 'GET', '/v1/users/orders?locale=ar', lastShopper.headers);
    expect(list.body.orders[0].shipment).toMatchObject({ carrier: 'بوسطة', tracking_number: '51000006' });
  });

  it('a refusal fails the outbox event with Bosta’s words and makes no shipment; the retry makes it', async () => {
    const orderId = await confirmedOrder('51000002');
    fake.answerWith(recorded.bad_key!);
    await moveTo(orderId, 'processing');
    await drain();
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.orderId, orderId));
    const processing = events.find((e) => (e.payload as { to?: string }).to === 'processing')!;
    expect(processing.lastError).toContain('HTTP 401 Invalid API Key');
    expect(processing.processedAt).toBeNull();
    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);
    // Bosta takes it on the next try (the event is due again 30 s later).
    fake.answerWith({ ...recorded.created!, body: createdBody('51000002') });
    t.clock.advance(31_000);
    await drain();
    const [made] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(made).toMatchObject({ trackingNumber: '51000002', status: 'created' });
  });

  it('Bosta’s picked up moves the order to delivering, its delivered (45) to delivered, in the order’s history', async () => {
    const orderId = await confirmedOrder('51000003');
    await moveTo(orderId, 'processing');
    await drain();
    expect((await webhook('51000003', 21, '2026-11-29T09:00:00Z')).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('delivering');
    expect(
      (await webhook('51000003', { code: 45, value: 'Delivered' }, '2026-11-29T13:00:00Z')).statusCode,
    ).toBe(200);
    expect(await statusOf(orderId)).toBe('delivered');
    const history = await t.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
    expect(history.slice(-2).map((h) => [h.fromStatus, h.toStatus, h.actorType, h.note])).toEqual([
      ['processing', 'delivering', 'system', '21 Picked up'],
      ['delivering', 'delivered', 'system', '45 Delivered'],
    ]);
  });

  it('returned to the shop (46, whose words also say Delivered) makes the order returned, never delivered, and its stock comes back', async () => {
    const orderId = await confirmedOrder('51000004');
    await moveTo(orderId, 'processing');
    await drain();
    const [line] = await t.database.db
      .select({ productId: orderProducts.productId })
      .from(orderProducts)
      .where(eq(orderProducts.orderId, orderId));
    const stockOf = async () =>
      (
        await t.database.db
          .select({ n: products.stock })
          .from(products)
          .where(eq(products.id, line!.productId))
      )[0]!.n;
    expect(await stockOf()).toBe(8);
    await webhook('51000004', 21, '2026-11-29T09:00:00Z');
    await webhook('51000004', { code: 46, value: 'Delivered' }, '2026-11-29T15:00:00Z');
    expect(await statusOf(orderId)).toBe('returned');
    const [s] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(s!.status).toBe('returned');
    expect(await stockOf()).toBe(10);
    const history = await t.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'delivering',
      toStatus: 'returned',
      actorType: 'system',
    });
    // A late "delivered" changes nothing now.
    await webhook('51000004', 45, '2026-11-29T16:00:00Z');
    expect(await statusOf(orderId)).toBe('returned');
    expect(await stockOf()).toBe(10);
  });

  it('with the wrong secret nothing changes', async () => {
    const orderId = await confirmedOrder('51000005');
    await moveTo(orderId, 'processing');
    await drain();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/couriers/bosta/webhook',
      headers: { authorization: 'not-the-secret' },
      payload: { trackingNumber: '51000005', state: 45, timeStamp: Date.parse('2026-11-29T13:00:00Z') },
    });
    expect(res.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe('processing');
  });
});
