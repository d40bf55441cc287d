/**
 * Placed orders per status (and payment method) without counting the orders (decision 013): order_counts holds
 * rows of +n / -n added by the database's statement triggers on orders (migration 0009), so a count is the sum of
 * a few rows and is exact in any transaction, on any instance. Nothing in the code writes those rows but the fold
 * below, which replaces them by their sums when they grow past FOLD_AT.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Rows past which a read folds order_counts (a fold of this many rows takes a few milliseconds). */
export const FOLD_AT = 500;

/**
 * Replaces the rows of order_counts by their sums, in one statement (readers see the rows before or after, never
 * both). Rows added meanwhile by orders are not in its snapshot and stay; a second fold at the same time skips the
 * rows the first deleted, so nothing is counted twice.
 */
export async function foldOrderCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with gone as (delete from order_counts returning status, payment_method, n)
    insert into order_counts (status, payment_method, n)
    select status, payment_method, sum(n) from gone group by status, payment_method having sum(n) <> 0`);
}

/** Placed orders per status, of one payment method or all; statuses without orders are left out. */
export async function placedOrdersPerStatus(
  db: DbOrTx,
  paymentMethod?: string,
): Promise<Record<string, number>> {
  const res = await db.execute(sql`
    select status, sum(n) as n, (select count(*) from order_counts) as rows
    from order_counts
    where status not in ('cart', 'awaiting_payment', 'abandoned')
      ${paymentMethod === undefined ? sql`` : sql`and payment_method = ${paymentMethod}`}
    group by status having sum(n) <> 0`);
  const rows = (res as unknown as { rows: { status: string; n: string | number; rows: string | number }[] })
    .rows;
  if (rows.length && Number(rows[0]!.rows) > FOLD_AT) await foldOrderCounts(db);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
