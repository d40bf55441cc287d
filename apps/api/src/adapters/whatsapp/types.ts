import type { Locale, OrderMessageStep } from '@store/contracts';

/** One order step for one shopper, as a WhatsApp template message. */
export interface WhatsAppStepMessage {
  /** The phone number as the store keeps it, e.g. 01012345678. */
  to: string;
  step: OrderMessageStep;
  /** The shopper's language: the template's translation (WHATSAPP_LANGUAGE_AR / _EN). */
  locale: Locale;
  /** The template's body parameters {{1}}, {{2}}… in order (README: WhatsApp templates). */
  params: string[];
}

/**
 * How the store sends WhatsApp (WHATSAPP_PROVIDER). A send that was not accepted (an HTTP error, an error object in
 * the answer, no message id, no answer in time) throws WhatsAppRefused: the outbox keeps the event and tries again.
 */
export interface WhatsAppSender {
  readonly name: 'cloud';
  send(message: WhatsAppStepMessage): Promise<{ messageId: string }>;
}

export class WhatsAppRefused extends Error {
  override readonly name = 'WhatsAppRefused';
  constructor(
    readonly kind: 'refused' | 'timeout' | 'unreachable',
    /** Meta's code and what it means, e.g. `132001 (#132001) Template name does not exist in the translation`. */
    readonly reason: string,
  ) {
    super(`whatsapp ${kind === 'refused' ? 'refused the message' : kind}: ${reason}`);
  }
}
