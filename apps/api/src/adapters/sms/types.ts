import type { SmsEncoding, SmsKind, SmsProvider } from '@store/contracts';

/** A text message as the store sends it (auth codes, order news, staff alerts). */
export interface SmsMessage {
  /** The phone number as the store keeps it, e.g. 01012345678 (any usual form is accepted). */
  to: string;
  text: string;
  /** What it is about, for the record and the Messages screen (default `other`). */
  kind?: SmsKind;
  /** The order it is about, if any: the order's admin page lists its messages. */
  orderId?: number;
  /**
   * A part of the text that must never be stored or logged, e.g. the code of a confirmation SMS: the record keeps
   * the text with it replaced by ******.
   */
  secret?: string;
}

/**
 * How the store sends a text message. A send that was not accepted (refused in any form, not answered in time)
 * throws; the caller tells the shopper it could not be sent. The app's sender records every attempt
 * (modules/messages) and tries SMS_FALLBACK_PROVIDER when the first gateway fails.
 */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** What a gateway adapter is given: the number in both forms and the text with its encoding worked out. */
export interface GatewayRequest {
  /** 01012345678. */
  local: string;
  /** 201012345678 (country code, no plus; E.164 is `+` and this). */
  international: string;
  text: string;
  /** gsm7, or ucs2 for Arabic and anything else outside the GSM alphabet (the adapter flags it as its API wants). */
  encoding: SmsEncoding;
  parts: number;
  /** The store's own id for this attempt (e.g. `sms-42`), for gateways that take a client reference. */
  reference: string;
  /** Where this gateway should post delivery receipts (set when SMS_RECEIPT_SECRET is), secret included. */
  receiptUrl?: string;
}

/** A gateway accepted the message. `messageId` is its id for it, which its delivery receipts name. */
export interface GatewayAccepted {
  messageId?: string;
}

/** One delivery receipt, read from what a gateway posted. */
export interface SmsReceipt {
  messageId: string;
  status: 'delivered' | 'undelivered';
  /** Why it was not delivered, as the gateway said it. */
  error?: string;
}

/** One SMS gateway (SMS_PROVIDER / SMS_FALLBACK_PROVIDER). */
export interface SmsGateway {
  readonly name: SmsProvider;
  /** Sends one message. Resolves only when the gateway accepted it; any refusal or timeout throws SmsRefused. */
  send(request: GatewayRequest): Promise<GatewayAccepted>;
  /** Reads the delivery receipts in a request the gateway posted (its query and body); [] when there are none. */
  parseReceipts?(input: { query: Record<string, unknown>; body: unknown }): SmsReceipt[];
}

export type SmsRefusalKind = 'refused' | 'timeout' | 'unreachable';

/**
 * A gateway did not take the message: it refused (an HTTP error, or a code or status inside a 200), did not answer
 * within the time allowed, or could not be reached. The message names the gateway's code and its meaning, never the
 * text sent (it may hold a code).
 */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused';
  constructor(
    readonly provider: string,
    readonly kind: SmsRefusalKind,
    /** The gateway's code and what it means, e.g. `1906 Insufficient credit`. */
    readonly reason: string,
  ) {
    super(
      `${provider} ${kind === 'refused' ? 'refused the message' : kind === 'timeout' ? 'did not answer in time' : 'could not be reached'}: ${reason}`,
    );
  }
}
