import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { EmailRefused, type EmailMessage, type EmailSender } from './types.ts';

export interface SmtpOptions {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465. */
  url: string;
  /** EMAIL_FROM: "Store <orders@store.example>". */
  from: string;
  timeoutMs?: number;
}

/**
 * Email through an SMTP server (nodemailer). Any refusal (connection, authentication, a recipient or the message
 * refused, no answer in time) is an EmailRefused: never reported as sent.
 */
export class SmtpEmailSender implements EmailSender {
  readonly name = 'smtp' as const;
  /** Made at the first message: nodemailer is loaded then, not at every start-up. */
  private transport: Promise<Transporter> | undefined;

  constructor(private readonly opts: SmtpOptions) {}

  private connect() {
    const t = this.opts.timeoutMs ?? 15_000;
    return (this.transport ??= import('nodemailer').then(({ default: mailer }) =>
      mailer.createTransport(this.opts.url, {
        connectionTimeout: t,
        greetingTimeout: t,
        socketTimeout: t,
      } as Parameters<typeof nodemailer.createTransport>[1]),
    ));
  }

  async send(m: EmailMessage) {
    try {
      const transport = await this.connect();
      const info = await transport.sendMail({
        from: this.opts.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        attachments: m.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
      if (info.rejected?.length) throw new Error(`recipient refused: ${info.response ?? ''}`);
      return { messageId: String(info.messageId ?? '') };
    } catch (err) {
      if (err instanceof EmailRefused) throw err;
      throw new EmailRefused(this.name, err instanceof Error ? err.message.slice(0, 300) : String(err));
    }
  }

  close() {
    void this.transport?.then(
      (t) => t.close(),
      () => undefined,
    );
  }
}
