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
  verifyPaymobCallback,
  verifyPaymobRedirect,
} from './paymob-hmac.ts';
import type {
  Intention,
  IntentionRequest,
  PaymentProvider,
  RefundRequest,
  VerifiedTransaction,
} from './provider.ts';

export const SANDBOX_CHECKOUT_PATH = '/v1/payments/sandbox/checkout';

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** The refunds this sandbox gateway made, as a real gateway's dashboard would list them. */
  readonly refunds: (RefundRequest & { refundId: string })[] = [];
  constructor(readonly secret: string) {}

  async refund(request: RefundRequest) {
    const refundId = `sbx_refund_${randomBytes(8).toString('hex')}`;
    this.refunds.push({ ...request, refundId });
    return { refundId };
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
      integration_id: 0,
      has_parent_transaction: false,
      error_occured: !input.approved,
      created_at: input.now.toISOString().replace('Z', ''),
      currency: input.currency,
      owner: 0,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      order: { id: input.providerOrderId, merchant_order_id: input.merchantReference },
      data: { message: input.approved ? 'Approved' : 'Declined' },
    };
    return {
      body: { type: 'TRANSACTION', obj },
      hmac: signHmac(hmacStringFromTransaction(obj), this.secret),
      redirectQuery: redirectQueryFromTransaction(obj, this.secret),
    };
  }
}
