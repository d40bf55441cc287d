/**
 * A shopper's alerts (issue 49 item 3): asking to be told when a sold-out product is back, cancelling it, and the
 * choices for alerts (the wishlist's price drops, the channel). This module owns stock_alerts,
 * shopper_alert_settings and price_watches; the alerts job (send.ts) tells the shoppers.
 */
import type { AlertChannel, AlertSettings, AlertsResponse, Locale } from '@store/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { priceWatches, products, shopperAlertSettings, stockAlerts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { sellable } from '../stock/index.ts';

const DEFAULT_SETTINGS: AlertSettings = { price_drops: false, channel: 'sms' };

/**
 * The shopper asks to hear when the product is back: a sold-out product on sale only (404 unknown or off sale, 422
 * in stock). Twice is once.
 */
export async function askStockAlert(db: DbOrTx, userId: number, productId: number, now: Date): Promise<void> {
  const [p] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), sellable));
  if (!p) throw AppError.notFound('product_not_found');
  if (p.stock > 0) throw new AppError(422, 'in_stock', ['stock_alert_in_stock']);
  await db.insert(stockAlerts).values({ userId, productId, createdAt: now }).onConflictDoNothing();
}

/** The shopper no longer wants to hear (nothing waiting: nothing changes). */
export async function cancelStockAlert(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, userId),
        eq(stockAlerts.productId, productId),
        isNull(stockAlerts.notifiedAt),
      ),
    );
}

/** Whether the shopper waits to hear about the product. */
export async function hasStockAlert(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, userId),
        eq(stockAlerts.productId, productId),
        isNull(stockAlerts.notifiedAt),
      ),
    );
  return !!row;
}

export async function alertSettings(db: DbOrTx, userId: number): Promise<AlertSettings> {
  const [row] = await db
    .select({ priceDrops: shopperAlertSettings.priceDrops, channel: shopperAlertSettings.channel })
    .from(shopperAlertSettings)
    .where(eq(shopperAlertSettings.userId, userId));
  return row
    ? { price_drops: row.priceDrops, channel: row.channel as AlertChannel }
    : { ...DEFAULT_SETTINGS };
}

/** The shopper's choices and the products they wait for, oldest wish first. */
export async function listAlerts(
  db: DbOrTx,
  userId: number,
  locale: Locale,
  emailAvailable: boolean,
): Promise<AlertsResponse> {
  const waiting = await db
    .select({
      productId: stockAlerts.productId,
      titleEn: products.titleEn,
      titleAr: products.titleAr,
      stock: products.stock,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
    .orderBy(asc(stockAlerts.id));
  return {
    settings: await alertSettings(db, userId),
    email_available: emailAvailable,
    stock_alerts: waiting.map((w) => ({
      product_id: w.productId,
      title: locale === 'ar' ? w.titleAr : w.titleEn,
      stock: w.stock,
      created_at: w.createdAt.toISOString(),
    })),
  };
}

/**
 * Saves the shopper's choices. Turning price drops off forgets the prices they knew, so turning them on again
 * tells of drops from then on, not of those while it was off.
 */
export async function saveAlertSettings(
  db: DbOrTx,
  userId: number,
  body: AlertSettings,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { priceDrops: body.price_drops, channel: body.channel, updatedAt: now };
    await tx
      .insert(shopperAlertSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: shopperAlertSettings.userId, set: values });
    if (!body.price_drops) await tx.delete(priceWatches).where(eq(priceWatches.userId, userId));
  });
}
