/**
 * The messages module's face (issue 44): the app's SMS sender, which records every attempt in sms_messages (this
 * module owns those rows), the back office's list, delivery receipts, and the test hook of the outbox.
 */
export { RecordedSmsSender, redact, MASK, type RecordedSenderOptions } from './sender.ts';
export { adminMessageRoutes, devMessageRoutes, smsReceiptRoutes } from './routes.ts';
export { listMessages, recordReceipts } from './service.ts';
export { RecordedEmailSender } from './email.ts';
export { listStepChannels, saveStepChannels, stepChannels } from './channels.ts';
