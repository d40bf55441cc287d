/** An email as the store sends it (order news to a shopper with an email, staff alerts). */
export interface EmailMessage {
  to: string;
  subject: string;
  /** The HTML part: a whole document, `dir` and `lang` set for its language. */
  html: string;
  /** The plain-text part, for clients that show no HTML. */
  text: string;
  /** What it is about, for the record (order, alert…). */
  kind: string;
  orderId?: number;
  /** Files sent with it (the order's invoice, issue 47). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A provider accepted the message; `messageId` is its id for it (SMTP: the Message-ID). */
export interface EmailAccepted {
  messageId: string;
}

/**
 * How the store sends email (EMAIL_PROVIDER). A send that is not accepted (refused at any step of SMTP, not
 * answered in time) throws EmailRefused: the outbox keeps the event and tries again later.
 */
export interface EmailSender {
  readonly name: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<EmailAccepted>;
}

export class EmailRefused extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider} refused the email: ${message}`);
  }
}
