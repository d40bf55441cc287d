export { EmailRefused, type EmailAccepted, type EmailMessage, type EmailSender } from './types.ts';
export { SmtpEmailSender, type SmtpOptions } from './smtp.ts';
export { OutboxEmailSender } from './outbox.ts';
