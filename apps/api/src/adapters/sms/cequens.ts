import { callGateway, clip, field, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway, type SmsReceipt } from './types.ts';

export const CEQUENS_URL = 'https://apis.cequens.com/sms/v1/messages';

export interface CequensOptions extends GatewayHttp {
  url: string;
  /** The account's API token (a JWT from the Cequens console), sent as a bearer token. */
  token: string;
  senderName: string;
}

/** Cequens' documented error codes of the messages call. */
export const CEQUENS_CODES: Record<string, string> = {
  '-6': 'At least one valid recipient required',
  '-8': 'Invalid message type',
  '-9': 'Empty message text',
  '-12': 'Invalid sender name',
  '-15': 'Invalid validity period',
  '-16': 'Invalid delivery time',
  '-17': 'Not enough credits',
  '-41': 'Message text is greater than 20 parts',
};

interface CequensAnswer {
  replyCode?: number | string;
  replyMessage?: string;
  data?: { SentSMSIDs?: { SMSId?: string }[]; InvalidRecipients?: string };
}

/**
 * Cequens (SMS_PROVIDER=cequens): POST JSON {senderName, messageType (text, or unicode for Arabic), messageText,
 * recipients (201…), dlrUrl} with the account's bearer token. Taken only when `replyCode` is 0 and the number is
 * among the messages sent; its delivery receipts (push DLR) name the message id and statusId 1 (delivered) or 2.
 */
export class CequensGateway implements SmsGateway {
  readonly name = 'cequens' as const;
  constructor(private readonly opts: CequensOptions) {}

  async send({ international, text, encoding, receiptUrl }: GatewayRequest) {
    const answer = await callGateway(
      this.name,
      this.opts.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.opts.token}`,
        },
        body: JSON.stringify({
          senderName: this.opts.senderName,
          messageType: encoding === 'ucs2' ? 'unicode' : 'text',
          messageText: text,
          recipients: international,
          ...(receiptUrl ? { dlrUrl: receiptUrl } : {}),
        }),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as CequensAnswer | undefined;
    const code = json?.replyCode === undefined ? '' : String(json.replyCode);
    const meaning = code
      ? `${code} ${CEQUENS_CODES[code] ?? clip(json?.replyMessage ?? 'unknown code')}`
      : '';
    if (answer.status < 200 || answer.status >= 300) throw httpRefusal(this.name, answer.status, meaning);
    if (code !== '0') throw new SmsRefused(this.name, 'refused', meaning || 'an answer without a replyCode');
    const id = json?.data?.SentSMSIDs?.[0]?.SMSId;
    if (!id) throw new SmsRefused(this.name, 'refused', 'the number was not among the messages sent');
    return { messageId: id };
  }

  parseReceipts({ query, body }: { query: Record<string, unknown>; body: unknown }): SmsReceipt[] {
    const get = (...names: string[]) => field(body, ...names) ?? field(query, ...names);
    const messageId = get('messageId', 'MessageId', 'SMSId', 'smsId');
    const status = get('statusId', 'StatusId', 'status');
    if (!messageId || !status) return [];
    const delivered = status === '1' || /^deliver/i.test(status);
    return [
      {
        messageId,
        status: delivered ? 'delivered' : 'undelivered',
        error: delivered ? undefined : clip(get('statusMessage', 'StatusMessage') ?? `status ${status}`),
      },
    ];
  }
}
