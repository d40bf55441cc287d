/**
 * Paymob (reference/paymob.md): the Intention API for a payment session, the unified checkout page built from the
 * public key and the intention's client secret, HMAC-verified callbacks and redirects, and refunds
 * (`POST /api/acceptance/void_refund/refund`) and voids (`…/void_refund/void`), tested against the recorded payloads in
 * fixtures/, the transaction inquiry by id (`GET /api/acceptance/transactions/{id}`) that confirms a success before an
 * order is placed, and by Paymob order (`POST /api/ecommerce/orders/transaction_inquiry`) for a session whose callback
 * never came.
 */
import { transactionFromObject, verifyPaymobCallback, verifyPaymobRedirect } from './paymob-hmac.ts';
import {
  PaymentProviderError,
  type Intention,
  type IntentionRequest,
  type PaymentProvider,
  type RefundRequest,
  type VerifiedTransaction,
  type VoidRequest,
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

/** What a void or refund answers: the new transaction (its id, success or pending, the amount, Paymob's message). */
type ReversalAnswer = {
  id?: unknown;
  success?: unknown;
  pending?: unknown;
  amount_cents?: unknown;
  data?: { message?: unknown };
  detail?: unknown;
  message?: unknown;
};

const numericId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);

/** Paymob's own words in a refusal: `detail`, `message` or `data.message` of its JSON; else none. */
function wordsOf(text: string): string | undefined {
  try {
    const j = JSON.parse(text) as ReversalAnswer;
    const w = [j.detail, j.message, j.data?.message].find((x) => typeof x === 'string' && x.trim());
    return typeof w === 'string' ? w.trim().slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** The reversal's transaction id when Paymob accepted it; a decline (`success: false`, not pending) is an error. */
function acceptedReversal(call: 'refund' | 'void', answer: ReversalAnswer): string {
  const id = answer.id;
  if (typeof id !== 'number' && typeof id !== 'string') {
    throw new PaymentProviderError(`Paymob ${call} answer lacks the ${call} transaction id`);
  }
  if (answer.success !== true && answer.pending !== true) {
    const why = wordsOf(JSON.stringify(answer)) ?? 'declined';
    throw new PaymentProviderError(`Paymob declined the ${call}: ${why.slice(0, 200)}`, undefined, why);
  }
  return String(id);
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
    const answer = await this.post<{ client_secret?: unknown; intention_order_id?: unknown }>(
      'intention',
      '/v1/intention/',
      body,
    );
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

  /**
   * Money back on a paid transaction, all or part (Paymob refuses more than is left of it). The answer is the
   * refund's own transaction; a refund Paymob declines (`success: false`, or another amount than asked) is a provider
   * error, so the refund's database transaction rolls back and staff see "refund failed". Paymob takes no idempotency
   * key: a call that timed out may still have refunded, which the refunded callback (`is_refunded`) then reports.
   */
  async refund(req: RefundRequest): Promise<{ refundId: string }> {
    const answer = await this.post<ReversalAnswer>('refund', '/api/acceptance/void_refund/refund', {
      transaction_id: numericId(req.transactionId),
      amount_cents: req.amountPiastres,
    });
    const id = acceptedReversal('refund', answer);
    if (answer.amount_cents !== undefined && Number(answer.amount_cents) !== req.amountPiastres) {
      throw new PaymentProviderError(
        `Paymob refunded ${String(answer.amount_cents)} piastres, not ${req.amountPiastres}`,
      );
    }
    return { refundId: id };
  }

  /**
   * Cancels a paid card transaction before Paymob settles it (`POST /api/acceptance/void_refund/void` with its
   * `transaction_id`, the same business day): no money moves, the shopper's statement shows nothing. The answer is the
   * void's own transaction; a refusal (settled already, not a card) is a provider error with Paymob's words.
   */
  async void(req: VoidRequest): Promise<{ voidId: string }> {
    const answer = await this.post<ReversalAnswer>('void', '/api/acceptance/void_refund/void', {
      transaction_id: numericId(req.transactionId),
    });
    return { voidId: acceptedReversal('void', answer) };
  }

  acceptsIntegration(integrationId: string): boolean {
    return /^\d+$/.test(integrationId) && this.opts.integrationIds.includes(Number(integrationId));
  }

  /**
   * Paymob's own record of a transaction (retrieve transaction by id). A callback's signed facts are checked against
   * it before an order is placed: a signature over values joined with no separator cannot tell `id` 12 with
   * `integration_id` 345 from `id` 123 with `integration_id` 45, but Paymob's record can.
   */
  async inquire(transactionId: string): Promise<VerifiedTransaction | null> {
    if (!/^\d{1,20}$/.test(transactionId)) return null;
    const answer = await this.request<Record<string, unknown>>(
      'transaction inquiry',
      'GET',
      `/api/acceptance/transactions/${transactionId}`,
      undefined,
      [404],
    );
    return answer ? transactionFromObject(answer) : null;
  }

  /**
   * Paymob's transaction for one of its orders (`POST /api/ecommerce/orders/transaction_inquiry` with `order_id`), for
   * a session that expired without a callback. Paymob answers 404 when the order has no transaction.
   */
  async inquireOrder(providerOrderId: string): Promise<VerifiedTransaction | null> {
    if (!/^\d{1,20}$/.test(providerOrderId)) return null;
    const answer = await this.request<Record<string, unknown>>(
      'transaction inquiry',
      'POST',
      '/api/ecommerce/orders/transaction_inquiry',
      { order_id: Number(providerOrderId) },
      [404],
    );
    return answer && answer.id !== undefined ? transactionFromObject(answer) : null;
  }

  /** POST JSON with the secret key; the answer's JSON, or a provider error naming the call. */
  private async post<T>(call: string, path: string, body: unknown): Promise<T> {
    return (await this.request<T>(call, 'POST', path, body))!;
  }

  /** A call with the secret key; the answer's JSON, null for a status in `absentOn`, else a provider error. */
  private async request<T>(
    call: string,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    absentOn: number[] = [],
  ): Promise<T | null> {
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Token ${this.opts.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`Paymob ${call} call failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (absentOn.includes(res.status)) return null;
    if (!res.ok) {
      throw new PaymentProviderError(
        `Paymob ${call} answered ${res.status}: ${text.slice(0, 300)}`,
        res.status,
        wordsOf(text),
      );
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') return parsed as T;
    } catch {
      // falls through
    }
    throw new PaymentProviderError(`Paymob ${call} answer is not JSON`);
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
