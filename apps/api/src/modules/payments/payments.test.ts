import { PAYMENT_STATES, vatInside } from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { hmacStringFromTransaction, signHmac } from '../../adapters/payments/paymob-hmac.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import {
  discountCodes,
  deliveryZones,
  domainEvents,
  orders,
  paymentEvents,
  payments,
  products,
  stockMovements,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addShopper,
  addZones,
  call,
  productMaker,
  putInCart,
  readyToPay,
  type Shopper,
} from '../../test/shoppers.ts';
import { movePayment, PaymentTransitionRefused } from './rows.ts';
import { releaseExpiredSessions } from './service.ts';

const SECRET = 'sandbox-secret-for-tests';
const sandbox = new SandboxPaymentProvider(SECRET);
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;

beforeAll(async () => {
  t = await createTestApp({ payments: sandbox, publicUrl: 'https://store.example' });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(() => t.close());

const MINUTE = 60_000;
const db = () => t.database.db;
const stockOf = async (id: number) =>
  (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id)).at(-1)!;
const startSession = (s: Shopper) =>
  call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, { payment_method: 'online' });

/** A shopper at the payment step with `quantity` of a fresh product (price 1,000 EGP, Giza: 60 EGP shipping). */
async function atPayment(stock = 5, quantity = 2) {
  const s = await addShopper(db(), t.clock.now());
  const product = await make(1000, stock);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity }]);
  return { s, product, orderId };
}

/** What the sandbox gateway would send for this session; `approved` false is a decline. */
async function gatewayCallback(
  orderId: number,
  approved: boolean,
  change: (obj: Record<string, unknown>) => void = () => {},
) {
  const p = await paymentOf(orderId);
  const tx = sandbox.transaction({
    providerOrderId: p.providerReference!,
    merchantReference: `o${p.orderId}-p${p.id}-sbx`,
    amountPiastres: p.amountPiastres,
    currency: p.currency,
    approved,
    now: t.clock.now(),
  });
  change(tx.body.obj as unknown as Record<string, unknown>);
  // Signed and recorded after the change: the gateway really processed and sent these facts.
  sandbox.record(tx.body.obj as unknown as Record<string, unknown>);
  return {
    ...tx,
    hmac: signHmac(hmacStringFromTransaction(tx.body.obj as unknown as Record<string, unknown>), SECRET),
  };
}
const deliver = (tx: { body: unknown; hmac: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
    payload: tx.body as object,
  });

describe('an online payment session', () => {
  it('the hosted checkout address is built from PUBLIC_URL, whatever Host or X-Forwarded-Host the request claims', async () => {
    const { s } = await atPayment(5, 1);
    const r = await call(
      t.app,
      'POST',
      '/v1/users/checkout?locale=en',
      {
        ...s.headers,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
      { payment_method: 'online' },
    );
    expect(r.status).toBe(200);
    expect(new URL(r.body.unified_checkout_url).origin).toBe('https://store.example');
  });

  it('holds the stock, moves the order to awaiting_payment and answers the payment state', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    const r = await startSession(s);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      checkout_total_price: 2060,
      order_id: orderId,
      expires_in_seconds: 300,
      payment_key_expiration: new Date(Date.parse(r.body.payment_key_expiration)).toISOString(),
    });
    expect(r.body.payment_key).toMatch(/^sbx_[0-9a-f]{48}$/);
    expect(r.body.unified_checkout_url).toBe(
      `https://store.example/v1/payments/sandbox/checkout?key=${r.body.payment_key}`,
    );
    const left = Date.parse(r.body.payment_key_expiration) - t.clock.now().getTime();
    expect(left).toBeGreaterThan(4.9 * MINUTE);
    expect(left).toBeLessThanOrEqual(5 * MINUTE);
    expect(await stockOf(product.id)).toBe(3);
    expect((await orderRow(orderId)).status).toBe('awaiting_payment');
    // Not an order yet: the orders list does not show it; the owner can still read it.
    expect((await call(t.app, 'GET', '/v1/users/orders', s.headers)).body.orders).toEqual([]);
    expect((await call(t.app, 'GET', `/v1/users/orders/${orderId}`, s.headers)).body.order.status).toBe(
      'awaiting_payment',
    );
  });

  it('POST takes only payment_method online (which is also the default)', async () => {
    const { s } = await atPayment();
    const cash = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'cash',
    });
    expect(cash).toMatchObject({
      status: 422,
      body: { errors: { payment_method: ['must be one of: online'] } },
    });
    const bare = await t.app.inject({ method: 'POST', url: '/v1/users/checkout', headers: s.headers });
    expect(bare.statusCode).toBe(200);
    t.clock.advance(5 * MINUTE);
  });

  it('a second session before the key expires is refused with the time remaining (mm:ss)', async () => {
    const { s } = await atPayment();
    expect((await startSession(s)).status).toBe(200);
    const again = await startSession(s);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      'A payment session is already active. You can start a new session in 05:00.',
    ]);
    expect(again.body.time_remaining_seconds).toBe(300);
    t.clock.advance(61_500);
    const later = await startSession(s);
    expect(later.body.errors[0]).toMatch(/in 03:59\.$/);
    const ar = await call(t.app, 'POST', '/v1/users/checkout?locale=ar', s.headers, {
      payment_method: 'online',
    });
    expect(ar.body.errors[0]).toContain('03:59');
    // Offline checkout is refused the same way while the session lives.
    const offline = await call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'cash',
    });
    expect(offline.body.errors[0]).toMatch(/^A payment session is already active/);
    t.clock.advance(5 * MINUTE);
  });

  it('an expired key gives the stock back exactly once and a new session can start', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    expect(await stockOf(product.id)).toBe(3);
    t.clock.advance(5 * MINUTE);
    // The job (twice, as two instances would) and a lazy release race for it: released once.
    const released = await Promise.all([
      releaseExpiredSessions(db(), t.clock.now(), { userId: s.id }),
      releaseExpiredSessions(db(), t.clock.now(), { userId: s.id }),
      call(t.app, 'GET', '/v1/users/cart', s.headers),
    ]);
    expect(released[0] + released[1]).toBeLessThanOrEqual(1);
    expect(await stockOf(product.id)).toBe(5);
    expect(await releaseExpiredSessions(db(), t.clock.now(), { userId: s.id })).toBe(0);
    expect(await stockOf(product.id)).toBe(5);
    const p = await paymentOf(orderId);
    expect(p.status).toBe('expired');
    expect(p.stockReleasedAt).not.toBeNull();
    // The order is the cart again, with its lines.
    const cart = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(cart).toMatchObject({ id: orderId, count: 2, delivery_fee: 60 });

    const again = await startSession(s);
    expect(again.status).toBe(200);
    expect(again.body.order_id).toBe(orderId);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('the shopper can end an open session to pay another way: the items are the cart again and cash can be chosen', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    expect((await startSession(s)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);

    const ended = await call(t.app, 'DELETE', '/v1/users/checkout?locale=en', s.headers);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: true });
    expect(await stockOf(product.id)).toBe(5);
    const p = await paymentOf(orderId);
    expect(p.status).toBe('expired');
    expect(p.stockReleasedAt).not.toBeNull();
    const cart = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(cart).toMatchObject({ id: orderId, count: 2, delivery_fee: 60 });
    // Nothing left to end; and another way to pay places the order at once (no session blocks it).
    expect((await call(t.app, 'DELETE', '/v1/users/checkout', s.headers)).body).toEqual({ ended: false });
    const placed = await call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'cash',
    });
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({ id: orderId, payment_method: 'cash' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('ending a session needs the shopper signed in, and ends only their own', async () => {
    const { s, product } = await atPayment(5, 1);
    await startSession(s);
    const other = await addShopper(db(), t.clock.now());
    expect((await call(t.app, 'DELETE', '/v1/users/checkout', {})).status).toBe(401);
    expect((await call(t.app, 'DELETE', '/v1/users/checkout', other.headers)).body).toEqual({ ended: false });
    expect(await stockOf(product.id)).toBe(4);
    expect((await startSession(s)).status).toBe(422);
  });

  it('the next checkout call releases an expired session by itself (no job needed)', async () => {
    const { s, product } = await atPayment(4, 1);
    await startSession(s);
    expect(await stockOf(product.id)).toBe(3);
    t.clock.advance(5 * MINUTE + 1000);
    const again = await startSession(s);
    expect(again.status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(
      (await db().select().from(payments).where(eq(payments.userId, s.id))).map((p) => p.status).sort(),
    ).toEqual(['expired', 'pending']);
  });

  it('a cart opened while paying keeps its own lines and gets the held ones back when the session ends', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    const other = await make(50, 5);
    const newCart = await putInCart(t.app, s, other.id, 1);
    expect(newCart.id).not.toBe(orderId);
    t.clock.advance(5 * MINUTE);
    const cart = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(cart.id).toBe(newCart.id);
    expect(
      cart.items.map((i: { product: { id: number }; quantity: number }) => [i.product.id, i.quantity]).sort(),
    ).toEqual(
      [
        [product.id, 2],
        [other.id, 1],
      ].sort(),
    );
    expect(await stockOf(product.id)).toBe(5);
    expect((await orderRow(orderId)).status).toBe('abandoned');
  });

  it('the cart says what a session under way holds, its time left and the way back to its payment page', async () => {
    const { s, orderId } = await atPayment(5, 2);
    const emptyBefore = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(emptyBefore.held).toBeNull();
    const key = (await startSession(s)).body;
    // Another device of the same shopper: the cart is empty, and says why.
    t.clock.advance(MINUTE);
    const cart = (await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers)).body.order;
    expect(cart.count).toBe(0);
    expect(cart.held).toEqual({
      order_id: orderId,
      count: 2,
      total: 2060,
      expires_at: key.payment_key_expiration,
      time_remaining_seconds: 4 * 60,
      payment_url: key.unified_checkout_url,
    });
    // The session's time runs out: the items are back in the cart, nothing is held.
    t.clock.advance(4 * MINUTE + 1000);
    const after = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(after.held).toBeNull();
    expect(after.count).toBe(2);
  });

  it('a gateway that cannot open the session gives the stock back at once', async () => {
    const failing: PaymentProvider = {
      name: 'sandbox',
      createIntention: async () => {
        throw new Error('gateway down');
      },
      verifyCallback: () => null,
      verifyRedirect: () => null,
      acceptsIntegration: () => true,
      inquire: async () => null,
      inquireOrder: async () => null,
    };
    const t2 = await createTestApp({ payments: failing });
    try {
      await addZones(t2.database.db);
      const make2 = await productMaker(t2.database.db, t2.clock.now());
      const s = await addShopper(t2.database.db, t2.clock.now());
      const p = await make2(100, 3);
      const { orderId } = await readyToPay(t2.app, s, [{ productId: p.id, quantity: 2 }]);
      const r = await call(t2.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
        payment_method: 'online',
      });
      expect(r).toMatchObject({ status: 502, body: { errors: ['Error occured, please try again'] } });
      const [row] = await t2.database.db.select().from(products).where(eq(products.id, p.id));
      expect(row!.stock).toBe(3);
      const [o] = await t2.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(o!.status).toBe('cart');
    } finally {
      await t2.close();
    }
  });
});

describe('the sandbox hosted checkout', () => {
  it('shows the amount, and Approve places the order, paid online, with a new empty cart', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    const key = (await startSession(s)).body;
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(key.unified_checkout_url).pathname + new URL(key.unified_checkout_url).search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('2,060 EGP');
    expect(page.body).toContain('Approve');
    expect(page.body).toContain('ادفع');
    // When it ends, on Cairo's clock in both languages, never a raw ISO time.
    const ends = new Date(key.payment_key_expiration);
    expect(page.body).not.toContain(ends.toISOString());
    const opts = { timeZone: 'Africa/Cairo', hour: 'numeric', minute: '2-digit' } as const;
    expect(page.body).toContain(new Intl.DateTimeFormat('ar-EG-u-nu-latn', opts).format(ends));
    expect(page.body).toContain(new Intl.DateTimeFormat('en-US', opts).format(ends));

    const submit = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/checkout',
      payload: `key=${key.payment_key}&decision=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(submit.statusCode).toBe(303);
    const back = new URL(submit.headers.location as string);
    expect(back.origin + back.pathname).toBe('https://store.example/v1/payments/response/sandbox');
    const ret = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(ret.statusCode).toBe(302);
    expect(ret.headers.location).toBe(
      `https://store.example/complete-payment?success=true&order_id=${orderId}`,
    );

    const o = (await call(t.app, 'GET', `/v1/users/orders/${orderId}`, s.headers)).body.order;
    expect(o).toMatchObject({ status: 'pending', payment_method: 'online', checkout_total_price: 2060 });
    expect(o.checkout_date).not.toBeNull();
    expect((await paymentOf(orderId)).status).toBe('succeeded');
    expect(await stockOf(product.id)).toBe(3);
    const cart = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(cart.id).not.toBe(orderId);
    expect(cart.count).toBe(0);
    // The page of a finished session says so.
    const closed = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/sandbox/checkout?key=${key.payment_key}`,
    });
    expect(closed.statusCode).toBe(410);
    // Expiry later changes nothing.
    t.clock.advance(6 * MINUTE);
    expect(await releaseExpiredSessions(db(), t.clock.now(), { userId: s.id })).toBe(0);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('Decline gives the stock back and the order is the cart again', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    const key = (await startSession(s)).body;
    const submit = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/checkout',
      payload: { key: key.payment_key, decision: 'decline' },
    });
    const back = new URL(submit.headers.location as string);
    const ret = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(ret.headers.location).toBe(
      `https://store.example/complete-payment?success=false&order_id=${orderId}`,
    );
    expect(await stockOf(product.id)).toBe(5);
    expect((await paymentOf(orderId)).status).toBe('failed');
    const cart = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    expect(cart).toMatchObject({ id: orderId, count: 2 });
    // A new session can start at once.
    expect((await startSession(s)).status).toBe(200);
  });

  it('an expired key shows a closed page and does not call back', async () => {
    const { s, orderId } = await atPayment();
    const key = (await startSession(s)).body;
    t.clock.advance(5 * MINUTE);
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/payments/sandbox/checkout?key=${key.payment_key}`,
    });
    expect(page.statusCode).toBe(410);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/checkout',
      payload: { key: key.payment_key, decision: 'approve' },
    });
    expect(submit.statusCode).toBe(410);
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, (await paymentOf(orderId)).id)),
    ).toEqual([]);
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/payments/sandbox/checkout?key=nope' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('gateway callbacks', () => {
  it('a replayed callback changes nothing', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    const tx = await gatewayCallback(orderId, true);
    expect((await deliver(tx)).json()).toEqual({ received: true, result: 'paid' });
    const cartAfter = (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;
    for (let i = 0; i < 3; i++)
      expect((await deliver(tx)).json()).toEqual({ received: true, result: 'duplicate' });
    expect(await stockOf(product.id)).toBe(3);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order.id).toBe(cartAfter.id);
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, (await paymentOf(orderId)).id)),
    ).toHaveLength(1);
  });

  it('a forged callback is refused (401) and changes nothing', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    const tx = await gatewayCallback(orderId, true);
    const wrongSecret = new SandboxPaymentProvider('someone-elses-secret').transaction({
      providerOrderId: (await paymentOf(orderId)).providerReference!,
      merchantReference: 'x',
      amountPiastres: 206_000,
      currency: 'EGP',
      approved: true,
      now: t.clock.now(),
    });
    const attempts = [
      t.app.inject({ method: 'POST', url: '/v1/payments/callback/sandbox', payload: tx.body }),
      t.app.inject({
        method: 'POST',
        url: `/v1/payments/callback/sandbox?hmac=${wrongSecret.hmac}`,
        payload: wrongSecret.body,
      }),
      (() => {
        const forged = structuredClone(tx.body);
        forged.obj.amount_cents = 100;
        return t.app.inject({
          method: 'POST',
          url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
          payload: forged,
        });
      })(),
      t.app.inject({
        method: 'POST',
        url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
        payload: 'not json',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect([400, 401, 415]).toContain(res.statusCode);
    expect((await attempts[0]!).statusCode).toBe(401);
    expect((await attempts[0]!).json()).toEqual({ errors: ['التوقيع مش صحيح'] });
    expect(await stockOf(product.id)).toBe(3);
    expect((await orderRow(orderId)).status).toBe('awaiting_payment');
    expect((await paymentOf(orderId)).status).toBe('pending');
    // A forged browser return shows failure and changes nothing either.
    const q = new URLSearchParams(tx.redirectQuery);
    q.set('success', 'true');
    q.set('hmac', 'a'.repeat(128));
    const ret = await t.app.inject({ method: 'GET', url: `/v1/payments/response/sandbox?${q}` });
    expect(ret.headers.location).toBe('https://store.example/complete-payment?success=false');
    // Another provider's route does not exist here.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v1/payments/callback/paymob?hmac=${tx.hmac}`,
          payload: tx.body,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a late failure after a success is ignored', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    expect((await deliver(await gatewayCallback(orderId, true))).json().result).toBe('paid');
    expect((await deliver(await gatewayCallback(orderId, false))).json().result).toBe('ignored');
    expect(await stockOf(product.id)).toBe(3);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await paymentOf(orderId)).status).toBe('succeeded');
  });

  it('pending:true is neither success nor failure, and the final answer still counts', async () => {
    const { s, product, orderId } = await atPayment(5, 1);
    await startSession(s);
    const pending = await gatewayCallback(orderId, false, (o) => (o.pending = true));
    expect((await deliver(pending)).json().result).toBe('pending');
    expect((await orderRow(orderId)).status).toBe('awaiting_payment');
    expect(await stockOf(product.id)).toBe(4);
    const final = await gatewayCallback(orderId, true, (o) => (o.id = pending.body.obj.id));
    expect((await deliver(final)).json().result).toBe('paid');
  });

  it('a success whose amount or currency does not match the order is not accepted', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    const tx = await gatewayCallback(orderId, true, (o) => (o.amount_cents = 100));
    expect((await deliver(tx)).json().result).toBe('amount_mismatch');
    const usd = await gatewayCallback(orderId, true, (o) => (o.currency = 'USD'));
    expect((await deliver(usd)).json().result).toBe('amount_mismatch');
    expect((await orderRow(orderId)).status).toBe('cart');
    expect(await stockOf(product.id)).toBe(5);
  });

  it('a success after the key expired and the stock went back places the order if the stock can be taken again', async () => {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    t.clock.advance(5 * MINUTE);
    await releaseExpiredSessions(db(), t.clock.now(), { userId: s.id });
    expect(await stockOf(product.id)).toBe(5);
    expect((await deliver(await gatewayCallback(orderId, true))).json().result).toBe('paid');
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await stockOf(product.id)).toBe(3);

    // When it cannot (sold out meanwhile), the payment is marked for a refund and nothing else changes.
    const late = await atPayment(2, 2);
    await startSession(late.s);
    t.clock.advance(5 * MINUTE);
    await releaseExpiredSessions(db(), t.clock.now(), { userId: late.s.id });
    await db().update(products).set({ stock: 0 }).where(eq(products.id, late.product.id));
    expect((await deliver(await gatewayCallback(late.orderId, true))).json().result).toBe('refund_required');
    expect((await orderRow(late.orderId)).status).toBe('cart');
    expect(await stockOf(late.product.id)).toBe(0);
    expect((await paymentOf(late.orderId)).status).toBe('refund_required');
  });

  it('a late success of a cart with a discount code places it with the code, its use taken again (issue 49)', async () => {
    const { s, orderId } = await atPayment(5, 2);
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: 'LATE-10', kind: 'percent', value: 10, maxUses: 1 })
      .returning();
    const usesOf = async () =>
      (await db().select().from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.uses;
    expect(
      (await call(t.app, 'PUT', '/v1/users/cart/discount_code', s.headers, { code: 'late-10' })).status,
    ).toBe(200);
    // 2,000 less 10% + 60 delivery.
    expect((await startSession(s)).body.checkout_total_price).toBe(1860);
    t.clock.advance(5 * MINUTE);
    await releaseExpiredSessions(db(), t.clock.now(), { userId: s.id });
    expect(await usesOf()).toBe(0);
    expect((await deliver(await gatewayCallback(orderId, true))).json().result).toBe('paid');
    expect(await orderRow(orderId)).toMatchObject({
      status: 'pending',
      discountCode: 'LATE-10',
      discountPiastres: 20_000,
      checkoutTotalPricePiastres: 186_000,
      vatPiastres: vatInside(180_000, 1400),
    });
    expect(await usesOf()).toBe(1);
  });

  it('a declined or expired payment gives back a cart with its discount code and discounted total, even when the cart was read while paying (issue 49)', async () => {
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: 'BACK-10', kind: 'percent', value: 10, maxUses: 1 })
      .returning();
    const usesOf = async () =>
      (await db().select().from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.uses;
    const cartOf = async (s: Shopper) =>
      (await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers)).body.order;
    /** A shopper with the code on a 2,000 EGP cart, at the gateway, who looked at the cart meanwhile. */
    async function payingWithCode() {
      const at = await atPayment(5, 2);
      expect(
        (await call(t.app, 'PUT', '/v1/users/cart/discount_code', at.s.headers, { code: 'back-10' })).status,
      ).toBe(200);
      const key = (await startSession(at.s)).body;
      // 2,000 less 10% + 60 delivery.
      expect(key.checkout_total_price).toBe(1860);
      expect(await usesOf()).toBe(1);
      // Another tab, or the page the gateway sends back to, reads the cart: a newer, empty cart opens.
      expect((await cartOf(at.s)).id).not.toBe(at.orderId);
      return { ...at, key };
    }
    const withCode = { count: 2, subtotal: 2000, discount: 200, discount_code: 'BACK-10', total: 1860 };

    // Declined: the items are back with the code, at the discounted total, and its use went back.
    const declined = await payingWithCode();
    const submit = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/checkout',
      payload: { key: declined.key.payment_key, decision: 'decline' },
    });
    const back = new URL(submit.headers.location as string);
    await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect((await paymentOf(declined.orderId)).status).toBe('failed');
    expect(await usesOf()).toBe(0);
    expect(await cartOf(declined.s)).toMatchObject({ ...withCode, discount_code_problem: null });
    // Paying again takes the code's (last) use again, at the same total.
    const again = (await startSession(declined.s)).body;
    expect(again.checkout_total_price).toBe(1860);
    expect(await usesOf()).toBe(1);
    await deliver(await gatewayCallback(again.order_id, false));
    expect(await usesOf()).toBe(0);

    // Expired: the same.
    const expired = await payingWithCode();
    t.clock.advance(5 * MINUTE);
    expect(await cartOf(expired.s)).toMatchObject({ ...withCode, discount_code_problem: null });
    expect((await paymentOf(expired.orderId)).status).toBe('expired');
    expect(await usesOf()).toBe(0);

    // A code that ended meanwhile takes nothing off the cart the shopper gets back (and checkout drops it).
    const ended = await payingWithCode();
    await db().update(discountCodes).set({ endsAt: t.clock.now() }).where(eq(discountCodes.id, code!.id));
    t.clock.advance(5 * MINUTE);
    const cart = await cartOf(ended.s);
    expect(cart).toMatchObject({ count: 2, discount: 0, total: 2060 });
    expect(cart.discount_code_problem).not.toBeNull();
    expect(await usesOf()).toBe(0);
  });

  it('a refund or void notice is recorded and changes nothing', async () => {
    const { s, orderId } = await atPayment(5, 1);
    await startSession(s);
    await deliver(await gatewayCallback(orderId, true));
    const refund = await gatewayCallback(orderId, true, (o) => (o.is_refunded = true));
    expect((await deliver(refund)).json().result).toBe('recorded');
    expect((await orderRow(orderId)).status).toBe('pending');
  });
});

describe("a zone's free-shipping amount (issue 16)", () => {
  it('the cart, the payment and the placed order charge no delivery from it, and the fee again below it', async () => {
    await db().insert(deliveryZones).values({
      nameEn: 'Port Said',
      nameAr: 'بورسعيد',
      shippingFeesPiastres: 8000,
      freeShippingFromPiastres: 300_000,
    });
    const s = await addShopper(db(), t.clock.now());
    const product = await make(1000, 10);
    const { orderId, cart } = await readyToPay(
      t.app,
      s,
      [{ productId: product.id, quantity: 3 }],
      'Port Said',
    );
    expect(cart).toMatchObject({ subtotal: 3000, delivery_fee: 0, free_delivery_from: 3000, total: 3000 });
    // One fewer: under the amount, the zone's fee.
    expect(await putInCart(t.app, s, product.id, 2)).toMatchObject({ delivery_fee: 80, total: 2080 });
    expect(await putInCart(t.app, s, product.id, 3)).toMatchObject({ delivery_fee: 0, total: 3000 });

    // A session that expires: the cart charges by the zone's rule again, not by what checkout wrote (nothing).
    expect((await startSession(s)).status).toBe(200);
    expect((await paymentOf(orderId)).amountPiastres).toBe(300_000);
    t.clock.advance(6 * MINUTE);
    await releaseExpiredSessions(db(), t.clock.now(), { userId: s.id });
    expect(await putInCart(t.app, s, product.id, 2)).toMatchObject({ delivery_fee: 80, total: 2080 });
    await putInCart(t.app, s, product.id, 3);

    // Paid: the gateway's amount matches the cart's, and the order says delivery cost nothing.
    expect((await startSession(s)).status).toBe(200);
    expect((await deliver(await gatewayCallback(orderId, true))).json().result).toBe('paid');
    const placed = await orderRow(orderId);
    expect(placed).toMatchObject({ shippingFeesPiastres: 0, checkoutTotalPricePiastres: 300_000 });
    const mine = await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=en`, s.headers);
    expect(mine.body.order).toMatchObject({ checkout_shipping_fees: 0, checkout_total_price: 3000 });
  });
});

describe("a payment's states (issue 47 item 5)", () => {
  /** A paid online order: 2 of a fresh product (5 in stock, 3 left), its payment succeeded. */
  async function paidOnline() {
    const { s, product, orderId } = await atPayment(5, 2);
    await startSession(s);
    expect((await deliver(await gatewayCallback(orderId, true))).json().result).toBe('paid');
    return { s, product, orderId, payment: await paymentOf(orderId) };
  }
  const setStatus = (id: number, status: string) =>
    db().execute(sql`update payments set status = ${status} where id = ${id}`);

  it('the database keeps a payment to the statuses the table names and refuses any other', async () => {
    const { payment } = await paidOnline();
    for (const status of ['paid', 'refund', '']) {
      const refused = await setStatus(payment.id, status).then(
        () => null,
        (err: unknown) => err,
      );
      expect(String((refused as { cause?: unknown })?.cause ?? refused), status).toContain(
        'payments_status_check',
      );
    }
    for (const status of PAYMENT_STATES) await setStatus(payment.id, status);
    await setStatus(payment.id, 'succeeded');
    expect((await paymentOf(payment.orderId)).status).toBe('succeeded');
  });

  it('a payment moves only along the table: a move it does not list is refused and changes nothing', async () => {
    const { payment } = await paidOnline();
    for (const to of ['pending', 'failed', 'expired'] as const)
      await expect(
        movePayment(db(), { which: { paymentId: payment.id }, from: ['succeeded'], to, now: t.clock.now() }),
      ).rejects.toBeInstanceOf(PaymentTransitionRefused);
    // A listed move of a payment that is no longer where the caller saw it moves nothing.
    const moved = await movePayment(db(), {
      which: { paymentId: payment.id },
      from: ['pending'],
      to: 'expired',
      now: t.clock.now(),
    });
    expect(moved).toEqual([]);
    expect(await paymentOf(payment.orderId)).toEqual(payment);
  });

  it('a cancel made any way (here the developer route) gives the stock back and marks the payment for a refund through the gateway', async () => {
    const { product, orderId, payment } = await paidOnline();
    expect(await stockOf(product.id)).toBe(3);
    const r = await call(t.app, 'POST', `/dev/orders/${orderId}/status`, {}, { status: 'canceled' });
    expect(r.status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    expect((await paymentOf(orderId)).status).toBe('refund_required');
    const events = await db()
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.orderId, orderId))
      .orderBy(domainEvents.id);
    expect(events.at(-1)).toEqual({
      type: 'payment.reversal_due',
      payload: { order_id: orderId, payment_id: payment.id, amount_piastres: 206_000 },
    });
    const moves = await db()
      .select({ delta: stockMovements.delta, reason: stockMovements.reason, staffId: stockMovements.staffId })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId))
      .orderBy(stockMovements.id);
    expect(moves.at(-1)).toEqual({ delta: 2, reason: 'cancel', staffId: null });
  });
});
