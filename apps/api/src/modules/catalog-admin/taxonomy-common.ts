/**
 * What the back office's taxonomy services (categories and brands in taxonomy-service.ts, promotions in
 * promotions-service.ts) share: the answer's time format, an edit's new updated_at, the staleness check of an edit
 * and the products counted per category, brand or promotion.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export const iso = (d: Date | string) => new Date(d).toISOString();
/** An edit's new updated_at: now, but always later than the one it replaces (two edits in one millisecond). */
export const nextStamp = (now: Date, before: Date) => new Date(Math.max(now.getTime(), before.getTime() + 1));
export const isStale = (sent: string, current: Date) => Date.parse(sent) !== current.getTime();

/**
 * Products per value of `column` (category_id, brand_id, promotion_id). A product sold in variants counts once:
 * its variants' rows (decision 034) are taken off, counted from their own partial index (the whole count stays
 * an index's).
 */
export async function productCounts(tx: DbOrTx, column: SQL): Promise<Map<number, number>> {
  const [all, variants] = await Promise.all(
    [sql`true`, sql`variant_of is not null`].map(async (where) =>
      rowsOf<{ k: number; n: string }>(
        await tx.execute(sql`select ${column} as k, count(*) as n from products where ${where} group by 1`),
      ),
    ),
  );
  const counts = new Map(all!.filter((r) => r.k !== null).map((r) => [Number(r.k), Number(r.n)]));
  for (const r of variants!)
    if (r.k !== null) counts.set(Number(r.k), (counts.get(Number(r.k)) ?? 0) - Number(r.n));
  return counts;
}
