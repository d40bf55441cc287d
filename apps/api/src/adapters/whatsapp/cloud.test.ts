import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { FakeSmsGateway, type RecordedAnswer } from '../../test/fake-sms-gateway.ts';
import { CloudWhatsApp, whatsappTemplates, WhatsAppRefused } from './index.ts';

/** Answers recorded from Meta's documentation of the Cloud API (fixtures/cloud.json says where from). */
const answers = JSON.parse(readFileSync(new URL('./fixtures/cloud.json', import.meta.url), 'utf8')) as Record<
  string,
  RecordedAnswer
>;

const fake = new FakeSmsGateway();
beforeAll(() => fake.start());
afterAll(() => fake.close());

const sender = (timeoutMs = 5_000) =>
  new CloudWhatsApp({
    url: fake.url,
    version: '21.0',
    phoneNumberId: '106540352242922',
    token: 'EAAG-test-token',
    templates: whatsappTemplates('confirmed=store_order_confirmed'),
    languages: { ar: 'ar', en: 'en_US' },
    timeoutMs,
  });

const confirmed = { to: '01012345678', step: 'confirmed' as const, locale: 'ar' as const, params: ['17'] };

describe('WhatsApp Business Cloud API', () => {
  it('sends the step as its template in the shopper’s language to 2010…, with the Bearer token, and returns the wamid', async () => {
    fake.received.length = 0;
    fake.answerWith(answers.success!);
    const { messageId } = await sender().send(confirmed);
    expect(messageId).toBe('wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA');
    const [req] = fake.received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v21.0/106540352242922/messages');
    expect(req!.headers.authorization).toBe('Bearer EAAG-test-token');
    expect(req!.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201012345678',
      type: 'template',
      template: {
        name: 'store_order_confirmed',
        language: { code: 'ar' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: '17' }] }],
      },
    });
    // English: the English language code; a step not renamed keeps order_<step>.
    await sender().send({
      to: '+20 101 234 5678',
      step: 'placed',
      locale: 'en',
      params: ['1', '2', '3', '4'],
    });
    const english = fake.received[1]!.json as {
      to: string;
      template: { name: string; language: { code: string } };
    };
    expect(english.to).toBe('201012345678');
    expect(english.template.name).toBe('order_placed');
    expect(english.template.language.code).toBe('en_US');
  });

  it.each([
    [
      'an invalid or expired token (190, HTTP 401)',
      'bad_token',
      /HTTP 401, code 190: Error validating access token/,
    ],
    ['an undeliverable message (131026)', 'undeliverable', /code 131026: \(#131026\) Message Undeliverable/],
    ['a template that does not exist (132001)', 'no_template', /code 132001: .*does not exist in ar/],
    ['an error object inside a 200', 'error_in_200', /HTTP 200, code 131026/],
    ['a 200 without a message id', 'no_id', /without a message id/],
  ])('refuses %s', async (_, answer, reason) => {
    fake.answerWith(answers[answer]!);
    const err = await sender()
      .send(confirmed)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WhatsAppRefused);
    expect((err as WhatsAppRefused).kind).toBe('refused');
    expect((err as Error).message).toMatch(reason);
  });

  it('counts no answer in time as a refusal, and never sends to a number that is not an Egyptian mobile', async () => {
    fake.answerWith('hang');
    const err = await sender(600)
      .send(confirmed)
      .catch((e: unknown) => e);
    expect((err as WhatsAppRefused).kind).toBe('timeout');
    const before = fake.received.length;
    await expect(sender().send({ ...confirmed, to: '0223456789' })).rejects.toThrow(/not an Egyptian mobile/);
    expect(fake.received).toHaveLength(before);
  });
});

describe('WhatsApp settings', () => {
  const start = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
      return 'started';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('WHATSAPP_PROVIDER=cloud stops the start naming the token and number id it lacks; none needs nothing', () => {
    expect(start({})).toBe('started');
    const said = start({ WHATSAPP_PROVIDER: 'cloud' });
    expect(said).toMatch(
      /WHATSAPP_TOKEN \(the Cloud API access token\) is required when WHATSAPP_PROVIDER=cloud/,
    );
    expect(said).toMatch(/WHATSAPP_PHONE_NUMBER_ID .* is required when WHATSAPP_PROVIDER=cloud/);
    expect(
      start({ WHATSAPP_PROVIDER: 'cloud', WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' }),
    ).toBe('started');
    expect(start({ WHATSAPP_PROVIDER: 'meta' })).toMatch(/WHATSAPP_PROVIDER must be cloud or none/);
    expect(start({ WHATSAPP_TEMPLATES: 'shipped=order_shipped' })).toMatch(
      /WHATSAPP_TEMPLATES names a step that does not exist \(shipped\)/,
    );
    expect(start({ WHATSAPP_PHONE_NUMBER_ID: '+20 10' })).toMatch(
      /WHATSAPP_PHONE_NUMBER_ID must be the digits/,
    );
  });
});
