/**
 * The only code that writes payment rows (issue 47 item 5, decision 029). Checkout opens a session through
 * `openPaymentSession` and records the gateway's key with `recordGatewaySession`; every change of status is a
 * `movePayment`, checked against contracts' PAYMENT_TRANSITIONS (a move the table does not list is a bug: refused,
 * nothing written) and guarded in SQL (`where status in from`: a row that moved meanwhile is left alone). The
 * order's side asks through its hooks (orders/core.ts `orderCanceled`, `paymentRefund`), answered in service.ts.
 */
import { CURRENCY, canMovePayment, gatewayRefunds, type PaymentState } from '@store/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { emit } from '../orders/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A move of payments.status that PAYMENT_TRANSITIONS does not list. */
export class PaymentTransitionRefused extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`a payment cannot move from ${from} to ${to} (contracts' PAYMENT_TRANSITIONS)`);
    this.name = 'PaymentTransitionRefused';
  }
}

/** A new session ('pending') for an order held for payment; its key is the gateway's, recorded once it answers. */
export async function openPaymentSession(
  tx: DbOrTx,
  args: {
    orderId: number;
    userId: number;
    provider: string;
    amountPiastres: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: args.orderId,
      userId: args.userId,
      provider: args.provider,
      // Replaced by the provider's key (recordGatewaySession); unique until then.
      paymentKey: `opening_${randomBytes(16).toString('hex')}`,
      amountPiastres: args.amountPiastres,
      currency: CURRENCY,
      status: 'pending',
      expiresAt: args.expiresAt,
      createdAt: args.now,
      updatedAt: args.now,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** The gateway opened the session: its key, its own reference for it and its payment page. */
export async function recordGatewaySession(
  db: DbOrTx,
  paymentId: number,
  gateway: { paymentKey: string; providerReference: string | null; checkoutUrl: string | null },
  now: Date,
) {
  await db
    .update(payments)
    .set({
      paymentKey: gateway.paymentKey,
      providerReference: gateway.providerReference,
      checkoutUrl: gateway.checkoutUrl,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

/** The facts a payment keeps beside its status (decision 006). */
export type PaymentFacts = Partial<
  Pick<
    typeof payments.$inferInsert,
    'method' | 'methodName' | 'paidAt' | 'refundedPiastres' | 'reversalId' | 'gatewayError'
  >
>;

/**
 * Facts that come without a move: a per-line refund the gateway made (what went back grows), the gateway's words
 * when it refused to give money back (null once it did).
 */
export async function notePayment(
  db: DbOrTx,
  paymentId: number,
  facts: { refundedMore?: number; reversalId?: string; gatewayError?: string | null },
  now: Date,
) {
  await db
    .update(payments)
    .set({
      ...(facts.refundedMore
        ? { refundedPiastres: sql`${payments.refundedPiastres} + ${facts.refundedMore}` }
        : {}),
      ...(facts.reversalId === undefined ? {} : { reversalId: facts.reversalId }),
      ...(facts.gatewayError === undefined
        ? {}
        : { gatewayError: facts.gatewayError?.slice(0, 500) ?? null }),
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

/** The inquiry job asked the gateway about this session (it asks again only some minutes later). */
export async function markInquired(db: DbOrTx, paymentId: number, now: Date) {
  await db.update(payments).set({ inquiredAt: now }).where(eq(payments.id, paymentId));
}

/**
 * Moves the payment (`paymentId`), or every payment of an order (`orderId`), that is in one of `from` to `to`.
 * `stockReleasedAt` is set with it when given; `where` narrows the guard (a release: not released yet, key expired).
 * Returns the rows that moved: none when they were no longer in `from`.
 */
export async function movePayment(
  tx: DbOrTx,
  args: {
    which: { paymentId: number } | { orderId: number };
    from: readonly PaymentState[];
    to: PaymentState;
    now: Date;
    stockReleasedAt?: Date | null;
    where?: SQL;
    /** What the move records with it: how it was paid and when (a success), what went back and its id (a reversal). */
    set?: PaymentFacts;
  },
): Promise<PaymentRow[]> {
  for (const from of args.from)
    if (!canMovePayment(from, args.to)) throw new PaymentTransitionRefused(from, args.to);
  return tx
    .update(payments)
    .set({
      ...args.set,
      status: args.to,
      updatedAt: args.now,
      ...(args.stockReleasedAt === undefined ? {} : { stockReleasedAt: args.stockReleasedAt }),
    })
    .where(
      and(
        'paymentId' in args.which
          ? eq(payments.id, args.which.paymentId)
          : eq(payments.orderId, args.which.orderId),
        inArray(payments.status, [...args.from]),
        args.where,
      ),
    )
    .returning();
}

/**
 * The money of an order must go back: its succeeded payments become refund_required. A cancel (`canceled`) writes,
 * per payment, a `payment.reversal_due` event when the gateway can give it back (the outbox then voids or refunds it,
 * payments/reversal.ts), else a `refund.required` event for a refund by hand (a kiosk payment; the staff alert is
 * written with it, orders/core.ts `emit`). A per-line refund the gateway cannot make (`refund`) writes one
 * `refund.required` for the refund's amount.
 */
export async function requireRefund(
  tx: DbOrTx,
  args:
    | { orderId: number; now: Date; reason: 'canceled' }
    | { orderId: number; now: Date; reason: 'refund'; amountPiastres: number },
) {
  const { orderId, now } = args;
  const moved = await movePayment(tx, {
    which: { orderId },
    from: ['succeeded'],
    to: 'refund_required',
    now,
  });
  if (args.reason === 'refund') {
    await emit(tx, {
      type: 'refund.required',
      orderId,
      payload: { order_id: orderId, amount_piastres: args.amountPiastres, reason: 'refund' },
      now,
    });
    return;
  }
  for (const p of moved) await requireReversal(tx, p, now);
}

/**
 * A payment now refund_required gives its money back: through the gateway from the outbox when the gateway can
 * (`payment.reversal_due`), else by hand (`refund.required`, with the staff alert).
 */
export async function requireReversal(tx: DbOrTx, p: PaymentRow, now: Date) {
  const left = p.amountPiastres - p.refundedPiastres;
  await emit(
    tx,
    gatewayRefunds(p.method)
      ? {
          type: 'payment.reversal_due',
          orderId: p.orderId,
          payload: { order_id: p.orderId, payment_id: p.id, amount_piastres: left },
          now,
        }
      : {
          type: 'refund.required',
          orderId: p.orderId,
          payload: { order_id: p.orderId, payment_id: p.id, amount_piastres: left, reason: 'canceled' },
          now,
        },
  );
}
