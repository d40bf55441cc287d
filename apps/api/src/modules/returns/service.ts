/**
 * A shopper's returns (issue 48 item 5, spec §9): within RETURN_WINDOW_DAYS of delivery (the first time the order
 * became delivered, by the injected clock), a signed-in shopper asks to return units of the lines of their delivered
 * order, with a reason, their own words and up to 3 photos. Every rule is checked in one transaction with the order
 * locked (a second request at the same moment cannot ask for the same units twice), the photos are checked before
 * anything is kept, and a refusal changes nothing (a photo already written is removed).
 *
 * Units that may still be asked for, per line: bought, less refunded (a return received, a staff refund), less those
 * in returns still open (requested or approved).
 */
import { type Locale } from '@store/contracts';
import {
  RETURN_WINDOW_DAYS,
  type CreateReturnBody,
  type OrderReturnsResponse,
  type ReturnView,
} from '@store/contracts/returns';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderHistory, orderProducts, orderReturnLines, orderReturns } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploaded-files.ts';
import { emit, placedOrder } from '../orders/index.ts';
import { checkPhotos, removePhotos, storePhotos } from './photos.ts';
import { returnViews } from './views.ts';

const DAY_MS = 86_400_000;
/** Statuses an order may be returned from (a partial refund or an earlier return leaves it partially refunded). */
const RETURNABLE = new Set(['delivered', 'partially_refunded']);
/** Returns whose units are still asked for. */
export const OPEN_RETURN = ['requested', 'approved'] as const;

/** When the order was first delivered, or null. */
async function deliveredAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${orderHistory.createdAt})` })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.toStatus, 'delivered')));
  return row?.at ? new Date(row.at) : null;
}

/** Each line of the order with the units that may still be returned. */
export async function returnableUnits(db: DbOrTx, orderId: number) {
  const lines = await db
    .select({
      id: orderProducts.id,
      quantity: orderProducts.quantity,
      refunded: orderProducts.refundedQuantity,
    })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
  const open = await db
    .select({
      line: orderReturnLines.orderProductId,
      units: sql<number>`sum(${orderReturnLines.quantity})::int`,
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), inArray(orderReturns.status, [...OPEN_RETURN])))
    .groupBy(orderReturnLines.orderProductId);
  const asked = new Map(open.map((o) => [o.line, Number(o.units)]));
  return lines.map((l) => ({
    order_product_id: l.id,
    quantity: Math.max(0, l.quantity - l.refunded - (asked.get(l.id) ?? 0)),
  }));
}

/** The shopper's own placed order (404 otherwise, as for an order of someone else). */
async function shoppersOrder(db: DbOrTx, userId: number, orderId: number, lock = false) {
  const order = await placedOrder(db, orderId, lock).catch(() => null);
  if (!order || order.userId !== userId) throw AppError.notFound('order_not_found');
  return order;
}

const windowEnd = (delivered: Date) => new Date(delivered.getTime() + RETURN_WINDOW_DAYS * DAY_MS);

/** GET /v1/users/orders/{id}/returns. */
export async function listOrderReturns(
  db: DbOrTx,
  userId: number,
  orderId: number,
  now: Date,
  locale: Locale,
  store: ImageStore | undefined,
): Promise<OrderReturnsResponse> {
  const order = await shoppersOrder(db, userId, orderId);
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(desc(orderReturns.id));
  const delivered = RETURNABLE.has(order.status) ? await deliveredAt(db, orderId) : null;
  const returnable = delivered ? await returnableUnits(db, orderId) : [];
  const until = delivered ? windowEnd(delivered) : null;
  return {
    returns: await returnViews(db, rows, locale, store),
    returnable,
    open_until: until ? until.toISOString() : null,
    can_request: !!until && now <= until && returnable.some((l) => l.quantity > 0),
  };
}

/**
 * POST /v1/users/orders/{id}/returns: the request, checked whole (order delivered, within the window, each line
 * the order's and within what may still be returned, the photos), then kept with its event (the shopper's SMS).
 */
export async function requestReturn(
  db: Db,
  store: ImageStore | undefined,
  args: {
    userId: number;
    orderId: number;
    body: CreateReturnBody;
    files: UploadedFile[];
    now: Date;
    locale: Locale;
  },
): Promise<ReturnView> {
  const { userId, orderId, body, files, now, locale } = args;
  // The photos first, in memory: a bad one answers before any other check or write.
  const photos = await checkPhotos(files, locale);
  if (photos.length && !store) throw new AppError(503, 'uploads_unavailable', ['server_error']);
  let written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const order = await shoppersOrder(tx, userId, orderId, true);
      const delivered = RETURNABLE.has(order.status) ? await deliveredAt(tx, orderId) : null;
      if (!delivered) throw new AppError(422, 'return_not_delivered', ['return_not_delivered']);
      if (now > windowEnd(delivered))
        throw new AppError(422, 'return_window_over', [`return_window_over:${RETURN_WINDOW_DAYS}`]);
      const left = new Map((await returnableUnits(tx, orderId)).map((l) => [l.order_product_id, l.quantity]));
      const asked = new Map<number, number>();
      for (const l of body.lines)
        asked.set(l.order_product_id, (asked.get(l.order_product_id) ?? 0) + l.quantity);
      for (const [line, units] of asked) {
        const may = left.get(line);
        if (may === undefined) throw AppError.field('lines', 'return_line_unknown');
        if (units > may) throw AppError.field('lines', `return_too_many:${may}`);
      }
      written = store ? await storePhotos(store, orderId, photos) : [];
      const [row] = await tx
        .insert(orderReturns)
        .values({
          orderId,
          userId,
          status: 'requested',
          reason: body.reason,
          details: body.details?.trim() || null,
          photos: written,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .insert(orderReturnLines)
        .values(
          [...asked].map(([line, quantity]) => ({ returnId: row!.id, orderProductId: line, quantity })),
        );
      await emit(tx, {
        type: 'return.requested',
        orderId,
        payload: { order_id: orderId, return_id: row!.id, user_id: userId },
        now,
      });
      const [view] = await returnViews(tx, [row!], locale, store);
      return view!;
    });
  } catch (err) {
    if (store && written.length) await removePhotos(store, written);
    throw err;
  }
}
