/**
 * The courier's news of a return's pickup (issue 48 item 5): Bosta's webhook reports a Customer Return Pickup like
 * any parcel, and the shipments module offers each event of no order's shipment here (courierEventElsewhere). Two
 * states are recorded on the return, at the courier's time, once each: the items picked up at the shopper's (23)
 * and back at the shop (46). The shopper's and staff's pages show them on the return's pickup. Nothing is refunded:
 * staff still mark the items received when they hold them (decision 035). Any other state of the pickup, a repeated
 * one, or a parcel that is no return's pickup changes nothing (the webhook counts it ignored).
 */
import { and, eq } from 'drizzle-orm';
import type { CourierEvent } from '../../adapters/couriers/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderReturns } from '../../db/schema.ts';
import { courierEventElsewhere } from '../shipments/index.ts';

export async function recordReturnPickupNews(
  tx: DbOrTx,
  args: { courier: string; event: CourierEvent; now: Date },
): Promise<boolean> {
  const { event, now } = args;
  if (!event.returnPickup) return false;
  const [r] = await tx
    .select()
    .from(orderReturns)
    .where(
      and(
        eq(orderReturns.pickupCourier, args.courier),
        eq(orderReturns.pickupTrackingNumber, event.trackingNumber),
      ),
    )
    .for('update');
  if (!r) return false;
  const at = event.at ?? now;
  if (event.returnPickup === 'picked_up') {
    if (r.pickupPickedUpAt) return false;
    await tx
      .update(orderReturns)
      .set({ pickupPickedUpAt: at, updatedAt: now })
      .where(eq(orderReturns.id, r.id));
  } else {
    if (r.pickupReturnedAt) return false;
    await tx
      .update(orderReturns)
      .set({ pickupReturnedAt: at, updatedAt: now })
      .where(eq(orderReturns.id, r.id));
  }
  return true;
}

courierEventElsewhere.answer(recordReturnPickupNews);
