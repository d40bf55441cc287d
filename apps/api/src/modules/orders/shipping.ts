/**
 * The order follows its shipment (issue 48): when a courier's event moves a shipment (modules/shipments), the order
 * takes the same steps through `transition`, as the server (actor `system`), in the event's transaction: picked up
 * or out for delivery, the order is on its way (`delivering`); handed to the receiver, `delivered`, through the
 * steps it skipped (a confirmed order goes through processing), each in its history with the courier's words and
 * each with its message to the shopper. An order no longer on that road (cancelled, delivered already, refunded) is
 * left as it is: the event stays in the shipment's history. Returned to the shop (46), the order is `returned` (its
 * stock back: core.ts AFTER). A cancel does not move the order.
 */
import type { OrderState } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderHistory, orders } from '../../db/schema.ts';
import {
  shipmentCanceled,
  shipmentMoved,
  type ShipmentCancel,
  type ShipmentChange,
} from '../shipments/index.ts';
import { SYSTEM, transition } from './core.ts';

/** The steps from where an order stands to where its shipment says it is. */
const ROAD: Partial<Record<ShipmentChange['to'], Partial<Record<string, OrderState[]>>>> = {
  delivering: {
    confirmed: ['processing', 'delivering'],
    processing: ['delivering'],
  },
  delivered: {
    confirmed: ['processing', 'delivering', 'delivered'],
    processing: ['delivering', 'delivered'],
    delivering: ['delivered'],
  },
  returned: {
    confirmed: ['processing', 'returned'],
    processing: ['returned'],
    delivering: ['returned'],
  },
};

export async function followShipment(tx: DbOrTx, change: ShipmentChange) {
  const road = ROAD[change.to];
  if (!road) return;
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, change.orderId))
    .for('update');
  const steps = order ? road[order.status] : undefined;
  if (!steps) return;
  const note = `${change.event.stateCode} ${change.event.stateName}`;
  let from = order!.status;
  for (const to of steps) {
    await transition(tx, {
      orderId: change.orderId,
      to,
      actor: SYSTEM,
      now: change.now,
      note,
      expect: [from],
    });
    from = to;
  }
}

shipmentMoved.on(followShipment);

/**
 * Staff cancelled the order's shipment with its courier: a line in the order's history (its status stays; the
 * order may be shipped again), by that staff member, naming the courier and the tracking number.
 */
export async function noteShipmentCanceled(tx: DbOrTx, c: ShipmentCancel) {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, c.orderId));
  if (!order) return;
  await tx.insert(orderHistory).values({
    orderId: c.orderId,
    fromStatus: order.status,
    toStatus: order.status,
    actorType: c.staffId === null ? 'system' : 'staff',
    actorId: c.staffId,
    note: `Shipment cancelled: ${c.carrier} ${c.trackingNumber}`,
    createdAt: c.now,
  });
}

shipmentCanceled.on(noteShipmentCanceled);
