import { callGateway, clip, field, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway, type SmsReceipt } from './types.ts';

export const VONAGE_URL = 'https://rest.nexmo.com';

export interface VonageOptions extends GatewayHttp {
  url: string;
  apiKey: string;
  apiSecret: string;
  sender: string;
}

/** The SMS API's status codes (Vonage's troubleshooting guide): 0 is accepted. */
export const VONAGE_CODES: Record<string, string> = {
  '1': 'Throttled',
  '2': 'Missing parameters',
  '3': 'Invalid parameters',
  '4': 'Invalid credentials',
  '5': 'Internal error',
  '6': 'Invalid message (for example an unrecognised number prefix)',
  '7': 'Number barred',
  '8': 'Partner account barred',
  '9': 'Partner quota violation (not enough credit)',
  '15': 'Illegal sender address - rejected',
  '29': 'Non-whitelisted destination',
};

/**
 * Vonage (SMS_PROVIDER=vonage), its SMS API with plain fetch: POST /sms/json {api_key, api_secret, from, to (201…),
 * text, type (unicode for Arabic), callback}. It answers 200 with messages[].status, where anything but "0" is a
 * refusal (bad credentials and no credit included). Its delivery receipts carry messageId and status.
 */
export class VonageGateway implements SmsGateway {
  readonly name = 'vonage' as const;
  constructor(private readonly opts: VonageOptions) {}

  async send({ international, text, encoding, receiptUrl }: GatewayRequest) {
    const answer = await callGateway(
      this.name,
      `${this.opts.url.replace(/\/+$/, '')}/sms/json`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: this.opts.apiKey,
          api_secret: this.opts.apiSecret,
          from: this.opts.sender,
          to: international,
          text,
          type: encoding === 'ucs2' ? 'unicode' : 'text',
          ...(receiptUrl ? { callback: receiptUrl } : {}),
        }),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as
      { messages?: { status?: string; 'message-id'?: string; 'error-text'?: string }[] } | undefined;
    const message = json?.messages?.[0];
    const status = message?.status === undefined ? '' : String(message.status);
    const meaning = status
      ? `${status} ${VONAGE_CODES[status] ?? clip(message?.['error-text'] ?? 'unknown status')}`
      : '';
    if (answer.status < 200 || answer.status >= 300) throw httpRefusal(this.name, answer.status, meaning);
    if (status !== '0') throw new SmsRefused(this.name, 'refused', meaning || 'an answer without a status');
    return { messageId: message?.['message-id'] };
  }

  parseReceipts({ query, body }: { query: Record<string, unknown>; body: unknown }): SmsReceipt[] {
    const get = (...names: string[]) => field(body, ...names) ?? field(query, ...names);
    const messageId = get('messageId', 'message-id');
    const status = get('status');
    if (!messageId || !status) return [];
    if (status === 'delivered') return [{ messageId, status: 'delivered' }];
    if (['failed', 'rejected', 'expired'].includes(status))
      return [{ messageId, status: 'undelivered', error: clip(`${status} ${get('err-code') ?? ''}`.trim()) }];
    return [];
  }
}
