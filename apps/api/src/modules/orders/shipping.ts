/**
 * The order follows its shipment (issue 48): when a courier's event moves a shipment (modules/shipments), the order
 * takes the same steps through `transition`, as the server (actor `system`), in the event's transaction: picked up
 * or out for delivery, the order is on its way (`delivering`); handed to the receiver, `delivered`, through the
 * steps it skipped (a confirmed order goes through processing), each in its history with the courier's words and
 * each with its message to the shopper. An order no longer on that road (cancelled, delivered already, refunded) is
 * left as it is: the event stays in the shipment's history. Returned to the shop (46), the order is `returned` (its
 * stock back: core.ts AFTER). A cancel does not move the order.
 */
import { apiMessage, apiMessages, type ApiMessageKey, type Locale, type OrderState } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { courierDisplayName } from '../../adapters/couriers/index.ts';
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
 * order may be shipped again), by that staff member, naming the courier and the tracking number. The note is a
 * message key with its arguments (read in the reader's language, the courier's name too: historyNote in
 * admin-service.ts); rows written before it keep their English words in `note`.
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
    note: null,
    noteKey: 'history_shipment_canceled',
    noteArgs: { courier: c.courier, carrier: c.carrier, tracking_number: c.trackingNumber },
    createdAt: c.now,
  });
}

shipmentCanceled.on(noteShipmentCanceled);

/**
 * A history line's note as the reader reads it: a note the server wrote as a message key, in the reader's language
 * (a courier's name too: Bosta is بوسطة in Arabic); staff's and couriers' own words, and rows written before the
 * key, as they were written.
 */
export function historyNote(
  h: { note: string | null; noteKey: string | null; noteArgs: Record<string, string> | null },
  locale: Locale,
): string | null {
  if (!h.noteKey || !(h.noteKey in apiMessages)) return h.note;
  const args = { ...h.noteArgs };
  if (args.courier) args.carrier = courierDisplayName(args.courier, locale, args.carrier);
  return apiMessage(h.noteKey as ApiMessageKey, locale, args);
}
