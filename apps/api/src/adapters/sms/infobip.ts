import { callGateway, clip, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway, type SmsReceipt } from './types.ts';

/** Infobip gives each account its own base address (xxxxx.api.infobip.com); this one serves every account. */
export const INFOBIP_URL = 'https://api.infobip.com';

export interface InfobipOptions extends GatewayHttp {
  url: string;
  apiKey: string;
  sender: string;
}

interface InfobipStatus {
  groupId?: number;
  groupName?: string;
  id?: number;
  name?: string;
  description?: string;
}
interface InfobipMessage {
  messageId?: string;
  status?: InfobipStatus;
  error?: InfobipStatus;
}

/** Infobip's status groups: 1 PENDING and 3 DELIVERED are fine; 2 UNDELIVERABLE, 4 EXPIRED, 5 REJECTED are not. */
const REFUSED_GROUPS = new Set(['UNDELIVERABLE', 'EXPIRED', 'REJECTED']);
const describe = (s: InfobipStatus | undefined) =>
  clip([s?.groupName, s?.name, s?.description].filter(Boolean).join(' '));

/**
 * Infobip (SMS_PROVIDER=infobip), through its REST API with plain fetch: POST /sms/2/text/advanced with
 * `Authorization: App <key>` and {messages: [{destinations: [{to: 201…}], from, text, notifyUrl}]}. A 200 is taken
 * only when the message's status is in the PENDING (or a later good) group; REJECTED and the rest are refusals
 * (no credit, a bad number, an unregistered sender). Infobip encodes Arabic itself. Its delivery reports post
 * {results: [{messageId, status, error}]}.
 */
export class InfobipGateway implements SmsGateway {
  readonly name = 'infobip' as const;
  constructor(private readonly opts: InfobipOptions) {}

  async send({ international, text, receiptUrl }: GatewayRequest) {
    const answer = await callGateway(
      this.name,
      `${this.opts.url.replace(/\/+$/, '')}/sms/2/text/advanced`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `App ${this.opts.apiKey}`,
        },
        body: JSON.stringify({
          messages: [
            {
              destinations: [{ to: international }],
              from: this.opts.sender,
              text,
              ...(receiptUrl ? { notifyUrl: receiptUrl, notifyContentType: 'application/json' } : {}),
            },
          ],
        }),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as
      | {
          messages?: InfobipMessage[];
          requestError?: { serviceException?: { messageId?: string; text?: string } };
        }
      | undefined;
    if (answer.status < 200 || answer.status >= 300) {
      const e = json?.requestError?.serviceException;
      throw httpRefusal(this.name, answer.status, e ? `${e.messageId ?? ''} ${e.text ?? ''}`.trim() : '');
    }
    const message = json?.messages?.[0];
    if (!message?.status) throw new SmsRefused(this.name, 'refused', 'an answer without a message status');
    if (
      REFUSED_GROUPS.has(message.status.groupName ?? '') ||
      [2, 4, 5].includes(message.status.groupId ?? -1)
    )
      throw new SmsRefused(this.name, 'refused', describe(message.status));
    return { messageId: message.messageId };
  }

  parseReceipts({ body }: { query: Record<string, unknown>; body: unknown }): SmsReceipt[] {
    const results = (body as { results?: InfobipMessage[] } | null)?.results;
    if (!Array.isArray(results)) return [];
    return results.flatMap((r): SmsReceipt[] => {
      if (!r.messageId || !r.status) return [];
      if (r.status.groupName === 'DELIVERED' || r.status.groupId === 3)
        return [{ messageId: r.messageId, status: 'delivered' }];
      if (REFUSED_GROUPS.has(r.status.groupName ?? '') || [2, 4, 5].includes(r.status.groupId ?? -1))
        return [{ messageId: r.messageId, status: 'undelivered', error: describe(r.error ?? r.status) }];
      return [];
    });
  }
}
