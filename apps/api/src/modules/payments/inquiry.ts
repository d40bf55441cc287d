/**
 * Sessions whose callback never came (issue 47 item 4, decision 006). A payment session that expired with no
 * callback at all may still have been paid: the gateway's callback was lost, or came while the store was down. A
 * job asks the gateway about each one (Paymob's transaction inquiry by its order id) from PAYMENT_INQUIRY_AFTER_SECONDS
 * after the key expired, every 10 minutes for PAYMENT_INQUIRY_HOURS. A paid one goes the way a late callback goes
 * (service.ts `applyTransaction`, confirmed by the gateway's record of the transaction): the order is placed if its
 * stock can still be taken, else the payment is given back (refund_required, then a void or refund from the
 * outbox). A failed or pending one, or none at all, is asked about again later until the window closes.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/provider.ts';
import { describeError } from '../../lib/logging.ts';
import { markInquired } from './rows.ts';
import { applyTransaction, type CallbackResult, type Logger } from './service.ts';

export interface InquiryOptions {
  /** How long after a session's key expired the gateway is first asked (its callback may still be on its way). */
  afterSeconds: number;
  /** How long after the key expired the gateway is still asked. */
  forHours: number;
}

export const INQUIRY_DEFAULTS: InquiryOptions = { afterSeconds: 120, forHours: 48 };
/** The same session is asked about again at most this often. */
const AGAIN_AFTER_MS = 10 * 60_000;
const BATCH = 50;

/** The sessions to ask about now: expired, never called back, in the window, not asked in the last 10 minutes. */
async function dueSessions(db: DbOrTx, provider: string, now: Date, opts: InquiryOptions) {
  const t = now.getTime();
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'expired'),
        eq(payments.provider, provider),
        isNotNull(payments.providerReference),
        lte(payments.expiresAt, new Date(t - opts.afterSeconds * 1000)),
        gt(payments.expiresAt, new Date(t - opts.forHours * 3_600_000)),
        or(isNull(payments.inquiredAt), lte(payments.inquiredAt, new Date(t - AGAIN_AFTER_MS))),
        sql`not exists (select 1 from payment_events e where e.payment_id = ${payments.id})`,
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(BATCH);
}

/**
 * Asks the gateway about every session due (at most 50 a run); returns what each paid one became. Safe on several
 * instances: a callback's result is recorded once by transaction id, whoever applies it.
 */
export async function inquireLostSessions(
  ctx: { db: Db; provider: PaymentProvider; now: Date; log: Logger },
  opts: InquiryOptions = INQUIRY_DEFAULTS,
): Promise<{ paymentId: number; result: CallbackResult }[]> {
  const { db, provider, now, log } = ctx;
  const settled: { paymentId: number; result: CallbackResult }[] = [];
  for (const p of await dueSessions(db, provider.name, now, opts)) {
    let result: CallbackResult;
    let t;
    try {
      t = await provider.inquireOrder(p.providerReference!);
      await markInquired(db, p.id, now);
      if (!t || t.pending || !t.success) continue;
      result = await applyTransaction(db, provider, t, { type: 'INQUIRY', obj: t }, now, log);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // The gateway cannot be asked now: the next run asks again.
      log.warn({ paymentId: p.id, err: describeError(err) }, 'payment inquiry failed');
      break;
    }
    log.warn({ paymentId: p.id, transaction: t.transactionId, result }, 'a lost callback settled by inquiry');
    settled.push({ paymentId: p.id, result });
  }
  return settled;
}
