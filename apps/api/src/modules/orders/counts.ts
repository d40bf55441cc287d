/**
 * Placed orders per status (of a payment method, of governorates) without counting the orders (decision 013):
 * order_counts holds rows of +n / -n added by the database's statement triggers on orders (migrations 0009,
 * 0010), so a count is the sum of at most a few thousand rows and is exact in any transaction, on any instance.
 * order_daily_sales does the same per Cairo day of checkout, status and payment method, with the totals
 * (migrations 0011, 0013): the dashboard, and the list's counts over a range of days. Nothing in the code writes
 * those rows but the folds below, which replace them by their sums when a read finds too many.
 */
import { ORDER_STATUSES, PAYMENT_METHODS } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Rows past which a read folds order_counts. Folded, it holds one row per status, payment method and governorate
 * name that has orders (8 × 4 × the 27 governorates in two languages at most, about 1,700); summing 5,000 rows
 * takes about a millisecond, and so does a fold.
 */
export const FOLD_AT = 5_000;

/**
 * Replaces the rows of order_counts by their sums, in one statement (readers see the rows before or after, never
 * both). Rows added meanwhile by orders are not in its snapshot and stay; a second fold at the same time skips the
 * rows the first deleted, so nothing is counted twice.
 */
export async function foldOrderCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with gone as (delete from order_counts returning status, payment_method, governorate, n)
    insert into order_counts (status, payment_method, governorate, n)
    select status, payment_method, governorate, sum(n) from gone
    group by status, payment_method, governorate having sum(n) <> 0`);
}

/** The same for order_daily_sales. */
export async function foldOrderDailySales(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with gone as (delete from order_daily_sales returning day, status, payment_method, n, sales_piastres)
    insert into order_daily_sales (day, status, payment_method, n, sales_piastres)
    select day, status, payment_method, sum(n), sum(sales_piastres) from gone group by day, status, payment_method
    having sum(n) <> 0 or sum(sales_piastres) <> 0`);
}

/**
 * Whether a read of order_daily_sales over `days` days (of one payment method or all) found so many rows that the
 * table should be folded: folded, those days hold at most a row per status and method; past twice that (and 500),
 * orders have added rows faster than reads fold them.
 */
export const dailyFoldDue = (rows: number, days: number, oneMethod: boolean) =>
  rows > 2 * days * ORDER_STATUSES.length * (oneMethod ? 1 : PAYMENT_METHODS.length) + 500;

/**
 * Placed orders per status whose checkout was on the Cairo days from `from` to `to` (YYYY-MM-DD, either open), of
 * one payment method or all, from order_daily_sales; statuses without orders are left out.
 */
export async function placedOrdersPerStatusOnDays(
  db: DbOrTx,
  filter: { from?: string; to?: string; paymentMethod?: string },
): Promise<Record<string, number>> {
  const { from, to, paymentMethod } = filter;
  const res = await db.execute(sql`
    with r as (
      select day, status, n from order_daily_sales
      where true
        ${from === undefined ? sql`` : sql`and day >= ${from}::date`}
        ${to === undefined ? sql`` : sql`and day <= ${to}::date`}
        ${paymentMethod === undefined ? sql`` : sql`and payment_method = ${paymentMethod}`})
    select status, sum(n) as n, (select count(*) from r) as rows,
      (select max(day) - min(day) + 1 from r) as days
    from r group by status having sum(n) <> 0`);
  type Row = { status: string; n: string | number; rows: string | number; days: string | number };
  const rows = (res as unknown as { rows: Row[] }).rows;
  if (rows.length && dailyFoldDue(Number(rows[0]!.rows), Number(rows[0]!.days), paymentMethod !== undefined))
    await foldOrderDailySales(db);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Placed orders per status, of one payment method or all, of some governorates (a query of their names, as
 * orders.governorate holds them) or all; statuses without orders are left out.
 */
export async function placedOrdersPerStatus(
  db: DbOrTx,
  filter: { paymentMethod?: string; governorates?: SQL } = {},
): Promise<Record<string, number>> {
  const { paymentMethod, governorates } = filter;
  const res = await db.execute(sql`
    select status, sum(n) as n, (select count(*) from order_counts) as rows
    from order_counts
    where status not in ('cart', 'awaiting_payment', 'abandoned')
      ${paymentMethod === undefined ? sql`` : sql`and payment_method = ${paymentMethod}`}
      ${governorates === undefined ? sql`` : sql`and governorate = any(array(${governorates}))`}
    group by status having sum(n) <> 0`);
  const rows = (res as unknown as { rows: { status: string; n: string | number; rows: string | number }[] })
    .rows;
  if (rows.length && Number(rows[0]!.rows) > FOLD_AT) await foldOrderCounts(db);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
