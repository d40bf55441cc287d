/**
 * The sales report read live from the orders and their lines (issue 49 item 5), as it was before the daily
 * summaries (decision 033): what the summaries must always equal. The tests compare the two on every group; the
 * route reads the summaries (service.ts). Placed orders of a range of Cairo days are found through
 * orders_placed_newest_idx (the partial index of placed orders by checkout date); lines through their order's key.
 */
import type { ReportGroup } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ORDER_GROUPS, REPORT_ZONE as ZONE, type ReportRaw, type ReportRows } from './rows.ts';

/** The report's rows, and its orders counted once (an order with lines in two rows), from the orders. */
export const liveRows: ReportRows = async (db, group, from, to) => {
  const rows = await liveGroupRows(db, group, from, to);
  const orders = ORDER_GROUPS.has(group)
    ? rows.reduce((s, r) => s + Number(r.orders), 0)
    : await liveOrders(db, from, to);
  const discounts = ORDER_GROUPS.has(group)
    ? rows.reduce((s, r) => s + Number(r.discounts ?? 0), 0)
    : await liveDiscounts(db, from, to);
  return { rows, orders, discounts };
};

/** The rows of one report: one statement, the orders of the range first, then what the group adds up. */
async function liveGroupRows(db: DbOrTx, group: ReportGroup, from: string, to: string): Promise<ReportRaw[]> {
  // Sold orders: placed (the partial indexes' predicate, so the planner uses them) and not canceled.
  const sold = sql`status not in ('cart', 'awaiting_payment', 'abandoned') and status <> 'canceled'
    and checkout_date >= (${from}::date)::timestamp at time zone ${ZONE}
    and checkout_date < (${to}::date + 1)::timestamp at time zone ${ZONE}`;
  const local = sql`(checkout_date at time zone ${ZONE})`;
  if (ORDER_GROUPS.has(group)) {
    const key: SQL = {
      day: sql`to_char(${local}::date, 'YYYY-MM-DD')`,
      week: sql`to_char(date_trunc('week', ${local})::date, 'YYYY-MM-DD')`,
      month: sql`to_char(date_trunc('month', ${local})::date, 'YYYY-MM')`,
      governorate: sql`coalesce(governorate, '')`,
      payment_method: sql`coalesce(payment_method, '')`,
    }[group as 'day']!;
    const res = await db.execute(sql`
      with o as (
        select id, ${key} as key, checkout_total_price_piastres as total, vat_piastres as vat,
          refunded_piastres as refunded, discount_piastres as discount
        from orders where ${sold}),
      u as (select l.order_id, sum(l.quantity) as units from order_products l join o on o.id = l.order_id
        group by l.order_id)
      select o.key, count(*) as orders, coalesce(sum(u.units), 0) as units, sum(o.total) as revenue,
        sum(o.discount) as discounts, sum(o.vat) as vat, sum(o.refunded) as refunds
      from o left join u on u.order_id = o.id
      group by o.key`);
    return (res as unknown as { rows: ReportRaw[] }).rows;
  }
  const by: SQL = {
    product: sql`p.id`,
    category: sql`p.category_id`,
    brand: sql`p.brand_id`,
  }[group as 'product']!;
  const names: SQL = {
    product: sql`select id, title_en as en, title_ar as ar from products`,
    category: sql`select id, name_en as en, name_ar as ar from categories`,
    brand: sql`select id, name_en as en, name_ar as ar from brands`,
  }[group as 'product']!;
  const res = await db.execute(sql`
    with o as (select id from orders where ${sold}),
    g as (
      select ${by} as key, count(distinct l.order_id) as orders, sum(l.quantity) as units,
        sum(coalesce(l.gross_piastres, l.quantity::bigint * coalesce(l.checkout_price_piastres, 0))) as revenue,
        sum(coalesce(l.vat_piastres, 0)) as vat,
        sum(l.refunded_quantity::bigint * coalesce(l.checkout_price_piastres, 0)) as refunds
      from order_products l join o on o.id = l.order_id join products p on p.id = l.product_id
      group by 1)
    select g.*, n.en as label_en, n.ar as label_ar from g left join (${names}) n on n.id = g.key`);
  return (res as unknown as { rows: ReportRaw[] }).rows;
}

/** What discount codes took off the sold orders of the range. */
async function liveDiscounts(db: DbOrTx, from: string, to: string): Promise<number> {
  const res = await db.execute(sql`select coalesce(sum(discount_piastres), 0) as d from orders
    where status not in ('cart', 'awaiting_payment', 'abandoned') and status <> 'canceled'
      and checkout_date >= (${from}::date)::timestamp at time zone ${ZONE}
      and checkout_date < (${to}::date + 1)::timestamp at time zone ${ZONE}`);
  return Number((res as unknown as { rows: { d: string }[] }).rows[0]?.d ?? 0);
}

async function liveOrders(db: DbOrTx, from: string, to: string): Promise<number> {
  const res = await db.execute(sql`select count(*) as n from orders
    where status not in ('cart', 'awaiting_payment', 'abandoned') and status <> 'canceled'
      and checkout_date >= (${from}::date)::timestamp at time zone ${ZONE}
      and checkout_date < (${to}::date + 1)::timestamp at time zone ${ZONE}
      and exists (select 1 from order_products l where l.order_id = orders.id)`);
  return Number((res as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
}
