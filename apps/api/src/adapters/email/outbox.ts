import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailSender } from './types.ts';

/**
 * The demo's email (EMAIL_PROVIDER=outbox, refused in production): nothing leaves the machine. The message is
 * recorded like every email (modules/messages keeps its text and HTML for the outbox, readable at
 * GET /dev/email-outbox with the developer routes) and its subject is logged.
 */
export class OutboxEmailSender implements EmailSender {
  readonly name = 'outbox' as const;
  private n = 0;
  constructor(private readonly log?: Pick<FastifyBaseLogger, 'info'>) {}

  async send(m: EmailMessage) {
    this.log?.info(
      { email: { subject: m.subject, kind: m.kind } },
      'email kept in the outbox (demo: nobody receives it)',
    );
    return { messageId: `outbox-${Date.now()}-${++this.n}` };
  }
}
