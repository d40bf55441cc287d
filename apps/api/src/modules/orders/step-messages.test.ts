import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsSender } from '../../adapters/sms/index.ts';
import { hmacStringFromTransaction, signHmac } from '../../adapters/payments/paymob-hmac.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { CloudWhatsApp, whatsappTemplates } from '../../adapters/whatsapp/index.ts';
import { domainEvents, orders, payments, users } from '../../db/schema.ts';
import { startJobs } from '../../jobs.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { FakeSmsGateway, type RecordedAnswer } from '../../test/fake-sms-gateway.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { drainEvents } from './events.ts';

const SECRET = 'sandbox-secret-for-step-tests';
const sandbox = new SandboxPaymentProvider(SECRET);
const sent: SmsMessage[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    sent.push(m);
  },
};
/** The Cloud API on loopback, replaying answers recorded from Meta's documentation. */
const meta = new FakeSmsGateway();
const answers = JSON.parse(
  readFileSync(new URL('../../adapters/whatsapp/fixtures/cloud.json', import.meta.url), 'utf8'),
) as Record<string, RecordedAnswer>;

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let staff: Awaited<ReturnType<typeof ownerCatalogClerk>>;

beforeAll(async () => {
  await meta.start();
  meta.answerWith(answers.success!);
  t = await createTestApp({
    sms,
    payments: sandbox,
    publicUrl: 'https://store.example',
    whatsapp: new CloudWhatsApp({
      url: meta.url,
      version: '21.0',
      phoneNumberId: '106540352242922',
      token: 'EAAG-test-token',
      templates: whatsappTemplates(undefined),
      languages: { ar: 'ar', en: 'en' },
      timeoutMs: 5_000,
    }),
  });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  staff = await ownerCatalogClerk(t, 'Steps-desk-1952');
});
afterAll(async () => {
  await t.close();
  await meta.close();
});

const db = () => t.database.db;
const ctx = () => ({ ...t.app.ctx, log: { error() {} } });
const drain = async () => {
  while ((await drainEvents(ctx())) > 0);
};
const textsTo = (s: Shopper) => sent.filter((m) => m.to === s.phone).map((m) => m.text);
const whatsappTo = (s: Shopper) =>
  meta.received
    .map(
      (r) =>
        r.json as {
          to: string;
          template: {
            name: string;
            language: { code: string };
            components: { parameters: { text: string }[] }[];
          };
        },
    )
    .filter((j) => j.to === `20${s.phone.slice(1)}`)
    .map((j) => ({
      name: j.template.name,
      language: j.template.language.code,
      params: j.template.components[0]!.parameters.map((p) => p.text),
    }));
const emailsTo = async (to: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/dev/email-outbox?to=${encodeURIComponent(to)}` })).json() as {
      emails: { subject: string; html: string; text: string }[];
    }
  ).emails;
const numberOf = async (id: number) =>
  String((await db().select().from(orders).where(eq(orders.id, id)))[0]!.orderNumber);

/** The day `days` after now as a shopper reads it (en-GB / Arabic with Latin digits, Cairo's calendar). */
const dayAfter = (days: number, locale: 'ar' | 'en') =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'Africa/Cairo',
  })
    .formatToParts(new Date(t.clock.now().getTime() + days * 86_400_000))
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join(' ');

async function shopper(locale: 'ar' | 'en') {
  const s = await addShopper(db(), t.clock.now());
  await db().update(users).set({ locale }).where(eq(users.id, s.id));
  return s;
}

/** A shopper with 2 × a 1,000 EGP product in the cart, delivered to Cairo (50 EGP, 1 to 2 days). */
async function atCheckout(locale: 'ar' | 'en') {
  const s = await shopper(locale);
  const product = await make(1000, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 2 }], 'Cairo');
  return { s, orderId };
}

async function placedCash(locale: 'ar' | 'en') {
  const r = await atCheckout(locale);
  expect(
    (await call(t.app, 'PUT', '/v1/users/checkout', r.s.headers, { payment_method: 'cash' })).status,
  ).toBe(200);
  return r;
}

/** What the sandbox gateway posts for the order's payment session: approved or declined. */
async function gatewaySays(orderId: number, approved: boolean) {
  const [p] = await db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const tx = sandbox.transaction({
    providerOrderId: p!.providerReference!,
    merchantReference: `o${p!.orderId}-p${p!.id}-sbx`,
    amountPiastres: p!.amountPiastres,
    currency: p!.currency,
    approved,
    now: t.clock.now(),
  });
  const obj = tx.body.obj as unknown as Record<string, unknown>;
  sandbox.record(obj);
  const hmac = signHmac(hmacStringFromTransaction(obj), SECRET);
  const r = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/callback/sandbox?hmac=${hmac}`,
    payload: tx.body as object,
  });
  expect(r.statusCode).toBe(200);
}

const startOnline = async (s: Shopper) =>
  expect(
    (await call(t.app, 'POST', '/v1/users/checkout', s.headers, { payment_method: 'online' })).status,
  ).toBe(200);

const setChannels = (
  headers: Record<string, string>,
  steps: { step: string; sms: boolean; email: boolean; whatsapp: boolean }[],
) => call(t.app, 'PUT', '/v1/admin/message-channels?locale=en', headers, { steps });

describe("the shopper's message at every order step", () => {
  it('placing an order sends the shopper a message naming its number, total, payment method and delivery days, within seconds of the outbox job', async () => {
    const { s, orderId } = await atCheckout('ar');
    const stop = startJobs({ ctx: t.app.ctx, log: t.app.log });
    try {
      const placedAt = Date.now();
      expect(
        (await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' })).status,
      ).toBe(200);
      while (!textsTo(s).length && Date.now() - placedAt < 4_000) await new Promise((r) => setTimeout(r, 50));
      expect(Date.now() - placedAt).toBeLessThan(3_000);
    } finally {
      stop();
    }
    const n = await numberOf(orderId);
    expect(textsTo(s)).toEqual([
      `طلبك رقم ${n} وصلنا: 2,050 ج.م، كاش عند الاستلام. هيوصلك من ${dayAfter(1, 'ar')} لحد ${dayAfter(2, 'ar')}.`,
    ]);
    expect(sent.find((m) => m.to === s.phone)).toMatchObject({ kind: 'order', orderId });

    const english = await placedCash('en');
    await drain();
    expect(textsTo(english.s)).toEqual([
      `We received your order #${await numberOf(english.orderId)}: 2,050 EGP, cash on delivery. Expected delivery: ${dayAfter(1, 'en')} to ${dayAfter(2, 'en')}.`,
    ]);
  });

  it('an order placed from the Arabic site is told in Arabic, though the shopper last signed in on the English one', async () => {
    const { s, orderId } = await atCheckout('en');
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout?locale=ar', s.headers, { payment_method: 'cash' }))
        .status,
    ).toBe(200);
    await drain();
    expect(textsTo(s)).toEqual([
      `طلبك رقم ${await numberOf(orderId)} وصلنا: 2,050 ج.م، كاش عند الاستلام. هيوصلك من ${dayAfter(1, 'ar')} لحد ${dayAfter(2, 'ar')}.`,
    ]);
    // And the next steps of that order too: the shopper's language is now the one they used.
    expect((await db().select().from(users).where(eq(users.id, s.id)))[0]!.locale).toBe('ar');
  });

  it('an order paid online: one message that the payment came in (not a second one for the placement)', async () => {
    const { s, orderId } = await atCheckout('en');
    await startOnline(s);
    await drain();
    expect(textsTo(s)).toEqual([]); // a payment under way says nothing yet
    await gatewaySays(orderId, true);
    await drain();
    expect(textsTo(s)).toEqual([
      `We received your payment of 2,050 EGP for your order #${await numberOf(orderId)}. Expected delivery: ${dayAfter(1, 'en')} to ${dayAfter(2, 'en')}.`,
    ]);
  });

  it('a payment the gateway declines, and one whose time runs out, each tell the shopper the amount and that the cart is back', async () => {
    const declined = await atCheckout('ar');
    await startOnline(declined.s);
    await gatewaySays(declined.orderId, false);
    await drain();
    expect(textsTo(declined.s)).toEqual([
      'الدفع أونلاين بمبلغ 2,050 ج.م منجحش. المنتجات رجعت لسلتك: ادفع تاني أو اختار طريقة تانية.',
    ]);

    const late = await atCheckout('en');
    await startOnline(late.s);
    t.clock.advance(6 * 60_000); // past the payment key's five minutes
    // The cart, read again, gives the expired session's stock back (as the job would).
    expect((await call(t.app, 'GET', '/v1/users/cart', late.s.headers)).status).toBe(200);
    await drain();
    expect(textsTo(late.s)).toEqual([
      'The time to pay 2,050 EGP online ran out. Your items are back in your cart.',
    ]);
  });
});

describe("the owner's choice of channels per step", () => {
  it('owners read and set the channels of each step; staff may not; a bad choice changes nothing', async () => {
    const got = await call(t.app, 'GET', '/v1/admin/message-channels', staff.owner);
    expect(got.status).toBe(200);
    expect(got.body.steps.map((r: { step: string }) => r.step)).toEqual([
      'placed',
      'payment_received',
      'payment_failed',
      'confirmed',
      'delivering',
      'delivered',
      'canceled',
      'refunded',
      'return_requested',
      'return_approved',
      'return_refused',
      'return_received',
    ]);
    expect(got.body.steps[0]).toEqual({ step: 'placed', sms: true, email: true, whatsapp: false });
    expect(got.body.available).toEqual({ sms: true, email: true, whatsapp: true });
    expect((await call(t.app, 'GET', '/v1/admin/message-channels', staff.clerk)).status).toBe(403);
    expect(
      (await setChannels(staff.clerk, [{ step: 'placed', sms: false, email: false, whatsapp: false }]))
        .status,
    ).toBe(403);
    const twice = await setChannels(staff.owner, [
      { step: 'placed', sms: false, email: false, whatsapp: false },
      { step: 'placed', sms: true, email: false, whatsapp: false },
    ]);
    expect(twice.status).toBe(422);
    const unknown = await setChannels(staff.owner, [
      { step: 'shipped', sms: true, email: true, whatsapp: true },
    ]);
    expect(unknown.status).toBe(422);
    expect((await call(t.app, 'GET', '/v1/admin/message-channels', staff.owner)).body.steps[0]).toEqual({
      step: 'placed',
      sms: true,
      email: true,
      whatsapp: false,
    });
  });

  it('the outbox follows it: confirmed by WhatsApp and email only, in the shopper’s language', async () => {
    const saved = await setChannels(staff.owner, [
      { step: 'confirmed', sms: false, email: true, whatsapp: true },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.steps[3]).toEqual({ step: 'confirmed', sms: false, email: true, whatsapp: true });
    try {
      const { s, orderId } = await placedCash('ar');
      await db()
        .update(users)
        .set({ email: `${s.phone}@example.com` })
        .where(eq(users.id, s.id));
      await drain();
      expect(
        (await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, staff.owner, { status: 'confirmed' }))
          .status,
      ).toBe(200);
      await drain();
      const n = await numberOf(orderId);
      // Placed by SMS and email (the defaults), confirmed by WhatsApp and email, never by SMS.
      expect(textsTo(s)).toHaveLength(1);
      expect(textsTo(s)[0]).toMatch(new RegExp(`^طلبك رقم ${n} وصلنا`));
      expect(whatsappTo(s)).toEqual([{ name: 'order_confirmed', language: 'ar', params: [n] }]);
      const mails = await emailsTo(`${s.phone}@example.com`);
      expect(mails.map((m) => m.subject)).toEqual([
        `إيجيبت إلكترونيكس: طلبك رقم ${n}`,
        `إيجيبت إلكترونيكس: طلبك رقم ${n}`,
      ]);
      expect(mails[0]!.text).toContain(`طلبك رقم ${n} اتأكد`);
    } finally {
      await setChannels(staff.owner, [{ step: 'confirmed', sms: true, email: true, whatsapp: false }]);
    }
  });

  it('a WhatsApp refusal (template missing) is retried by the outbox without sending the SMS again', async () => {
    await setChannels(staff.owner, [{ step: 'delivering', sms: true, email: false, whatsapp: true }]);
    try {
      const { s, orderId } = await placedCash('en');
      for (const status of ['confirmed', 'processing'])
        await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, staff.owner, { status });
      await drain();
      sent.length = 0;
      await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, staff.owner, { status: 'delivering' });
      meta.answerWith(answers.no_template!);
      await drain();
      const n = await numberOf(orderId);
      expect(textsTo(s)).toEqual([`Your order #${n} is on its way to you.`]);
      const [e] = await db()
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.orderId, orderId))
        .orderBy(domainEvents.id)
        .then((rows) => rows.filter((r) => (r.payload as { to?: string }).to === 'delivering'));
      expect(e!.processedAt).toBeNull();
      expect(e!.lastError).toMatch(/whatsapp refused the message: HTTP 400, code 132001/);
      expect(e!.sentChannels).toEqual(['sms']);
      // Later the template exists: WhatsApp goes out, the SMS is not sent twice.
      meta.answerWith(answers.success!);
      await drainEvents({ ...ctx(), clock: { now: () => new Date(t.clock.now().getTime() + 60_000) } });
      expect(textsTo(s)).toHaveLength(1);
      expect(whatsappTo(s).at(-1)).toEqual({ name: 'order_delivering', language: 'en', params: [n] });
      const [done] = await db().select().from(domainEvents).where(eq(domainEvents.id, e!.id));
      expect(done!.processedAt).not.toBeNull();
      expect(done!.sentChannels).toEqual(['sms', 'whatsapp']);
    } finally {
      meta.answerWith(answers.success!);
      await setChannels(staff.owner, [{ step: 'delivering', sms: true, email: true, whatsapp: false }]);
    }
  });
});

describe("the order's email", () => {
  it('is built from the template: Arabic right to left, the store’s name and logo, the lines and totals', async () => {
    const { s, orderId } = await atCheckout('ar');
    const address = `${s.phone}@example.com`;
    await db().update(users).set({ email: address }).where(eq(users.id, s.id));
    await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
    await drain();
    const [mail] = await emailsTo(address);
    const n = await numberOf(orderId);
    expect(mail!.html).toMatch(/<html lang="ar" dir="rtl"[\s>]/);
    // MJML's tables: the body's text sits right-aligned, right to left.
    expect(mail!.html).toMatch(/direction:\s*rtl/);
    expect(mail!.html).toContain('إيجيبت إلكترونيكس');
    expect(mail!.html).toContain('src="https://store.example/email-logo.png"');
    expect(mail!.html).toContain(`طلبك رقم ${n} وصلنا: 2,050 ج.م، كاش عند الاستلام.`);
    expect(mail!.html).toMatch(/× 2<\/td><td[^>]*dir="ltr">2,000 ج\.م<\/td>/);
    expect(mail!.html).toMatch(/التوصيل<\/td><td[^>]*>50 ج\.م/);
    expect(mail!.html).toMatch(/الإجمالي<\/td><td[^>]*>2,050 ج\.م/);
    expect(mail!.html).not.toContain('<mj-');
    expect(mail!.text).toContain('الإجمالي: 2,050 ج.م');
  });
});
