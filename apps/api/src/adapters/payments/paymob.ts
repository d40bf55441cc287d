/**
 * Paymob (reference/paymob.md): the Intention API for a payment session, the unified checkout page built from the
 * public key and the intention's client secret, HMAC-verified callbacks and redirects.
 */
import { verifyPaymobCallback, verifyPaymobRedirect } from './paymob-hmac.ts';
import {
  PaymentProviderError,
  type Intention,
  type IntentionRequest,
  type PaymentProvider,
  type VerifiedTransaction,
} from './provider.ts';

export interface PaymobOptions {
  /** https://accept.paymob.com (PAYMOB_API_URL). */
  apiUrl: string;
  /** Server only (PAYMOB_SECRET_KEY). */
  secretKey: string;
  /** May reach the browser (PAYMOB_PUBLIC_KEY). */
  publicKey: string;
  /** One per method (PAYMOB_INTEGRATION_IDS). */
  integrationIds: number[];
  /** Callback verification (PAYMOB_HMAC_SECRET). */
  hmacSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Paymob rejects empty strings in billing data: "NA" where unknown. */
const orNA = (s: string | null | undefined) => (s && s.trim() ? s.trim() : 'NA');

export class PaymobProvider implements PaymentProvider {
  readonly name = 'paymob';
  private readonly base: string;
  constructor(private readonly opts: PaymobOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
  }

  async createIntention(req: IntentionRequest): Promise<Intention> {
    const body = {
      amount: req.amountPiastres,
      currency: req.currency,
      payment_methods: this.opts.integrationIds,
      items: req.order.items.map((i) => ({
        name: i.name.slice(0, 50),
        amount: i.amountPiastres,
        description: orNA(i.description).slice(0, 255),
        quantity: i.quantity,
      })),
      billing_data: Object.fromEntries(Object.entries(req.billing).map(([k, v]) => [k, orNA(v)])),
      special_reference: req.reference,
      notification_url: req.notificationUrl,
      redirection_url: req.redirectionUrl,
      expiration: req.expiresInSeconds,
      extras: { order_id: req.order.id },
    };
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(`${this.base}/v1/intention/`, {
        method: 'POST',
        headers: {
          authorization: `Token ${this.opts.secretKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`Paymob intention call failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) {
      throw new PaymentProviderError(
        `Paymob intention answered ${res.status}: ${text.slice(0, 300)}`,
        res.status,
      );
    }
    let answer: { client_secret?: unknown; intention_order_id?: unknown; id?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new PaymentProviderError('Paymob intention answer is not JSON');
    }
    const secret = answer.client_secret;
    const orderId = answer.intention_order_id;
    if (
      typeof secret !== 'string' ||
      !secret ||
      (typeof orderId !== 'number' && typeof orderId !== 'string')
    ) {
      throw new PaymentProviderError('Paymob intention answer lacks client_secret or intention_order_id');
    }
    const url = new URL(`${this.base}/unifiedcheckout/`);
    url.searchParams.set('publicKey', this.opts.publicKey);
    url.searchParams.set('clientSecret', secret);
    return { paymentKey: secret, providerReference: String(orderId), checkoutUrl: url.toString() };
  }

  verifyCallback({
    body,
    query,
  }: {
    body: unknown;
    query: Record<string, unknown>;
  }): VerifiedTransaction | null {
    return verifyPaymobCallback(body, query, this.opts.hmacSecret);
  }

  verifyRedirect(query: Record<string, unknown>): VerifiedTransaction | null {
    return verifyPaymobRedirect(query, this.opts.hmacSecret);
  }
}
