/**
 * A payment's money back through its gateway (issue 47 item 4, decision 006), asked by the outbox for each
 * `payment.reversal_due` event (a cancel, or a payment that succeeded after its order could no longer be placed):
 * - a card payment whose money was taken the same Cairo business day, nothing of it refunded yet, is voided
 *   (Paymob `void_refund/void`: it never settles, the shopper's statement shows nothing); a void the gateway refuses
 *   (settled already) is followed by a refund;
 * - otherwise what is left of it is refunded (`void_refund/refund` with that amount);
 * - a kiosk payment (Aman, Masary), or a gateway without refunds, is left for a refund by hand (`refund.required`,
 *   which alerts staff).
 * The payment stays refund_required until the gateway answered yes: a refusal keeps the gateway's words on the
 * payment (staff see them on the order) and throws, so the outbox tries again later. Nothing reports success that
 * the gateway did not say.
 */
import { gatewayRefunds } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/provider.ts';
import { emit, paymentReversal } from '../orders/index.ts';
import { movePayment, notePayment, type PaymentRow } from './rows.ts';

/** The shop's business day (Cairo), as YYYY-MM-DD. */
const CAIRO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const cairoDay = (d: Date) => CAIRO_DAY.format(d);

/** Whether the gateway can still void the payment: a card, nothing refunded, paid the same Cairo business day. */
export function voidable(p: Pick<PaymentRow, 'method' | 'paidAt' | 'refundedPiastres'>, now: Date) {
  return (
    p.method === 'card' && p.refundedPiastres === 0 && !!p.paidAt && cairoDay(p.paidAt) === cairoDay(now)
  );
}

/** The gateway's id of the transaction that paid it ('<provider>:<id>' in payment_events), or null. */
async function paidTransactionId(db: DbOrTx, p: PaymentRow): Promise<string | null> {
  const [e] = await db
    .select({ id: paymentEvents.providerTransactionId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, p.id), eq(paymentEvents.success, true)))
    .orderBy(asc(paymentEvents.id))
    .limit(1);
  return e ? e.id.replace(`${p.provider}:`, '') : null;
}

/** A refusal's words as staff read them: the gateway's own, else what went wrong. */
const wordsOf = (err: unknown) =>
  err instanceof PaymentProviderError ? (err.gatewayWords ?? err.message) : String(err);

/** A refusal (the gateway said no), not an outage: worth trying a refund after a refused void. */
const refused = (err: unknown) =>
  err instanceof PaymentProviderError &&
  (err.gatewayWords !== undefined || (err.status !== undefined && err.status < 500));

export async function reversePayment(
  db: DbOrTx,
  args: {
    paymentId: number;
    provider: PaymentProvider;
    now: Date;
    log: { error(obj: object, msg: string): void };
  },
): Promise<'voided' | 'refunded' | 'by_hand' | 'nothing_due'> {
  const { provider, now } = args;
  const [p] = await db.select().from(payments).where(eq(payments.id, args.paymentId));
  // Given back already (a retry after the gateway said yes), or never due.
  if (!p || p.status !== 'refund_required') return 'nothing_due';
  const left = p.amountPiastres - p.refundedPiastres;
  if (left <= 0) {
    await movePayment(db, { which: { paymentId: p.id }, from: ['refund_required'], to: 'refunded', now });
    return 'refunded';
  }
  const transactionId = p.provider === provider.name ? await paidTransactionId(db, p) : null;
  if (!gatewayRefunds(p.method) || !provider.refund || !transactionId) {
    // Kiosk money (Paymob cannot refund it), another gateway's payment, or no gateway refunds: by hand.
    await emit(db, {
      type: 'refund.required',
      orderId: p.orderId,
      payload: { order_id: p.orderId, payment_id: p.id, amount_piastres: left, reason: 'canceled' },
      now,
    });
    return 'by_hand';
  }
  const reference = `o${p.orderId}-p${p.id}-${now.getTime()}`;
  if (provider.void && voidable(p, now)) {
    try {
      const { voidId } = await provider.void({ transactionId, reference });
      await movePayment(db, {
        which: { paymentId: p.id },
        from: ['refund_required'],
        to: 'voided',
        now,
        set: { reversalId: voidId, refundedPiastres: p.amountPiastres, gatewayError: null },
      });
      return 'voided';
    } catch (err) {
      if (!refused(err)) {
        await notePayment(db, p.id, { gatewayError: wordsOf(err) }, now);
        throw err;
      }
      // Settled already (or the gateway will not void it): a refund gives the same money back.
      args.log.error(
        { paymentId: p.id, words: wordsOf(err) },
        'the gateway refused the void: refunding instead',
      );
    }
  }
  try {
    const { refundId } = await provider.refund({ transactionId, amountPiastres: left, reference });
    await movePayment(db, {
      which: { paymentId: p.id },
      from: ['refund_required'],
      to: 'refunded',
      now,
      set: { reversalId: refundId, refundedPiastres: p.amountPiastres, gatewayError: null },
    });
    return 'refunded';
  } catch (err) {
    await notePayment(db, p.id, { gatewayError: wordsOf(err) }, now);
    throw err;
  }
}

paymentReversal.answer(reversePayment);
