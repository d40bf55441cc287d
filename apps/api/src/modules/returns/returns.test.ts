/**
 * Returns a shopper asks for (issue 48 item 5, spec §9), on PGlite and PostgreSQL: the request's rules (delivered,
 * 14 days by the clock, the order's lines, units not already returned or asked, photos by content), each refused in
 * the shopper's language with nothing changed; then the whole road with Bosta (a fake on loopback): approved, the
 * pickup booked as a Customer Return Pickup by the outbox, received, refunded (cash recorded, stock back, a credit
 * note for the invoiced order), an SMS at each step; an order paid online gets its money back through the gateway.
 */
import { apiMessage, formatAmount, toEgp } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BostaCourier } from '../../adapters/couriers/index.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import type { SmsMessage, SmsSender } from '../../adapters/sms.ts';
import { creditNotes, orderHistory, orderReturns, orders, products, staff, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bostaRecorded, FakeBosta } from '../../test/fake-bosta.ts';
import { staffSignIn } from '../../test/staff.ts';
import {
  addShopper,
  addZones,
  call,
  payThroughSandbox,
  productMaker,
  readyToPay,
  type Shopper,
} from '../../test/shoppers.ts';
import { drainEvents } from '../orders/events.ts';
import { ensureOwner } from '../staff/bootstrap.ts';

const PASSWORD = 'Returns-desk-4821';
const DAY = 86_400_000;
const sent: SmsMessage[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    sent.push(m);
  },
};
const recorded = bostaRecorded();
const fake = new FakeBosta();
const gateway = new SandboxPaymentProvider('returns-test-secret');
const uploads = mkdtempSync(path.join(tmpdir(), 'returns-'));
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let clerk: Record<string, string>;

beforeAll(async () => {
  await fake.start();
  fake.answerWith(recorded.created!);
  const courier = new BostaCourier({
    url: `${fake.url}/api/v2`,
    apiKey: 'bosta-key',
    webhookSecret: 'returns-secret',
    timeoutMs: 500,
  });
  t = await createTestApp({ sms, payments: gateway, courier, uploadsDir: uploads });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  await ensureOwner(t.database.db, { email: 'desk@store.example', password: PASSWORD }, t.clock.now());
  await t.database.db.update(staff).set({ role: 'staff' }).where(eq(staff.email, 'desk@store.example'));
  clerk = await staffSignIn(t.app, 'desk@store.example', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await fake.close();
  rmSync(uploads, { recursive: true, force: true, maxRetries: 5 });
});

const drain = async () => {
  // The SMS is what these tests read: no email (each would render the order's invoice PDF).
  while ((await drainEvents({ ...t.app.ctx, email: null, log: { error() {} } })) > 0);
};
const move = async (id: number, status: string) => {
  const r = await call(t.app, 'PUT', `/v1/admin/orders/${id}/status`, clerk, { status });
  if (r.status !== 200) throw new Error(`${status}: ${JSON.stringify(r.body)}`);
};
const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const textsTo = (s: Shopper) => sent.filter((m) => m.to === s.phone).map((m) => m.text);

/** A delivered cash order (Giza): 2 units at 1,000 EGP and 1 at 250 EGP, moved along by staff. */
async function delivered(locale: 'ar' | 'en' = 'en', deliver = true) {
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
  await move(id, 'confirmed');
  if (deliver) for (const st of ['processing', 'delivering', 'delivered']) await move(id, st);
  const lines = r.body.order.order_products as { id: number; product: { id: number } }[];
  return {
    s,
    id,
    a,
    b,
    lineA: lines.find((l) => l.product.id === a.id)!.id,
    lineB: lines.find((l) => l.product.id === b.id)!.id,
  };
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

/** What the storefront sends: multipart, the lines as JSON text, photos under `photo`. */
async function ask(
  s: Shopper,
  orderId: number,
  lines: { order_product_id: number; quantity: number }[],
  opts: { locale?: string; photos?: { name: string; data: Buffer }[]; reason?: string } = {},
) {
  const form = new FormData();
  form.append('lines', JSON.stringify(lines));
  form.append('reason', opts.reason ?? 'defective');
  form.append('details', 'The screen flickers');
  for (const p of opts.photos ?? [])
    form.append('photo', new Blob([new Uint8Array(p.data)], { type: 'image/jpeg' }), p.name);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/users/orders/${orderId}/returns?locale=${opts.locale ?? 'en'}`,
    headers: s.headers,
    payload: form,
  });
  return { status: res.statusCode, body: res.json() };
}
/** Moves the order's delivery back in time (sessions are not aged by it, as they would be by the clock). */
const deliveredAgo = (orderId: number, ms: number) =>
  t.database.db
    .update(orderHistory)
    .set({ createdAt: new Date(t.clock.now().getTime() - ms) })
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.toStatus, 'delivered')));
const returnsOf = (orderId: number) =>
  t.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));

describe('asking for a return', () => {
  it('refuses, in the shopper’s language and changing nothing: not delivered, past 14 days, more than bought, units already asked', async () => {
    const early = await delivered('ar', false);
    const notYet = await ask(early.s, early.id, [{ order_product_id: early.lineA, quantity: 1 }], {
      locale: 'ar',
    });
    expect(notYet.status).toBe(422);
    expect(notYet.body.errors).toEqual([apiMessage('return_not_delivered', 'ar')]);

    const o = await delivered();
    const tooMany = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 3 }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.lines).toEqual([apiMessage('return_too_many', 'en', { n: 2 })]);
    const notTheOrders = await ask(o.s, o.id, [{ order_product_id: early.lineA, quantity: 1 }]);
    expect(notTheOrders.body.errors.lines).toEqual([apiMessage('return_line_unknown', 'en')]);
    const noReason = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 1 }], { reason: 'bored' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual([apiMessage('return_reason_invalid', 'en')]);

    // One unit asked; the next request may ask only the one left.
    expect((await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 1 }])).status).toBe(201);
    const again = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 2 }]);
    expect(again.body.errors.lines).toEqual([apiMessage('return_too_many', 'en', { n: 1 })]);

    // Someone else's order is not found.
    const other = await ask(early.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }]);
    expect(other.status).toBe(404);

    // Delivered 14 days less a minute ago (by the clock the API is given): still open; a minute past 14 days: over.
    await deliveredAgo(o.id, 14 * DAY - 60_000);
    const list = await call(t.app, 'GET', `/v1/users/orders/${o.id}/returns?locale=en`, o.s.headers);
    expect(list.body.can_request).toBe(true);
    expect(list.body.returnable).toEqual([
      { order_product_id: o.lineA, quantity: 1 },
      { order_product_id: o.lineB, quantity: 1 },
    ]);
    await deliveredAgo(o.id, 14 * DAY + 60_000);
    const late = await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }], { locale: 'ar' });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual([apiMessage('return_window_over', 'ar', { n: 14 })]);
    expect(await returnsOf(o.id)).toHaveLength(1);
    expect(await returnsOf(early.id)).toHaveLength(0);
  });

  it('takes up to 3 photos, checked by content: a text file named .jpg is refused and nothing is kept', async () => {
    const o = await delivered();
    const bad = await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }], {
      photos: [
        { name: 'box.jpg', data: await photo() },
        { name: 'fake.jpg', data: Buffer.from('not a picture at all') },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.photo).toEqual([
      apiMessage('return_photo_not_allowed', 'en', { name: 'fake.jpg', max: 5 }),
    ]);
    const four = await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }], {
      photos: await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `${i}.jpg`, data: await photo() }))),
    });
    expect(four.status).toBe(422);
    expect(four.body.errors.photo).toEqual([apiMessage('return_photos_too_many', 'en', { n: 3 })]);
    expect(await returnsOf(o.id)).toHaveLength(0);

    const good = await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }], {
      photos: [{ name: 'box.jpg', data: await photo() }],
    });
    expect(good.status).toBe(201);
    expect(good.body.photos).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: good.body.photos[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');
  });
});

describe('a return from request to refund', () => {
  it('a return asked for from the Arabic site is told in Arabic, though the shopper last signed in on the English one', async () => {
    const o = await delivered('en');
    await drain();
    const made = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 1 }], { locale: 'ar' });
    expect(made.status).toBe(201);
    await drain();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(textsTo(o.s)).toContain(
      apiMessage('sms_return_requested', 'ar', { n: String(order!.orderNumber) }),
    );
  });

  it('Bosta picks the items up, staff receive them: cash recorded, stock back, a credit note, an SMS at each step', async () => {
    const o = await delivered('ar');
    await drain(); // the delivery Bosta made for the order
    const stockA = await stockOf(o.a.id);
    const made = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 1 }], { locale: 'ar' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'requested', reason: 'defective', refund: null });
    const id = made.body.id as number;
    await drain();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    const n = String(order!.orderNumber);
    expect(textsTo(o.s)).toContain(apiMessage('sms_return_requested', 'ar', { n }));

    // Staff see it waiting and approve it; the outbox books Bosta's Customer Return Pickup.
    const waiting = await call(t.app, 'GET', '/v1/admin/returns?status=requested&locale=en', clerk);
    expect(waiting.body.returns.map((r: { id: number }) => r.id)).toContain(id);
    expect(waiting.body).toMatchObject({ courier: 'bosta', books_pickups: true });
    fake.answerWith(recorded.return_pickup_created!);
    const approved = await call(t.app, 'POST', `/v1/admin/returns/${id}/approve`, clerk, {
      note: 'The courier comes tomorrow',
    });
    expect(approved.status).toBe(200);
    const before = fake.received.length;
    await drain();
    const booked = fake.received.slice(before);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.json).toMatchObject({
      type: 25,
      cod: 0,
      uniqueBusinessReference: `return-${id}`,
      returnSpecs: { packageDetails: { itemsCount: 1 } },
      dropOffAddress: { city: 'Giza' },
    });
    expect(textsTo(o.s)).toContain(apiMessage('sms_return_approved', 'ar', { n }));
    const mine = await call(t.app, 'GET', `/v1/users/orders/${o.id}/returns?locale=en`, o.s.headers);
    expect(mine.body.returns[0]).toMatchObject({
      status: 'approved',
      staff_note: 'The courier comes tomorrow',
      pickup: { carrier: 'Bosta', tracking_number: '51930827' },
    });
    // The outbox running again books nothing more.
    await drain();
    expect(fake.received.length).toBe(before + 1);

    // Received: refunded in cash for the returned unit only (the delivery fee stays), stock back, credit note.
    const received = await call(t.app, 'POST', `/v1/admin/returns/${id}/receive?locale=en`, clerk, {});
    expect(received.status).toBe(200);
    expect(received.body.returns[0]).toMatchObject({
      status: 'refunded',
      refund: 1000,
      refund_method: 'cash',
    });
    const twice = await call(t.app, 'POST', `/v1/admin/returns/${id}/receive?locale=en`, clerk, {});
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual([apiMessage('return_changed', 'en')]);
    expect(await stockOf(o.a.id)).toBe(stockA + 1);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'partially_refunded', refundedPiastres: 100_000 });
    const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, o.id));
    expect(notes).toHaveLength(1);
    await drain();
    const texts = textsTo(o.s);
    const receivedAt = texts.indexOf(apiMessage('sms_return_received', 'ar', { n }));
    const egp = (piastres: number) => formatAmount(toEgp(piastres));
    const refundedAt = texts.indexOf(
      apiMessage('sms_order_refunded', 'ar', {
        n,
        amount: egp(100_000),
        paid: egp(order!.checkoutTotalPricePiastres - 100_000),
      }),
    );
    expect(receivedAt).toBeGreaterThan(-1);
    expect(refundedAt).toBeGreaterThan(receivedAt);

    // The unit returned cannot be asked for again; the other one still can.
    const list = await call(t.app, 'GET', `/v1/users/orders/${o.id}/returns`, o.s.headers);
    expect(list.body.returnable).toEqual([
      { order_product_id: o.lineA, quantity: 1 },
      { order_product_id: o.lineB, quantity: 1 },
    ]);
  });

  it('Bosta’s news of the pickup (picked up, back at the shop) shows on the return to the shopper and staff, and refunds nothing', async () => {
    const o = await delivered('en');
    await drain(); // the delivery Bosta made for the order
    const stockA = await stockOf(o.a.id);
    const made = await ask(o.s, o.id, [{ order_product_id: o.lineA, quantity: 1 }]);
    const id = made.body.id as number;
    // Bosta books the pickup under a tracking number of its own.
    const pickup = structuredClone(recorded.return_pickup_created!);
    (pickup.body as { data: { trackingNumber: string } }).data.trackingNumber = '51930990';
    fake.answerWith(pickup);
    await call(t.app, 'POST', `/v1/admin/returns/${id}/approve`, clerk, {});
    await drain();
    const hook = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/couriers/bosta/webhook',
        headers: { authorization: 'returns-secret' },
        payload: { ...recorded.webhooks[name], trackingNumber: 51930990 },
      });
    const shoppers = async () =>
      (await call(t.app, 'GET', `/v1/users/orders/${o.id}/returns?locale=en`, o.s.headers)).body.returns[0];

    // On the way to the shopper: not recorded on the return (as any state Bosta sends that the store does not read).
    expect((await hook('return_picking_up')).json()).toEqual({ received: 1, recorded: 0, ignored: 1 });
    expect((await shoppers()).pickup).toMatchObject({ picked_up_at: null, back_at_shop_at: null });

    // Picked up at the shopper's: the shopper's page shows when; the same news again changes nothing.
    expect((await hook('return_picked_up')).json()).toEqual({ received: 1, recorded: 1, ignored: 0 });
    expect((await hook('return_picked_up')).json()).toEqual({ received: 1, recorded: 0, ignored: 1 });
    expect((await shoppers()).pickup).toMatchObject({
      tracking_number: '51930990',
      picked_up_at: '2026-12-01T10:00:00.000Z',
      back_at_shop_at: null,
    });

    // Back at the shop: staff see it; the return waits for them to receive the items, nothing is refunded.
    expect((await hook('return_back_at_shop')).json()).toEqual({ received: 1, recorded: 1, ignored: 0 });
    const staffs = await call(t.app, 'GET', `/v1/admin/returns?order_id=${o.id}&locale=en`, clerk);
    expect(staffs.body.returns[0]).toMatchObject({
      status: 'approved',
      refund: null,
      pickup: { picked_up_at: '2026-12-01T10:00:00.000Z', back_at_shop_at: '2026-12-01T15:00:00.000Z' },
    });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(order).toMatchObject({ status: 'delivered', refundedPiastres: 0 });
    expect(await stockOf(o.a.id)).toBe(stockA);

    // Staff receive them: refunded as any return.
    const received = await call(t.app, 'POST', `/v1/admin/returns/${id}/receive`, clerk, {});
    expect(received.body.returns[0]).toMatchObject({ status: 'refunded', refund: 1000 });
  });

  it('a refused return says why by SMS, and its units may be asked for again', async () => {
    const o = await delivered('en');
    const made = await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }]);
    const noNote = await call(t.app, 'POST', `/v1/admin/returns/${made.body.id}/refuse?locale=en`, clerk, {});
    expect(noNote.status).toBe(422);
    const r = await call(t.app, 'POST', `/v1/admin/returns/${made.body.id}/refuse`, clerk, {
      note: 'The box was opened and used',
    });
    expect(r.status).toBe(200);
    await drain();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(textsTo(o.s)).toContain(
      apiMessage('sms_return_refused', 'en', {
        n: String(order!.orderNumber),
        note: 'The box was opened and used',
      }),
    );
    const approve = await call(t.app, 'POST', `/v1/admin/returns/${made.body.id}/approve`, clerk, {});
    expect(approve.status).toBe(409);
    expect((await ask(o.s, o.id, [{ order_product_id: o.lineB, quantity: 1 }])).status).toBe(201);
  });

  it('an order paid online gets the returned units’ money back through the gateway', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const product = await make(800, 10);
    const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 2 }]);
    await payThroughSandbox(t.app, gateway, s, orderId, t.clock.now());
    for (const st of ['confirmed', 'processing', 'delivering', 'delivered']) await move(orderId, st);
    const line = (await call(t.app, 'GET', `/v1/users/orders/${orderId}`, s.headers)).body.order
      .order_products[0].id as number;
    const made = await ask(s, orderId, [{ order_product_id: line, quantity: 2 }]);
    expect(made.status).toBe(201);
    // COURIER=manual style: staff type the carrier and tracking number when approving.
    const approved = await call(t.app, 'POST', `/v1/admin/returns/${made.body.id}/approve`, clerk, {
      carrier: 'Aramex',
      tracking_number: 'AX-778',
    });
    expect(approved.body.returns[0].pickup).toEqual({
      carrier: 'Aramex',
      tracking_number: 'AX-778',
      tracking_url: null,
      picked_up_at: null,
      back_at_shop_at: null,
    });
    const refunds = gateway.refunds.length;
    const r = await call(t.app, 'POST', `/v1/admin/returns/${made.body.id}/receive`, clerk, {});
    expect(r.status).toBe(200);
    expect(r.body.returns[0]).toMatchObject({ refund: 1600, refund_method: 'gateway' });
    expect(gateway.refunds).toHaveLength(refunds + 1);
    expect(gateway.refunds.at(-1)).toMatchObject({ amountPiastres: 160_000 });
    const [o] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId)));
    expect(o!.status).toBe('refunded');
  });

  it('is refused to a signed-out caller, in the back office and the shop', async () => {
    const anon = await call(t.app, 'GET', '/v1/admin/returns', {});
    expect(anon.status).toBe(401);
    const shopper = await call(t.app, 'GET', '/v1/users/orders/1/returns', {});
    expect(shopper.status).toBe(401);
  });
});
