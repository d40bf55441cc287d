/**
 * The sales report as a CSV file that Excel opens right in Arabic: UTF-8 with a byte order mark, CRLF line ends,
 * every cell quoted where it must be, a text that a spreadsheet would take for a formula (=, +, -, @) guarded by a
 * leading ', the header in the staff member's language and a total row last. Amounts are EGP with two decimals.
 */
import { apiMessage, REPORT_COLUMNS, type Locale, type SalesReportResponse } from '@store/contracts';

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const s = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const money = (egp: number) => egp.toFixed(2);

export function salesReportCsv(report: SalesReportResponse, locale: Locale): string {
  const header = REPORT_COLUMNS.map((c) =>
    c === 'label'
      ? apiMessage(`report_group_${report.group_by}`, locale)
      : apiMessage(`report_col_${c}`, locale),
  );
  const line = (label: string, r: Omit<SalesReportResponse['totals'], never>) =>
    [
      cell(label),
      r.orders,
      r.units,
      money(r.revenue),
      r.discounts === null ? '' : money(r.discounts),
      money(r.vat),
      money(r.refunds),
      money(r.net),
    ].join(',');
  const lines = [
    header.map(cell).join(','),
    ...report.rows.map((r) => line(r.label, r)),
    line(apiMessage('report_col_total', locale), report.totals),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
