/**
 * Folding the sales report's summaries (migrations 0047 and 0053, decision 033). The database's triggers add a row
 * of what each change moved, per day and per month; a fold replaces the rows of the days (months) that have such
 * rows by one row per day (month) and key, their sum, marked folded, in day order (a range of days reads
 * neighbouring pages), in one statement per table (readers see the rows before or after, never both). Rows added
 * meanwhile are not in its snapshot and stay; a second fold at the same time skips the rows the first deleted, so
 * nothing is counted twice (as orders/counts.ts folds order_counts).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** How often the reports job folds: the rows of 10 minutes of sales are few, and reads sum them as they are. */
export const REPORT_FOLD_EVERY_MS = 600_000;

const PERIODS = [
  { table: 'report_daily', at: 'day' },
  { table: 'report_monthly', at: 'month' },
] as const;

/** Folds the six summaries' days and months that have unfolded rows; returns how many rows it read. */
export async function foldReportSummaries(db: DbOrTx): Promise<number> {
  let read = 0;
  const count = (res: unknown) => {
    const r = res as { rowCount?: number; affectedRows?: number };
    return r.affectedRows ?? r.rowCount ?? 0;
  };
  for (const { table, at } of PERIODS) {
    const t = (name: string) => sql.raw(`${table}_${name}`);
    const p = sql.raw(at);
    read += count(
      await db.execute(sql`
        with periods as (select distinct ${p} from ${t('orders')} where not folded),
        gone as (delete from ${t('orders')} r using periods where r.${p} = periods.${p} returning r.*)
        insert into ${t('orders')} (${p}, governorate, payment_method, orders, lined, units, revenue_piastres,
          vat_piastres, refunds_piastres, discounts_piastres, folded)
        select ${p}, governorate, payment_method, sum(orders), sum(lined), sum(units), sum(revenue_piastres),
          sum(vat_piastres), sum(refunds_piastres), sum(discounts_piastres), true
        from gone group by 1, 2, 3
        having sum(orders) <> 0 or sum(lined) <> 0 or sum(units) <> 0 or sum(revenue_piastres) <> 0
          or sum(vat_piastres) <> 0 or sum(refunds_piastres) <> 0 or sum(discounts_piastres) <> 0
        order by 1, 2, 3`),
    );
    read += count(
      await db.execute(sql`
        with periods as (select distinct ${p} from ${t('products')} where not folded),
        gone as (delete from ${t('products')} r using periods where r.${p} = periods.${p} returning r.*)
        insert into ${t('products')} (${p}, product_id, orders, units, revenue_piastres, vat_piastres,
          refunds_piastres, folded)
        select ${p}, product_id, sum(orders), sum(units), sum(revenue_piastres), sum(vat_piastres),
          sum(refunds_piastres), true
        from gone group by 1, 2
        having sum(orders) <> 0 or sum(units) <> 0 or sum(revenue_piastres) <> 0 or sum(vat_piastres) <> 0
          or sum(refunds_piastres) <> 0
        order by 1, 2`),
    );
    read += count(
      await db.execute(sql`
        with periods as (select distinct ${p} from ${t('taxa')} where not folded),
        gone as (delete from ${t('taxa')} r using periods where r.${p} = periods.${p} returning r.*)
        insert into ${t('taxa')} (${p}, dim, key, orders, folded)
        select ${p}, dim, key, sum(orders), true from gone group by 1, 2, 3 having sum(orders) <> 0
        order by 1, 2, 3`),
    );
  }
  return read;
}
