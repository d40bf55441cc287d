import { callGateway, clip, field, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway, type SmsReceipt } from './types.ts';

export const TWILIO_URL = 'https://api.twilio.com';

export interface TwilioOptions extends GatewayHttp {
  url: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number or an alphanumeric sender ID; or messagingServiceSid instead. */
  from?: string;
  messagingServiceSid?: string;
}

interface TwilioMessage {
  sid?: string;
  status?: string;
  error_code?: number | string | null;
  error_message?: string | null;
  code?: number;
  message?: string;
}

/**
 * Twilio (SMS_PROVIDER=twilio), through its REST API with plain fetch (the SDK is heavy for one call): POST form
 * To (+201…), From or MessagingServiceSid, Body, StatusCallback to /2010-04-01/Accounts/{sid}/Messages.json with
 * Basic auth. A 201 with the message's `sid` is taken, unless the message already says failed or carries an
 * error_code; an error status carries Twilio's code and message. Twilio picks GSM-7 or UCS-2 from the text itself.
 * Its status callbacks post MessageSid and MessageStatus.
 */
export class TwilioGateway implements SmsGateway {
  readonly name = 'twilio' as const;
  constructor(private readonly opts: TwilioOptions) {}

  async send({ international, text, receiptUrl }: GatewayRequest) {
    const { accountSid, authToken, from, messagingServiceSid } = this.opts;
    const form = new URLSearchParams({ To: `+${international}`, Body: text });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else form.set('From', from ?? '');
    if (receiptUrl) form.set('StatusCallback', receiptUrl);
    const answer = await callGateway(
      this.name,
      `${this.opts.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        },
        body: form.toString(),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as TwilioMessage | undefined;
    if (answer.status < 200 || answer.status >= 300)
      throw httpRefusal(this.name, answer.status, json?.code ? `${json.code} ${json.message ?? ''}` : '');
    if (!json?.sid) throw new SmsRefused(this.name, 'refused', 'an answer without a message sid');
    if (
      json.error_code ||
      json.status === 'failed' ||
      json.status === 'undelivered' ||
      json.status === 'canceled'
    )
      throw new SmsRefused(
        this.name,
        'refused',
        clip(`${json.error_code ?? json.status} ${json.error_message ?? json.status ?? ''}`),
      );
    return { messageId: json.sid };
  }

  parseReceipts({ query, body }: { query: Record<string, unknown>; body: unknown }): SmsReceipt[] {
    const get = (...names: string[]) => field(body, ...names) ?? field(query, ...names);
    const messageId = get('MessageSid', 'SmsSid');
    const status = get('MessageStatus', 'SmsStatus');
    if (!messageId || !status) return [];
    if (status === 'delivered') return [{ messageId, status: 'delivered' }];
    if (status === 'undelivered' || status === 'failed')
      return [
        { messageId, status: 'undelivered', error: clip(`${status} ${get('ErrorCode') ?? ''}`.trim()) },
      ];
    return []; // queued, sending, sent: nothing new
  }
}
