import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hmacMatches,
  hmacStringFromQuery,
  hmacStringFromTransaction,
  PAYMOB_HMAC_FIELDS,
  signHmac,
  verifyPaymobCallback,
  verifyPaymobRedirect,
} from './paymob-hmac.ts';
import { paidWith } from './methods.ts';
import { PaymobProvider } from './paymob.ts';
import { PaymentProviderError, type IntentionRequest } from './provider.ts';

/** The concatenated string reference/paymob.md gives for Paymob's sample processed callback. */
const DOCUMENTED =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

/** Paymob's sample transaction (amount 100000 piastres, MasterCard ending 2346, success), field by field. */
const sample = () => ({
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  has_parent_transaction: false,
  error_occured: false,
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  owner: 302852,
  source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
  order: { id: 217503754, merchant_order_id: 'o12-p34-abc' },
  data: { message: 'Approved' },
});

/** The same facts as the browser's return (transaction response) carries them. */
const sampleQuery = (): Record<string, string> => ({
  amount_cents: '100000',
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  error_occured: 'false',
  has_parent_transaction: 'false',
  id: '192036465',
  integration_id: '4097558',
  is_3d_secure: 'true',
  is_auth: 'false',
  is_capture: 'false',
  is_refunded: 'false',
  is_standalone_payment: 'true',
  is_voided: 'false',
  order: '217503754',
  owner: '302852',
  pending: 'false',
  'source_data.pan': '2346',
  'source_data.sub_type': 'MasterCard',
  'source_data.type': 'card',
  success: 'true',
  merchant_order_id: 'o12-p34-abc',
  data_message: 'Approved',
});

const SECRET = 'test-hmac-secret-0123456789';

describe("Paymob's transaction HMAC", () => {
  it('builds exactly the documented string from the sample callback, field by field', () => {
    expect(PAYMOB_HMAC_FIELDS).toHaveLength(20);
    expect(hmacStringFromTransaction(sample())).toBe(DOCUMENTED);
  });

  it('builds the same string from the flattened redirect query', () => {
    expect(hmacStringFromQuery(sampleQuery())).toBe(DOCUMENTED);
  });

  it('a signature made with the secret verifies; the answer is our view of the transaction', () => {
    const hmac = signHmac(DOCUMENTED, SECRET);
    expect(hmac).toMatch(/^[0-9a-f]{128}$/);
    const t = verifyPaymobCallback({ type: 'TRANSACTION', obj: sample() }, { hmac }, SECRET);
    expect(t).toEqual({
      transactionId: '192036465',
      providerOrderId: '217503754',
      merchantReference: 'o12-p34-abc',
      integrationId: '4097558',
      success: true,
      pending: false,
      amountPiastres: 100000,
      currency: 'EGP',
      isRefunded: false,
      isVoided: false,
      sourceType: 'card',
      sourceSubType: 'MasterCard',
    });
    expect(verifyPaymobRedirect({ ...sampleQuery(), hmac }, SECRET)?.success).toBe(true);
    // Upper-case hex is the same signature.
    expect(hmacMatches(DOCUMENTED, hmac.toUpperCase(), SECRET)).toBe(true);
  });

  const changes: [string, (o: ReturnType<typeof sample>) => void][] = [
    ['amount_cents', (o) => (o.amount_cents = 1)],
    ['created_at', (o) => (o.created_at = '2024-06-13T11:33:44.592346')],
    ['currency', (o) => (o.currency = 'USD')],
    ['error_occured', (o) => (o.error_occured = true)],
    ['has_parent_transaction', (o) => (o.has_parent_transaction = true)],
    ['id', (o) => (o.id = 192036466)],
    ['integration_id', (o) => (o.integration_id = 1)],
    ['is_3d_secure', (o) => (o.is_3d_secure = false)],
    ['is_auth', (o) => (o.is_auth = true)],
    ['is_capture', (o) => (o.is_capture = true)],
    ['is_refunded', (o) => (o.is_refunded = true)],
    ['is_standalone_payment', (o) => (o.is_standalone_payment = false)],
    ['is_voided', (o) => (o.is_voided = true)],
    ['order.id', (o) => (o.order.id = 217503755)],
    ['owner', (o) => (o.owner = 1)],
    ['pending', (o) => (o.pending = true)],
    ['source_data.pan', (o) => (o.source_data.pan = '2347')],
    ['source_data.sub_type', (o) => (o.source_data.sub_type = 'Visa')],
    ['source_data.type', (o) => (o.source_data.type = 'wallet')],
    ['success', (o) => (o.success = false)],
  ];
  it.each(changes)('any changed field fails: %s', (_, change) => {
    const hmac = signHmac(DOCUMENTED, SECRET);
    const forged = sample();
    change(forged);
    expect(verifyPaymobCallback({ type: 'TRANSACTION', obj: forged }, { hmac }, SECRET)).toBeNull();
  });

  it('a changed secret, a missing, short or non-hex signature fails', () => {
    const body = { type: 'TRANSACTION', obj: sample() };
    expect(verifyPaymobCallback(body, { hmac: signHmac(DOCUMENTED, `${SECRET}x`) }, SECRET)).toBeNull();
    expect(verifyPaymobCallback(body, {}, SECRET)).toBeNull();
    expect(verifyPaymobCallback(body, { hmac: 'abc' }, SECRET)).toBeNull();
    expect(verifyPaymobCallback(body, { hmac: 'z'.repeat(128) }, SECRET)).toBeNull();
    expect(
      verifyPaymobCallback({ type: 'TRANSACTION' }, { hmac: signHmac(DOCUMENTED, SECRET) }, SECRET),
    ).toBeNull();
    const q = { ...sampleQuery(), success: 'false', hmac: signHmac(DOCUMENTED, SECRET) };
    expect(verifyPaymobRedirect(q, SECRET)).toBeNull();
  });
});

describe('the Paymob intention call', () => {
  let server: Server;
  let base: string;
  const calls: { url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  let answer: { status: number; body: string } = { status: 201, body: '' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        calls.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const provider = () =>
    new PaymobProvider({
      apiUrl: `${base}/`,
      secretKey: 'sk_test_secret',
      publicKey: 'egy_pk_test_public',
      integrationIds: [4097558, 4097559],
      hmacSecret: SECRET,
      timeoutMs: 2000,
    });

  const request: IntentionRequest = {
    order: {
      id: 12,
      items: [
        { name: 'Fridge', amountPiastres: 2_000_000, quantity: 2, description: 'ثلاجة' },
        { name: 'Shipping', amountPiastres: 6000, quantity: 1, description: '' },
      ],
    },
    amountPiastres: 4_006_000,
    currency: 'EGP',
    billing: {
      first_name: 'Mona',
      last_name: 'Hassan',
      phone_number: '01012345678',
      email: 'mona@example.com',
      street: 'El Tahrir St',
      building: '12',
      floor: '',
      apartment: '7',
      city: 'Giza',
      country: 'EG',
    },
    reference: 'o12-p34-abc',
    notificationUrl: 'https://store.example/v1/payments/callback/paymob',
    redirectionUrl: 'https://store.example/v1/payments/response/paymob',
    expiresInSeconds: 300,
  };

  it('posts the documented intention and builds the unified checkout address', async () => {
    answer = {
      status: 201,
      body: JSON.stringify({
        id: 'pi_test_1',
        client_secret: 'egy_csk_test_abc',
        intention_order_id: 217503754,
      }),
    };
    const intention = await provider().createIntention(request);
    expect(intention).toEqual({
      paymentKey: 'egy_csk_test_abc',
      providerReference: '217503754',
      checkoutUrl: `${base}/unifiedcheckout/?publicKey=egy_pk_test_public&clientSecret=egy_csk_test_abc`,
    });
    const call = calls.at(-1)!;
    expect(call.url).toBe('/v1/intention/');
    expect(call.auth).toBe('Token sk_test_secret');
    expect(call.body).toMatchObject({
      amount: 4_006_000,
      currency: 'EGP',
      payment_methods: [4097558, 4097559],
      items: [
        { name: 'Fridge', amount: 2_000_000, quantity: 2, description: 'ثلاجة' },
        { name: 'Shipping', amount: 6000, quantity: 1, description: 'NA' },
      ],
      special_reference: 'o12-p34-abc',
      notification_url: request.notificationUrl,
      redirection_url: request.redirectionUrl,
      expiration: 300,
    });
    // Paymob rejects empty strings in billing data.
    expect((call.body.billing_data as Record<string, string>).floor).toBe('NA');
    expect((call.body.billing_data as Record<string, string>).first_name).toBe('Mona');
  });

  it('a refused or malformed answer is a provider error', async () => {
    answer = { status: 401, body: '{"detail":"Invalid token"}' };
    await expect(provider().createIntention(request)).rejects.toBeInstanceOf(PaymentProviderError);
    answer = { status: 201, body: '{"id":"pi_1"}' };
    await expect(provider().createIntention(request)).rejects.toThrow(/client_secret/);
    answer = { status: 200, body: 'oops' };
    await expect(provider().createIntention(request)).rejects.toThrow(/not JSON/);
  });

  it('refunds as the recorded call: the refund transaction id back, the exact request sent', async () => {
    const recorded = JSON.parse(
      readFileSync(new URL('./fixtures/paymob-refund.json', import.meta.url), 'utf8'),
    ) as {
      request: { path: string; body: Record<string, unknown> };
      response: { status: number; body: object };
    };
    answer = { status: recorded.response.status, body: JSON.stringify(recorded.response.body) };
    const { refundId } = await provider().refund({
      transactionId: '555123456',
      amountPiastres: 25000,
      reference: 'o12-r1',
    });
    expect(refundId).toBe('555123457');
    const call = calls.at(-1)!;
    expect(call.url).toBe(recorded.request.path);
    expect(call.auth).toBe('Token sk_test_secret');
    expect(call.body).toEqual(recorded.request.body);
  });

  it('a refund Paymob refuses, declines or answers for another amount is a provider error', async () => {
    const refund = () =>
      provider().refund({ transactionId: '555123456', amountPiastres: 25000, reference: 'r' });
    answer = { status: 400, body: '{"detail":"Refund amount exceeds the transaction amount"}' };
    await expect(refund()).rejects.toThrow(/refund answered 400/);
    answer = {
      status: 200,
      body: JSON.stringify({ id: 9, success: false, data: { message: 'Not allowed' } }),
    };
    await expect(refund()).rejects.toThrow(/declined the refund: Not allowed/);
    answer = { status: 200, body: JSON.stringify({ id: 9, success: true, amount_cents: 100 }) };
    await expect(refund()).rejects.toThrow(/refunded 100 piastres, not 25000/);
    answer = { status: 200, body: JSON.stringify({ success: true }) };
    await expect(refund()).rejects.toThrow(/lacks the refund transaction id/);
    answer = { status: 200, body: 'oops' };
    await expect(refund()).rejects.toThrow(/not JSON/);
  });

  const fixture = <T>(name: string) =>
    JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
  type Recorded = {
    request: { path: string; body: Record<string, unknown> };
    response: { status: number; body: object };
    refused?: { status: number; body: object };
    sources?: { source_data: { type: string; sub_type: string }; kind: string; name: string }[];
  };

  it('voids as the recorded call: the void transaction id back, the exact request sent', async () => {
    const recorded = fixture<Recorded>('paymob-void.json');
    answer = { status: recorded.response.status, body: JSON.stringify(recorded.response.body) };
    expect(await provider().void({ transactionId: '192036465', reference: 'o12-p34-1' })).toEqual({
      voidId: '192036999',
    });
    const call = calls.at(-1)!;
    expect(call.url).toBe(recorded.request.path);
    expect(call.auth).toBe('Token sk_test_secret');
    expect(call.body).toEqual(recorded.request.body);
  });

  it("a void Paymob declines or refuses is a provider error carrying Paymob's words", async () => {
    const recorded = fixture<Recorded>('paymob-void.json');
    answer = { status: recorded.refused!.status, body: JSON.stringify(recorded.refused!.body) };
    const declined = await provider()
      .void({ transactionId: '192036465', reference: 'r' })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(PaymentProviderError);
    expect((declined as PaymentProviderError).gatewayWords).toBe(
      'Transaction is already settled and can not be voided',
    );
    answer = { status: 400, body: '{"detail":"Transaction is not voidable"}' };
    const refused = await provider()
      .void({ transactionId: '192036465', reference: 'r' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, gatewayWords: 'Transaction is not voidable' });
  });

  it("asks Paymob about an order's transaction as the recorded inquiry, with how it was paid", async () => {
    const recorded = fixture<Recorded>('paymob-inquiry.json');
    answer = { status: recorded.response.status, body: JSON.stringify(recorded.response.body) };
    const t = await provider().inquireOrder('217503754');
    expect(t).toMatchObject({
      transactionId: '192036465',
      providerOrderId: '217503754',
      success: true,
      pending: false,
      amountPiastres: 100000,
      sourceType: 'wallet',
      sourceSubType: 'wallet',
    });
    const call = calls.at(-1)!;
    expect(call.url).toBe(recorded.request.path);
    expect(call.auth).toBe('Token sk_test_secret');
    expect(call.body).toEqual(recorded.request.body);
    // No transaction for that order (404), a malformed id (not asked), an outage (an error).
    answer = { status: 404, body: '{"detail":"Not found."}' };
    expect(await provider().inquireOrder('217503754')).toBeNull();
    const before = calls.length;
    expect(await provider().inquireOrder('12; drop')).toBeNull();
    expect(calls.length).toBe(before);
    answer = { status: 502, body: 'Bad gateway' };
    await expect(provider().inquireOrder('217503754')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("names the method from Paymob's source_data: card, wallet, kiosk (Aman, Masary), BNPL (ValU, Souhoola) or other", () => {
    for (const s of fixture<Recorded>('paymob-inquiry.json').sources!)
      expect(paidWith(s.source_data.type, s.source_data.sub_type), s.source_data.type).toEqual({
        kind: s.kind,
        name: s.name,
      });
  });

  it('verifies callbacks with its HMAC secret', () => {
    const hmac = signHmac(DOCUMENTED, SECRET);
    expect(
      provider().verifyCallback({ body: { type: 'TRANSACTION', obj: sample() }, query: { hmac } }),
    ).not.toBeNull();
    expect(provider().verifyRedirect({ ...sampleQuery(), hmac })).not.toBeNull();
    expect(
      provider().verifyCallback({
        body: { type: 'TRANSACTION', obj: sample() },
        query: { hmac: hmac.slice(2) + 'aa' },
      }),
    ).toBeNull();
  });
});

describe('payment configuration', () => {
  it('PAYMENT_PROVIDER=paymob needs its keys; sandbox is the default', async () => {
    const { loadConfig } = await import('../../config.ts');
    const { createPaymentProvider } = await import('./index.ts');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paymob' })).toThrow(/PAYMOB_SECRET_KEY is required/);
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'paymob',
        PAYMOB_SECRET_KEY: 's',
        PAYMOB_PUBLIC_KEY: 'p',
        PAYMOB_HMAC_SECRET: 'h',
        PAYMOB_INTEGRATION_IDS: '1,x',
      }),
    ).toThrow(/PAYMOB_INTEGRATION_IDS must be comma-separated numbers/);
    const paymob = loadConfig({
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: 's',
      PAYMOB_PUBLIC_KEY: 'p',
      PAYMOB_HMAC_SECRET: 'h',
      PAYMOB_INTEGRATION_IDS: '4097558,4097559',
    });
    expect(paymob.PAYMOB_INTEGRATION_IDS).toEqual([4097558, 4097559]);
    expect(createPaymentProvider(paymob).name).toBe('paymob');
    expect(createPaymentProvider(loadConfig({})).name).toBe('sandbox');
    // The inquiry of sessions that expired without a callback: a wrong setting stops start-up, naming it.
    expect(loadConfig({})).toMatchObject({ PAYMENT_INQUIRY_AFTER_SECONDS: 120, PAYMENT_INQUIRY_HOURS: 48 });
    expect(() => loadConfig({ PAYMENT_INQUIRY_HOURS: '0' })).toThrow(
      /PAYMENT_INQUIRY_HOURS must be a whole number of hours from 1 to 720/,
    );
    expect(() => loadConfig({ PAYMENT_INQUIRY_AFTER_SECONDS: 'soon' })).toThrow(
      /PAYMENT_INQUIRY_AFTER_SECONDS must be a whole number of seconds/,
    );
  });
});
