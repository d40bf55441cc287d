/**
 * A refund by hand marked done (issue 47 item 4): money the gateway cannot give back (a kiosk payment: Aman, Masary;
 * or a payment the gateway was never asked about) is handed back by staff, who then say so on the order. The payment
 * moves refund_required → refunded through rows.ts (contracts' PAYMENT_TRANSITIONS) and the move is audited with
 * who did it and how much went back. Refused while the gateway itself is still giving it back (a
 * `payment.reversal_due` the outbox has not finished): the shopper would get the money twice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEvents, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../staff/index.ts';
import { movePayment } from './rows.ts';

export async function markRefundedByHand(
  db: Db,
  actor: AuditActor,
  args: { orderId: number; paymentId: number; now: Date },
) {
  const { orderId, paymentId, now } = args;
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)))
      .for('update');
    if (!p) throw AppError.notFound();
    if (p.status !== 'refund_required')
      throw new AppError(409, 'payment_not_refund_required', ['payment_not_refund_required']);
    const [pending] = await tx
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'payment.reversal_due'),
          isNull(domainEvents.processedAt),
          sql`(${domainEvents.payload}->>'payment_id')::int = ${paymentId}`,
        ),
      )
      .limit(1);
    if (pending) throw new AppError(409, 'payment_reversal_in_progress', ['payment_reversal_in_progress']);
    const left = p.amountPiastres - p.refundedPiastres;
    const [moved] = await movePayment(tx, {
      which: { paymentId },
      from: ['refund_required'],
      to: 'refunded',
      now,
      set: { refundedPiastres: p.amountPiastres, gatewayError: null },
    });
    if (!moved) throw new AppError(409, 'payment_not_refund_required', ['payment_not_refund_required']);
    await audit(
      tx,
      actor,
      'payment.refunded_by_hand',
      { type: 'order', id: orderId },
      { payment_id: paymentId, amount_piastres: left, method: p.method },
      now,
    );
    return moved;
  });
}
