/**
 * The sales report read from the daily summaries (migration 0047, decision 033): the rows the database's triggers
 * keep per Cairo day (report_daily_orders, report_daily_products, report_daily_taxa), summed over the range. A
 * 30-day report sums a few thousand rows instead of reading some 19,000 orders and their lines. Categories and
 * brands are the products' of now, as live.ts groups them: their figures are their products' added up, their
 * orders (an order holding two of a category's products counts once) from report_daily_taxa.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_GROUPS, type ReportRaw, type ReportRows } from './rows.ts';

const NAMES = {
  product: sql`select id, title_en as en, title_ar as ar from products`,
  category: sql`select id, name_en as en, name_ar as ar from categories`,
  brand: sql`select id, name_en as en, name_ar as ar from brands`,
};

export const summaryRows: ReportRows = async (db, group, from, to) => {
  const days = sql`day >= ${from}::date and day <= ${to}::date`;
  if (ORDER_GROUPS.has(group)) {
    const key: SQL = {
      day: sql`to_char(day, 'YYYY-MM-DD')`,
      week: sql`to_char(day - (extract(isodow from day)::int - 1), 'YYYY-MM-DD')`,
      month: sql`to_char(day, 'YYYY-MM')`,
      governorate: sql`governorate`,
      payment_method: sql`payment_method`,
    }[group as 'day'];
    const res = await db.execute(sql`
      select ${key} as key, sum(orders) as orders, sum(units) as units, sum(revenue_piastres) as revenue,
        sum(discounts_piastres) as discounts, sum(vat_piastres) as vat, sum(refunds_piastres) as refunds
      from report_daily_orders where ${days}
      group by 1 having sum(orders) <> 0`);
    const rows = (res as unknown as { rows: ReportRaw[] }).rows;
    return {
      rows,
      orders: rows.reduce((s, r) => s + Number(r.orders), 0),
      discounts: rows.reduce((s, r) => s + Number(r.discounts ?? 0), 0),
    };
  }
  const g = group as 'product' | 'category' | 'brand';
  const figures = sql`sum(units) as units, sum(revenue_piastres) as revenue, sum(vat_piastres) as vat,
    sum(refunds_piastres) as refunds`;
  const rowsQuery =
    g === 'product'
      ? sql`
        with g as (
          select product_id as key, sum(orders) as orders, ${figures}
          from report_daily_products where ${days} group by 1 having sum(orders) <> 0)
        select g.*, n.en as label_en, n.ar as label_ar from g left join (${NAMES.product}) n on n.id = g.key`
      : sql`
        with p as (
          select product_id, ${figures} from report_daily_products where ${days} group by 1),
        f as (
          select pr.${sql.raw(g === 'category' ? 'category_id' : 'brand_id')} as key, sum(p.units) as units,
            sum(p.revenue) as revenue, sum(p.vat) as vat, sum(p.refunds) as refunds
          from p join products pr on pr.id = p.product_id group by 1),
        t as (
          select key, sum(orders) as orders from report_daily_taxa where ${days} and dim = ${g}
          group by 1 having sum(orders) <> 0)
        select t.key, t.orders, f.units, f.revenue, f.vat, f.refunds, n.en as label_en, n.ar as label_ar
        from t left join f on f.key = t.key left join (${NAMES[g]}) n on n.id = t.key`;
  const res = await db.execute(rowsQuery);
  const lined = await db.execute(
    sql`select coalesce(sum(lined), 0) as n, coalesce(sum(discounts_piastres), 0) as d
      from report_daily_orders where ${days}`,
  );
  const all = (lined as unknown as { rows: { n: string; d: string }[] }).rows[0];
  return {
    rows: (res as unknown as { rows: ReportRaw[] }).rows,
    orders: Number(all?.n ?? 0),
    discounts: Number(all?.d ?? 0),
  };
};
