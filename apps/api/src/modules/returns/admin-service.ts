/**
 * Returns in the back office (issue 48 item 5), for staff with the orders area:
 * - approve (with a note to the shopper): the outbox books the courier's pickup (`return.approved`, answered here by
 *   `bookReturnPickup`); with COURIER=manual staff type the carrier and tracking number of the pickup themselves;
 * - refuse, with the note the shopper reads;
 * - received: the returned units are refunded in the same transaction through the orders module's refund
 *   (`refundLines`: the units, the credit note when the order has an invoice, the stock back, the money through the
 *   gateway for an order paid online, else recorded as a cash refund). The delivery fee is never given back by a
 *   return (decision in README, Returns).
 * Each move is guarded by the return's status under a row lock (a second click, or two staff at once: 409
 * return_changed), audited, and tells the shopper through the outbox.
 */
import { OFFLINE_PAYMENT_METHODS, toEgp, type Locale } from '@store/contracts';
import { type AdminReturn } from '@store/contracts/returns';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Courier, ReturnPickupRequest } from '../../adapters/couriers/index.ts';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderProducts, orderReturnLines, orderReturns, orders, products, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { emit, refundLines, returnPickupDue } from '../orders/index.ts';
import { audit, type AuditActor } from '../staff/index.ts';
import { returnViews, type ReturnRow } from './views.ts';

const changed = () => new AppError(409, 'return_changed', ['return_changed']);

/** GET /v1/admin/returns: newest first (at most 200), by status and order. */
export async function listAdminReturns(
  db: DbOrTx,
  q: { status?: string; order_id?: number },
  locale: Locale,
  store: ImageStore | undefined,
): Promise<AdminReturn[]> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orderReturns.status, q.status));
  if (q.order_id) where.push(eq(orderReturns.orderId, q.order_id));
  const rows = await db
    .select({
      r: orderReturns,
      number: orders.orderNumber,
      method: orders.paymentMethod,
      first: users.firstName,
      last: users.lastName,
      phone: users.phoneNumber,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(users, eq(users.id, orderReturns.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(orderReturns.id))
    .limit(200);
  const views = await returnViews(
    db,
    rows.map((x) => x.r),
    locale,
    store,
  );
  return views.map((v, i) => {
    const x = rows[i]!;
    return {
      ...v,
      order_number: x.number,
      customer: { name: `${x.first} ${x.last}`.trim(), phone: x.phone },
      payment_method: x.method,
    };
  });
}

/** The order a return is of (undefined: no such return). */
export async function returnOrderId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [r] = await db.select({ o: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.id, id));
  return r?.o;
}

async function lockedReturn(tx: DbOrTx, id: number): Promise<ReturnRow> {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
  if (!row) throw AppError.notFound('return_not_found');
  return row;
}

/** Approve: requested → approved; the pickup is booked by the outbox (or typed now, COURIER=manual). */
export async function approveReturn(
  db: Db,
  me: AuditActor,
  id: number,
  body: { note?: string; carrier?: string; tracking_number?: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const r = await lockedReturn(tx, id);
    if (r.status !== 'requested') throw changed();
    const typed = body.tracking_number?.trim();
    if (typed && !body.carrier?.trim()) throw AppError.field('carrier', 'required');
    await tx
      .update(orderReturns)
      .set({
        status: 'approved',
        staffNote: body.note?.trim() || null,
        decidedBy: me.id,
        decidedAt: now,
        updatedAt: now,
        ...(typed
          ? {
              pickupCourier: 'manual',
              pickupCarrierName: body.carrier!.trim(),
              pickupTrackingNumber: typed,
              pickupBookedAt: now,
            }
          : {}),
      })
      .where(eq(orderReturns.id, id));
    await emit(tx, {
      type: 'return.approved',
      orderId: r.orderId,
      payload: { order_id: r.orderId, return_id: id, user_id: r.userId, note: body.note?.trim() || null },
      now,
    });
    await audit(tx, me, 'return.approved', { type: 'order', id: r.orderId }, { return_id: id }, now);
  });
}

/** Refuse: requested → refused, with the note the shopper reads. */
export async function refuseReturn(db: Db, me: AuditActor, id: number, note: string, now: Date) {
  await db.transaction(async (tx) => {
    const r = await lockedReturn(tx, id);
    if (r.status !== 'requested') throw changed();
    await tx
      .update(orderReturns)
      .set({ status: 'refused', staffNote: note.trim(), decidedBy: me.id, decidedAt: now, updatedAt: now })
      .where(eq(orderReturns.id, id));
    await emit(tx, {
      type: 'return.refused',
      orderId: r.orderId,
      payload: { order_id: r.orderId, return_id: id, user_id: r.userId, note: note.trim() },
      now,
    });
    await audit(tx, me, 'return.refused', { type: 'order', id: r.orderId }, { return_id: id }, now);
  });
}

/** Staff add (or correct) the pickup's carrier and tracking number by hand, while the return is approved. */
export async function setReturnPickup(
  db: Db,
  me: AuditActor,
  id: number,
  body: { carrier: string; tracking_number: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const r = await lockedReturn(tx, id);
    if (r.status !== 'approved') throw changed();
    await tx
      .update(orderReturns)
      .set({
        pickupCourier: 'manual',
        pickupCarrierName: body.carrier.trim(),
        pickupTrackingNumber: body.tracking_number.trim(),
        pickupCourierId: null,
        pickupBookedAt: now,
        updatedAt: now,
      })
      .where(eq(orderReturns.id, id));
    await audit(tx, me, 'return.pickup_typed', { type: 'order', id: r.orderId }, { return_id: id }, now);
  });
}

/**
 * Received: approved → refunded. The return's units are refunded (stock back, credit note, money) in this
 * transaction: a gateway that refuses (502 refund_failed with its words) leaves the return approved and nothing
 * changed. The shopper hears "received", then "refunded" with the amount.
 */
export async function receiveReturn(
  db: Db,
  provider: PaymentProvider,
  me: AuditActor,
  id: number,
  note: string | undefined,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const r = await lockedReturn(tx, id);
    if (r.status !== 'approved') throw changed();
    const lines = await tx.select().from(orderReturnLines).where(eq(orderReturnLines.returnId, id));
    const [o] = await tx
      .select({ method: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, r.orderId));
    // "Received" goes out before "refunded" (the outbox keeps one order's events in the order written).
    await emit(tx, {
      type: 'return.received',
      orderId: r.orderId,
      payload: { order_id: r.orderId, return_id: id, user_id: r.userId },
      now,
    });
    const done = await refundLines(
      tx,
      provider,
      me,
      r.orderId,
      {
        lines: lines.map((l) => ({ order_product_id: l.orderProductId, quantity: l.quantity })),
        restock: true,
        note: note?.trim() || `Return #${id}`,
      },
      now,
      id,
    );
    // An order paid on the doorstep (cash, card on delivery): the money goes back in cash, recorded here.
    const offline = (OFFLINE_PAYMENT_METHODS as readonly (string | null)[]).includes(o?.method ?? null);
    const method = done.money?.refunded_by ?? (offline ? 'cash' : 'by_hand');
    await tx
      .update(orderReturns)
      .set({
        status: 'refunded',
        receivedBy: me.id,
        receivedAt: now,
        refundPiastres: done.amountPiastres,
        refundMethod: method,
        updatedAt: now,
      })
      .where(eq(orderReturns.id, id));
    await audit(
      tx,
      me,
      'return.received',
      { type: 'order', id: r.orderId },
      { return_id: id, amount: toEgp(done.amountPiastres), refund_method: method },
      now,
    );
  });
}

/* ---------------- the pickup, booked by the outbox ---------------- */

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

/** The pickup the courier is asked for: the order's address and person, the returned units. */
async function pickupRequest(db: DbOrTx, r: ReturnRow): Promise<ReturnPickupRequest | null> {
  const [o] = await db
    .select({
      number: orders.orderNumber,
      snapshot: orders.addressSnapshot,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, r.orderId));
  if (!o?.snapshot) return null;
  const a = o.snapshot as AddressSnapshot;
  const lines = await db
    .select({ title: products.titleEn, quantity: orderReturnLines.quantity })
    .from(orderReturnLines)
    .innerJoin(orderProducts, eq(orderProducts.id, orderReturnLines.orderProductId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderReturnLines.returnId, r.id));
  let description = lines.map((l) => `${l.title} (${l.quantity})`).join(', ');
  if (description.length > 300) description = `${description.slice(0, 299)}…`;
  const [first, ...rest] = (a.full_name ?? '').trim().split(/\s+/).filter(Boolean);
  const mobile =
    a.number_type === 'mobile' && /^01\d{9}$/.test(a.phone_number ?? '') ? a.phone_number! : null;
  return {
    returnId: r.id,
    orderId: r.orderId,
    orderNumber: String(o.number ?? r.orderId),
    receiver: {
      firstName: first ?? o.firstName,
      lastName: first ? rest.join(' ') || o.lastName : o.lastName,
      phone: mobile ?? o.phone,
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
    package: { itemsCount: lines.reduce((n, l) => n + l.quantity, 0), description },
  };
}

/**
 * The outbox's `return.approved`: asks the courier for the pickup, outside any transaction, and records it once.
 * Nothing to do when the courier books none (COURIER=manual), the pickup is already known, or the return is no
 * longer approved. A courier's refusal throws (the event is tried again; staff see it in the outbox's failures).
 */
export async function bookReturnPickup(
  db: DbOrTx,
  args: { returnId: number; courier: Courier; now: Date },
): Promise<'booked' | 'nothing_to_do'> {
  const { courier } = args;
  if (!courier.createReturnPickup) return 'nothing_to_do';
  const [r] = await db.select().from(orderReturns).where(eq(orderReturns.id, args.returnId));
  if (!r || r.status !== 'approved' || r.pickupTrackingNumber) return 'nothing_to_do';
  const request = await pickupRequest(db, r);
  if (!request) return 'nothing_to_do';
  const made = await courier.createReturnPickup(request);
  await db
    .update(orderReturns)
    .set({
      pickupCourier: courier.name,
      pickupTrackingNumber: made.trackingNumber,
      pickupCourierId: made.courierShipmentId,
      pickupBookedAt: args.now,
      updatedAt: args.now,
    })
    .where(and(eq(orderReturns.id, r.id), isNull(orderReturns.pickupTrackingNumber)));
  return 'booked';
}

returnPickupDue.answer(bookReturnPickup);
