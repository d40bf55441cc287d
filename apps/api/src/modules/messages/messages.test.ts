/**
 * SMS through real gateways, through the API (issue 44): a store on SMS Misr (SMS_PROVIDER=smsmisr, SMSMISR_URL at
 * a fake on loopback) with Cequens as SMS_FALLBACK_PROVIDER. A sign-up's code goes out in SMS Misr's fields and
 * confirms the account; a refusal in any form is the shopper's 503 in their language and costs them nothing; the
 * fallback takes over; receipts arrive on the secret address; the back office lists every message.
 */
import { apiMessage, smsParts } from '@store/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CequensGateway, SmsMisrGateway } from '../../adapters/sms/index.ts';
import { buildApp } from '../../app.ts';
import { smsMessages, users } from '../../db/schema.ts';
import { latestCode, signUpBody } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { FakeSmsGateway, recordedAnswers } from '../../test/fake-sms-gateway.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { drainEvents } from '../orders/events.ts';

const SECRET = 'receipts-secret-0123456789';
const PUBLIC_URL = 'https://store.example';
const misrAnswers = recordedAnswers('smsmisr');
const cequensAnswers = recordedAnswers('cequens');
const misr = new FakeSmsGateway();
const cequens = new FakeSmsGateway();
let t: TestApp;
type Staff = Awaited<ReturnType<typeof ownerCatalogClerk>>;
type StaffAuth = Staff['owner'];
let staff: Staff;

const gateways = () => ({
  primary: new SmsMisrGateway({
    url: `${misr.url}/api/SMS/`,
    username: 'store-user',
    password: 'store-pass',
    sender: 'sender-token',
    environment: '1',
    timeoutMs: 400,
  }),
  fallback: new CequensGateway({
    url: `${cequens.url}/sms/v1/messages`,
    token: 'jwt',
    senderName: 'Store',
    timeoutMs: 400,
  }),
});

beforeAll(async () => {
  await Promise.all([misr.start(), cequens.start()]);
  t = await createTestApp({
    smsGateways: gateways(),
    smsReceiptSecret: SECRET,
    publicUrl: PUBLIC_URL,
    // One code an hour per phone: a failed send that counted would show at once.
    authLimits: { smsPerPhone: { max: 1, windowSeconds: 3600 } },
  });
  staff = await ownerCatalogClerk(t, 'Counter-desk-1952');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([misr.close(), cequens.close()]);
});

const both = (
  misrAnswer: keyof typeof misrAnswers | 'hang',
  cequensAnswer: keyof typeof cequensAnswers | 'hang',
) => {
  misr.received.length = 0;
  cequens.received.length = 0;
  misr.answerWith(misrAnswer === 'hang' ? 'hang' : misrAnswers[misrAnswer]!);
  cequens.answerWith(cequensAnswer === 'hang' ? 'hang' : cequensAnswers[cequensAnswer]!);
};

const signUp = (phone: string, locale: 'ar' | 'en' = 'ar') =>
  t.app.inject({ method: 'POST', url: `/v1/users?locale=${locale}`, payload: signUpBody(phone) });
const confirm = (phone: string, code: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/users/confirmations',
    payload: { phone_number: phone, sms_confirmation_otp: code },
  });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const rowsOf = (phone: string) =>
  t.database.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.phoneNumber, phone))
    .orderBy(asc(smsMessages.id));

describe('a store on SMS Misr', () => {
  it('a sign-up sends exactly one request in SMS Misr’s fields, the number as 201… and Arabic as language 2, and its code confirms the account', async () => {
    both('success', 'success');
    const res = await signUp('01012340001');
    expect(res.statusCode).toBe(201);
    expect(misr.received).toHaveLength(1);
    expect(cequens.received).toHaveLength(0);
    const form = misr.received[0]!.form!;
    const code = codeIn(form.message!);
    expect(form).toEqual({
      environment: '1',
      username: 'store-user',
      password: 'store-pass',
      sender: 'sender-token',
      mobile: '201012340001',
      language: '2',
      message: apiMessage('sms_confirmation_text', 'ar', { code, minutes: 10 }),
    });
    // Not written to the demo outbox: the gateway had it.
    await expect(latestCode(t.app, '01012340001')).rejects.toThrow(/no SMS/);
    expect((await confirm('01012340001', code)).statusCode).toBe(200);

    const [row] = await rowsOf('01012340001');
    expect(row).toMatchObject({
      provider: 'smsmisr',
      providerMessageId: '48537',
      kind: 'confirmation',
      status: 'sent',
      encoding: 'ucs2',
      parts: smsParts(form.message!).parts,
      error: null,
    });
    // The record keeps the text with the code masked.
    expect(row!.body).toBe(apiMessage('sms_confirmation_text', 'ar', { code: '******', minutes: 10 }));
  });

  it('a refusal inside a 200 answers 503 “we could not send the code” in the shopper’s language, and costs the phone nothing', async () => {
    const phone = '01012340002';
    both('refused_in_200', 'no_balance'); // the fallback refuses too
    const ar = await signUp(phone, 'ar');
    expect(ar.statusCode).toBe(503);
    expect(ar.json()).toEqual({ errors: ['معرفناش نبعت الكود، جرّب تاني كمان دقيقة'] });
    expect(ar.headers['retry-after']).toBe('60');
    expect([misr.received.length, cequens.received.length]).toEqual([1, 1]);
    // Nothing kept: the account is not taken and no code is live.
    expect(await t.database.db.select().from(users).where(eq(users.phoneNumber, phone))).toEqual([]);
    expect((await rowsOf(phone)).map((r) => [r.provider, r.status, r.error])).toEqual([
      ['smsmisr', 'failed', 'smsmisr refused the message: 1904 Invalid sender'],
      ['cequens', 'failed', 'cequens refused the message: -17 Not enough credits'],
    ]);

    // At once, in English: neither the 120 s wait nor the phone's one-code-an-hour limit was used up.
    const en = await signUp(phone, 'en');
    expect(en.statusCode).toBe(503);
    expect(en.json()).toEqual({ errors: ['We could not send the code, please try again in a minute'] });

    both('success', 'success');
    const ok = await signUp(phone, 'en');
    expect(ok.statusCode).toBe(201);
    expect((await confirm(phone, codeIn(misr.received[0]!.form!.message!))).statusCode).toBe(200);
  });

  it('when SMS Misr does not answer in time, the fallback gateway sends the code, and that code works', async () => {
    const phone = '01012340003';
    both('hang', 'success');
    const res = await signUp(phone);
    expect(res.statusCode).toBe(201);
    expect(cequens.received).toHaveLength(1);
    const body = cequens.received[0]!.json as Record<string, string>;
    expect(body).toMatchObject({
      recipients: '201012340003',
      messageType: 'unicode',
      senderName: 'Store',
      // Receipts are asked for on the secret address.
      dlrUrl: `${PUBLIC_URL}/v1/sms/receipts/cequens?secret=${SECRET}`,
    });
    expect((await confirm(phone, codeIn(body.messageText!))).statusCode).toBe(200);
    expect((await rowsOf(phone)).map((r) => [r.provider, r.status, r.error])).toEqual([
      ['smsmisr', 'failed', 'smsmisr did not answer in time: no answer within 400 ms'],
      ['cequens', 'sent', null],
    ]);

    // A refusal (bad credentials) goes to the fallback the same way: the reset code arrives through Cequens
    // (an hour on: the phone takes one code an hour here).
    t.clock.advance(3_601_000);
    both('bad_credentials', 'success');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/users/passwords',
      payload: { phone_number: phone },
    });
    expect(reset.statusCode).toBe(200);
    expect([misr.received.length, cequens.received.length]).toEqual([1, 1]);
  });

  it('resend, reset and the sign-in of an unconfirmed account answer 503 when no gateway takes the code, and may be asked again at once', async () => {
    const phone = '01012340004';
    both('success', 'success');
    expect((await signUp(phone)).statusCode).toBe(201);
    t.clock.advance(3_601_000); // past the phone's one code an hour (and the 120 s between codes)

    both('no_balance', 'refused_in_200');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone, purpose: 'confirmation' },
    });
    expect([resend.statusCode, resend.json()]).toEqual([
      503,
      { errors: ['We could not send the code, please try again in a minute'] },
    ]);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/v1/users/passwords',
      payload: { phone_number: phone },
    });
    expect(forgot.statusCode).toBe(503);
    // The right password of an unconfirmed account: the confirmation code it sends could not go, so say so.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: signUpBody(phone).password },
    });
    expect([signIn.statusCode, signIn.json()]).toEqual([
      503,
      { errors: ['معرفناش نبعت الكود، جرّب تاني كمان دقيقة'] },
    ]);

    both('success', 'success');
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/users/otps',
      payload: { phone_number: phone, purpose: 'confirmation' },
    });
    expect(again.statusCode).toBe(200);
    expect((await confirm(phone, codeIn(misr.received[0]!.form!.message!))).statusCode).toBe(200);
  });
});

describe('delivery receipts', () => {
  const receipt = (provider: string, secret: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/sms/receipts/${provider}?${new URLSearchParams({ secret, ...query }).toString()}`,
    });

  it('are taken only on the secret address, mark the message delivered, and a late undelivered does not undo it', async () => {
    const phone = '01012340005';
    both('hang', 'success');
    expect((await signUp(phone)).statusCode).toBe(201);
    const delivered = cequensAnswers.receipt_delivered as unknown as { query: Record<string, string> };
    const statusOf = async () => (await rowsOf(phone)).find((r) => r.provider === 'cequens')!.status;

    expect((await receipt('cequens', 'not-the-secret-0000', delivered.query)).statusCode).toBe(404);
    expect((await receipt('smsmisr', SECRET, delivered.query)).statusCode).toBe(404); // posts none
    expect(await statusOf()).toBe('sent');

    const ok = await receipt('cequens', SECRET, delivered.query);
    expect(ok.statusCode).toBe(200);
    expect(await statusOf()).toBe('delivered');
    const late = cequensAnswers.receipt_undelivered as unknown as { query: Record<string, string> };
    await receipt('cequens', SECRET, late.query);
    expect(await statusOf()).toBe('delivered');
  });
});

describe('the back office’s Messages', () => {
  const list = (query: string, auth: StaffAuth | Record<string, string> = staff.clerk) =>
    t.app.inject({ method: 'GET', url: `/v1/admin/messages?${query}`, headers: auth });
  type Listed = {
    messages: {
      phone_number: string;
      provider: string;
      status: string;
      body: string;
      order_id: number | null;
      kind: string;
    }[];
  };

  it('lists every message to owners and staff, filtered by status, phone, provider and day, never with a code', async () => {
    const all = await list('per_page=100');
    expect(all.statusCode).toBe(200);
    const rows = (all.json() as Listed).messages;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((m) => !/\d{6}/.test(m.body))).toBe(true);

    const failed = (await list('status=failed&per_page=100')).json() as Listed;
    expect(failed.messages.length).toBeGreaterThan(0);
    expect(failed.messages.every((m) => m.status === 'failed')).toBe(true);

    // A phone in any usual form finds its messages.
    const byPhone = (await list(`phone=${encodeURIComponent('+20 101 234 0002')}`)).json() as Listed;
    expect(new Set(byPhone.messages.map((m) => m.phone_number))).toEqual(new Set(['01012340002']));
    expect(byPhone.messages.map((m) => [m.provider, m.status])).toEqual([
      ['smsmisr', 'sent'],
      ['cequens', 'failed'],
      ['smsmisr', 'failed'],
      ['cequens', 'failed'],
      ['smsmisr', 'failed'],
    ]);

    const cequensOnly = (await list('provider=cequens&per_page=100')).json() as Listed;
    expect(cequensOnly.messages.every((m) => m.provider === 'cequens')).toBe(true);

    const today = t.clock.now().toISOString().slice(0, 10);
    const day = (d: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    expect(
      ((await list(`from=${day(-1)}&to=${day(1)}&per_page=100`)).json() as Listed).messages,
    ).toHaveLength(rows.length);
    expect(((await list(`to=${day(-2)}`)).json() as Listed).messages).toEqual([]);

    expect((await list('', staff.owner)).statusCode).toBe(200);
    expect((await list('', staff.catalog)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('status=lost')).statusCode).toBe(422);
  });

  it("an order's SMS is recorded with the order, so its admin page can list it", async () => {
    await addZones(t.database.db);
    const make = await productMaker(t.database.db, t.clock.now());
    const shopper = await addShopper(t.database.db, t.clock.now());
    const product = await make(1000, 5);
    const { orderId } = await readyToPay(t.app, shopper, [{ productId: product.id, quantity: 1 }]);
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, staff.clerk, { status: 'confirmed' }))
        .status,
    ).toBe(200);
    both('success', 'success');
    while ((await drainEvents({ ...t.app.ctx, log: { error() {} } })) > 0);

    // Newest first: the confirmation, then the placement's SMS (issue 44 item 2).
    const res = (await list(`order_id=${orderId}`)).json() as Listed;
    expect(res.messages).toHaveLength(2);
    expect(res.messages[0]).toMatchObject({
      phone_number: shopper.phone,
      kind: 'order',
      order_id: orderId,
      provider: 'smsmisr',
      status: 'sent',
      // The text as the gateway took it (no code in it, so nothing masked).
      body: misr.received[1]!.form!.message,
    });
    expect(res.messages[1]!.body).toBe(misr.received[0]!.form!.message);
    expect(misr.received).toHaveLength(2);
    expect(misr.received[0]!.form!.mobile).toBe(`20${shopper.phone.slice(1)}`);
  });
});

describe('the log', () => {
  it('carries no code and no full phone number when a gateway takes or refuses a code', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      database: t.database,
      env: 'test',
      clock: t.clock,
      smsGateways: gateways(),
      logger: { level: 'info', stream: { write: (l) => void lines.push(l) } },
    });
    try {
      const phone = '01012340006';
      both('refused_in_200', 'hang');
      expect(
        (await app.inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) })).statusCode,
      ).toBe(503);
      both('success', 'success');
      expect(
        (await app.inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) })).statusCode,
      ).toBe(201);
      const code = codeIn(misr.received[0]!.form!.message!);
      const log = lines.join('\n');
      expect(log).toContain('SMS not sent');
      expect(log).not.toContain(code);
      expect(log).not.toContain(phone);
      expect(log).not.toContain('201012340006');
    } finally {
      await app.close();
    }
  });
});
