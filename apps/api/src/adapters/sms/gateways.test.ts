/**
 * Each SMS gateway against a fake of it on loopback that replays the answers its documentation gives
 * (fixtures/<provider>.json): the request in the gateway's own form (the number as 201…, Arabic flagged as its API
 * wants), success, and every refusal, however it comes (an HTTP status, a code or status inside a 200, no answer).
 */
import { apiMessage, smsParts } from '@store/contracts';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsGateway, recordedAnswers, type ReceivedRequest } from '../../test/fake-sms-gateway.ts';
import { CequensGateway } from './cequens.ts';
import { InfobipGateway } from './infobip.ts';
import { SmsMisrGateway } from './smsmisr.ts';
import { TwilioGateway } from './twilio.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway } from './types.ts';
import { VictoryLinkGateway } from './victorylink.ts';
import { VodafoneGateway } from './vodafone.ts';
import { VonageGateway } from './vonage.ts';

const CODE = '482913';
const ARABIC = apiMessage('sms_confirmation_text', 'ar', { code: CODE, minutes: 10 });
const ENGLISH = apiMessage('sms_confirmation_text', 'en', { code: CODE, minutes: 10 });

const request = (text: string, receiptUrl?: string): GatewayRequest => {
  const { encoding, parts } = smsParts(text);
  return {
    local: '01012345678',
    international: '201012345678',
    text,
    encoding,
    parts,
    reference: 'sms-7',
    receiptUrl,
  };
};

interface Case {
  make(url: string, timeoutMs: number): SmsGateway;
  /** The gateway's id for the message in the recorded success answer. */
  successId: string | RegExp | undefined;
  /** The request of an Arabic message, in the gateway's own fields. */
  checkArabic(r: ReceivedRequest): void;
  /** What an English message changes. */
  checkEnglish(r: ReceivedRequest): void;
  /** A word of each refusal's reason: the gateway's code. */
  reasons: Record<'bad_credentials' | 'no_balance' | 'bad_number' | 'refused_in_200', RegExp>;
}

const xmlField = (xml: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

const CASES: Record<string, Case> = {
  smsmisr: {
    make: (url, timeoutMs) =>
      new SmsMisrGateway({
        url: `${url}/api/SMS/`,
        username: 'store-user',
        password: 'store-pass',
        sender: 'b611afb996655a94c8e942a823f1421de42bf8335d24ba1f84c437b2ab11ca27',
        environment: '2',
        timeoutMs,
      }),
    successId: '48537',
    checkArabic(r) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe('/api/SMS/');
      expect(r.form).toEqual({
        environment: '2',
        username: 'store-user',
        password: 'store-pass',
        sender: 'b611afb996655a94c8e942a823f1421de42bf8335d24ba1f84c437b2ab11ca27',
        mobile: '201012345678',
        language: '2',
        message: ARABIC,
      });
    },
    checkEnglish: (r) => expect([r.form?.language, r.form?.message]).toEqual(['1', ENGLISH]),
    reasons: {
      bad_credentials: /1903/,
      no_balance: /1906 Insufficient credit/,
      bad_number: /1905/,
      refused_in_200: /1904/,
    },
  },
  cequens: {
    make: (url, timeoutMs) =>
      new CequensGateway({
        url: `${url}/sms/v1/messages`,
        token: 'jwt-token',
        senderName: 'Store',
        timeoutMs,
      }),
    successId: '056ef72a-1497-47be-a4c8-4a7835e071dc',
    checkArabic(r) {
      expect(r.url).toBe('/sms/v1/messages');
      expect(r.headers.authorization).toBe('Bearer jwt-token');
      expect(r.json).toEqual({
        senderName: 'Store',
        messageType: 'unicode',
        messageText: ARABIC,
        recipients: '201012345678',
      });
    },
    checkEnglish: (r) => expect((r.json as { messageType: string }).messageType).toBe('text'),
    reasons: {
      bad_credentials: /HTTP 401/,
      no_balance: /-17 Not enough credits/,
      bad_number: /-6/,
      refused_in_200: /-12/,
    },
  },
  victorylink: {
    make: (url, timeoutMs) =>
      new VictoryLinkGateway({
        url: `${url}/api/SMSSender`,
        username: 'vl-user',
        password: 'vl-pass',
        sender: 'Store',
        timeoutMs,
      }),
    successId: /^[0-9a-f-]{36}$/,
    checkArabic(r) {
      expect(r.url).toBe('/api/SMSSender/SendSMS');
      const body = r.json as Record<string, string>;
      expect(body).toEqual({
        UserName: 'vl-user',
        Password: 'vl-pass',
        SMSText: ARABIC,
        SMSLang: 'a',
        SMSSender: 'Store',
        SMSReceiver: '201012345678',
        SMSID: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string,
      });
    },
    checkEnglish: (r) => expect((r.json as { SMSLang: string }).SMSLang).toBe('e'),
    reasons: {
      bad_credentials: /-1 User is not subscribed/,
      no_balance: /-5 Out of credit/,
      bad_number: /-100/,
      refused_in_200: /-13/,
    },
  },
  vodafone: {
    make: (url, timeoutMs) =>
      new VodafoneGateway({
        url: `${url}/web2sms/sms/submit/`,
        accountId: '550049024',
        password: 'Vodafone.1',
        secret: 'F5B4064ABB0646F9986E154C5AFF0FD7',
        sender: 'Store',
        timeoutMs,
      }),
    successId: undefined,
    checkArabic(r) {
      expect(r.url).toBe('/web2sms/sms/submit/');
      expect(r.headers['content-type']).toBe('application/xml; charset=UTF-8');
      expect(r.raw).toContain('<SubmitSMSRequest xmlns="http://www.edafa.com/web2sms/sms/model/"');
      expect(xmlField(r.raw, 'AccountId')).toBe('550049024');
      expect(xmlField(r.raw, 'ReceiverMSISDN')).toBe('201012345678');
      expect(xmlField(r.raw, 'SMSText')).toBe(ARABIC);
      // The HMAC-SHA256 of the documented concatenation, keyed by the account's secret, upper-case hex.
      const signed = `AccountId=550049024&Password=Vodafone.1&SenderName=Store&ReceiverMSISDN=201012345678&SMSText=${ARABIC}`;
      expect(xmlField(r.raw, 'SecureHash')).toBe(
        createHmac('sha256', 'F5B4064ABB0646F9986E154C5AFF0FD7').update(signed).digest('hex').toUpperCase(),
      );
    },
    checkEnglish: (r) => expect(xmlField(r.raw, 'SMSText')).toBe(ENGLISH),
    reasons: {
      bad_credentials: /INVALID_REQUEST/,
      no_balance: /GENERIC_ERROR/,
      bad_number: /FAILED_TO_SUBMITTED/,
      refused_in_200: /INVALID_REQUEST Invalid secure hash/,
    },
  },
  twilio: {
    make: (url, timeoutMs) =>
      new TwilioGateway({ url, accountSid: 'AC123', authToken: 'tw-token', from: 'Store', timeoutMs }),
    successId: 'SM1f0e8ae6ade43cb3c0ce4525424e404f',
    checkArabic(r) {
      expect(r.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(r.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tw-token').toString('base64')}`);
      expect(r.form).toEqual({ To: '+201012345678', From: 'Store', Body: ARABIC });
    },
    checkEnglish: (r) => expect(r.form?.Body).toBe(ENGLISH),
    reasons: {
      bad_credentials: /HTTP 401 20003/,
      no_balance: /20005 Account not active/,
      bad_number: /HTTP 400 21211/,
      refused_in_200: /30007/,
    },
  },
  infobip: {
    make: (url, timeoutMs) => new InfobipGateway({ url, apiKey: 'ib-key', sender: 'Store', timeoutMs }),
    successId: '2250be2d4219-3af1-78856-aabe-1362af1edfd2',
    checkArabic(r) {
      expect(r.url).toBe('/sms/2/text/advanced');
      expect(r.headers.authorization).toBe('App ib-key');
      expect(r.json).toEqual({
        messages: [{ destinations: [{ to: '201012345678' }], from: 'Store', text: ARABIC }],
      });
    },
    checkEnglish: (r) => expect((r.json as { messages: { text: string }[] }).messages[0]!.text).toBe(ENGLISH),
    reasons: {
      bad_credentials: /HTTP 401 UNAUTHORIZED/,
      no_balance: /REJECTED_NOT_ENOUGH_CREDITS/,
      bad_number: /REJECTED_DESTINATION/,
      refused_in_200: /REJECTED_SOURCE/,
    },
  },
  vonage: {
    make: (url, timeoutMs) =>
      new VonageGateway({ url, apiKey: 'vn-key', apiSecret: 'vn-secret', sender: 'Store', timeoutMs }),
    successId: '0C000000217B7F02',
    checkArabic(r) {
      expect(r.url).toBe('/sms/json');
      expect(r.json).toEqual({
        api_key: 'vn-key',
        api_secret: 'vn-secret',
        from: 'Store',
        to: '201012345678',
        text: ARABIC,
        type: 'unicode',
      });
    },
    checkEnglish: (r) => expect((r.json as { type: string }).type).toBe('text'),
    reasons: {
      bad_credentials: /^vonage.*: 4 Invalid credentials/,
      no_balance: /9 Partner quota/,
      bad_number: /6 Invalid message/,
      refused_in_200: /15 Illegal sender/,
    },
  },
};

describe.each(Object.keys(CASES))('the %s gateway', (provider) => {
  const c = CASES[provider]!;
  const answers = recordedAnswers(provider);
  const fake = new FakeSmsGateway();
  let gateway: SmsGateway;
  beforeAll(async () => {
    await fake.start();
    // Generous, so a busy machine never turns an answer into a timeout; the timeout test makes its own.
    gateway = c.make(fake.url, 5_000);
  });
  afterAll(() => fake.close());

  it('sends one request in its own fields, the number as 201…, Arabic flagged as it wants, and is taken on its success answer', async () => {
    fake.received.length = 0;
    fake.answerWith(answers.success!);
    const accepted = await gateway.send(request(ARABIC));
    expect(fake.received).toHaveLength(1);
    c.checkArabic(fake.received[0]!);
    if (c.successId instanceof RegExp) expect(accepted.messageId).toMatch(c.successId);
    else expect(accepted.messageId).toBe(c.successId);
    await gateway.send(request(ENGLISH));
    c.checkEnglish(fake.received[1]!);
  });

  it.each(['bad_credentials', 'no_balance', 'bad_number', 'refused_in_200'] as const)(
    'its "%s" answer is a refusal naming its code, never the text sent',
    async (answer) => {
      fake.answerWith(answers[answer]!);
      const err = await gateway.send(request(ARABIC)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SmsRefused);
      expect((err as SmsRefused).kind).toBe('refused');
      expect((err as SmsRefused).message).toMatch(c.reasons[answer]);
      expect((err as SmsRefused).message).not.toContain(CODE);
    },
  );

  it('a gateway that does not answer in time is a failed send', async () => {
    fake.answerWith('hang');
    const started = Date.now();
    await expect(c.make(fake.url, 300).send(request(ENGLISH))).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('gateways that post delivery receipts', () => {
  const receipt = (provider: string, name: string) => {
    const r = recordedAnswers(provider)[name] as unknown as {
      query?: Record<string, string>;
      form?: Record<string, string>;
      json?: unknown;
    };
    return { query: r.query ?? {}, body: r.form ?? r.json ?? {} };
  };
  const gw = (p: string) => CASES[p]!.make('http://127.0.0.1:9', 100);

  it('Twilio: MessageSid and MessageStatus', () => {
    expect(gw('twilio').parseReceipts!(receipt('twilio', 'receipt_delivered'))).toEqual([
      { messageId: 'SM1f0e8ae6ade43cb3c0ce4525424e404f', status: 'delivered' },
    ]);
    expect(gw('twilio').parseReceipts!(receipt('twilio', 'receipt_undelivered'))).toEqual([
      { messageId: 'SM1f0e8ae6ade43cb3c0ce4525424e404f', status: 'undelivered', error: 'undelivered 30003' },
    ]);
  });

  it('Infobip: results[] with their status group', () => {
    expect(gw('infobip').parseReceipts!(receipt('infobip', 'receipt_delivered'))).toEqual([
      { messageId: '2250be2d4219-3af1-78856-aabe-1362af1edfd2', status: 'delivered' },
    ]);
  });

  it('Vonage: messageId and status', () => {
    expect(gw('vonage').parseReceipts!(receipt('vonage', 'receipt_delivered'))).toEqual([
      { messageId: '0C000000217B7F02', status: 'delivered' },
    ]);
  });

  it('Cequens: messageId and statusId 1 delivered, 2 undelivered', () => {
    expect(gw('cequens').parseReceipts!(receipt('cequens', 'receipt_delivered'))).toEqual([
      { messageId: '056ef72a-1497-47be-a4c8-4a7835e071dc', status: 'delivered' },
    ]);
    expect(gw('cequens').parseReceipts!(receipt('cequens', 'receipt_undelivered'))).toEqual([
      { messageId: '056ef72a-1497-47be-a4c8-4a7835e071dc', status: 'undelivered', error: 'UnDelivered' },
    ]);
  });

  it('asks for receipts at the address it is given, where its API takes one', async () => {
    const fake = await new FakeSmsGateway().start();
    try {
      const url = 'https://store.example/v1/sms/receipts/x?secret=s3cret-s3cret-s3cret';
      const sent = async (p: string) => {
        fake.received.length = 0;
        fake.answerWith(recordedAnswers(p).success!);
        await CASES[p]!.make(fake.url, 5_000).send(request(ENGLISH, url));
        return fake.received[0]!;
      };
      expect((await sent('twilio')).form?.StatusCallback).toBe(url);
      expect((await sent('infobip')).json).toMatchObject({ messages: [{ notifyUrl: url }] });
      expect((await sent('vonage')).json).toMatchObject({ callback: url });
      expect((await sent('cequens')).json).toMatchObject({ dlrUrl: url });
      const vl = await sent('victorylink');
      expect([vl.url, (vl.json as { DLRURL: string }).DLRURL]).toEqual([
        '/api/SMSSender/SendSMSWithDLR',
        url,
      ]);
    } finally {
      await fake.close();
    }
  });
});

describe('Victory Link', () => {
  it('takes its older XML-wrapped answer too', async () => {
    const fake = await new FakeSmsGateway().start();
    try {
      fake.answerWith(recordedAnswers('victorylink').legacy_xml_success!);
      await expect(CASES.victorylink!.make(fake.url, 5_000).send(request(ENGLISH))).resolves.toHaveProperty(
        'messageId',
      );
    } finally {
      await fake.close();
    }
  });
});
