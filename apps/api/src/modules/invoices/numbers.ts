/**
 * Invoice and credit note numbers (issue 47): INV-2026-000123 and CN-2026-000001, gapless within each year and never
 * reused. The next number is taken in the caller's transaction by one upsert of the year's counter row
 * (invoice_counters): the row stays locked until that transaction ends, so a second taker waits for the first, and a
 * transaction that rolls back gives its number back (the next taker gets the same one). A sequence could not do this:
 * it skips what rolled back.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type NumberSeries = 'INV' | 'CN';

/** How a number is written: the series, the year and six digits (more when a year passes 999,999). */
export const formatDocumentNumber = (series: NumberSeries, year: number, n: number) =>
  `${series}-${year}-${String(n).padStart(6, '0')}`;

async function next(tx: DbOrTx, series: NumberSeries, year: number): Promise<string> {
  if (!Number.isInteger(year) || year < 2000 || year > 9999)
    throw new Error(`invoice numbers: bad year ${year}`);
  const res = (await tx.execute(sql`insert into invoice_counters (series, year, last_number)
    values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = invoice_counters.last_number + 1
    returning last_number`)) as unknown as { rows: { last_number: number | string }[] };
  return formatDocumentNumber(series, year, Number(res.rows[0]!.last_number));
}

/** The next invoice number of the year, in the caller's transaction: 'INV-2026-000123'. */
export const allocateInvoiceNumber = (tx: DbOrTx, year: number) => next(tx, 'INV', year);

/** The next credit note number of the year, in the caller's transaction: 'CN-2026-000001'. */
export const allocateCreditNoteNumber = (tx: DbOrTx, year: number) => next(tx, 'CN', year);

/** The year an invoice dated now belongs to, in Cairo (an invoice at 00:30 on 1 January Cairo time is next year's). */
export function invoiceYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', year: 'numeric' }).format(at));
}
