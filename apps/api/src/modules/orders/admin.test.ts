/**
 * Running orders from the back office (issue 13): the transitions table, the 409 of a concurrent change, stock after
 * a cancel and a partial refund, history and audit, the outbox's SMS to the shopper (once, with two instances), the
 * list's filters and counts, the dashboard, and who may call what.
 */
import { ORDER_STATUSES, ORDER_TRANSITIONS, apiMessage, isRefundStatus } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SmsMessage, SmsSender } from '../../adapters/sms.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, domainEvents, orders, products, staff, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
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
import { PaymentProviderError } from '../../adapters/payments/provider.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { stockMovements } from '../../db/schema.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { drainEvents } from './events.ts';

const PASSWORD = 'Counter-desk-1952';
const sent: SmsMessage[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    sent.push(m);
  },
};

const gateway = new SandboxPaymentProvider('admin-test-secret');
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Record<string, string>;
let clerk: Record<string, string>;
let clerkId: number;

const staffHeaders = (email: string) => staffSignIn(t.app, email, PASSWORD);

beforeAll(async () => {
  t = await createTestApp({ sms, payments: gateway });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  await ensureOwner(t.database.db, { email: 'boss@store.example', password: PASSWORD }, t.clock.now());
  await ensureOwner(t.database.db, { email: 'clerk@store.example', password: PASSWORD }, t.clock.now());
  const [c] = await t.database.db
    .update(staff)
    .set({ role: 'staff', name: 'Karim' })
    .where(eq(staff.email, 'clerk@store.example'))
    .returning();
  clerkId = c!.id;
  owner = await staffHeaders('boss@store.example');
  clerk = await staffHeaders('clerk@store.example');
});
afterAll(() => t?.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

/** A shopper places a cash order of `quantity` units of a fresh product (stock 10). */
async function placed(quantity = 2, locale: 'ar' | 'en' = 'ar') {
  const s: Shopper = await addShopper(t.database.db, t.clock.now());
  await t.database.db.update(users).set({ locale }).where(eq(users.id, s.id));
  const product = await make(1000, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(`checkout: ${r.status} ${JSON.stringify(r.body)}`);
  return { s, product, orderId };
}

/** A shopper pays `quantity` units online through the sandbox gateway; answers the order and the gateway's transaction id. */
async function paidOnline(quantity: number, priceEgp = 1000) {
  const s: Shopper = await addShopper(t.database.db, t.clock.now());
  const product = await make(priceEgp, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity }]);
  return { orderId, transactionId: await payThroughSandbox(t.app, gateway, s, orderId, t.clock.now()) };
}

const move = (id: number, status: string, headers = clerk, extra: object = {}) =>
  call(t.app, 'PUT', `/v1/admin/orders/${id}/status?locale=en`, headers, { status, ...extra });

describe('moving an order along', () => {
  it('pending → confirmed → processing → delivering → delivered, each step in the history and the audit log', async () => {
    const { s, orderId } = await placed();
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered']) {
      const r = await move(orderId, status, clerk, {
        note: status === 'delivering' ? 'Aramex 123' : undefined,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.order.status).toBe(status);
    }
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}?locale=en`, owner)).body.order;
    expect(detail.history.map((h: { from: string; to: string }) => `${h.from}→${h.to}`)).toEqual([
      'cart→pending',
      'pending→confirmed',
      'confirmed→processing',
      'processing→delivering',
      'delivering→delivered',
    ]);
    expect(detail.history[0].actor).toBe('shopper');
    expect(detail.history[3]).toMatchObject({ actor: 'staff', actor_name: 'Karim', note: 'Aramex 123' });
    expect(detail.next_statuses).toEqual([]);
    expect(detail.refundable).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.status_changed'), eq(auditLog.targetId, String(orderId))));
    expect(audits.map((a) => a.staffId)).toEqual([clerkId, clerkId, clerkId, clerkId]);
    // The shopper's own order page shows it.
    const mine = await call(t.app, 'GET', `/v1/users/orders/${orderId}`, s.headers);
    expect(mine.body.order.status).toBe('delivered');
  });

  it('every move the table does not allow is refused with 422 and changes nothing', async () => {
    const { orderId } = await placed();
    const allowed = new Set(
      ORDER_TRANSITIONS.filter((x) => x.from === 'pending' && x.by.includes('staff')).map((x) => x.to),
    );
    for (const status of ORDER_STATUSES) {
      // Refunded and partially refunded have their own refusal (attacks.test.ts).
      if (allowed.has(status) || isRefundStatus(status)) continue;
      const r = await move(orderId, status);
      expect(r.status, status).toBe(422);
      expect(r.body.errors).toEqual([apiMessage('order_transition_forbidden', 'en')]);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
  });

  it('two staff on the same order: the second, who saw it pending, gets 409 and overwrites nothing', async () => {
    const { orderId } = await placed();
    const [a, b] = await Promise.all([
      move(orderId, 'confirmed', clerk, { from: 'pending' }),
      move(orderId, 'canceled', owner, { from: 'pending' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.errors).toEqual([apiMessage('order_changed', 'en')]);
    const history = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, owner)).body.order.history;
    expect(history).toHaveLength(2);
  });

  it('a cancel puts the stock back', async () => {
    const { product, orderId } = await placed(3);
    expect(await stockOf(product.id)).toBe(7);
    expect((await move(orderId, 'confirmed')).status).toBe(200);
    expect((await move(orderId, 'canceled')).status).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    // Every movement is recorded with its reason and the stock after it.
    const moves = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(stockMovements.id);
    expect(moves.map((m) => [m.reason, m.delta, m.stockAfter, m.orderId, m.staffId])).toEqual([
      ['order', -3, 7, orderId, null],
      ['cancel', 3, 10, orderId, clerkId],
    ]);
    // Cancelled is final.
    expect((await move(orderId, 'confirmed')).status).toBe(422);
  });
});

describe('refunds', () => {
  it('a partial refund with restock, then the rest: refunded_quantity, stock and status follow', async () => {
    const { product, orderId } = await placed(3);
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered'])
      expect((await move(orderId, status)).status).toBe(200);
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    const line = detail.order_products[0].id;
    const refund = (quantity: number, restock: boolean) =>
      call(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds?locale=en`, clerk, {
        lines: [{ order_product_id: line, quantity }],
        restock,
      });
    const first = await refund(1, true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.order.status).toBe('partially_refunded');
    expect(first.body.order.order_products[0].refunded_quantity).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
    const tooMany = await refund(3, true);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.lines).toEqual(['At most 2 more can be refunded on this line']);
    const rest = await refund(2, false);
    expect(rest.body.order.status).toBe('refunded');
    expect(await stockOf(product.id)).toBe(8); // damaged goods stay out of stock
    const made = await t.database.db.select().from(domainEvents).where(eq(domainEvents.orderId, orderId));
    expect(made.filter((e) => e.type === 'refund.made').map((e) => e.payload)).toMatchObject([
      { amount_piastres: 100_000 },
      { amount_piastres: 200_000 },
    ]);
  });

  it('an order paid online gets its money back through the gateway, for the units refunded', async () => {
    const { orderId, transactionId } = await paidOnline(2);
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered'])
      expect((await move(orderId, status)).status).toBe(200);
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    expect(detail.payments[0].callbacks).toHaveLength(1);
    const r = await call(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds`, clerk, {
      lines: [{ order_product_id: detail.order_products[0].id, quantity: 1 }],
      restock: true,
    });
    expect(r.status).toBe(200);
    expect(gateway.refunds).toEqual([
      expect.objectContaining({
        transactionId,
        amountPiastres: 100_000,
      }),
    ]);
    const [made] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.orderId, orderId), eq(domainEvents.type, 'refund.made')));
    expect(made!.payload).toMatchObject({ refunded_by: 'gateway', refund_id: gateway.refunds[0]!.refundId });
  });

  it('a refund the gateway refuses keeps nothing (lines, stock, status, events) and says so; a retry works', async () => {
    const { orderId } = await paidOnline(2);
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered'])
      expect((await move(orderId, status)).status).toBe(200);
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    const productId = detail.order_products[0].product.id as number;
    const stockBefore = await stockOf(productId);
    const refunds = gateway.refunds.length;
    const body = { lines: [{ order_product_id: detail.order_products[0].id, quantity: 1 }], restock: true };
    // The gateway is outside our system: here it answers as Paymob does when it declines.
    const refuse = vi
      .spyOn(gateway, 'refund')
      .mockRejectedValueOnce(new PaymentProviderError('Paymob declined the refund: Not allowed'));
    const r = await call(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds?locale=en`, clerk, body);
    refuse.mockRestore();
    expect(r.status).toBe(502);
    expect(r.body.errors).toEqual([apiMessage('refund_failed', 'en')]);
    const after = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    expect(after.status).toBe('delivered');
    expect(after.order_products[0].refunded_quantity).toBe(0);
    expect(await stockOf(productId)).toBe(stockBefore);
    expect(gateway.refunds).toHaveLength(refunds);
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.orderId, orderId), eq(domainEvents.type, 'refund.made')));
    expect(events).toEqual([]);
    const again = await call(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds`, clerk, body);
    expect(again.status).toBe(200);
    expect(gateway.refunds).toHaveLength(refunds + 1);
  });

  it('a cancelled order paid online is a refund to do: on the dashboard and in the list filter', async () => {
    const { orderId } = await paidOnline(1, 500);
    const before = (await call(t.app, 'GET', '/v1/admin/dashboard', owner)).body.refunds_to_do;
    expect((await move(orderId, 'canceled')).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/admin/dashboard', owner)).body.refunds_to_do).toBe(before + 1);
    const list = await call(t.app, 'GET', '/v1/admin/orders?refund_required=true&per_page=100', owner);
    expect(list.body.orders.map((o: { id: number }) => o.id)).toContain(orderId);
    // Only money paid online goes back through the to-do list; cash orders never appear there.
    expect(list.body.orders.every((o: { payment_method: string }) => o.payment_method === 'online')).toBe(
      true,
    );
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, owner)).body.order;
    expect(detail.refund_required).toBe(true);
  });

  it('an order that is not delivered cannot be refunded', async () => {
    const { orderId } = await placed(1);
    const detail = (await call(t.app, 'GET', `/v1/admin/orders/${orderId}`, clerk)).body.order;
    const r = await call(t.app, 'POST', `/v1/admin/orders/${orderId}/refunds`, clerk, {
      lines: [{ order_product_id: detail.order_products[0].id, quantity: 1 }],
      restock: true,
    });
    expect(r.status).toBe(409);
  });
});

describe('the shopper hears of it', () => {
  it("an SMS in the shopper's language at confirm, hand to delivery, delivery and cancel, sent once by two instances", async () => {
    const { s: arabic, orderId: a } = await placed(1, 'ar');
    const { s: english, orderId: b } = await placed(1, 'en');
    for (const status of ['confirmed', 'processing', 'delivering', 'delivered']) await move(a, status);
    await move(b, 'canceled');
    // A second instance on the same database (its own pool on PostgreSQL) drains beside the first.
    const otherDb = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 3 }) : null;
    const other = await buildApp({ database: otherDb ?? t.database, env: 'test', sms, clock: t.clock });
    try {
      sent.length = 0;
      const ctx = (app: typeof t.app) => ({ ...app.ctx, log: { error() {} } });
      // Small batches from both at once, until nothing is left.
      for (let round = 0; round < 100; round++) {
        const done = await Promise.all([drainEvents(ctx(t.app), 3), drainEvents(ctx(other), 3)]);
        if (done[0] + done[1] === 0) break;
      }
    } finally {
      await other.close();
      await otherDb?.close();
    }
    const to = (phone: string) => sent.filter((m) => m.to === phone).map((m) => m.text);
    // The texts name the order's number, as the shopper reads it (issue 43), not its internal id.
    const numberOf = async (id: number) =>
      String((await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.orderNumber);
    const [na, nb] = [await numberOf(a), await numberOf(b)];
    // Placed first (its number, total, method and delivery days: step-messages.test.ts), then each step.
    expect(to(arabic.phone)[0]).toMatch(new RegExp(`^طلبك رقم ${na} وصلنا`));
    expect(to(english.phone)[0]).toMatch(new RegExp(`^We received your order #${nb}:`));
    expect(to(arabic.phone).slice(1)).toEqual([
      apiMessage('sms_order_confirmed', 'ar', { n: na }),
      apiMessage('sms_order_delivering', 'ar', { n: na }),
      apiMessage('sms_order_delivered', 'ar', { n: na }),
    ]);
    expect(to(english.phone).slice(1)).toEqual([apiMessage('sms_order_canceled', 'en', { n: nb })]);
    // Placed orders were handed on (sap_sync).
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, a));
    expect(row!.sapSync).toBe(true);
  });

  it('a failing gateway is retried later, not lost', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    let up = false;
    const got: string[] = [];
    const flaky: SmsSender = {
      name: 'flaky',
      async send(m) {
        if (!up) throw new Error('gateway down');
        got.push(m.text);
      },
    };
    const app = await buildApp({ database, env: 'test', sms: flaky });
    try {
      const [u] = await database.db
        .insert(users)
        .values({
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.c',
          phoneNumber: '01012340000',
          passwordHash: 'x',
        })
        .returning();
      const [o] = await database.db
        .insert(orders)
        .values({ userId: u!.id, status: 'confirmed', orderNumber: 1 })
        .returning();
      await database.db.insert(domainEvents).values({
        type: 'order.status_changed',
        orderId: o!.id,
        payload: { order_id: o!.id, user_id: u!.id, from: 'pending', to: 'confirmed', actor: 'staff' },
      });
      const ctx = { ...app.ctx, log: { error() {} } };
      expect(await drainEvents(ctx)).toBe(0);
      const [failed] = await database.db.select().from(domainEvents);
      expect(failed!.processedAt).toBeNull();
      expect(failed!.lastError).toBe('gateway down');
      up = true;
      expect(await drainEvents(ctx)).toBe(0); // not yet: it waits before trying again
      const later = { ...ctx, clock: { now: () => new Date(Date.now() + 60_000) } };
      expect(await drainEvents(later)).toBe(1);
      expect(got).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the list and the dashboard', () => {
  it('filters by status, payment method, text (order number, phone) and pages, with counts per status', async () => {
    const { s, orderId } = await placed(1);
    const list = (query: string) => call(t.app, 'GET', `/v1/admin/orders?${query}`, clerk);
    // By the number staff read (issue 43), not the internal id.
    const [row] = await t.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    const orderNumber = row!.orderNumber;
    const byId = await list(`query=%23${orderNumber}`);
    expect(byId.body.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(byId.body.orders[0]).toMatchObject({
      order_number: orderNumber,
      status: 'pending',
      payment_method: 'cash',
      total: 1060,
      count: 1,
      // Typed "Giza", shown in the request's language (Arabic unless it asks otherwise): its zone's name there.
      governorate: 'الجيزة',
      customer: { phone_number: s.phone },
    });
    const inEnglish = await list(`query=%23${orderNumber}&locale=en`);
    expect(inEnglish.body.orders[0].governorate).toBe('Giza');
    const byPhone = await list(`query=${s.phone.slice(-8)}`);
    expect(byPhone.body.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    const pending = await list('status=pending&per_page=2');
    expect(pending.body.orders.length).toBeLessThanOrEqual(2);
    expect(pending.body.orders.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect(pending.body.counts.pending).toBe(pending.body.meta.total_entries);
    expect(pending.body.counts.delivered).toBeGreaterThan(0);
    // The order's address says 'Giza'; the filter finds it by its Arabic name too (and the English one).
    for (const name of ['Giza', 'الجيزة'])
      expect(
        (await list(`governorate=${encodeURIComponent(name)}&per_page=100`)).body.orders.map(
          (o: { id: number }) => o.id,
        ),
      ).toContain(orderId);
    expect((await list(`governorate=${encodeURIComponent('الإسكندرية')}`)).body.orders).toEqual([]);
    const bad = await list('status=cart');
    expect(bad.status).toBe(422);
    const online = (await list('payment_method=online')).body.orders;
    expect(online.every((o: { payment_method: string }) => o.payment_method === 'online')).toBe(true);
    expect(online.map((o: { id: number }) => o.id)).not.toContain(orderId);
  });

  it("the dashboard counts today's sales and waiting orders, and lists low stock", async () => {
    const before = (await call(t.app, 'GET', '/v1/admin/dashboard?locale=en', owner)).body;
    const { product } = await placed(8);
    const after = (await call(t.app, 'GET', '/v1/admin/dashboard?locale=en', owner)).body;
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.sales).toBeCloseTo(before.today.sales + 8060, 2);
    expect(after.waiting.pending).toBe(before.waiting.pending + 1);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1).orders).toBe(after.today.orders);
    expect(after.low_stock.map((p: { id: number }) => p.id)).toContain(product.id);
  });
});

describe('customers', () => {
  it('staff find a shopper by phone and see their orders, never a password hash or token', async () => {
    const { s, orderId } = await placed(1);
    const found = await call(t.app, 'GET', `/v1/admin/customers?query=${s.phone.slice(-6)}`, clerk);
    expect(found.status).toBe(200);
    expect(found.body.customers.map((c: { id: number }) => c.id)).toContain(s.id);
    const one = await call(t.app, 'GET', `/v1/admin/customers/${s.id}`, clerk);
    expect(one.body.customer).toMatchObject({ phone_number: s.phone, orders_count: 1, total_spent: 1060 });
    expect(one.body.customer.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(one.res.body).not.toMatch(/password|token|scrypt/i);
    expect((await call(t.app, 'GET', '/v1/admin/customers/2147483000', clerk)).status).toBe(404);
    expect((await call(t.app, 'GET', '/v1/admin/customers', s.headers)).status).toBe(401);
  });
});

describe('who may call', () => {
  it('anonymous callers and shoppers get 401 on every admin order route', async () => {
    const { s, orderId } = await placed(1);
    const routes: [string, string, object?][] = [
      ['GET', '/v1/admin/orders'],
      ['GET', `/v1/admin/orders/${orderId}`],
      ['PUT', `/v1/admin/orders/${orderId}/status`, { status: 'confirmed' }],
      [
        'POST',
        `/v1/admin/orders/${orderId}/refunds`,
        { lines: [{ order_product_id: 1, quantity: 1 }], restock: true },
      ],
      ['GET', '/v1/admin/dashboard'],
    ];
    for (const [method, url, body] of routes) {
      for (const headers of [{}, s.headers]) {
        const r = await call(t.app, method as 'GET', url, headers, body);
        expect(r.status, `${method} ${url}`).toBe(401);
      }
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending');
  });
});
