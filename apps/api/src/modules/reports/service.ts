/**
 * The sales report (issue 49 item 5; contracts reports.ts says what each figure means). It reads the daily
 * summaries the database keeps (summary.ts, decision 033), never writes; live.ts answers the same from the orders.
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
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { governorateNamer, type GovernorateNames } from '../addresses/index.ts';
import { ORDER_GROUPS, REPORT_ZONE as ZONE, type ReportRaw, type ReportRows } from './rows.ts';
import { summaryRows } from './summary.ts';

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

const TIME_GROUPS = new Set<ReportGroup>(['day', 'week', 'month']);

function label(group: ReportGroup, r: ReportRaw, locale: Locale): string {
  const key = String(r.key ?? '');
  if (group === 'product' || group === 'category' || group === 'brand')
    return (locale === 'ar' ? r.label_ar : r.label_en) ?? key;
  if (group === 'governorate')
    return (locale === 'ar' ? r.label_ar : r.label_en) ?? (key || apiMessage('report_none', locale));
  if (group === 'payment_method') {
    if (!key) return apiMessage('report_none', locale);
    const k = `report_method_${key}`;
    return k in apiMessages ? apiMessage(k as ApiMessageKey, locale) : key;
  }
  return key;
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * The governorate rows are the orders' governorates as shoppers typed them, in their language ("Giza" and
 * "الجيزة"): one row per delivery zone instead, keyed by its English name and labelled in both languages; a
 * governorate no zone knows stays as typed.
 */
function byZone(raw: ReportRaw[], names: (governorate: string) => GovernorateNames | null): ReportRaw[] {
  const rows = new Map<string, ReportRaw>();
  const add = (a: string | number | null | undefined, b: string | number | null | undefined) =>
    a == null && b == null ? null : num(a) + num(b);
  for (const r of raw) {
    const typed = String(r.key ?? '');
    const zone = typed ? names(typed) : null;
    const key = zone ? zone.en : typed;
    const seen = rows.get(key);
    rows.set(
      key,
      seen
        ? {
            ...seen,
            orders: num(seen.orders) + num(r.orders),
            units: add(seen.units, r.units),
            revenue: add(seen.revenue, r.revenue),
            discounts: add(seen.discounts, r.discounts),
            vat: add(seen.vat, r.vat),
            refunds: add(seen.refunds, r.refunds),
          }
        : { ...r, key, label_en: zone?.en ?? null, label_ar: zone?.ar ?? null },
    );
  }
  return [...rows.values()];
}

/** GET /v1/admin/reports/sales. */
export async function salesReport(
  db: DbOrTx,
  q: { from?: string; to?: string; group_by: ReportGroup },
  now: Date,
  locale: Locale,
  read: ReportRows = summaryRows,
): Promise<SalesReportResponse> {
  const { from, to } = reportRange(q, now);
  const group = q.group_by;
  const found = await read(db, group, from, to);
  const { orders, discounts } = found;
  const raw = group === 'governorate' ? byZone(found.rows, await governorateNamer(db)) : found.rows;
  const byOrder = ORDER_GROUPS.has(group);
  let rows: SalesReportRow[] = raw.map((r) => {
    const revenue = num(r.revenue);
    const refunds = num(r.refunds);
    return {
      key: String(r.key ?? ''),
      label: label(group, r, locale),
      orders: num(r.orders),
      units: num(r.units),
      revenue: toEgp(revenue),
      // By product, category or brand the lines' revenue is already after their share of it (not summarised).
      discounts: byOrder ? toEgp(num(r.discounts)) : null,
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
        seen.get(d) ?? {
          key: d,
          label: d,
          orders: 0,
          units: 0,
          revenue: 0,
          discounts: 0,
          vat: 0,
          refunds: 0,
          net: 0,
        },
      );
  } else if (TIME_GROUPS.has(group)) rows.sort((a, b) => a.key.localeCompare(b.key));
  else rows.sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
  // Totals in piastres (no float drift), then EGP; orders are counted once even when an order is in two rows.
  const sum = (f: (r: ReportRaw) => number) => raw.reduce((s, r) => s + f(r), 0);
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
      discounts: toEgp(discounts),
      vat: toEgp(sum((r) => num(r.vat))),
      refunds: toEgp(refunds),
      net: toEgp(revenue - refunds),
    },
  };
}
