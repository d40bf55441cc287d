/**
 * The sales report read from the summaries (migrations 0047 and 0053, decision 033): the rows the database's
 * triggers keep per Cairo day (report_daily_*) and per Cairo month (report_monthly_*, always the sum of its days),
 * summed over the range. A range's whole months are read from the monthly rows and its edge days from the daily
 * ones; an edge month mostly inside the range is read as the month less its days outside (rangePieces), so a
 * 30-day report by product sums about 2 rows per product instead of 30, and a year about 13 instead of 365.
 * Categories and brands are the products' of now, as live.ts groups them: their figures are their products' added
 * up, their orders (an order holding two of a category's products counts once) from the taxa summaries.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_GROUPS, type ReportRaw, type ReportRows } from './rows.ts';

const NAMES = {
  product: sql`select id, title_en as en, title_ar as ar from products`,
  category: sql`select id, name_en as en, name_ar as ar from categories`,
  brand: sql`select id, name_en as en, name_ar as ar from brands`,
};

const DAY_MS = 86_400_000;
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS + 1;
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const monthEnd = (d: string) => {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

/**
 * What to add up for the days `from`..`to` (both included): daily rows of some days, monthly rows of some months
 * (`from`, `to`: their first days), each added (+1) or taken off (−1). Whole months are monthly rows; an edge month
 * is its days in the range, or the month less its days outside the range when those are fewer.
 */
export interface RangePiece {
  table: 'daily' | 'monthly';
  from: string;
  to: string;
  sign: 1 | -1;
}

export function rangePieces(from: string, to: string): RangePiece[] {
  const pieces: RangePiece[] = [];
  const month = (m: string) => {
    const last = pieces.at(-1);
    // Whole months next to each other are one piece.
    if (last?.table === 'monthly' && last.sign === 1 && addDays(last.to, 32).slice(0, 7) === m.slice(0, 7))
      last.to = m;
    else pieces.push({ table: 'monthly', from: m, to: m, sign: 1 });
  };
  for (let m = monthStart(from); m <= to; m = addDays(monthEnd(m), 1)) {
    const end = monthEnd(m);
    const lo = from > m ? from : m;
    const hi = to < end ? to : end;
    const inside = daysBetween(lo, hi);
    const outside = daysBetween(m, end) - inside;
    if (outside === 0) month(m);
    else if (outside < inside) {
      month(m);
      if (lo > m) pieces.push({ table: 'daily', from: m, to: addDays(lo, -1), sign: -1 });
      if (hi < end) pieces.push({ table: 'daily', from: addDays(hi, 1), to: end, sign: -1 });
    } else pieces.push({ table: 'daily', from: lo, to: hi, sign: 1 });
  }
  return pieces;
}

/**
 * The rows of one summary (`orders`, `products` or `taxa`) over the range as `day` (a monthly row's is its
 * month's first day), its `keys` and its `figures` (taken off where a piece says so). Day and week groups need
 * every row's own day: `daily` reads the daily rows alone.
 */
function rowsOf(
  summary: 'orders' | 'products' | 'taxa',
  keys: string,
  figures: string[],
  from: string,
  to: string,
  opts: { daily?: boolean; where?: SQL } = {},
): SQL {
  const pieces: RangePiece[] = opts.daily ? [{ table: 'daily', from, to, sign: 1 }] : rangePieces(from, to);
  const parts = pieces.map((p) => {
    const at = p.table === 'daily' ? 'day' : 'month';
    const cols = figures.map((f) => (p.sign === 1 ? f : `-${f} as ${f}`)).join(', ');
    return sql`select ${sql.raw(`${at} as day, ${keys}, ${cols}`)}
      from ${sql.raw(`report_${p.table}_${summary}`)}
      where ${sql.raw(at)} >= ${p.from}::date and ${sql.raw(at)} <= ${p.to}::date
      ${opts.where ? sql`and ${opts.where}` : sql``}`;
  });
  return sql`(${sql.join(parts, sql` union all `)})`;
}

const ORDER_FIGURES = [
  'orders',
  'lined',
  'units',
  'revenue_piastres',
  'vat_piastres',
  'refunds_piastres',
  'discounts_piastres',
];
const PRODUCT_FIGURES = ['orders', 'units', 'revenue_piastres', 'vat_piastres', 'refunds_piastres'];

export const summaryRows: ReportRows = async (db, group, from, to) => {
  if (ORDER_GROUPS.has(group)) {
    const key: SQL = {
      day: sql`to_char(day, 'YYYY-MM-DD')`,
      week: sql`to_char(day - (extract(isodow from day)::int - 1), 'YYYY-MM-DD')`,
      month: sql`to_char(day, 'YYYY-MM')`,
      governorate: sql`governorate`,
      payment_method: sql`payment_method`,
    }[group as 'day'];
    const src = rowsOf('orders', 'governorate, payment_method', ORDER_FIGURES, from, to, {
      daily: group === 'day' || group === 'week',
    });
    const res = await db.execute(sql`
      select ${key} as key, sum(orders) as orders, sum(units) as units, sum(revenue_piastres) as revenue,
        sum(discounts_piastres) as discounts, sum(vat_piastres) as vat, sum(refunds_piastres) as refunds
      from ${src} r
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
  const products = rowsOf('products', 'product_id', PRODUCT_FIGURES, from, to);
  const rowsQuery =
    g === 'product'
      ? sql`
        with g as (
          select product_id as key, sum(orders) as orders, ${figures}
          from ${products} r group by 1 having sum(orders) <> 0)
        select g.*, n.en as label_en, n.ar as label_ar from g left join (${NAMES.product}) n on n.id = g.key`
      : sql`
        with p as (
          select product_id, ${figures} from ${products} r group by 1),
        f as (
          select pr.${sql.raw(g === 'category' ? 'category_id' : 'brand_id')} as key, sum(p.units) as units,
            sum(p.revenue) as revenue, sum(p.vat) as vat, sum(p.refunds) as refunds
          from p join products pr on pr.id = p.product_id group by 1),
        t as (
          select key, sum(orders) as orders from ${rowsOf('taxa', 'key', ['orders'], from, to, { where: sql`dim = ${g}` })} r
          group by 1 having sum(orders) <> 0)
        select t.key, t.orders, f.units, f.revenue, f.vat, f.refunds, n.en as label_en, n.ar as label_ar
        from t left join f on f.key = t.key left join (${NAMES[g]}) n on n.id = t.key`;
  const res = await db.execute(rowsQuery);
  const lined = await db.execute(
    sql`select coalesce(sum(lined), 0) as n, coalesce(sum(discounts_piastres), 0) as d
      from ${rowsOf('orders', 'governorate', ['lined', 'discounts_piastres'], from, to)} r`,
  );
  const all = (lined as unknown as { rows: { n: string; d: string }[] }).rows[0];
  return {
    rows: (res as unknown as { rows: ReportRaw[] }).rows,
    orders: Number(all?.n ?? 0),
    discounts: Number(all?.d ?? 0),
  };
};
