import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { runningPromotion } from './taxonomy-reads.ts';

/**
 * A product's current price, from its promotion's id, its promoted price and its price (SQL expressions): the
 * promoted price (never above the price) while its promotion is active and running, the price otherwise.
 */
export function currentPrice(now: Date, of: { promotionId: SQL; promoted: SQL; price: SQL }): SQL {
  return sql`coalesce((select least(${of.promoted}, ${of.price}) from promotions pr
    where pr.id = ${of.promotionId} and ${of.promoted} is not null and ${runningPromotion(now).sql('pr')}),
    ${of.price})`;
}

/**
 * Recomputes products.current_price_piastres: the promoted price while its promotion is active and running,
 * the price otherwise. Idempotent and safe from several instances at once; touches only rows that change.
 * Called after catalog writes, at start-up and once a minute (promotions start and end by the clock).
 */
export async function refreshCurrentPrices(db: DbOrTx, now: Date, productIds?: number[]): Promise<number> {
  const scope = productIds?.length ? sql`and p2.id in ${productIds}` : sql``;
  const current = currentPrice(now, {
    promotionId: sql`p2.promotion_id`,
    promoted: sql`p2.promoted_price_piastres`,
    price: sql`p2.price_piastres`,
  });
  const res = await db.execute(sql`
    update products p set current_price_piastres = x.price, updated_at = ${now.toISOString()}::timestamptz
    from (
      select p2.id,
        ${current} as price
      from products p2
      -- Only a product with a promotion, or one still priced as if it had one, can change: a few index
      -- lookups, not the whole catalog once a minute (decision 009).
      where (p2.promotion_id is not null or p2.current_price_piastres <> p2.price_piastres) ${scope}
    ) x
    where x.id = p.id and p.current_price_piastres is distinct from x.price`);
  return (
    (res as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (res as { rowCount?: number }).rowCount ??
    0
  );
}
