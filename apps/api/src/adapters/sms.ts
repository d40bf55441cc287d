import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { smsOutbox } from '../db/schema.ts';

export interface SmsMessage {
  /** The phone number, digits only (e.g. 01012345678). */
  to: string;
  text: string;
}

/** How the store sends a text message. A failed send throws. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default, offline sender: writes each message to the server log and the sms_outbox table, where a person or
 * a browser test reads it at GET /dev/sms-outbox (never mounted in production).
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send({ to, text }: SmsMessage) {
    await this.db.insert(smsOutbox).values({ phoneNumber: to, body: text });
    this.log?.info({ sms: { to, text } }, 'SMS written to the outbox');
  }
}

export interface HttpSmsOptions {
  /** The gateway's send address: it receives POST {to, from, text} as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The sender name or number shown on the phone. */
  senderId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A real SMS gateway over HTTP (SMS_PROVIDER=http). Any answer other than 2xx is a failed send. */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';
  constructor(private readonly opts: HttpSmsOptions) {}

  async send({ to, text }: SmsMessage) {
    const doFetch = this.opts.fetch ?? fetch;
    const res = await doFetch(this.opts.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${this.opts.token}`,
      },
      body: JSON.stringify({ to, from: this.opts.senderId, text }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    // Drain the body so the connection can be reused.
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${body.slice(0, 200)}`);
  }
}
