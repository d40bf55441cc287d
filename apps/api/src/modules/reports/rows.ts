/**
 * What the sales report's two readers answer (issue 49 item 5): summary.ts from the daily summaries, live.ts from
 * the orders. Amounts in piastres; a row's key is its group's (a day, a week's Monday, a month, an id, a name).
 */
import type { ReportGroup } from '@store/contracts';
import type { DbOrTx } from '../../db/client.ts';

export const REPORT_ZONE = 'Africa/Cairo';

/** The groups whose rows are orders (the others' rows are order lines). */
export const ORDER_GROUPS = new Set<ReportGroup>(['day', 'week', 'month', 'governorate', 'payment_method']);

export interface ReportRaw {
  key: string | number | null;
  orders: string | number;
  units: string | number | null;
  revenue: string | number | null;
  /** What discount codes took off (the order groups' rows only). */
  discounts?: string | number | null;
  vat: string | number | null;
  refunds: string | number | null;
  label_en?: string | null;
  label_ar?: string | null;
}

/** A report's rows of the Cairo days from `from` to `to` (both included), and its orders counted once. */
export type ReportRows = (
  db: DbOrTx,
  group: ReportGroup,
  from: string,
  to: string,
) => Promise<{ rows: ReportRaw[]; orders: number; discounts: number }>;
