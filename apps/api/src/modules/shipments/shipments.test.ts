import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BostaCourier, CourierRefused, ManualCourier } from '../../adapters/couriers/index.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bostaRecorded, FakeBosta } from '../../test/fake-bosta.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { createShipmentForOrder } from './service.ts';

const SECRET = 'shop-webhook-secret-2026';
const recorded = bostaRecorded();
const hooks = recorded.webhooks;
const fake = new FakeBosta();
let t: TestApp;
let bosta: BostaCourier;
let make: Awaited<ReturnType<typeof productMaker>>;

/** A cash order of two products (3 pieces) to Giza, moved by staff to `status`; its id and total in piastres. */
async function placeOrder(status: 'pending' | 'confirmed' | 'processing' = 'processing') {
  // A shopper of its own: one whose order was delivered must rate it before ordering again.
  const shopper = await addShopper(t.database.db, t.clock.now());
  const phone = await make(1000, 20);
  const charger = await make(150, 20);
  const { orderId } = await readyToPay(t.app, shopper, [
    { productId: phone.id, quantity: 1 },
    { productId: charger.id, quantity: 2 },
  ]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  for (const next of ['confirmed', 'processing'] as const) {
    if (status === 'pending' || (status === 'confirmed' && next === 'processing')) break;
    const s = await call(t.app, 'POST', `/dev/orders/${orderId}/status`, {}, { status: next });
    if (s.status !== 200) throw new Error(JSON.stringify(s.body));
  }
  const [o] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, total: o!.checkoutTotalPricePiastres, number: o!.orderNumber };
}

const ctx = () => ({ db: t.database.db, clock: t.clock, courier: bosta });
const shipmentsOfOrder = (orderId: number) =>
  t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const webhook = (body: unknown, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/couriers/bosta/webhook',
    headers: authorization === undefined ? {} : { authorization },
    payload: body as Record<string, unknown>,
  });

beforeAll(async () => {
  await fake.start();
  bosta = new BostaCourier({
    url: `${fake.url}/api/v2`,
    apiKey: 'bosta-key',
    webhookSecret: SECRET,
    timeoutMs: 300,
  });
  t = await createTestApp({ courier: bosta });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
  fake.answerWith(recorded.created!);
});

describe('a shipment made with Bosta for an order', () => {
  it('a cash order in processing gets one delivery: cod is its total, the receiver’s phone the shopper’s', async () => {
    const { orderId, total, number } = await placeOrder();
    const made = await createShipmentForOrder(ctx(), orderId);

    expect(fake.received).toHaveLength(1);
    const body = fake.received[0]!.json as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 10,
      cod: total / 100,
      receiver: { phone: '01012345678' },
      dropOffAddress: {
        city: 'Giza',
        districtName: 'Dokki',
        firstLine: '12 El Tahrir St',
        floor: '3',
        apartment: '7',
      },
      specs: { packageDetails: { itemsCount: 3 } },
      businessReference: String(number),
      uniqueBusinessReference: `order-${orderId}`,
    });
    expect((body.specs as { packageDetails: { description: string } }).packageDetails.description).toMatch(
      /^Appliance \d+ \(1\), Appliance \d+ \(2\)$/,
    );
    expect(made).toMatchObject({
      orderId,
      courier: 'bosta',
      courierShipmentId: 'yL8R3kTfQpW2',
      trackingNumber: '48702519',
      status: 'created',
      codPiastres: total,
    });

    // The outbox may run the handler again: the delivery is not asked for twice.
    const again = await createShipmentForOrder(ctx(), orderId);
    expect(again?.id).toBe(made!.id);
    expect(fake.received).toHaveLength(1);
    expect(await shipmentsOfOrder(orderId)).toHaveLength(1);
  });

  it('an order paid online collects nothing on the doorstep', async () => {
    fake.answerWith({ ...recorded.created!, body: withTracking('48702520') });
    const { orderId } = await placeOrder();
    // The shipment reads only the method: an order paid online is one whose method says so.
    await t.database.db.update(orders).set({ paymentMethod: 'online' }).where(eq(orders.id, orderId));
    const made = await createShipmentForOrder(ctx(), orderId);
    expect((fake.received[0]!.json as { cod: number }).cod).toBe(0);
    expect(made?.codPiastres).toBe(0);
  });

  it('a refusal (bad key, validation error, no answer in time) throws and is never a shipment', async () => {
    const { orderId } = await placeOrder();
    for (const answer of [
      recorded.bad_key!,
      recorded.validation_error!,
      recorded.refused_in_200!,
      'hang' as const,
    ]) {
      fake.answerWith(answer);
      const err = await createShipmentForOrder(ctx(), orderId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CourierRefused);
      expect(await shipmentsOfOrder(orderId)).toEqual([]);
    }
    const [firstRefusal] = fake.received;
    expect(firstRefusal!.headers.authorization).toBe('bosta-key');
  });

  it('nothing is asked of a courier for an order not yet confirmed, nor with the manual courier', async () => {
    const pending = await placeOrder('pending');
    expect(await createShipmentForOrder(ctx(), pending.orderId)).toBeNull();
    const processing = await placeOrder();
    expect(
      await createShipmentForOrder({ ...ctx(), courier: new ManualCourier() }, processing.orderId),
    ).toBeNull();
    expect(fake.received).toEqual([]);
    expect(await shipmentsOfOrder(processing.orderId)).toEqual([]);
  });
});

function withTracking(trackingNumber: string) {
  const body = structuredClone(recorded.created!.body) as { data: { trackingNumber: string; _id: string } };
  body.data.trackingNumber = trackingNumber;
  body.data._id = `id-${trackingNumber}`;
  return body;
}

describe('Bosta’s webhook', () => {
  let orderId: number;
  const tracking = '48702519';
  const hook = (name: string, extra: Record<string, unknown> = {}) => ({
    ...hooks[name],
    ...extra,
    trackingNumber: Number(tracking),
  });
  const shipment = async () => (await shipmentsOfOrder(orderId))[0]!;
  const events = async () =>
    t.database.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, (await shipment()).id));

  beforeAll(async () => {
    // The shipment of the first test (tracking number 48702519).
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.trackingNumber, tracking));
    orderId = row!.orderId;
  });

  it('without the shop’s secret: 401 and nothing changes', async () => {
    for (const auth of [undefined, 'wrong', `${SECRET} `, 'Bearer nope']) {
      const res = await webhook(hook('delivered'), auth);
      expect(res.statusCode).toBe(401);
    }
    expect(await shipment()).toMatchObject({ status: 'created', lastStateCode: null });
    expect(await events()).toEqual([]);
  });

  it('moves the shipment forward by the codes: picked up and out for delivery, then delivered with the cash', async () => {
    expect((await webhook(hook('picked_up'), SECRET)).json()).toEqual({
      received: 1,
      recorded: 1,
      ignored: 0,
    });
    expect(await shipment()).toMatchObject({ status: 'delivering', lastStateCode: 21 });
    await webhook(hook('out_for_delivery'), SECRET);
    expect(await shipment()).toMatchObject({ status: 'delivering', lastStateCode: 41 });
    // An exception is a line in the history only.
    await webhook(hook('exception'), SECRET);
    expect(await shipment()).toMatchObject({ status: 'delivering', lastStateCode: 41 });
    await webhook(hook('delivered'), SECRET);
    expect(await shipment()).toMatchObject({
      status: 'delivered',
      lastStateCode: 45,
      codCollectedPiastres: 123450,
      lastEventAt: new Date('2026-11-29T12:00:00.000Z'),
    });
  });

  it('a repeated event and a late one (older than the last) are ignored without harm', async () => {
    const repeated = await webhook(hook('delivered'), SECRET);
    expect(repeated.json()).toEqual({ received: 1, recorded: 0, ignored: 1 });
    // Out for delivery again, but dated before the delivery: recorded for the history, not applied.
    const late = await webhook(
      hook('out_for_delivery', { timeStamp: Date.parse('2026-11-29T11:30:00Z') }),
      SECRET,
    );
    expect(late.json()).toEqual({ received: 1, recorded: 1, ignored: 0 });
    expect(await shipment()).toMatchObject({ status: 'delivered', lastStateCode: 45 });
    const history = await events();
    expect(history.map((e) => [e.stateCode, e.effect, e.applied])).toEqual([
      [21, 'delivering', true],
      [41, 'delivering', false],
      [47, 'exception', false],
      [41, 'delivering', false],
      [45, 'delivered', true],
    ]);
    expect(history.find((e) => e.stateCode === 47)?.reason).toBe('Customer not answering');
  });

  it('returned to the shop (46) is told apart from delivered by its code, also given as {code, value}', async () => {
    fake.answerWith({ ...recorded.created!, body: withTracking('48702599') });
    const other = await placeOrder();
    await createShipmentForOrder(ctx(), other.orderId);
    const res = await webhook(
      { ...hooks.returned, trackingNumber: '48702599', state: { code: 46, value: 'Delivered' } },
      SECRET,
    );
    expect(res.statusCode).toBe(200);
    expect((await shipmentsOfOrder(other.orderId))[0]).toMatchObject({
      status: 'returned',
      lastStateCode: 46,
    });
  });

  it('an event for a tracking number the store does not know changes nothing', async () => {
    const res = await webhook({ ...hooks.delivered, trackingNumber: 99999999 }, SECRET);
    expect(res.json()).toEqual({ received: 1, recorded: 0, ignored: 1 });
  });
});

describe('the webhook with another courier', () => {
  it('is not there with COURIER=manual', async () => {
    // The route reads the app's courier on each request: this app's, set to the manual one for this test.
    const before = t.app.ctx.courier;
    t.app.ctx.courier = new ManualCourier();
    try {
      const res = await webhook(hooks.delivered, SECRET);
      expect(res.statusCode).toBe(404);
    } finally {
      t.app.ctx.courier = before;
    }
  });
});
