/**
 * Shipments (issue 48): an order handed to the courier COURIER names, and the courier's news read back.
 *
 * - createShipmentForOrder: the outbox's handler (and staff's "ship with Bosta"): builds the delivery from the placed
 *   order (the receiver from its address, the governorate and district mapped by the courier, the package from its
 *   lines, the cash to collect) and asks the courier for it, outside any transaction; only an accepted delivery is
 *   written. A refusal throws (the outbox keeps the error and tries again; staff see it): it is never a shipment.
 * - recordCourierEvents: the webhook's events, each recorded once on its shipment (a repeated event changes nothing),
 *   moving the shipment only forward (an event older than the last one applied is kept for the history only); an
 *   event of no shipment is offered to the returns module (courierEventElsewhere: a return's pickup).
 */
import { normalizeEgyptMobile, OFFLINE_PAYMENT_METHODS, type PaymentMethod } from '@store/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  courierDisplayName,
  courierTrackingUrl,
  type Courier,
  type CourierEvent,
  type ShipmentRequest,
  type ShipmentStatus,
} from '../../adapters/couriers/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderProducts, orders, products, shipmentEvents, shipments, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { questionHook, transactionHook } from '../../lib/hooks.ts';

export interface ShipmentContext {
  db: DbOrTx;
  clock: Clock;
  courier: Courier;
  log?: { info(obj: object, msg: string): void };
}

export type ShipmentRow = typeof shipments.$inferSelect;

/** The orders a shipment may be made for: confirmed by staff, not yet on their way, delivered or cancelled. */
const SHIPPABLE = new Set(['confirmed', 'processing']);

/** The order's snapshot of its address, as checkout wrote it (checkout/service.ts). */
interface AddressSnapshot {
  full_name?: string;
  street_name?: string;
  building?: string;
  floor?: string;
  apartment?: string;
  district?: string;
  governorate?: string;
  instructions?: string | null;
  number_type?: string;
  phone_number?: string;
}

const DESCRIPTION_MAX = 300;

/** The live (not cancelled) shipment of an order, if any. */
export async function liveShipment(db: DbOrTx, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'canceled')));
  return row ?? null;
}

/**
 * The delivery a placed order asks the courier for, or null when the order cannot be shipped (not found, not
 * confirmed or processing, no address).
 */
export async function shipmentRequestFor(db: DbOrTx, orderId: number): Promise<ShipmentRequest | null> {
  const [o] = await db
    .select({
      status: orders.status,
      number: orders.orderNumber,
      method: orders.paymentMethod,
      snapshot: orders.addressSnapshot,
      total: orders.checkoutTotalPricePiastres,
      refunded: orders.refundedPiastres,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!o || !SHIPPABLE.has(o.status) || !o.snapshot) return null;
  const a = o.snapshot as AddressSnapshot;
  const lines = await db
    .select({
      title: products.titleEn,
      quantity: orderProducts.quantity,
      refunded: orderProducts.refundedQuantity,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(orderProducts.id);
  const kept = lines.map((l) => ({ ...l, quantity: l.quantity - l.refunded })).filter((l) => l.quantity > 0);
  let description = kept.map((l) => `${l.title} (${l.quantity})`).join(', ');
  if (description.length > DESCRIPTION_MAX) description = `${description.slice(0, DESCRIPTION_MAX - 1)}…`;

  // The receiver is the address's person; the courier calls a mobile: the address's own, else the shopper's.
  const [first, ...rest] = (a.full_name ?? '').trim().split(/\s+/).filter(Boolean);
  const addressMobile = a.number_type === 'mobile' ? normalizeEgyptMobile(a.phone_number ?? '') : null;
  const phone = addressMobile ?? normalizeEgyptMobile(o.phone) ?? o.phone;
  // Cash and card on the doorstep: the courier collects what the order still costs; an order paid online: nothing.
  const collects = (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(o.method as PaymentMethod);
  return {
    orderId,
    orderNumber: String(o.number ?? orderId),
    receiver: {
      firstName: first ?? o.firstName,
      lastName: first ? rest.join(' ') || o.lastName : o.lastName,
      phone,
    },
    address: {
      governorate: a.governorate ?? '',
      district: a.district ?? '',
      street: a.street_name ?? '',
      building: a.building ?? '',
      floor: a.floor ?? '',
      apartment: a.apartment ?? '',
      instructions: a.instructions ?? null,
    },
    package: { itemsCount: kept.reduce((n, l) => n + l.quantity, 0), description },
    codPiastres: collects ? Math.max(0, o.total - o.refunded) : 0,
  };
}

/**
 * Asks the courier for the order's delivery and records it. Returns the shipment (the one already made when there
 * is one: the outbox may run this twice), or null when there is nothing to do: COURIER=manual (staff type the
 * tracking number) or an order that cannot be shipped (any more). A courier's refusal throws CourierRefused and
 * writes nothing.
 */
export async function createShipmentForOrder(
  ctx: ShipmentContext,
  orderId: number,
): Promise<ShipmentRow | null> {
  if (ctx.courier.name === 'manual') return null;
  const existing = await liveShipment(ctx.db, orderId);
  if (existing) return existing;
  const request = await shipmentRequestFor(ctx.db, orderId);
  if (!request) {
    ctx.log?.info({ order: orderId }, 'no shipment: the order is not confirmed or processing');
    return null;
  }
  const made = await ctx.courier.createShipment(request);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(shipments)
    .values({
      orderId,
      courier: ctx.courier.name,
      courierShipmentId: made.courierShipmentId,
      trackingNumber: made.trackingNumber,
      status: 'created',
      codPiastres: request.codPiastres,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await liveShipment(ctx.db, orderId));
}

const RANK: Record<ShipmentStatus, number> = {
  created: 0,
  delivering: 1,
  delivered: 2,
  returned: 2,
  canceled: 2,
};

/** A shipment an event moved: the order module moves its order to match (delivering, delivered, returned). */
export interface ShipmentChange {
  shipmentId: number;
  orderId: number;
  from: ShipmentStatus;
  to: ShipmentStatus;
  event: CourierEvent;
  /** When the store recorded it. */
  now: Date;
}

/**
 * A shipment moved (a courier's event): the orders module moves the order to match, in the event's transaction
 * (orders/shipping.ts; this module knows no orders' rules).
 */
export const shipmentMoved = transactionHook<ShipmentChange>();

/** A shipment staff cancelled with its courier (admin-service.ts): the orders module notes it in the order's history. */
export interface ShipmentCancel {
  orderId: number;
  courier: string;
  /** The carrier's name staff typed (COURIER=manual), else the courier's in English; the history names it. */
  carrier: string;
  trackingNumber: string;
  staffId: number | null;
  now: Date;
}

/** A shipment was cancelled by staff: the orders module writes it in the order's history, in the same transaction. */
export const shipmentCanceled = transactionHook<ShipmentCancel>();

/**
 * A courier's event about a parcel that is no shipment of an order: the returns module answers whether it was a
 * return's pickup whose news it recorded (true), in the event's transaction; null or false: ignored.
 */
export const courierEventElsewhere = questionHook<
  { courier: Courier['name']; event: CourierEvent; now: Date },
  boolean
>();

/** What a webhook call did: events recorded, of which applied, and those ignored (unknown shipment, repeated). */
export interface RecordedEvents {
  recorded: number;
  changes: ShipmentChange[];
  ignored: number;
}

/**
 * Records a courier's events on their shipments, each in its own transaction. An event for a shipment the store
 * does not know, or one already recorded (same state at the same time), changes nothing. A status event moves the
 * shipment only forward (created → delivering → delivered, returned or cancelled; nothing after those) and only
 * when it is not older than the last one applied; the rest are kept for the history. A move runs `shipmentMoved`
 * in the event's transaction (the order follows; a failure there rolls the event back, and Bosta sends it again).
 */
export async function recordCourierEvents(
  db: DbOrTx,
  clock: Clock,
  courier: Courier['name'],
  events: CourierEvent[],
): Promise<RecordedEvents> {
  const result: RecordedEvents = { recorded: 0, changes: [], ignored: 0 };
  for (const event of events) {
    await db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.courier, courier), eq(shipments.trackingNumber, event.trackingNumber)))
        .for('update');
      if (!s) {
        // A return's pickup (Bosta's Customer Return Pickup), else a parcel the store does not know.
        const taken = await courierEventElsewhere.ask(tx, { courier, event, now: clock.now() });
        if (taken) result.recorded++;
        else result.ignored++;
        return;
      }
      const now = clock.now();
      const at = event.at ?? now;
      const current = s.status as ShipmentStatus;
      const target =
        event.effect === 'exception' || event.effect === 'note' ? null : (event.effect as ShipmentStatus);
      const inOrder = !s.lastEventAt || at.getTime() >= s.lastEventAt.getTime();
      const moves = target !== null && inOrder && RANK[current] < 2 && RANK[target] > RANK[current];
      const [inserted] = await tx
        .insert(shipmentEvents)
        .values({
          shipmentId: s.id,
          stateCode: event.stateCode,
          stateName: event.stateName,
          effect: event.effect,
          occurredAt: at,
          reason: event.reason ?? null,
          codCollectedPiastres: event.codCollectedPiastres ?? null,
          applied: moves,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: shipmentEvents.id });
      if (!inserted) {
        result.ignored++;
        return;
      }
      result.recorded++;
      // Later news of the same status (24 and 30 after 21) keeps the newest state and time.
      const sameStatusNews = target !== null && target === current && inOrder && RANK[current] < 2;
      if (!moves && !sameStatusNews) return;
      await tx
        .update(shipments)
        .set({
          status: moves ? target : current,
          lastStateCode: event.stateCode,
          lastEventAt: at,
          ...(event.codCollectedPiastres !== undefined
            ? { codCollectedPiastres: event.codCollectedPiastres }
            : {}),
          updatedAt: now,
        })
        .where(eq(shipments.id, s.id));
      if (!moves) return;
      const change: ShipmentChange = {
        shipmentId: s.id,
        orderId: s.orderId,
        from: current,
        to: target,
        event,
        now,
      };
      result.changes.push(change);
      await shipmentMoved.run(tx, change);
    });
  }
  return result;
}

/** The order's steps a parcel typed by hand follows (staff are its only news), and what each says in its history. */
const BY_HAND: Partial<Record<string, { to: ShipmentStatus; name: string }>> = {
  delivering: { to: 'delivering', name: 'Marked out for delivery by staff' },
  delivered: { to: 'delivered', name: 'Marked delivered by staff' },
  returned: { to: 'returned', name: 'Marked returned by staff' },
};

/**
 * An order moved (orders/core.ts, in the move's transaction): its live parcel typed by hand (COURIER=manual, no
 * courier sends news of it) takes the same step, so a delivered order's parcel reads delivered, can no longer be
 * cancelled, and its cash is expected in the couriers' settlements. Only forward; a courier's parcel keeps
 * following its courier's news.
 */
export async function followOrderByHand(tx: DbOrTx, orderId: number, orderStatus: string, now: Date) {
  const step = BY_HAND[orderStatus];
  if (!step) return;
  const [s] = await tx
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.orderId, orderId), eq(shipments.courier, 'manual'), ne(shipments.status, 'canceled')),
    )
    .for('update');
  if (!s || RANK[step.to] <= RANK[s.status as ShipmentStatus]) return;
  await tx
    .update(shipments)
    .set({ status: step.to, lastEventAt: now, updatedAt: now })
    .where(eq(shipments.id, s.id));
  await tx.insert(shipmentEvents).values({
    shipmentId: s.id,
    stateCode: 0,
    stateName: step.name,
    effect: step.to,
    occurredAt: now,
    reason: null,
    applied: true,
    createdAt: now,
  });
}

/** An order's shipments, newest first, with their events (the order's history and answer). */
export async function shipmentsOf(db: DbOrTx, orderId: number) {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(sql`${shipments.id} desc`);
  const events = rows.length
    ? await db
        .select()
        .from(shipmentEvents)
        .where(sql`${shipmentEvents.shipmentId} in ${rows.map((r) => r.id)}`)
        .orderBy(shipmentEvents.occurredAt, shipmentEvents.id)
    : [];
  return rows.map((r) => ({ ...r, events: events.filter((e) => e.shipmentId === r.id) }));
}

/** How a shipment reads on the order (the shopper's and staff's answers): carrier, tracking number and page. */
export interface ShipmentView {
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  status: string;
}

/** The live shipment of each of these orders, as the order's answer shows it. */
export async function shipmentViews(
  db: DbOrTx,
  orderIds: number[],
  locale: 'ar' | 'en',
): Promise<Map<number, ShipmentView>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), ne(shipments.status, 'canceled')));
  return new Map(
    rows.map((s) => [
      s.orderId,
      {
        carrier: courierDisplayName(s.courier, locale, s.carrierName),
        tracking_number: s.trackingNumber,
        tracking_url: courierTrackingUrl(s.courier, s.trackingNumber),
        status: s.status,
      },
    ]),
  );
}
