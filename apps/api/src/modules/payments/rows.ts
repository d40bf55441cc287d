/**
 * The only code that writes payment rows (issue 47 item 5, decision 029). Checkout opens a session through
 * `openPaymentSession` and records the gateway's key with `recordGatewaySession`; every change of status is a
 * `movePayment`, checked against contracts' PAYMENT_TRANSITIONS (a move the table does not list is a bug: refused,
 * nothing written) and guarded in SQL (`where status in from`: a row that moved meanwhile is left alone). The
 * order's side asks through its hooks (orders/core.ts `orderCanceled`, `paymentRefund`), answered in service.ts.
 */
import { CURRENCY, canMovePayment, type PaymentState } from '@store/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
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
  },
): Promise<PaymentRow[]> {
  for (const from of args.from)
    if (!canMovePayment(from, args.to)) throw new PaymentTransitionRefused(from, args.to);
  return tx
    .update(payments)
    .set({
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
 * The money of an order needs giving back by hand: its succeeded payments become refund_required, and the outbox
 * gets a `refund.required` event (the staff alert is written with it, orders/core.ts `emit`). A cancel writes one
 * event per payment with its amount; a refund the gateway cannot make writes one for the refund's amount.
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
  for (const p of moved)
    await emit(tx, {
      type: 'refund.required',
      orderId,
      payload: { order_id: orderId, payment_id: p.id, amount_piastres: p.amountPiastres, reason: 'canceled' },
      now,
    });
}
