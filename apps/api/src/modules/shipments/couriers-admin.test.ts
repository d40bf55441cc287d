import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MylerzCourier } from '../../adapters/couriers/index.ts';
import { auditLog, orderHistory, orders, shipmentEvents, shipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { courierRecorded, FakeCourierApi } from '../../test/fake-courier.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { pollCourierNews } from './tracking-poll.ts';

/**
 * The back office with a courier other than Bosta (issue 48): Mylerz, against a stand-in replaying its documented
 * answers. Many orders shipped and their labels printed at once, each order's result on its own, and a shipment
 * cancelled with the courier.
 */
const recorded = courierRecorded('mylerz');
const fake = new FakeCourierApi();
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let staff: Awaited<ReturnType<typeof ownerCatalogClerk>>;
let barcode = 5000;

/** A cash order of its own shopper (Giza, Dokki), moved to `status`. */
async function order(status: 'pending' | 'confirmed' = 'confirmed') {
  const shopper = await addShopper(t.database.db, t.clock.now());
  const p = await make(800, 10);
  const { orderId } = await readyToPay(t.app, shopper, [{ productId: p.id, quantity: 1 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  if (status === 'confirmed') await call(t.app, 'POST', `/dev/orders/${orderId}/status`, {}, { status });
  return orderId;
}

/** Mylerz's "created" answer with a new barcode. */
function created() {
  barcode += 1;
  const body = structuredClone(recorded.created!.body) as { Value: { Packages: { BarCode: string }[] } };
  body.Value.Packages[0]!.BarCode = `MYL${barcode}`;
  return { answer: { ...recorded.created!, body }, barcode: `MYL${barcode}` };
}

async function shipped() {
  const id = await order();
  const c = created();
  fake.on('/api/Orders/AddOrders', c.answer);
  const res = await call(t.app, 'POST', `/v1/admin/orders/${id}/shipments?locale=en`, staff.clerk, {});
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { id, barcode: c.barcode };
}

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    courier: new MylerzCourier({
      url: fake.url,
      username: 'shop-user',
      password: 'Secret-123',
      warehouse: 'Main Warehouse',
      timeoutMs: 500,
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
  fake.reset();
  fake.on('/token', recorded.token!);
});

describe('ship many orders with Mylerz at once', () => {
  it('each order is asked on its own: Mylerz’s refusal of one stops none of the others, and says why in Arabic', async () => {
    const a = await order();
    const b = await order();
    const c = await order('pending');
    const made = created();
    fake.on('/api/Orders/AddOrders', made.answer, recorded.error_state!);
    const res = await call(t.app, 'POST', '/v1/admin/orders/shipments?locale=ar', staff.clerk, {
      order_ids: [a, b, c],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { order_id: a, tracking_number: made.barcode, error: null },
      {
        order_id: b,
        tracking_number: null,
        error: 'شركة الشحن رفضت الشحنة: IsErrorState: Wrong city(codes,names) or zone codes',
      },
      { order_id: c, tracking_number: null, error: 'الطلب لازم يكون اتأكد أو بيتجهز علشان يتشحن' },
    ]);
    // Dokki in Giza went as Mylerz's city and zone codes.
    const sent = fake.received.filter((r) => r.url === '/api/Orders/AddOrders');
    expect(sent).toHaveLength(2);
    expect((sent[0]!.json as Record<string, unknown>[])[0]).toMatchObject({
      City: 'Giza',
      Neighborhood: 'Dokki',
    });
    const rows = await t.database.db.select().from(shipments).where(eq(shipments.orderId, b));
    expect(rows).toEqual([]);
    // The orders list learns which courier to offer.
    expect((await call(t.app, 'GET', '/v1/admin/orders/courier', staff.clerk)).body).toEqual({
      courier: 'mylerz',
    });
    const list = await call(t.app, 'GET', `/v1/admin/orders/${a}/shipments`, staff.clerk);
    expect(list.body.courier).toBe('mylerz');
    expect(list.body.shipments[0]).toMatchObject({
      courier: 'mylerz',
      carrier: 'Mylerz',
      tracking_number: made.barcode,
      tracking_url: `https://mylerz.net/trackShipment/${made.barcode}`,
      has_label: true,
    });
  });
});

describe('print many orders’ labels at once', () => {
  it('one PDF with every label given, and each order that has none or was refused said in the staff member’s language', async () => {
    const a = await shipped();
    const b = await shipped();
    const refused = await shipped();
    const typed = await order();
    await call(t.app, 'POST', `/v1/admin/orders/${typed}/shipments`, staff.clerk, {
      carrier: 'Our van',
      tracking_number: `VAN-${typed}`,
    });
    const waiting = await order();
    fake.on('/api/packages/GetAWB', recorded.awb!, recorded.awb!, recorded.error_state!);
    const res = await call(t.app, 'POST', '/v1/admin/orders/labels?locale=en', staff.clerk, {
      order_ids: [a.id, typed, b.id, refused.id, waiting],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { order_id: a.id, printed: true, error: null },
      { order_id: typed, printed: false, error: 'This order has no courier label to print' },
      { order_id: b.id, printed: true, error: null },
      {
        order_id: refused.id,
        printed: false,
        error:
          'The courier did not give this order’s label: IsErrorState: Wrong city(codes,names) or zone codes',
      },
      { order_id: waiting, printed: false, error: 'This order has no courier label to print' },
    ]);
    const pdf = await PDFDocument.load(Buffer.from(res.body.pdf, 'base64'));
    expect(pdf.getPageCount()).toBe(2);
    const asked = fake.received.filter((r) => r.url === '/api/packages/GetAWB');
    expect(asked.map((r) => (r.json as { Barcode: string }).Barcode)).toEqual([
      a.barcode,
      b.barcode,
      refused.barcode,
    ]);
    const [printedRow] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, a.id));
    expect(printedRow!.labelPrintedAt).not.toBeNull();
    const [refusedRow] = await t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, refused.id));
    expect(refusedRow!.labelPrintedAt).toBeNull();

    // None printed: no PDF, every order said.
    const none = await call(t.app, 'POST', '/v1/admin/orders/labels?locale=ar', staff.clerk, {
      order_ids: [waiting],
    });
    expect(none.body).toEqual({
      results: [{ order_id: waiting, printed: false, error: 'الطلب ده ملوش بوليصة شحن للطباعة' }],
      pdf: null,
    });
    expect(
      (await call(t.app, 'POST', '/v1/admin/orders/labels', staff.catalog, { order_ids: [a.id] })).status,
    ).toBe(403);
  });
});

describe('cancel a shipment from the order', () => {
  const cancel = (id: number, locale = 'en') =>
    call(t.app, 'POST', `/v1/admin/orders/${id}/shipments/cancel?locale=${locale}`, staff.clerk);

  it('Mylerz cancels it: the shipment is cancelled, noted in the order’s history by the staff member, and the order may ship again', async () => {
    const s = await shipped();
    fake.on('/api/packages/CancelPackage', recorded.cancelled!);
    const res = await cancel(s.id);
    expect(res.status).toBe(200);
    expect(res.body.shipments[0]).toMatchObject({
      status: 'canceled',
      events: [expect.objectContaining({ effect: 'canceled', state_name: 'Cancelled by staff' })],
    });
    const asked = fake.received.find((r) => r.url === '/api/packages/CancelPackage');
    expect(asked!.json).toEqual([{ Barcode: s.barcode, ReferenceNumber: '' }]);
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, s.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'confirmed',
      toStatus: 'confirmed',
      actorType: 'staff',
      noteKey: 'history_shipment_canceled',
    });
    // Staff read the note in their language, the courier's name too.
    const noteIn = async (locale: 'ar' | 'en') =>
      (
        await call(t.app, 'GET', `/v1/admin/orders/${s.id}?locale=${locale}`, staff.clerk)
      ).body.order.history.at(-1).note;
    expect(await noteIn('en')).toBe(`Shipment cancelled: Mylerz ${s.barcode}`);
    expect(await noteIn('ar')).toBe(`الشحنة اتلغت: مايلرز رقم ${s.barcode}`);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shipment.canceled'), eq(auditLog.targetId, String(s.id))));
    expect(audited).toHaveLength(1);
    const again = created();
    fake.on('/api/Orders/AddOrders', again.answer);
    const reship = await call(t.app, 'POST', `/v1/admin/orders/${s.id}/shipments`, staff.clerk, {});
    expect(reship.status).toBe(201);
    expect(reship.body.shipments.map((x: { status: string }) => x.status)).toEqual(['created', 'canceled']);
  });

  it('a cancel noted before the notes had keys still reads, as it was written', async () => {
    const s = await shipped();
    await t.database.db.insert(orderHistory).values({
      orderId: s.id,
      fromStatus: 'confirmed',
      toStatus: 'confirmed',
      actorType: 'staff',
      note: `Shipment cancelled: Mylerz ${s.barcode}`,
      createdAt: t.clock.now(),
    });
    const res = await call(t.app, 'GET', `/v1/admin/orders/${s.id}?locale=ar`, staff.clerk);
    expect(res.body.order.history.at(-1).note).toBe(`Shipment cancelled: Mylerz ${s.barcode}`);
  });

  it('Mylerz’s refusal is a failure with its words, in the staff member’s language, and changes nothing', async () => {
    const s = await shipped();
    const before = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, s.id));
    fake.on('/api/packages/CancelPackage', recorded.cancel_refused!);
    expect(await cancel(s.id, 'ar')).toMatchObject({
      status: 502,
      body: { errors: ['شركة الشحن ملغتش الشحنة: not cancelled: Package already picked up'] },
    });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, s.id));
    expect(row!.status).toBe('created');
    expect(
      await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row!.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, s.id))).toEqual(
      before,
    );
    // Timed out: a failure too.
    fake.on('/api/packages/CancelPackage', 'hang');
    expect((await cancel(s.id)).status).toBe(502);
    const [still] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, s.id));
    expect(still!.status).toBe('created');
  });

  it('a parcel on its way cannot be cancelled, an order without one says so, and a carrier typed by hand is cancelled without a call', async () => {
    const s = await shipped();
    await t.database.db.update(shipments).set({ status: 'delivering' }).where(eq(shipments.orderId, s.id));
    expect(await cancel(s.id)).toMatchObject({
      status: 409,
      body: { errors: ['This shipment is already on its way or done, so it can no longer be cancelled'] },
    });
    const bare = await order();
    expect(await cancel(bare)).toMatchObject({
      status: 404,
      body: { errors: ['This order has no shipment to cancel'] },
    });
    await call(t.app, 'POST', `/v1/admin/orders/${bare}/shipments`, staff.clerk, {
      carrier: 'Our van',
      tracking_number: `VAN-C-${bare}`,
    });
    fake.reset();
    expect((await cancel(bare)).status).toBe(200);
    expect(fake.received).toEqual([]);
  });
});

describe('Mylerz’s news, asked for (it sends no webhook)', () => {
  it('a package out for delivery moves its order on, a delivered one delivers it; a refusal changes nothing', async () => {
    const s = await shipped();
    const ctx = { db: t.database.db, clock: t.clock, courier: t.app.ctx.courier };
    const statusOf = async () => {
      const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, s.id));
      const [o] = await t.database.db.select().from(orders).where(eq(orders.id, s.id));
      return [row!.status, o!.status];
    };
    fake.on('/api/packages/TrackPackages', recorded.error_state!);
    expect(await pollCourierNews(ctx)).toBe(0);
    expect(await statusOf()).toEqual(['created', 'confirmed']);
    fake.on('/api/packages/TrackPackages', recorded.track_out!);
    await pollCourierNews(ctx);
    expect(await statusOf()).toEqual(['delivering', 'delivering']);
    fake.on('/api/packages/TrackPackages', recorded.track_delivered!);
    expect(await pollCourierNews(ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toEqual(['delivered', 'delivered']);
    const tracked = fake.received.filter((r) => r.url === '/api/packages/TrackPackages');
    expect(tracked.some((r) => (r.json as { Barcode: string }[])[0]!.Barcode === s.barcode)).toBe(true);
    // Delivered: no longer asked.
    fake.received.length = 0;
    await pollCourierNews(ctx);
    expect(
      fake.received.filter(
        (r) =>
          r.url === '/api/packages/TrackPackages' &&
          (r.json as { Barcode: string }[])[0]!.Barcode === s.barcode,
      ),
    ).toEqual([]);
  });
});
