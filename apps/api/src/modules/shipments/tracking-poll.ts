/**
 * Couriers without a webhook (Aramex, Mylerz; issue 48): their news is asked for. Every few minutes the live
 * shipments of the store's courier (created or on their way) are tracked, the least recently asked first, and a
 * status the courier reports that moves the shipment forward is recorded as the courier's event: the shipment and
 * its order follow, as with Bosta's webhook (recordCourierEvents, shipmentMoved). A courier that does not answer for
 * one parcel leaves it for the next run; nothing changes on a refusal.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CourierRefused, type CourierEvent, type ShipmentStatus } from '../../adapters/couriers/index.ts';
import { shipments } from '../../db/schema.ts';
import { recordCourierEvents, type ShipmentContext } from './service.ts';

/** How often the couriers without a webhook are asked. */
export const TRACKING_POLL_EVERY_MS = 10 * 60_000;
/** At most this many parcels a run (each one call to the courier). */
export const TRACKING_POLL_BATCH = 50;

/** The couriers whose news is asked for. */
const POLLED = new Set(['aramex', 'mylerz']);

/** A polled status as the event's code (the courier's own codes are words or letters). */
const CODE: Record<ShipmentStatus, number> = {
  created: 0,
  delivering: 1,
  delivered: 2,
  returned: 3,
  canceled: 4,
};

const RANK: Record<ShipmentStatus, number> = {
  created: 0,
  delivering: 1,
  delivered: 2,
  returned: 2,
  canceled: 2,
};

/** One run: returns how many shipments moved. */
export async function pollCourierNews(ctx: ShipmentContext): Promise<number> {
  const courier = ctx.courier;
  if (!POLLED.has(courier.name)) return 0;
  const rows = await ctx.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.courier, courier.name), inArray(shipments.status, ['created', 'delivering'])))
    .orderBy(asc(shipments.updatedAt), asc(shipments.id))
    .limit(TRACKING_POLL_BATCH);
  let moved = 0;
  for (const s of rows) {
    let status: ShipmentStatus | null;
    try {
      status = (await courier.track(s.trackingNumber)).status;
    } catch (err) {
      if (!(err instanceof CourierRefused)) throw err;
      ctx.log?.info({ shipment: s.id, reason: err.message }, 'tracking: the courier did not answer');
      continue;
    }
    const now = ctx.clock.now();
    const current = s.status as ShipmentStatus;
    if (!status || RANK[status] <= RANK[current]) {
      // Asked: the next run asks the others first.
      await ctx.db.update(shipments).set({ updatedAt: now }).where(eq(shipments.id, s.id));
      continue;
    }
    const event: CourierEvent = {
      trackingNumber: s.trackingNumber,
      stateCode: CODE[status],
      stateName: `${courier.name === 'aramex' ? 'Aramex' : 'Mylerz'}: ${status}`,
      effect: status,
      at: now,
    };
    const result = await recordCourierEvents(ctx.db, ctx.clock, courier.name, [event]);
    moved += result.changes.length;
  }
  return moved;
}
