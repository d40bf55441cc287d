import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway } from './types.ts';

/**
 * The default, offline gateway (SMS_PROVIDER=outbox, refused in production): each message goes to the sms_outbox
 * table, where a person or a browser test reads it at GET /dev/sms-outbox (developer routes only), and to the
 * server log, where the demo's shopper reads their code. This is the one place a code reaches the log, on purpose:
 * the demo has no phones. For tests, `refuseNext(phone)` makes the next message to that phone a refusal, as a
 * gateway would answer (POST /dev/sms-outbox/refusals).
 */
export class OutboxGateway implements SmsGateway {
  readonly name = 'outbox' as const;
  private readonly refusals = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
    private readonly print?: (block: string) => void,
  ) {}

  /** The next message to this phone (01… form) is refused, once. */
  refuseNext(phone: string) {
    this.refusals.add(phone);
  }

  async send({ local, text }: GatewayRequest) {
    if (this.refusals.delete(local))
      throw new SmsRefused(this.name, 'refused', 'test refusal asked for at POST /dev/sms-outbox/refusals');
    const [row] = await this.db
      .insert(smsOutbox)
      .values({ phoneNumber: local, body: text })
      .returning({ id: smsOutbox.id });
    this.log?.info({ sms: { to: local, text } }, 'SMS written to the outbox (demo: no phone receives it)');
    this.print?.(demoSmsBlock(local, text));
    return { messageId: `outbox-${row!.id}` };
  }
}

/**
 * What the demo server prints for each message, apart from the JSON log lines: search the output for `DEMO SMS`.
 *
 *   ==== DEMO SMS to 01012345678 (no phone receives it) ====
 *   كود التفعيل بتاعك 123456 …
 *   ====
 */
export function demoSmsBlock(to: string, text: string): string {
  const rule = '='.repeat(4);
  return `\n${rule} DEMO SMS to ${to} (no phone receives it) ${rule}\n${text}\n${rule}\n\n`;
}
