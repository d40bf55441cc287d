import { randomUUID } from 'node:crypto';
import { callGateway, clip, field, httpRefusal, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway, type SmsReceipt } from './types.ts';

/** The reseller API's SMSSender service; the method (SendSMS, SendSMSWithDLR) is appended. */
export const VICTORYLINK_URL =
  'https://smsvas.vlserv.com/VLSMSPlatformResellerAPI/NewSendingAPI/api/SMSSender';

export interface VictoryLinkOptions extends GatewayHttp {
  url: string;
  username: string;
  password: string;
  sender: string;
}

/** Victory Link's answer codes (its API technical document): 0 is sent. */
export const VICTORYLINK_CODES: Record<string, string> = {
  '0': 'Message sent successfully',
  '-1': 'User is not subscribed (wrong username or password)',
  '-5': 'Out of credit',
  '-10': 'Queued message, no need to send it again',
  '-11': 'Invalid language',
  '-12': 'SMS is empty',
  '-13': 'Invalid sender (empty or longer than 12 characters)',
  '-25': 'Sending rate greater than receiving rate',
  '-100': 'Other error',
};

/**
 * Victory Link (SMS_PROVIDER=victorylink): POST JSON {UserName, Password, SMSText, SMSLang (a Arabic, e English),
 * SMSSender, SMSReceiver (201…), SMSID, DLRURL} to SendSMS, or SendSMSWithDLR when receipts are taken. It answers a
 * bare number (sometimes wrapped in XML): 0 is sent, -10 already queued; any other is a refusal. The SMSID, our own
 * random id, is what its receipts name.
 */
export class VictoryLinkGateway implements SmsGateway {
  readonly name = 'victorylink' as const;
  constructor(private readonly opts: VictoryLinkOptions) {}

  async send({ international, text, encoding, receiptUrl }: GatewayRequest) {
    const smsId = randomUUID();
    const method = receiptUrl ? 'SendSMSWithDLR' : 'SendSMS';
    const answer = await callGateway(
      this.name,
      `${this.opts.url.replace(/\/+$/, '')}/${method}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/plain, */*' },
        body: JSON.stringify({
          UserName: this.opts.username,
          Password: this.opts.password,
          SMSText: text,
          SMSLang: encoding === 'ucs2' ? 'a' : 'e',
          SMSSender: this.opts.sender,
          SMSReceiver: international,
          SMSID: smsId,
          ...(receiptUrl ? { DLRURL: receiptUrl } : {}),
        }),
      },
      this.opts,
    );
    // "0", 0 or <int xmlns="…">0</int>.
    const code = answer.text
      .replace(/<[^>]*>/g, '')
      .replace(/"/g, '')
      .trim();
    const meaning = /^-?\d+$/.test(code) ? `${code} ${VICTORYLINK_CODES[code] ?? 'unknown code'}` : '';
    if (answer.status < 200 || answer.status >= 300) throw httpRefusal(this.name, answer.status, meaning);
    if (code !== '0' && code !== '-10')
      throw new SmsRefused(this.name, 'refused', meaning || 'an answer that is not a code');
    return { messageId: smsId };
  }

  /**
   * Its DLR names the SMSID we sent and a status. The field names are read leniently (SMSID/SMSId, Status/DLRStatus)
   * because the published document does not fix them.
   */
  parseReceipts({ query, body }: { query: Record<string, unknown>; body: unknown }): SmsReceipt[] {
    const get = (...names: string[]) => field(body, ...names) ?? field(query, ...names);
    const messageId = get('SMSID', 'SMSId', 'smsId', 'smsid');
    const status = get('Status', 'status', 'DLRStatus', 'dlrStatus');
    if (!messageId || !status) return [];
    const delivered = /^(deliv|DELIVRD|1$)/i.test(status);
    return [
      {
        messageId,
        status: delivered ? 'delivered' : 'undelivered',
        error: delivered ? undefined : clip(status),
      },
    ];
  }
}
