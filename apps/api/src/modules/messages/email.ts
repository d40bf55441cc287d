/**
 * The store's email, recorded (issue 44): every attempt is a row of email_messages (this module owns them) with its
 * provider, the provider's id and what became of it. A refusal is recorded as failed and thrown on: the caller (the
 * outbox) keeps its event and tries again later. The demo's outbox keeps the text and HTML for GET /dev/email-outbox.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { EmailMessage, EmailSender } from '../../adapters/email/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailMessages } from '../../db/schema.ts';

export class RecordedEmailSender {
  constructor(
    private readonly db: DbOrTx,
    readonly provider: EmailSender,
  ) {}

  async send(m: EmailMessage): Promise<void> {
    const keep = this.provider.name === 'outbox';
    const [row] = await this.db
      .insert(emailMessages)
      .values({
        provider: this.provider.name,
        toAddress: m.to,
        subject: m.subject.slice(0, 300),
        kind: m.kind,
        orderId: m.orderId ?? null,
        text: keep ? m.text : null,
        html: keep ? m.html : null,
        status: 'sending',
      })
      .returning({ id: emailMessages.id });
    try {
      const { messageId } = await this.provider.send(m);
      await this.db
        .update(emailMessages)
        .set({ status: 'sent', providerMessageId: messageId.slice(0, 200) })
        .where(eq(emailMessages.id, row!.id));
    } catch (err) {
      await this.db
        .update(emailMessages)
        .set({ status: 'failed', error: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
        .where(eq(emailMessages.id, row!.id));
      throw err;
    }
  }
}

/** The demo outbox's emails to an address, newest first (GET /dev/email-outbox). */
export async function outboxEmails(db: DbOrTx, to: string, limit = 20) {
  return db
    .select({
      id: emailMessages.id,
      to: emailMessages.toAddress,
      subject: emailMessages.subject,
      kind: emailMessages.kind,
      order_id: emailMessages.orderId,
      text: emailMessages.text,
      html: emailMessages.html,
      created_at: emailMessages.createdAt,
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.provider, 'outbox'), eq(emailMessages.toAddress, to)))
    .orderBy(desc(emailMessages.id))
    .limit(limit);
}
