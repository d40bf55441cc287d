/**
 * Issue 42, finding 1: one genuine online payment must never place a second order. Paymob's signature joins 20
 * values with no separator, so a digit can move between neighbours (`id` and `integration_id`, `order.id` and
 * `owner`) and the signature still holds; `merchant_order_id` is not signed at all. Each forgery below is refused
 * and changes nothing, with the sandbox gateway and with the Paymob adapter against a fake Paymob on loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hmacStringFromQuery,
  hmacStringFromTransaction,
  signHmac,
} from '../../adapters/payments/paymob-hmac.ts';
import { PaymobProvider } from '../../adapters/payments/paymob.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { SANDBOX_INTEGRATION_ID, SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { orders, paymentEvents, payments, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';

type Obj = Record<string, unknown>;
const SECRET = 'attacks-hmac-secret';
const PAYMOB_INTEGRATION = 4097558;

/** A fake Paymob on loopback: intentions numbered in sequence (as Paymob's order ids are), and the transaction
 * inquiry answering what it processed, or 500 while `down`. */
class FakePaymob {
  server!: Server;
  url = '';
  nextOrder = 217_503_754;
  processed = new Map<string, Obj>();
  down = false;
  async start() {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const send = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.method === 'POST' && req.url === '/v1/intention/') {
          const order = this.nextOrder++;
          return send(201, {
            id: `pi_${order}`,
            client_secret: `egy_csk_${order}`,
            intention_order_id: order,
          });
        }
        const m = /^\/api\/acceptance\/transactions\/(\d+)$/.exec(req.url ?? '');
        if (req.method === 'GET' && m) {
          if (this.down) return send(500, { detail: 'Internal error' });
          const obj = this.processed.get(m[1]!);
          return obj ? send(200, obj) : send(404, { detail: 'Not found.' });
        }
        send(404, { detail: 'Not found.' });
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

interface Gateway {
  name: string;
  provider: PaymentProvider;
  /** The gateway processes a payment for this gateway order and signs it: the callback body, its hmac, the
   * browser's return query. */
  pay(
    providerOrderId: string,
    amountPiastres: number,
    merchantRef: string,
  ): { obj: Obj; hmac: string; query: Obj };
  close(): Promise<void>;
}

let txSeq = 192_036_465;
function transaction(providerOrderId: string, amount: number, merchantRef: string, integration: number): Obj {
  return {
    id: txSeq++,
    pending: false,
    amount_cents: amount,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: integration,
    has_parent_transaction: false,
    error_occured: false,
    created_at: '2026-11-29T11:33:44.592345',
    currency: 'EGP',
    owner: 302_852,
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    order: { id: Number(providerOrderId), merchant_order_id: merchantRef },
  };
}
const redirectQuery = (obj: Obj): Obj => {
  const q: Obj = {};
  for (const [k, v] of Object.entries(obj)) if (typeof v !== 'object') q[k] = String(v);
  q.order = String((obj.order as Obj).id);
  q.merchant_order_id = (obj.order as Obj).merchant_order_id;
  q['source_data.pan'] = '2346';
  q['source_data.sub_type'] = 'MasterCard';
  q['source_data.type'] = 'card';
  q.hmac = signHmac(hmacStringFromQuery(q), SECRET);
  return q;
};

async function sandboxGateway(): Promise<Gateway> {
  const provider = new SandboxPaymentProvider(SECRET);
  return {
    name: 'sandbox',
    provider,
    pay(ref, amount, merchant) {
      const obj = transaction(ref, amount, merchant, SANDBOX_INTEGRATION_ID);
      obj.order = { id: ref, merchant_order_id: merchant };
      provider.record(obj);
      return { obj, hmac: signHmac(hmacStringFromTransaction(obj), SECRET), query: redirectQuery(obj) };
    },
    close: async () => {},
  };
}

async function paymobGateway(fake: FakePaymob): Promise<Gateway> {
  const provider = new PaymobProvider({
    apiUrl: fake.url,
    secretKey: 'sk_test',
    publicKey: 'pk_test',
    hmacSecret: SECRET,
    integrationIds: [PAYMOB_INTEGRATION],
    timeoutMs: 2000,
  });
  return {
    name: 'paymob',
    provider,
    pay(ref, amount, merchant) {
      const obj = transaction(ref, amount, merchant, PAYMOB_INTEGRATION);
      fake.processed.set(String(obj.id), structuredClone(obj));
      return { obj, hmac: signHmac(hmacStringFromTransaction(obj), SECRET), query: redirectQuery(obj) };
    },
    close: () => fake.stop(),
  };
}

/** Moves the last digit of `from` to the front of `to` (or the first digit of `to` to the end of `from`). */
function shift(obj: Obj, from: string, to: string, direction: 'forward' | 'back') {
  const get = (k: string) => (k === 'order.id' ? String((obj.order as Obj).id) : String(obj[k]));
  const set = (k: string, v: string) => {
    if (k === 'order.id') obj.order = { ...(obj.order as Obj), id: v };
    else obj[k] = v;
  };
  const a = get(from);
  const b = get(to);
  if (direction === 'forward') {
    set(from, a.slice(0, -1));
    set(to, a.slice(-1) + b);
  } else {
    set(from, a + b.slice(0, 1));
    set(to, b.slice(1));
  }
}

const fake = new FakePaymob();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

describe.each(['sandbox', 'paymob'] as const)('forged payment callbacks (%s)', (which) => {
  let t: TestApp;
  let gateway: Gateway;
  let make: Awaited<ReturnType<typeof productMaker>>;

  beforeAll(async () => {
    gateway = which === 'sandbox' ? await sandboxGateway() : await paymobGateway(fake);
    t = await createTestApp({ payments: gateway.provider, publicUrl: 'https://store.example' });
    await addZones(t.database.db);
    make = await productMaker(t.database.db, t.clock.now());
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const session = async (orderId: number) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const orderStatus = async (id: number) =>
    (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const stockOf = async (id: number) =>
    (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
  const callback = (body: Obj, hmac: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/payments/callback/${gateway.name}?hmac=${hmac}`,
      payload: { type: 'TRANSACTION', obj: body },
    });

  /** A shopper with an open online payment session for 1,000 EGP of a fresh product (+ 60 EGP shipping). */
  async function openSession() {
    const s = await addShopper(db(), t.clock.now());
    const product = await make(1000, 5);
    const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 1 }]);
    const r = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'online',
    });
    expect(r.status).toBe(200);
    return { s, product, orderId, payment: await session(orderId) };
  }

  /** Order A paid for genuinely; order B (same amount) waiting for its payment. */
  async function paidAndWaiting() {
    const a = await openSession();
    const b = await openSession();
    const paid = gateway.pay(
      a.payment.providerReference!,
      a.payment.amountPiastres,
      `o${a.orderId}-p${a.payment.id}`,
    );
    const r = await callback(paid.obj, paid.hmac);
    expect(r.json()).toEqual({ received: true, result: 'paid' });
    expect(await orderStatus(a.orderId)).toBe('pending');
    return { a, b, paid };
  }

  async function expectUntouched(b: Awaited<ReturnType<typeof openSession>>) {
    expect(await orderStatus(b.orderId)).toBe('awaiting_payment');
    expect((await session(b.orderId)).status).toBe('pending');
    expect(await stockOf(b.product.id)).toBe(4);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, b.payment.id))).toEqual(
      [],
    );
  }

  for (const direction of ['forward', 'back'] as const) {
    it(`A's signed values with a digit moved ${direction} between id and integration_id and between order.id and owner, naming B's session, place nothing`, async () => {
      const { b, paid } = await paidAndWaiting();
      const forged = structuredClone(paid.obj);
      shift(forged, 'id', 'integration_id', direction);
      shift(forged, 'order.id', 'owner', direction);
      (forged.order as Obj).merchant_order_id = `o${b.orderId}-p${b.payment.id}`;
      // The signature still holds: the joined values are the same.
      expect(hmacStringFromTransaction(forged)).toBe(hmacStringFromTransaction(paid.obj));
      const r = await callback(forged, paid.hmac);
      expect(r.statusCode).toBe(200);
      expect(r.json().result).not.toBe('paid');
      await expectUntouched(b);
      // The same values as the browser's return query show a failure and settle nothing either.
      const q = structuredClone(paid.query);
      const shifted: Obj = {
        ...q,
        order: (forged.order as Obj).id,
        owner: forged.owner,
        id: forged.id,
        integration_id: forged.integration_id,
        merchant_order_id: `o${b.orderId}-p${b.payment.id}`,
      };
      const back = await t.app.inject({
        method: 'GET',
        url: `/v1/payments/response/${gateway.name}?${new URLSearchParams(shifted as Record<string, string>)}`,
      });
      expect(back.headers.location).toBe('https://store.example/complete-payment?success=false');
      await expectUntouched(b);
    });
  }

  it("a digit moved between id and integration_id alone (A's own order) is not a second payment", async () => {
    const { a, paid } = await paidAndWaiting();
    const forged = structuredClone(paid.obj);
    shift(forged, 'id', 'integration_id', 'forward');
    const r = await callback(forged, paid.hmac);
    expect(r.json().result).not.toBe('paid');
    expect(
      await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, a.payment.id)),
    ).toHaveLength(1);
  });

  it("a genuine signed payment for an order this store does not know, whose merchant_order_id names B's session, places nothing", async () => {
    const { b } = await paidAndWaiting();
    // The same gateway account's payment of another channel (another shop, a payment link): signed, processed,
    // for the same amount, but not B's gateway order.
    const other = gateway.pay('999000111', b.payment.amountPiastres, `o${b.orderId}-p${b.payment.id}`);
    const r = await callback(other.obj, other.hmac);
    expect(r.json().result).toBe('unknown_payment');
    await expectUntouched(b);
  });

  it("a signed payment for B's own gateway order from an integration that is not this store's places nothing", async () => {
    const b = await openSession();
    const paid = gateway.pay(b.payment.providerReference!, b.payment.amountPiastres, 'x');
    const forged = structuredClone(paid.obj);
    forged.integration_id = 777_001;
    const hmac = signHmac(hmacStringFromTransaction(forged), SECRET);
    const r = await callback(forged, hmac);
    expect(r.json().result).toBe('foreign_integration');
    await expectUntouched(b);
  });

  it("a signed success the gateway's own record does not hold places nothing; the real one then does", async () => {
    const b = await openSession();
    const unknown = transaction(b.payment.providerReference!, b.payment.amountPiastres, 'x', 0);
    unknown.integration_id = gateway.name === 'sandbox' ? SANDBOX_INTEGRATION_ID : PAYMOB_INTEGRATION;
    if (gateway.name === 'sandbox')
      unknown.order = { id: b.payment.providerReference!, merchant_order_id: 'x' };
    const r = await callback(unknown, signHmac(hmacStringFromTransaction(unknown), SECRET));
    expect(r.json().result).toBe('unconfirmed');
    await expectUntouched(b);
    const real = gateway.pay(b.payment.providerReference!, b.payment.amountPiastres, 'x');
    expect((await callback(real.obj, real.hmac)).json().result).toBe('paid');
    expect(await orderStatus(b.orderId)).toBe('pending');
  });

  if (which === 'paymob') {
    it('while Paymob cannot be asked, a success is answered 503 and counts when the gateway retries', async () => {
      const b = await openSession();
      const real = gateway.pay(b.payment.providerReference!, b.payment.amountPiastres, 'x');
      fake.down = true;
      try {
        const r = await callback(real.obj, real.hmac);
        expect(r.statusCode).toBe(503);
        expect(r.headers['retry-after']).toBe('30');
        await expectUntouched(b);
      } finally {
        fake.down = false;
      }
      expect((await callback(real.obj, real.hmac)).json().result).toBe('paid');
      expect(await orderStatus(b.orderId)).toBe('pending');
    });
  }
});
