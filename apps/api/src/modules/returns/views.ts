/**
 * How returns read (the shopper's order page, the back office): their lines with the product's name in the reader's
 * language and the unit price paid, photos as addresses, the pickup's carrier and tracking page, what went back.
 */
import { toEgp, type Locale } from '@store/contracts';
import { type ReturnReason, type ReturnStatus, type ReturnView } from '@store/contracts/returns';
import { eq, inArray } from 'drizzle-orm';
import type { ImageStore } from '../../adapters/image-store.ts';
import { bostaTrackingUrl } from '../../adapters/couriers/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderProducts, orderReturnLines, orderReturns, products } from '../../db/schema.ts';

export type ReturnRow = typeof orderReturns.$inferSelect;

/** The address a photo is shown at. */
export const photoUrl = (store: ImageStore | undefined, key: string) => store?.url(key) ?? `/uploads/${key}`;

/** The returns given, with their lines, as the shopper and staff read them (in the order given). */
export async function returnViews(
  db: DbOrTx,
  rows: ReturnRow[],
  locale: Locale,
  store: ImageStore | undefined,
): Promise<ReturnView[]> {
  if (!rows.length) return [];
  const lines = await db
    .select({
      returnId: orderReturnLines.returnId,
      orderProductId: orderReturnLines.orderProductId,
      quantity: orderReturnLines.quantity,
      productId: orderProducts.productId,
      price: orderProducts.checkoutPricePiastres,
      // What the line's units were paid (a discount code takes its share off the line's gross), when fixed.
      gross: orderProducts.grossPiastres,
      bought: orderProducts.quantity,
      titleEn: products.titleEn,
      titleAr: products.titleAr,
    })
    .from(orderReturnLines)
    .innerJoin(orderProducts, eq(orderProducts.id, orderReturnLines.orderProductId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(
      inArray(
        orderReturnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderReturnLines.orderProductId);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    status: r.status as ReturnStatus,
    reason: r.reason as ReturnReason,
    details: r.details,
    photos: r.photos.map((k) => photoUrl(store, k)),
    lines: lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({
        order_product_id: l.orderProductId,
        product_id: l.productId,
        name: locale === 'ar' ? l.titleAr : l.titleEn,
        quantity: l.quantity,
        unit_price: toEgp(
          l.gross !== null && l.bought > 0 ? Math.round(Number(l.gross) / l.bought) : (l.price ?? 0),
        ),
      })),
    staff_note: r.staffNote,
    pickup: r.pickupTrackingNumber
      ? {
          carrier:
            r.pickupCourier === 'bosta'
              ? locale === 'ar'
                ? 'بوسطة'
                : 'Bosta'
              : (r.pickupCarrierName ?? r.pickupCourier ?? ''),
          tracking_number: r.pickupTrackingNumber,
          tracking_url: r.pickupCourier === 'bosta' ? bostaTrackingUrl(r.pickupTrackingNumber) : null,
          picked_up_at: iso(r.pickupPickedUpAt),
          back_at_shop_at: iso(r.pickupReturnedAt),
        }
      : null,
    refund: r.refundPiastres === null ? null : toEgp(r.refundPiastres),
    refund_method: r.refundMethod,
    created_at: r.createdAt.toISOString(),
    decided_at: iso(r.decidedAt),
    received_at: iso(r.receivedAt),
  }));
}
