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
 * Called after catalog writes (`productIds`) and at start-up (every product); the minute's clock: `followPromotionClock`.
 */
export async function refreshCurrentPrices(db: DbOrTx, now: Date, productIds?: number[]): Promise<number> {
  // Only a product with a promotion, or one still priced as if it had one, can change.
  return reprice(
    db,
    now,
    sql`(p2.promotion_id is not null or p2.current_price_piastres <> p2.price_piastres)
      ${productIds?.length ? sql`and p2.id in ${productIds}` : sql``}`,
  );
}

/**
 * How far back a minute's run looks for promotions that started or ended, before its last run: a promotion's new
 * dates committed after a run that had already passed them (its transaction began before) are still seen.
 */
export const PROMOTION_CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The minute job's repricing (promotions start and end by the clock). Its first run, and any run whose clock went
 * back, reprices every product (`refreshCurrentPrices`); after that, each run reprices only the products of the
 * promotions that started or ended since the run before (less `PROMOTION_CLOCK_SLACK_MS`): a few index lookups.
 * Every other change of a promotion or a product reprices its products at once, in its own transaction.
 *
 * (Before: every run read the whole catalog twice, 190–300 ms at 100,000 products, and on the embedded database
 * every shopper's read waited behind it once a minute: bench/results/index-follow-latest.md, stop 74.)
 */
export function followPromotionClock(db: DbOrTx): (now: Date) => Promise<number> {
  let pricedAt: Date | null = null;
  return async (now) => {
    const since =
      pricedAt && now >= pricedAt ? new Date(pricedAt.getTime() - PROMOTION_CLOCK_SLACK_MS) : null;
    const changed = since
      ? await reprice(
          db,
          now,
          sql`p2.promotion_id in (select id from promotions
                where (starts_at > ${since.toISOString()}::timestamptz and starts_at <= ${now.toISOString()}::timestamptz)
                   or (ends_at > ${since.toISOString()}::timestamptz and ends_at <= ${now.toISOString()}::timestamptz))`,
        )
      : await refreshCurrentPrices(db, now);
    pricedAt = now;
    return changed;
  };
}

async function reprice(db: DbOrTx, now: Date, scope: SQL): Promise<number> {
  const current = currentPrice(now, {
    promotionId: sql`p2.promotion_id`,
    promoted: sql`p2.promoted_price_piastres`,
    price: sql`p2.price_piastres`,
  });
  const res = await db.execute(sql`
    update products p set current_price_piastres = x.price, updated_at = ${now.toISOString()}::timestamptz
    from (select p2.id, ${current} as price from products p2 where ${scope}) x
    where x.id = p.id and p.current_price_piastres is distinct from x.price`);
  return (
    (res as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (res as { rowCount?: number }).rowCount ??
    0
  );
}
