import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { runningPromotion } from './taxonomy-reads.ts';

/**
 * Recomputes products.current_price_piastres: the promoted price while its promotion is active and running,
 * the price otherwise. Idempotent and safe from several instances at once; touches only rows that change.
 * Called after catalog writes, at start-up and once a minute (promotions start and end by the clock).
 */
export async function refreshCurrentPrices(db: DbOrTx, now: Date, productIds?: number[]): Promise<number> {
  const scope = productIds?.length ? sql`and p2.id in ${productIds}` : sql``;
  const res = await db.execute(sql`
    update products p set current_price_piastres = x.price, updated_at = ${now.toISOString()}::timestamptz
    from (
      select p2.id,
        case when p2.promoted_price_piastres is not null and pr.id is not null
               and ${runningPromotion(now).sql('pr')}
             then least(p2.promoted_price_piastres, p2.price_piastres) else p2.price_piastres end as price
      from products p2 left join promotions pr on pr.id = p2.promotion_id
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
