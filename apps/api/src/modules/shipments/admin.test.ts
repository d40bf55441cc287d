import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BostaCourier, ManualCourier } from '../../adapters/couriers/index.ts';
import { shipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bostaRecorded, FakeBosta } from '../../test/fake-bosta.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

const recorded = bostaRecorded();
const fake = new FakeBosta();
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let staff: Awaited<ReturnType<typeof ownerCatalogClerk>>;
let tracking = 62000000;

/** A cash order (placed by a shopper of its own) moved by staff to `status`; Bosta answers a new tracking number. */
async function order(
  status: 'pending' | 'confirmed' = 'confirmed',
): Promise<{ id: number; shopper: Shopper }> {
  const shopper = await addShopper(t.database.db, t.clock.now());
  const p = await make(800, 10);
  const { orderId } = await readyToPay(t.app, shopper, [{ productId: p.id, quantity: 1 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  if (status === 'confirmed') await call(t.app, 'POST', `/dev/orders/${orderId}/status`, {}, { status });
  return { id: orderId, shopper };
}

function answerCreated() {
  tracking += 1;
  const body = structuredClone(recorded.created!.body) as { data: { trackingNumber: string; _id: string } };
  body.data.trackingNumber = String(tracking);
  body.data._id = `bosta-${tracking}`;
  fake.answerWith({ ...recorded.created!, body });
  return String(tracking);
}

const ship = (id: number, who: StaffAuth | Record<string, string>, body: unknown = {}) =>
  call(t.app, 'POST', `/v1/admin/orders/${id}/shipments?locale=en`, who as Record<string, string>, body);

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    courier: new BostaCourier({
      url: `${fake.url}/api/v2`,
      apiKey: 'bosta-key',
      webhookSecret: 'x'.repeat(20),
    }),
  });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  staff = await ownerCatalogClerk(t, 'a-long-staff-password-1');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

describe('ship with Bosta from the back office', () => {
  it('an order clerk ships a confirmed order: Bosta makes the delivery, the order shows it, once', async () => {
    const o = await order();
    const number = answerCreated();
    const res = await ship(o.id, staff.clerk);
    expect(res.status).toBe(201);
    expect(res.body.courier).toBe('bosta');
    expect(res.body.shipments).toEqual([
      expect.objectContaining({
        courier: 'bosta',
        carrier: 'Bosta',
        tracking_number: number,
        tracking_url: `https://bosta.co/tracking-shipments?shipment-number=${number}`,
        status: 'created',
        has_label: true,
        label_printed_at: null,
        events: [],
      }),
    ]);
    expect(fake.received).toHaveLength(1);
    const shopperView = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=en`, o.shopper.headers);
    expect(shopperView.body.order.shipment).toMatchObject({ carrier: 'Bosta', tracking_number: number });

    const again = await ship(o.id, staff.clerk);
    expect(again).toMatchObject({
      status: 409,
      body: { errors: ['This order is already handed to a courier'] },
    });
    expect(fake.received).toHaveLength(1);
  });

  it('only staff with the orders area: the catalog member gets 403, a shopper or nobody 401', async () => {
    const o = await order();
    expect((await ship(o.id, staff.catalog)).status).toBe(403);
    expect((await ship(o.id, o.shopper.headers)).status).toBe(401);
    expect((await ship(o.id, {})).status).toBe(401);
    expect(fake.received).toEqual([]);
  });

  it('Bosta’s refusal reaches staff in their language with its words, and ships nothing', async () => {
    const o = await order();
    fake.answerWith(recorded.bad_key!);
    const res = await ship(o.id, staff.clerk);
    expect(res).toMatchObject({
      status: 502,
      body: { errors: ['The courier refused the shipment: HTTP 401 Invalid API Key'] },
    });
    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toEqual([]);
  });

  it('an order not confirmed yet cannot be shipped', async () => {
    const o = await order('pending');
    expect(await ship(o.id, staff.clerk)).toMatchObject({
      status: 422,
      body: { errors: ['Only a confirmed or processing order can be shipped'] },
    });
    expect((await ship(999_999, staff.clerk)).status).toBe(404);
    expect(fake.received).toEqual([]);
  });

  it('many orders at once: each says its tracking number or why not', async () => {
    const a = await order();
    const b = await order('pending');
    const number = answerCreated();
    const res = await call(t.app, 'POST', '/v1/admin/orders/shipments?locale=en', staff.clerk, {
      order_ids: [a.id, b.id, 999_999],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { order_id: a.id, tracking_number: number, error: null },
      { order_id: b.id, tracking_number: null, error: 'Only a confirmed or processing order can be shipped' },
      { order_id: 999_999, tracking_number: null, error: 'Order not found' },
    ]);
  });
});

describe('a carrier typed by hand', () => {
  it('records the carrier and tracking number staff typed; the shopper reads them', async () => {
    const o = await order();
    const res = await ship(o.id, staff.clerk, { carrier: ' Aramex ', tracking_number: 'AX-7781' });
    expect(res.status).toBe(201);
    expect(res.body.shipments[0]).toMatchObject({
      courier: 'manual',
      carrier: 'Aramex',
      tracking_number: 'AX-7781',
      tracking_url: null,
      has_label: false,
    });
    const view = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=ar`, o.shopper.headers);
    expect(view.body.order.shipment).toEqual({
      carrier: 'Aramex',
      tracking_number: 'AX-7781',
      tracking_url: null,
      status: 'created',
    });
    expect(fake.received).toEqual([]);
  });

  it('needs both, and a tracking number no other order has', async () => {
    const o = await order();
    const half = await ship(o.id, staff.clerk, { carrier: 'Aramex' });
    expect(half).toMatchObject({ status: 422, body: { errors: { tracking_number: ['is required'] } } });
    const taken = await ship(o.id, staff.clerk, { carrier: 'Aramex', tracking_number: 'AX-7781' });
    expect(taken).toMatchObject({
      status: 422,
      body: { errors: { tracking_number: ['This tracking number is already on another order'] } },
    });
    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toEqual([]);
  });

  it('follows the order staff move: out for delivery, then delivered, no longer to be cancelled', async () => {
    const o = await order();
    expect((await ship(o.id, staff.clerk, { carrier: 'Our van', tracking_number: 'VAN-19' })).status).toBe(
      201,
    );
    const move = (status: string) =>
      call(t.app, 'PUT', `/v1/admin/orders/${o.id}/status?locale=en`, staff.clerk, { status });
    expect((await move('processing')).status).toBe(200);
    expect((await move('delivering')).status).toBe(200);
    const list = async () =>
      (await call(t.app, 'GET', `/v1/admin/orders/${o.id}/shipments`, staff.clerk)).body.shipments;
    expect((await list())[0]).toMatchObject({ status: 'delivering' });
    expect((await move('delivered')).status).toBe(200);
    const [parcel] = await list();
    expect(parcel).toMatchObject({ status: 'delivered', cod: 860 }); // the product's 800 and the delivery's 60
    expect(parcel.events.map((e: { state_name: string }) => e.state_name)).toEqual([
      'Marked out for delivery by staff',
      'Marked delivered by staff',
    ]);
    // A delivered parcel is not cancelled: the order keeps it.
    const cancel = await call(
      t.app,
      'POST',
      `/v1/admin/orders/${o.id}/shipments/cancel?locale=en`,
      staff.clerk,
    );
    expect(cancel.status).toBe(409);
    expect((await list())[0]).toMatchObject({ status: 'delivered' });
    const view = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=en`, o.shopper.headers);
    expect(view.body.order.shipment).toMatchObject({ tracking_number: 'VAN-19', status: 'delivered' });
    // Its cash is expected from the carrier: the owner's settlements list it as not collected yet.
    const report = await call(t.app, 'GET', '/v1/admin/reports/settlements?locale=en', staff.owner);
    expect(report.status).toBe(200);
    expect(
      report.body.differences.find((d: { tracking_number: string }) => d.tracking_number === 'VAN-19'),
    ).toMatchObject({ kind: 'not_collected', expected: 860, order_id: o.id });
  });

  it('is the only way with COURIER=manual: an empty ship asks for the tracking number', async () => {
    const o = await order();
    const before = t.app.ctx.courier;
    t.app.ctx.courier = new ManualCourier();
    try {
      const res = await ship(o.id, staff.clerk);
      expect(res).toMatchObject({ status: 422, body: { errors: { tracking_number: ['is required'] } } });
      const list = await call(t.app, 'GET', `/v1/admin/orders/${o.id}/shipments`, staff.clerk);
      expect(list.body).toEqual({ courier: 'manual', shipments: [] });
    } finally {
      t.app.ctx.courier = before;
    }
  });
});

describe('labels', () => {
  it('prints an order’s label from Bosta, and many orders’ labels in one PDF', async () => {
    const a = await order();
    answerCreated();
    await ship(a.id, staff.clerk);
    const b = await order();
    answerCreated();
    await ship(b.id, staff.clerk);
    fake.received.length = 0;
    fake.answerWith(recorded.awb!);

    const one = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/${a.id}/shipments/label`,
      headers: staff.clerk,
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [sa] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, a.id));
    expect(fake.received[0]!.url).toBe(`/api/v2/deliveries/mass-awb?ids=${sa!.courierShipmentId}&lang=ar`);
    expect(sa!.labelPrintedAt).not.toBeNull();

    const many = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/labels?order_ids=${a.id},${b.id}`,
      headers: staff.clerk,
    });
    expect(many.statusCode).toBe(200);
    expect(fake.received[1]!.url).toMatch(
      /^\/api\/v2\/deliveries\/mass-awb\?ids=bosta-\d+,bosta-\d+&lang=ar$/,
    );
  });

  it('an order without a courier’s label answers 404, and Bosta’s refusal 502', async () => {
    const typed = await order();
    await ship(typed.id, staff.clerk, { carrier: 'Aramex', tracking_number: 'AX-9000' });
    const none = await call(
      t.app,
      'GET',
      `/v1/admin/orders/${typed.id}/shipments/label?locale=en`,
      staff.clerk,
    );
    expect(none).toMatchObject({
      status: 404,
      body: { errors: ['None of these orders has a courier label to print'] },
    });

    const o = await order();
    answerCreated();
    await ship(o.id, staff.clerk);
    fake.answerWith(recorded.bad_key!);
    const refused = await call(
      t.app,
      'GET',
      `/v1/admin/orders/${o.id}/shipments/label?locale=en`,
      staff.clerk,
    );
    expect(refused.status).toBe(502);
  });
});
