/**
 * The sales report (issue 49 item 5; contracts reports.ts says what each figure means). It reads orders and their
 * lines, never writes. Placed orders of a range of Cairo days are found through orders_placed_newest_idx (the
 * partial index of placed orders by checkout date); lines through their order's key.
 */
import {
  apiMessage,
  apiMessages,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  toEgp,
  type ApiMessageKey,
  type Locale,
  type ReportGroup,
  type SalesReportResponse,
  type SalesReportRow,
} from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

const ZONE = 'Africa/Cairo';
const DAY_MS = 86_400_000;

/** Today in Cairo, YYYY-MM-DD. */
export function cairoDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
}

const validDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, checked: unset, the REPORT_DEFAULT_DAYS up to today. */
export function reportRange(q: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const errors: Record<string, string[]> = {};
  if (q.from && !validDay(q.from)) errors.from = ['report_day_invalid'];
  if (q.to && !validDay(q.to)) errors.to = ['report_day_invalid'];
  if (Object.keys(errors).length) throw new AppError(422, 'invalid', errors);
  const to = q.to ?? (q.from ? addDays(q.from, REPORT_DEFAULT_DAYS - 1) : cairoDay(now));
  const from = q.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw AppError.field('to', 'report_days_reversed');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > REPORT_MAX_DAYS) throw AppError.field('to', 'report_range_too_long');
  return { from, to };
}

interface Raw {
  key: string | number | null;
  orders: string | number;
  units: string | number | null;
  revenue: string | number | null;
  vat: string | number | null;
  refunds: string | number | null;
  label_en?: string | null;
  label_ar?: string | null;
}

const TIME_GROUPS = new Set<ReportGroup>(['day', 'week', 'month']);
const ORDER_GROUPS = new Set<ReportGroup>(['day', 'week', 'month', 'governorate', 'payment_method']);

/** The rows of one report: one statement, the orders of the range first, then what the group adds up. */
async function rawRows(db: DbOrTx, group: ReportGroup, from: string, to: string): Promise<Raw[]> {
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
          refunded_piastres as refunded
        from orders where ${sold}),
      u as (select l.order_id, sum(l.quantity) as units from order_products l join o on o.id = l.order_id
        group by l.order_id)
      select o.key, count(*) as orders, coalesce(sum(u.units), 0) as units, sum(o.total) as revenue,
        sum(o.vat) as vat, sum(o.refunded) as refunds
      from o left join u on u.order_id = o.id
      group by o.key`);
    return (res as unknown as { rows: Raw[] }).rows;
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
  return (res as unknown as { rows: Raw[] }).rows;
}

function label(group: ReportGroup, r: Raw, locale: Locale): string {
  const key = String(r.key ?? '');
  if (group === 'product' || group === 'category' || group === 'brand')
    return (locale === 'ar' ? r.label_ar : r.label_en) ?? key;
  if (group === 'governorate') return key || apiMessage('report_none', locale);
  if (group === 'payment_method') {
    if (!key) return apiMessage('report_none', locale);
    const k = `report_method_${key}`;
    return k in apiMessages ? apiMessage(k as ApiMessageKey, locale) : key;
  }
  return key;
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);

/** GET /v1/admin/reports/sales. */
export async function salesReport(
  db: DbOrTx,
  q: { from?: string; to?: string; group_by: ReportGroup },
  now: Date,
  locale: Locale,
): Promise<SalesReportResponse> {
  const { from, to } = reportRange(q, now);
  const group = q.group_by;
  const raw = await rawRows(db, group, from, to);
  let rows: SalesReportRow[] = raw.map((r) => {
    const revenue = num(r.revenue);
    const refunds = num(r.refunds);
    return {
      key: String(r.key ?? ''),
      label: label(group, r, locale),
      orders: num(r.orders),
      units: num(r.units),
      revenue: toEgp(revenue),
      vat: toEgp(num(r.vat)),
      refunds: toEgp(refunds),
      net: toEgp(revenue - refunds),
    };
  });
  if (group === 'day') {
    // Every day of the range, a day without sales at zero (a chart's line does not skip it).
    const seen = new Map(rows.map((r) => [r.key, r]));
    rows = [];
    for (let d = from; d <= to; d = addDays(d, 1))
      rows.push(
        seen.get(d) ?? { key: d, label: d, orders: 0, units: 0, revenue: 0, vat: 0, refunds: 0, net: 0 },
      );
  } else if (TIME_GROUPS.has(group)) rows.sort((a, b) => a.key.localeCompare(b.key));
  else rows.sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
  // Totals in piastres (no float drift), then EGP; orders are counted once even when an order is in two rows.
  const sum = (f: (r: Raw) => number) => raw.reduce((s, r) => s + f(r), 0);
  const orders = ORDER_GROUPS.has(group) ? sum((r) => num(r.orders)) : await countOrders(db, from, to);
  const revenue = sum((r) => num(r.revenue));
  const refunds = sum((r) => num(r.refunds));
  return {
    from,
    to,
    group_by: group,
    rows,
    totals: {
      orders,
      units: sum((r) => num(r.units)),
      revenue: toEgp(revenue),
      vat: toEgp(sum((r) => num(r.vat))),
      refunds: toEgp(refunds),
      net: toEgp(revenue - refunds),
    },
  };
}

async function countOrders(db: DbOrTx, from: string, to: string): Promise<number> {
  const res = await db.execute(sql`select count(*) as n from orders
    where status not in ('cart', 'awaiting_payment', 'abandoned') and status <> 'canceled'
      and checkout_date >= (${from}::date)::timestamp at time zone ${ZONE}
      and checkout_date < (${to}::date + 1)::timestamp at time zone ${ZONE}
      and exists (select 1 from order_products l where l.order_id = orders.id)`);
  return num((res as unknown as { rows: { n: string }[] }).rows[0]?.n);
}
