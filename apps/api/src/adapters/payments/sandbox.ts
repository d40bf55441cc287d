/**
 * The default, offline payment provider. It behaves like a real gateway: a session gets a key and a hosted
 * checkout page (served by this API at /v1/payments/sandbox/checkout), the payer approves or declines there, and
 * the "gateway" then sends a signed, Paymob-shaped callback to our callback route and sends the browser back with
 * a signed query string. Signatures use Paymob's 20-field HMAC with the sandbox secret.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  redirectQueryFromTransaction,
  signHmac,
  hmacStringFromTransaction,
  transactionFromObject,
  verifyPaymobCallback,
  verifyPaymobRedirect,
} from './paymob-hmac.ts';
import {
  PaymentProviderError,
  type Intention,
  type IntentionRequest,
  type PaymentProvider,
  type RefundRequest,
  type VerifiedTransaction,
  type VoidRequest,
} from './provider.ts';

export const SANDBOX_CHECKOUT_PATH = '/v1/payments/sandbox/checkout';
/** The sandbox gateway's one integration (a Paymob account has one per payment method). */
export const SANDBOX_INTEGRATION_ID = 4_100_001;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** The refunds this sandbox gateway made, as a real gateway's dashboard would list them. */
  readonly refunds: (RefundRequest & { refundId: string })[] = [];
  /**
   * The transactions this gateway processed, by id, as its transaction inquiry answers them. Held in this process:
   * the sandbox's payer page and its callback run in the same process (a demo restarted between the two loses the
   * record, and the callback is then refused as unconfirmed, as a real gateway would refuse an unknown id).
   */
  private readonly processed = new Map<string, Record<string, unknown>>();
  constructor(readonly secret: string) {}

  /** Records a transaction as processed by this gateway (what its inquiry then answers). */
  record(obj: Record<string, unknown>) {
    this.processed.set(String(obj.id), structuredClone(obj));
    // A demo runs for days: keep the newest 10,000.
    if (this.processed.size > 10_000) this.processed.delete(this.processed.keys().next().value!);
  }

  acceptsIntegration(integrationId: string): boolean {
    return integrationId === String(SANDBOX_INTEGRATION_ID);
  }

  async inquire(transactionId: string): Promise<VerifiedTransaction | null> {
    const obj = this.processed.get(transactionId);
    return obj ? transactionFromObject(obj) : null;
  }

  async inquireOrder(providerOrderId: string): Promise<VerifiedTransaction | null> {
    // The newest transaction of that order, as Paymob's inquiry by order_id answers.
    let found: Record<string, unknown> | null = null;
    for (const obj of this.processed.values()) {
      const order = obj.order as { id?: unknown } | undefined;
      if (String(order?.id) === providerOrderId) found = obj;
    }
    return found ? transactionFromObject(found) : null;
  }

  /**
   * A refusal the next void or refund answers with, in the gateway's words (a demo or a test can try how staff see
   * one); it is used once.
   */
  refuseNext: { call: 'void' | 'refund'; words: string } | null = null;

  private refuse(call: 'void' | 'refund') {
    const refusal = this.refuseNext;
    if (refusal?.call !== call) return;
    this.refuseNext = null;
    throw new PaymentProviderError(`Sandbox declined the ${call}: ${refusal.words}`, 400, refusal.words);
  }

  async refund(request: RefundRequest) {
    this.refuse('refund');
    const refundId = `sbx_refund_${randomBytes(8).toString('hex')}`;
    this.refunds.push({ ...request, refundId });
    return { refundId };
  }

  /** The voids this sandbox gateway made. */
  readonly voids: (VoidRequest & { voidId: string })[] = [];

  async void(request: VoidRequest) {
    this.refuse('void');
    const voidId = `sbx_void_${randomBytes(8).toString('hex')}`;
    this.voids.push({ ...request, voidId });
    return { voidId };
  }

  async createIntention(req: IntentionRequest): Promise<Intention> {
    const paymentKey = `sbx_${randomBytes(24).toString('hex')}`;
    const origin = new URL(req.notificationUrl).origin;
    return {
      paymentKey,
      // Like Paymob's numeric order ids, unique enough for a sandbox.
      providerReference: `${Date.now()}${randomInt(100_000, 999_999)}`,
      checkoutUrl: `${origin}${SANDBOX_CHECKOUT_PATH}?key=${encodeURIComponent(paymentKey)}`,
    };
  }

  verifyCallback({
    body,
    query,
  }: {
    body: unknown;
    query: Record<string, unknown>;
  }): VerifiedTransaction | null {
    return verifyPaymobCallback(body, query, this.secret);
  }

  verifyRedirect(query: Record<string, unknown>): VerifiedTransaction | null {
    return verifyPaymobRedirect(query, this.secret);
  }

  /** The processed-callback body and its signature for the payer's decision, shaped like Paymob's. */
  transaction(input: {
    providerOrderId: string;
    merchantReference: string;
    amountPiastres: number;
    currency: string;
    approved: boolean;
    now: Date;
    /** How the payer paid (source_data); a MasterCard unless said. */
    source?: { type: string; sub_type: string; pan: string };
  }) {
    const obj = {
      id: randomInt(1_000_000_000, 281_474_976_710_655),
      pending: false,
      amount_cents: input.amountPiastres,
      success: input.approved,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: SANDBOX_INTEGRATION_ID,
      has_parent_transaction: false,
      error_occured: !input.approved,
      created_at: input.now.toISOString().replace('Z', ''),
      currency: input.currency,
      owner: 0,
      source_data: input.source ?? { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      order: { id: input.providerOrderId, merchant_order_id: input.merchantReference },
      data: { message: input.approved ? 'Approved' : 'Declined' },
    };
    this.record(obj);
    return {
      body: { type: 'TRANSACTION', obj },
      hmac: signHmac(hmacStringFromTransaction(obj), this.secret),
      redirectQuery: redirectQueryFromTransaction(obj, this.secret),
    };
  }
}
