/**
 * The app's SmsSender (issue 44): every message goes to SMS_PROVIDER's gateway and, when that one refuses or does
 * not answer in time, to SMS_FALLBACK_PROVIDER's; every attempt is a row of sms_messages (this module owns them),
 * written before the call and updated with its outcome, so a crash between the two leaves a `sending` row to see.
 * The row keeps the text with its secret (a code) masked; the log gets the gateway, a masked number and the
 * gateway's answer, never the text.
 */
import { normalizeEgyptMobile, smsParts } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsGateway, SmsMessage, SmsSender } from '../../adapters/sms/index.ts';
import { SmsRefused } from '../../adapters/sms/index.ts';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { describeError, maskPhone } from '../../lib/logging.ts';

/** How a secret (a code) shows in the record. */
export const MASK = '******';

export interface RecordedSenderOptions {
  db: Db;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  primary: SmsGateway;
  fallback?: SmsGateway;
  /** Where gateways post delivery receipts: PUBLIC_URL and SMS_RECEIPT_SECRET (none asked for without it). */
  receipts?: { publicUrl: string; secret: string };
}

/** The text as the record keeps it: the secret, wherever it appears, masked. */
export const redact = (text: string, secret?: string) => (secret ? text.split(secret).join(MASK) : text);

export class RecordedSmsSender implements SmsSender {
  readonly name: string;
  readonly gateways: SmsGateway[];

  constructor(private readonly opts: RecordedSenderOptions) {
    this.gateways = opts.fallback ? [opts.primary, opts.fallback] : [opts.primary];
    this.name = this.gateways.map((g) => g.name).join('+');
  }

  async send(message: SmsMessage): Promise<void> {
    const { db, clock } = this.opts;
    const local = normalizeEgyptMobile(message.to);
    const { encoding, parts } = smsParts(message.text);
    const base = {
      phoneNumber: (local ?? message.to).slice(0, 20),
      kind: message.kind ?? 'other',
      orderId: message.orderId ?? null,
      body: redact(message.text, message.secret),
      encoding,
      parts,
    };
    let failure: unknown;
    for (const gateway of this.gateways) {
      const now = clock.now();
      const [row] = await db
        .insert(smsMessages)
        .values({ ...base, provider: gateway.name, status: 'sending', createdAt: now, updatedAt: now })
        .returning({ id: smsMessages.id });
      const id = row!.id;
      try {
        if (!local) throw new SmsRefused('store', 'refused', 'not an Egyptian mobile number');
        const accepted = await gateway.send({
          local,
          international: `20${local.slice(1)}`,
          text: message.text,
          encoding,
          parts,
          reference: `sms-${id}`,
          receiptUrl: this.receiptUrl(gateway),
        });
        await db
          .update(smsMessages)
          .set({
            status: 'sent',
            providerMessageId: accepted.messageId?.slice(0, 100) ?? null,
            updatedAt: clock.now(),
          })
          .where(eq(smsMessages.id, id));
        return;
      } catch (err) {
        failure = err;
        const error = err instanceof SmsRefused ? err.message : `unexpected error: ${describeError(err)}`;
        await db
          .update(smsMessages)
          .set({ status: 'failed', error: error.slice(0, 500), updatedAt: clock.now() })
          .where(eq(smsMessages.id, id));
        this.opts.log?.warn(
          { sms: { id, provider: gateway.name, to: maskPhone(base.phoneNumber), kind: base.kind, error } },
          'SMS not sent',
        );
        if (!local) break; // no gateway can take it
      }
    }
    throw failure;
  }

  private receiptUrl(gateway: SmsGateway) {
    const r = this.opts.receipts;
    if (!r || !gateway.parseReceipts) return undefined;
    return `${r.publicUrl}/v1/sms/receipts/${gateway.name}?secret=${encodeURIComponent(r.secret)}`;
  }
}
