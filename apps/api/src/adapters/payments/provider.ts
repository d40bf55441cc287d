/**
 * Payments (DESIGN.md): a small interface with a real adapter (Paymob) and a local default that works offline
 * (sandbox). Both speak Paymob's shapes, so switching is configuration only.
 */

export interface BillingData {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  city: string;
  country: string;
}

export interface IntentionItem {
  name: string;
  /** Unit price, piastres. */
  amountPiastres: number;
  quantity: number;
  description: string;
}

export interface IntentionRequest {
  order: { id: number; items: IntentionItem[] };
  /** Total to charge, piastres (the items add up to it). */
  amountPiastres: number;
  currency: string;
  billing: BillingData;
  /** Our unique reference for this payment session (Paymob's special_reference). */
  reference: string;
  /** Server-to-server callback (transaction processed). */
  notificationUrl: string;
  /** Where the shopper's browser returns (transaction response). */
  redirectionUrl: string;
  /** How long the gateway should keep the session open. */
  expiresInSeconds: number;
}

export interface Intention {
  /** What the storefront holds as payment_key (Paymob: the intention's client_secret). */
  paymentKey: string;
  /** The gateway's order id; callbacks carry it as order.id. */
  providerReference: string;
  /** The hosted checkout page (unified_checkout_url). */
  checkoutUrl: string;
}

/** A callback or redirect whose signature checked out, in our terms. */
export interface VerifiedTransaction {
  transactionId: string;
  /** The gateway's order id (order.id / order). */
  providerOrderId: string;
  /**
   * Our reference when the gateway echoes it (order.merchant_order_id). Not signed: shown in logs only, never used
   * to choose a payment session.
   */
  merchantReference: string | null;
  /** The gateway integration (payment method account) that processed it (integration_id), as text. */
  integrationId: string;
  success: boolean;
  pending: boolean;
  amountPiastres: number;
  currency: string;
  isRefunded: boolean;
  isVoided: boolean;
  /** How it was paid, as the gateway says (source_data.type: card, wallet, aggregator, valu...; '' when absent). */
  sourceType: string;
  /** Its name (source_data.sub_type: MasterCard, Vodafone, AGGREGATOR...; '' when absent). */
  sourceSubType: string;
}

/** A void of a paid transaction: all of it, before the gateway settles it (card payments, the same business day). */
export interface VoidRequest {
  transactionId: string;
  /** Ours, unique per void. */
  reference: string;
}

/** Money back on a paid transaction (part or all of it). */
export interface RefundRequest {
  /** The gateway's id of the successful transaction. */
  transactionId: string;
  amountPiastres: number;
  /** Ours, unique per refund (the gateway's idempotency where it has one). */
  reference: string;
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * Refunds through the gateway (sandbox, Paymob). A provider without it leaves the refund to its dashboard: the
   * order is then listed as a refund to do.
   */
  refund?(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Voids a paid card transaction before settlement (Paymob: `void_refund/void`, the same business day). A refusal
   * (already settled, not a card) is a PaymentProviderError with the gateway's words.
   */
  void?(request: VoidRequest): Promise<{ voidId: string }>;
  createIntention(request: IntentionRequest): Promise<Intention>;
  /** The processed callback (POST body + query string). null when the signature is wrong or the body malformed. */
  verifyCallback(input: { body: unknown; query: Record<string, unknown> }): VerifiedTransaction | null;
  /** The browser's return (GET query string). null when the signature is wrong. */
  verifyRedirect(query: Record<string, unknown>): VerifiedTransaction | null;
  /** Whether a transaction's integration_id is one of this store's (PAYMOB_INTEGRATION_IDS; the sandbox's own). */
  acceptsIntegration(integrationId: string): boolean;
  /**
   * The gateway's own record of a transaction, asked by its id (Paymob's transaction inquiry), or null when the
   * gateway does not know that id. A success is confirmed this way before an order is placed. Throws
   * PaymentProviderError when the gateway cannot be asked (the callback is then answered 503 and retried).
   */
  inquire(transactionId: string): Promise<VerifiedTransaction | null>;
  /**
   * The gateway's transaction for one of its orders (our session's provider reference; Paymob's transaction inquiry by
   * `order_id`), or null when none was made. Asked about sessions that expired without a callback.
   */
  inquireOrder(providerOrderId: string): Promise<VerifiedTransaction | null>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
    /** What the gateway itself said when it refused (shown to staff), if it said anything. */
    public readonly gatewayWords?: string,
  ) {
    super(message);
  }
}
