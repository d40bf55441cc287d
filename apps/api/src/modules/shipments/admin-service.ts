/**
 * The back office's shipments (issue 48): an order's parcels and their courier's events, "ship with Bosta" for one
 * order or many, a carrier and tracking number typed by staff, and the labels (AWB) to print. Every change is in
 * the audit log. A courier's refusal is staff's to read (502 with the courier's words), never a shipment.
 */
import { toEgp, type Locale } from '@store/contracts';
import type { AdminShipBody, AdminShipmentsResponse } from '@store/contracts/admin-shipments';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  API_COURIERS,
  courierDisplayName,
  courierTrackingUrl,
  CourierRefused,
  mergePdfs,
  readsAsPdf,
} from '../../adapters/couriers/index.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, translate } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../staff/index.ts';
import {
  createShipmentForOrder,
  liveShipment,
  shipmentCanceled,
  shipmentRequestFor,
  shipmentsOf,
  type ShipmentContext,
  type ShipmentRow,
} from './service.ts';

const courierRefused = (err: CourierRefused) =>
  new AppError(502, 'courier_refused', [`courier_refused:${err.reason}`]);

/** Whether the shipment's courier prints its label (a courier's API made it). */
const hasLabel = (s: { courier: string; courierShipmentId: string | null }) =>
  (API_COURIERS as readonly string[]).includes(s.courier) && !!s.courierShipmentId;

/** GET /v1/admin/orders/{id}/shipments. */
export async function adminShipments(ctx: ShipmentContext, orderId: number): Promise<AdminShipmentsResponse> {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound('order_not_found');
  const rows = await shipmentsOf(ctx.db, orderId);
  return {
    courier: ctx.courier.name,
    shipments: rows.map((s) => ({
      id: s.id,
      courier: s.courier,
      carrier: courierDisplayName(s.courier, 'en', s.carrierName),
      tracking_number: s.trackingNumber,
      tracking_url: courierTrackingUrl(s.courier, s.trackingNumber),
      status: s.status,
      cod: toEgp(s.codPiastres),
      cod_collected: s.codCollectedPiastres === null ? null : toEgp(s.codCollectedPiastres),
      has_label: hasLabel(s),
      label_printed_at: s.labelPrintedAt?.toISOString() ?? null,
      created_at: s.createdAt.toISOString(),
      events: s.events.map((e) => ({
        state_code: e.stateCode,
        state_name: e.stateName,
        effect: e.effect,
        occurred_at: e.occurredAt.toISOString(),
        reason: e.reason,
        applied: e.applied,
      })),
    })),
  };
}

/**
 * POST /v1/admin/orders/{id}/shipments: with a carrier and tracking number, records the parcel staff handed over;
 * empty, asks the store's courier (COURIER=bosta, aramex or mylerz) for the delivery. The order must be confirmed or processing and
 * have no live shipment (409).
 */
export async function shipOrder(
  ctx: ShipmentContext,
  orderId: number,
  body: AdminShipBody,
  who: AuditActor,
): Promise<ShipmentRow> {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound('order_not_found');
  if (await liveShipment(ctx.db, orderId)) throw new AppError(409, 'shipment_exists', ['shipment_exists']);
  const request = await shipmentRequestFor(ctx.db, orderId);
  if (!request) throw new AppError(422, 'order_not_shippable', ['order_not_shippable']);
  const now = ctx.clock.now();
  let row: ShipmentRow | null;
  if (body.carrier !== undefined && body.tracking_number !== undefined) {
    try {
      [row = null] = await ctx.db
        .insert(shipments)
        .values({
          orderId,
          courier: 'manual',
          carrierName: body.carrier,
          trackingNumber: body.tracking_number,
          status: 'created',
          codPiastres: request.codPiastres,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another shipment took the order meanwhile, or this tracking number is another order's.
      if (await liveShipment(ctx.db, orderId))
        throw new AppError(409, 'shipment_exists', ['shipment_exists']);
      throw AppError.field('tracking_number', 'tracking_number_taken');
    }
  } else {
    if (ctx.courier.name === 'manual') throw AppError.field('tracking_number', 'required');
    try {
      row = await createShipmentForOrder(ctx, orderId);
    } catch (err) {
      if (err instanceof CourierRefused) throw courierRefused(err);
      throw err;
    }
    if (!row) throw new AppError(422, 'order_not_shippable', ['order_not_shippable']);
  }
  if (!row) throw new AppError(409, 'shipment_exists', ['shipment_exists']);
  await audit(
    ctx.db,
    who,
    'shipment.created',
    { type: 'order', id: orderId },
    { courier: row.courier, carrier: row.carrierName, tracking_number: row.trackingNumber },
    now,
  );
  return row;
}

/** An error's messages in the staff member's language, in one line. */
function errorText(err: AppError, locale: Locale): string {
  const messages = Array.isArray(err.messages) ? err.messages : Object.values(err.messages).flat();
  return messages.map((m) => translate(String(m), locale)).join(' ');
}

/** POST /v1/admin/orders/shipments: each order shipped with the store's courier, each result said on its own. */
export async function shipMany(ctx: ShipmentContext, orderIds: number[], who: AuditActor, locale: Locale) {
  const results: { order_id: number; tracking_number: string | null; error: string | null }[] = [];
  for (const id of orderIds) {
    try {
      const row = await shipOrder(ctx, id, {}, who);
      results.push({ order_id: id, tracking_number: row.trackingNumber, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ order_id: id, tracking_number: null, error: errorText(err, locale) });
    }
  }
  return { results };
}

/**
 * The labels (one PDF) of these orders' live shipments with the store's courier, marked printed.
 * None among them: 404; the courier's refusal: 502.
 */
export async function labelsOf(ctx: ShipmentContext, orderIds: number[], who: AuditActor): Promise<Buffer> {
  const rows = await ctx.db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, orderIds),
        ne(shipments.status, 'canceled'),
        eq(shipments.courier, ctx.courier.name),
      ),
    );
  const ids = rows.map((r) => r.courierShipmentId).filter((x): x is string => !!x);
  if (!ids.length || ctx.courier.name === 'manual') throw AppError.notFound('shipment_label_none');
  let pdf: Buffer;
  try {
    pdf = await ctx.courier.label(ids);
  } catch (err) {
    if (err instanceof CourierRefused) throw courierRefused(err);
    throw err;
  }
  const now = ctx.clock.now();
  await ctx.db
    .update(shipments)
    .set({ labelPrintedAt: now, updatedAt: now })
    .where(
      inArray(
        shipments.id,
        rows.map((r) => r.id),
      ),
    );
  await audit(ctx.db, who, 'shipment.label_printed', null, { order_ids: rows.map((r) => r.orderId) }, now);
  return pdf;
}

/**
 * POST /v1/admin/orders/labels: each order's label asked of the store's courier on its own (one order's failure
 * does not stop the others), the ones given merged into one PDF and marked printed; each result says printed, or
 * why not in the staff member's language.
 */
export async function labelsMany(ctx: ShipmentContext, orderIds: number[], who: AuditActor, locale: Locale) {
  const rows = await ctx.db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), ne(shipments.status, 'canceled')));
  const results: { order_id: number; printed: boolean; error: string | null }[] = [];
  const pdfs: Buffer[] = [];
  const printed: ShipmentRow[] = [];
  for (const id of orderIds) {
    const row = rows.find((r) => r.orderId === id);
    try {
      if (!row || !hasLabel(row) || row.courier !== ctx.courier.name)
        throw AppError.notFound('shipment_no_label');
      let pdf: Buffer;
      try {
        pdf = await ctx.courier.label([row.courierShipmentId!]);
      } catch (err) {
        if (err instanceof CourierRefused)
          throw new AppError(502, 'courier_refused', [`shipment_label_failed:${err.reason}`]);
        throw err;
      }
      // A label the PDF library cannot read would spoil the whole print: it is this order's failure.
      if (!(await readsAsPdf(pdf)))
        throw new AppError(502, 'courier_refused', ['shipment_label_failed:not a readable PDF']);
      pdfs.push(pdf);
      printed.push(row);
      results.push({ order_id: id, printed: true, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ order_id: id, printed: false, error: errorText(err, locale) });
    }
  }
  if (!pdfs.length) return { results, pdf: null };
  const pdf = await mergePdfs(pdfs);
  const now = ctx.clock.now();
  await ctx.db
    .update(shipments)
    .set({ labelPrintedAt: now, updatedAt: now })
    .where(
      inArray(
        shipments.id,
        printed.map((r) => r.id),
      ),
    );
  await audit(ctx.db, who, 'shipment.label_printed', null, { order_ids: printed.map((r) => r.orderId) }, now);
  return { results, pdf: pdf.toString('base64') };
}

/**
 * POST /v1/admin/orders/{id}/shipments/cancel: the order's live shipment, not yet picked up, cancelled with its
 * courier (a carrier typed by hand: staff tell their carrier themselves). The courier's refusal is a failure (502
 * with its words) and changes nothing; a cancel is recorded in the shipment's events and the order's history, and
 * the order may be shipped again.
 */
export async function cancelShipment(ctx: ShipmentContext, orderId: number, who: AuditActor) {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound('order_not_found');
  const live = await liveShipment(ctx.db, orderId);
  if (!live) throw AppError.notFound('shipment_none');
  if (live.status !== 'created')
    throw new AppError(409, 'shipment_not_cancelable', ['shipment_not_cancelable']);
  if (live.courier !== 'manual') {
    if (live.courier !== ctx.courier.name || !live.courierShipmentId)
      throw new AppError(409, 'shipment_not_cancelable', ['shipment_not_cancelable']);
    try {
      await ctx.courier.cancel(live.courierShipmentId);
    } catch (err) {
      if (err instanceof CourierRefused)
        throw new AppError(502, 'courier_refused', [`shipment_cancel_refused:${err.reason}`]);
      throw err;
    }
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(shipments.id, live.id), eq(shipments.status, 'created')))
      .returning({ id: shipments.id });
    if (!row) throw new AppError(409, 'shipment_not_cancelable', ['shipment_not_cancelable']);
    await tx.insert(shipmentEvents).values({
      shipmentId: live.id,
      stateCode: 0,
      stateName: 'Cancelled by staff',
      effect: 'canceled',
      occurredAt: now,
      reason: null,
      applied: true,
      createdAt: now,
    });
    await shipmentCanceled.run(tx, {
      orderId,
      courier: live.courier,
      carrier: courierDisplayName(live.courier, 'en', live.carrierName),
      trackingNumber: live.trackingNumber,
      staffId: who.id ?? null,
      now,
    });
  });
  await audit(
    ctx.db,
    who,
    'shipment.canceled',
    { type: 'order', id: orderId },
    { courier: live.courier, tracking_number: live.trackingNumber },
    now,
  );
}
