/**
 * Payment sessions and gateway callbacks.
 *
 * A session (payments row, status 'pending') holds its order's stock for PAYMENT_KEY_MINUTES. It ends once:
 * - succeeded: a verified success callback whose amount and currency match; the order is placed (status
 *   'pending', paid online) and the user gets a new empty cart;
 * - failed: a verified failure callback; the stock goes back and the order becomes the cart again;
 * - expired: the key's time ran out (found lazily at the next checkout/cart call, and by a job); same as failed.
 * "Once" is a guarded update on the payments row (`stock_released_at is null and status = 'pending'`), so the
 * job, a lazy release and a callback racing each other release the stock exactly once.
 * Callbacks are idempotent by transaction id (payment_events unique), and safe in any order: a failure after a
 * success changes nothing; a success after the stock went back tries to take it again (else: refund_required).
 */
import { orderTotals, toEgp } from '@store/contracts';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderProducts, orders, paymentEvents, payments } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { describeError } from '../../lib/logging.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type VerifiedTransaction,
} from '../../adapters/payments/provider.ts';
import { cartRead, heldForPayment } from '../cart/index.ts';
import { returnStock, takeStock } from '../stock/index.ts';
import { checkCode, codeById, takeUse, type AppliedDiscount } from '../discounts/index.ts';
import { recordStaffAlert } from '../../lib/staff-alerts.ts';
import {
  GATEWAY,
  SYSTEM,
  fixCheckoutPrices,
  recordLineVariants,
  holdAgainForPayment,
  orderCanceled,
  paymentRefund,
  placePaidOrder,
  returnToCart,
  type MoneyRefund,
} from '../orders/index.ts';
import { paidWith } from '../../adapters/payments/methods.ts';
import { gatewayRefunds } from '@store/contracts';
import {
  movePayment,
  notePayment,
  requireRefund,
  requireReversal,
  type PaymentFacts,
  type PaymentRow,
} from './rows.ts';
import './reversal.ts';

/** Who ends a session (the order module's actor: the gateway, the server, or the shopper). */
type ActorRef = Parameters<typeof returnToCart>[2];

/** What a success records on its payment: how it was paid (the gateway's answer) and when. */
function paidFacts(t: VerifiedTransaction, now: Date): PaymentFacts {
  const { kind, name } = paidWith(t.sourceType, t.sourceSubType);
  return { method: kind, methodName: name, paidAt: now };
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** "mm:ss" of a duration (rounded up to the second). */
export function minutesSeconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The user's open payment session (key not yet expired), if any. */
export async function activeSession(db: DbOrTx, userId: number, now: Date): Promise<PaymentRow | null> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.expiresAt, now)))
    .orderBy(sql`${payments.expiresAt} desc`)
    .limit(1);
  return p ?? null;
}

/** What the user's payment session under way holds: its items, total, time left and payment page. */
export async function heldItems(db: DbOrTx, args: { userId: number; now: Date }) {
  const p = await activeSession(db, args.userId, args.now);
  if (!p) return null;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${orderProducts.quantity}), 0)::int` })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, p.orderId));
  const ms = p.expiresAt.getTime() - args.now.getTime();
  return {
    order_id: p.orderId,
    count: Number(row?.count ?? 0),
    total: toEgp(p.amountPiastres),
    expires_at: p.expiresAt.toISOString(),
    time_remaining_seconds: Math.max(0, Math.ceil(ms / 1000)),
    payment_url: p.checkoutUrl,
  };
}

heldForPayment.answer(heldItems);

/** 'A payment session is already active. You can start a new session in {mm:ss}.' with the seconds for a countdown. */
export function sessionActiveError(p: PaymentRow, now: Date) {
  const ms = p.expiresAt.getTime() - now.getTime();
  return new AppError(422, 'payment_session_active', [`payment_session_active:${minutesSeconds(ms)}`], {
    time_remaining_seconds: Math.max(0, Math.ceil(ms / 1000)),
    payment_key_expiration: p.expiresAt.toISOString(),
    order_id: p.orderId,
  });
}

async function linesOf(db: DbOrTx, orderId: number) {
  return db
    .select({ productId: orderProducts.productId, quantity: orderProducts.quantity })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.productId));
}

/**
 * Ends a pending session as 'expired' or 'failed' and gives its stock back: exactly once, whoever calls.
 * With `onlyIfExpired`, a session whose key still lives is left alone. Returns whether this call released it.
 */
export async function releaseSessionTx(
  tx: DbOrTx,
  paymentId: number,
  now: Date,
  status: 'expired' | 'failed',
  onlyIfExpired = false,
  actor?: ActorRef,
): Promise<boolean> {
  const [p] = await movePayment(tx, {
    which: { paymentId },
    from: ['pending'],
    to: status,
    now,
    stockReleasedAt: now,
    where: and(isNull(payments.stockReleasedAt), onlyIfExpired ? lte(payments.expiresAt, now) : undefined),
  });
  if (!p) return false;
  await returnStock(tx, await linesOf(tx, p.orderId), now, {
    reason: 'payment_released',
    orderId: p.orderId,
  });
  // A failure is the gateway's word; an expired key is found by the server (a job, or the shopper's next call);
  // the shopper may end the session themselves (endPaymentSession).
  await returnToCart(tx, p.orderId, actor ?? (status === 'failed' ? GATEWAY : SYSTEM), now);
  return true;
}

/** releaseSessionTx in its own transaction; retried when a new cart appeared at the same moment. */
export async function releaseSession(
  db: DbOrTx,
  paymentId: number,
  now: Date,
  status: 'expired' | 'failed',
  onlyIfExpired = false,
  actor?: ActorRef,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => releaseSessionTx(tx, paymentId, now, status, onlyIfExpired, actor));
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * The shopper ends their open payment session to choose another way to pay (spec §2: the other methods are disabled
 * while online is chosen). It ends as if its key had expired: the stock goes back and the held order becomes the
 * cart again with its discount code. A payment made on the hosted page meanwhile is not lost: its callback, or the
 * inquiry about an expired session with no callback, goes the way of any late success (decision 006). Returns
 * whether a session was open (false: nothing to end, e.g. it expired or was paid meanwhile).
 */
export async function endPaymentSession(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const p = await activeSession(db, userId, now);
  if (!p) return false;
  return releaseSession(db, p.id, now, 'expired', false, { type: 'shopper', id: userId });
}

/**
 * Releases every session whose key expired (of one user, or all). Used lazily by checkout and the cart, and by
 * the periodic job. Safe from many instances at once. Returns how many this call released.
 */
export async function releaseExpiredSessions(
  db: DbOrTx,
  now: Date,
  opts: { userId?: number; limit?: number } = {},
): Promise<number> {
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.stockReleasedAt),
        lte(payments.expiresAt, now),
        opts.userId === undefined ? undefined : eq(payments.userId, opts.userId),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(opts.limit ?? 200);
  let released = 0;
  for (const { id } of due) if (await releaseSession(db, id, now, 'expired', true)) released++;
  return released;
}

// Before a cart is read, its owner's expired payment sessions give their held lines back (decision 006).
cartRead.on((tx, { userId, now }) => releaseExpiredSessions(tx, now, { userId }));

/**
 * A success that arrives after the session's stock went back (the key expired, or a failure came first): the
 * order is placed if it is still the cart with the same total and its stock can be taken again; otherwise the
 * payment needs a refund (status refund_required, logged for the back office).
 */
async function lateSuccess(
  tx: DbOrTx,
  p: PaymentRow,
  t: VerifiedTransaction,
  now: Date,
  log: Logger,
): Promise<'paid' | 'refund_required'> {
  const paid = paidFacts(t, now);
  try {
    await tx.transaction(async (sp) => {
      const [o] = await sp
        .select()
        .from(orders)
        .where(and(eq(orders.id, p.orderId), eq(orders.status, 'cart')))
        .for('update');
      if (!o) throw new Error('the order is no longer the cart');
      const lines = await sp.execute(sql`select op.product_id, op.quantity, p.current_price_piastres
        from order_products op join products p on p.id = op.product_id where op.order_id = ${o.id}`);
      const rows = (
        lines as unknown as {
          rows: { product_id: number; quantity: number; current_price_piastres: number }[];
        }
      ).rows;
      // The discount code the cart still holds, if it applies now (its use went back with the session).
      const code = o.discountCodeId ? await codeById(sp, o.discountCodeId) : undefined;
      const check = code
        ? await checkCode(sp, code, {
            userId: o.userId,
            orderId: o.id,
            lines: rows.map((r) => ({
              productId: Number(r.product_id),
              unitPiastres: Number(r.current_price_piastres),
              quantity: Number(r.quantity),
            })),
            now,
          })
        : null;
      const applied: AppliedDiscount | null = check && 'applied' in check ? check.applied : null;
      const { subtotal, total, discount } = orderTotals(
        rows.map((r) => ({
          unitPiastres: Number(r.current_price_piastres),
          quantity: Number(r.quantity),
          discountable: applied?.covers.has(Number(r.product_id)) ?? false,
        })),
        { feePiastres: o.shippingFeesPiastres, freeFromPiastres: o.freeShippingFromPiastres },
        { discount: applied?.rule ?? null },
      );
      if (!rows.length || total !== p.amountPiastres) {
        throw new Error('the cart changed since the payment started');
      }
      // Its use again (a code used up meanwhile: the order cannot be placed as paid, the money goes back).
      if (applied) await takeUse(sp, applied.codeId);
      await takeStock(
        sp,
        rows.map((r) => ({ productId: Number(r.product_id), quantity: Number(r.quantity) })),
        now,
        { reason: 'late_payment', orderId: o.id },
      );
      await fixCheckoutPrices(
        sp,
        o.id,
        rows.map((r) => ({
          productId: Number(r.product_id),
          unitPiastres: Number(r.current_price_piastres),
        })),
      );
      await recordLineVariants(sp, o.id);
      await holdAgainForPayment(sp, {
        orderId: o.id,
        subtotalPiastres: subtotal,
        totalPiastres: p.amountPiastres,
        discount: applied ? { code: applied.code, piastres: discount } : null,
        now,
      });
      if (!(await placePaidOrder(sp, o.id, now, applied))) throw new Error('the order could not be placed');
      await movePayment(sp, {
        which: { paymentId: p.id },
        from: ['expired', 'failed'],
        to: 'succeeded',
        now,
        stockReleasedAt: null,
        set: paid,
      });
    });
    log.warn(
      { paymentId: p.id, orderId: p.orderId },
      'late payment success: order placed after its session ended',
    );
    return 'paid';
  } catch (err) {
    const [moved] = await movePayment(tx, {
      which: { paymentId: p.id },
      from: ['expired', 'failed'],
      to: 'refund_required',
      now,
      set: paid,
    });
    // The money goes back through the gateway from the outbox (a void the same day, else a refund); a kiosk payment
    // cannot be, and staff are alerted to give it back by hand.
    if (moved && gatewayRefunds(moved.method)) await requireReversal(tx, moved, now);
    else {
      const [o] = await tx.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, p.orderId));
      await recordStaffAlert(tx, 'refund_required', { order_id: p.orderId, n: o?.n ?? p.orderId }, now);
    }
    log.error(
      { paymentId: p.id, orderId: p.orderId, reason: describeError(err) },
      'payment succeeded after its session ended and the order cannot be placed: refund required',
    );
    return 'refund_required';
  }
}

export type CallbackResult =
  | 'paid'
  | 'unconfirmed'
  | 'foreign_integration'
  | 'failed'
  | 'pending'
  | 'duplicate'
  | 'ignored'
  | 'unknown_payment'
  | 'amount_mismatch'
  | 'refund_required'
  | 'recorded';

/**
 * The session a verified transaction belongs to: the one whose provider reference is the transaction's signed gateway
 * order id, and nothing else. `merchant_order_id` is not signed, so it never chooses a session.
 */
export async function findSession(db: DbOrTx, provider: string, t: VerifiedTransaction) {
  const [byOrder] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, t.providerOrderId)))
    .limit(1);
  return byOrder ?? null;
}

/** The facts a gateway's own record must repeat for a callback to be believed. */
const CONFIRMED_FACTS = [
  'providerOrderId',
  'success',
  'pending',
  'amountPiastres',
  'currency',
  'integrationId',
] as const satisfies readonly (keyof VerifiedTransaction)[];

/**
 * Asks the gateway about a transaction before acting on it (Paymob's transaction inquiry; the sandbox answers from
 * what it processed): its record must exist and repeat the callback's order, outcome, amount, currency and
 * integration. A signature over values joined with no separator holds when a digit moves between neighbours (`id`
 * into `integration_id`, `order.id` into `owner`); the gateway's record of the shifted id does not.
 */
async function confirmedByGateway(
  provider: PaymentProvider,
  t: VerifiedTransaction,
  log: Logger,
): Promise<boolean> {
  const record = await provider.inquire(t.transactionId);
  const differs = record ? CONFIRMED_FACTS.filter((f) => record[f] !== t[f]) : ['transaction'];
  if (!differs.length) return true;
  log.error(
    { provider: provider.name, transaction: t.transactionId, order: t.providerOrderId, differs },
    "a signed callback the gateway's own record does not confirm: not accepted",
  );
  return false;
}

/**
 * Applies a verified transaction callback. Replays (same transaction id) change nothing; `pending` is not an
 * answer yet and is not recorded (the final callback for the same transaction must still count).
 */
export async function applyTransaction(
  db: Db,
  gateway: PaymentProvider,
  t: VerifiedTransaction,
  payload: unknown,
  now: Date,
  log: Logger,
): Promise<CallbackResult> {
  const provider = gateway.name;
  if (t.pending) return 'pending';
  if (!gateway.acceptsIntegration(t.integrationId)) {
    log.error(
      { provider, transaction: t.transactionId, integration: t.integrationId },
      "a signed callback from an integration that is not this store's: not accepted",
    );
    return 'foreign_integration';
  }
  const session = await findSession(db, provider, t);
  if (!session) {
    log.warn(
      { provider, transaction: t.transactionId, order: t.providerOrderId },
      'callback for an unknown payment',
    );
    return 'unknown_payment';
  }
  // Refund and void notices only reach the log; every outcome that moves an order is confirmed first. Nothing is
  // recorded before, so a callback refused now (or one the gateway could not be asked about) can still count later.
  if (!t.isRefunded && !t.isVoided && !(await confirmedByGateway(gateway, t, log))) return 'unconfirmed';
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        paymentId: session.id,
        providerTransactionId: `${provider}:${t.transactionId}`,
        success: t.success,
        payload: payload as object,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded.length) return 'duplicate';
    const [p] = await tx.select().from(payments).where(eq(payments.id, session.id)).for('update');
    if (!p) return 'unknown_payment';

    if (t.isRefunded || t.isVoided) {
      log.warn(
        { paymentId: p.id, transaction: t.transactionId },
        'refund or void recorded for the back office',
      );
      return 'recorded';
    }
    if (!t.success) {
      // A failure after a success (or after the session ended) changes nothing.
      if (p.status !== 'pending') return 'ignored';
      await releaseSessionTx(tx, p.id, now, 'failed');
      return 'failed';
    }
    if (t.amountPiastres !== p.amountPiastres || t.currency.toUpperCase() !== p.currency) {
      log.error(
        { paymentId: p.id, paid: t.amountPiastres, currency: t.currency, expected: p.amountPiastres },
        'payment amount or currency does not match the order: not accepted',
      );
      if (p.status === 'pending') await releaseSessionTx(tx, p.id, now, 'failed');
      return 'amount_mismatch';
    }
    if (p.status === 'succeeded') {
      log.error(
        { paymentId: p.id, transaction: t.transactionId },
        'a second successful transaction for one payment',
      );
      return 'ignored';
    }
    if (p.status === 'pending') {
      // The stock is still held (even if the key's time just ran out, nothing released it yet): place the order.
      await movePayment(tx, {
        which: { paymentId: p.id },
        from: ['pending'],
        to: 'succeeded',
        now,
        set: paidFacts(t, now),
      });
      await placePaidOrder(tx, p.orderId, now);
      return 'paid';
    }
    if (p.status === 'expired' || p.status === 'failed') return lateSuccess(tx, p, t, now, log);
    return 'ignored';
  });
}

/**
 * Where the browser goes after the gateway: our order id and whether to show success. It only reads: the callback,
 * confirmed with the gateway, is what settles a payment.
 */
export async function redirectOutcome(db: DbOrTx, gateway: PaymentProvider, t: VerifiedTransaction | null) {
  if (!t || !gateway.acceptsIntegration(t.integrationId))
    return { success: false, orderId: null as number | null };
  const session = await findSession(db, gateway.name, t);
  if (!session) return { success: false, orderId: null };
  const refused = ['failed', 'expired', 'refund_required', 'voided', 'refunded'].includes(session.status);
  return { success: t.success && !t.pending && !refused, orderId: session.orderId };
}

/** The pending session of a sandbox key, for the hosted page. */
export async function sessionByKey(db: DbOrTx, key: string) {
  const [p] = await db.select().from(payments).where(eq(payments.paymentKey, key)).limit(1);
  return p ?? null;
}

export const notFoundSession = () => AppError.notFound('not_found');

/* ---------------- what the order asks of its payments (orders/core.ts hooks) ---------------- */

/**
 * The money of a refund of an order paid online goes back through the gateway when it can refund (its refund id is
 * recorded, and what went back grows; all of it given back ends the payment as refunded); otherwise (a kiosk
 * payment, which Paymob cannot refund, or a gateway without refunds) the payment is marked for a refund by hand (the
 * dashboard's to-do). Called inside the refund's transaction, with the order locked: if the gateway refuses, nothing
 * of the refund is kept, and staff read the gateway's words (502 refund_failed, `gateway_message`).
 */
export async function refundOrderMoney(
  tx: DbOrTx,
  args: { provider: PaymentProvider; orderId: number; amountPiastres: number; now: Date },
): Promise<MoneyRefund> {
  const { provider, orderId, amountPiastres, now } = args;
  const [paid] = await tx
    .select({ payment: payments, event: paymentEvents })
    .from(payments)
    .innerJoin(paymentEvents, and(eq(paymentEvents.paymentId, payments.id), eq(paymentEvents.success, true)))
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(paymentEvents.id))
    .limit(1);
  if (paid && provider.refund && gatewayRefunds(paid.payment.method)) {
    let refundId: string;
    try {
      ({ refundId } = await provider.refund({
        // Stored as '<provider>:<id>' (one table for every gateway); the gateway knows its own id.
        transactionId: paid.event.providerTransactionId.replace(`${paid.payment.provider}:`, ''),
        amountPiastres,
        reference: `o${orderId}-r${now.getTime()}`,
      }));
    } catch (err) {
      const words =
        err instanceof PaymentProviderError
          ? (err.gatewayWords ?? err.message)
          : 'the gateway did not answer';
      throw new AppError(502, 'refund_failed', ['refund_failed'], { gateway_message: words.slice(0, 300) });
    }
    const p = paid.payment;
    await notePayment(
      tx,
      p.id,
      { refundedMore: amountPiastres, reversalId: refundId, gatewayError: null },
      now,
    );
    if (p.refundedPiastres + amountPiastres >= p.amountPiastres)
      await movePayment(tx, { which: { paymentId: p.id }, from: ['succeeded'], to: 'refunded', now });
    return { refund_id: refundId, refunded_by: 'gateway' };
  }
  await requireRefund(tx, { orderId, now, reason: 'refund', amountPiastres });
  return { refund_id: null, refunded_by: 'by_hand' };
}

paymentRefund.answer(refundOrderMoney);

// A canceled order's succeeded payments need their money back (orders/core.ts: what entering `canceled` does).
orderCanceled.on((tx, e) => requireRefund(tx, { orderId: e.order.id, now: e.now, reason: 'canceled' }));
