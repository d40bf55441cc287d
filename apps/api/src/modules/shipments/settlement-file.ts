/**
 * Reading a courier's cash-on-delivery settlement file (issue 48 item 4; the columns are contracts'
 * SETTLEMENT_COLUMNS): CSV in UTF-8, Arabic headers and Arabic-Indic digits read, any other column ignored. A file
 * that cannot be read answers one message key (422 in the staff member's language), never a partial result.
 */
import { SETTLEMENT_COLUMNS } from '@store/contracts/admin-settlements';
import { AppError } from '../../lib/errors.ts';

export interface SettlementRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  tracking: string | null;
  reference: string | null;
  collectedPiastres: number;
  /** YYYY-MM-DD. */
  day: string;
}

const refuse = (key: string) => AppError.field('file', key);

/** CSV text → rows of cells: quoted cells may hold commas, line breaks and doubled quotes. */
export function csvRows(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw refuse('settlement_file_unreadable');
  if (cell !== '' || row.length) {
    row.push(cell);
    out.push(row);
  }
  return out.filter((r) => r.some((c) => c.trim() !== ''));
}

/** Arabic-Indic and Persian digits, the Arabic decimal and thousands marks → ASCII. */
const asciiDigits = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');

const headerKey = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');

/** EGP as written ("1,250.50", "EGP 300", "٣٠٠") → piastres; null when it is not an amount. */
export function readPiastres(raw: string): number | null {
  const s = asciiDigits(raw)
    .replace(/egp|ج\.?م\.?|جنيه/gi, '')
    .replace(/,/g, '')
    .trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const validDay = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 2000;
};
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD (an ISO time's date part), DD/MM/YYYY or DD-MM-YYYY → YYYY-MM-DD; null otherwise. */
export function readDay(raw: string): string | null {
  const s = asciiDigits(raw).trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
  }
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:\s.*)?$/.exec(s);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDay(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
  }
  return null;
}

/** The settlement file's bytes → its rows; throws a 422 AppError naming what is wrong, reading nothing partly. */
export function readSettlementFile(bytes: Uint8Array): SettlementRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('settlement_file_unreadable');
  }
  if (text.includes('\u0000')) throw refuse('settlement_file_unreadable');
  if (text.startsWith('\ufeff')) text = text.slice(1);
  const rows = csvRows(text);
  const [header, ...body] = rows;
  if (!header) throw refuse('settlement_file_empty');
  const keys = header.map(headerKey);
  const find = (names: readonly string[]) => {
    for (const n of names) {
      const at = keys.indexOf(headerKey(n));
      if (at >= 0) return at;
    }
    return -1;
  };
  const col = {
    tracking: find(SETTLEMENT_COLUMNS.tracking),
    reference: find(SETTLEMENT_COLUMNS.reference),
    collected: find(SETTLEMENT_COLUMNS.collected),
    date: find(SETTLEMENT_COLUMNS.date),
  };
  const missing: string[] = [];
  if (col.tracking < 0 && col.reference < 0)
    missing.push(`${SETTLEMENT_COLUMNS.tracking[0]} / ${SETTLEMENT_COLUMNS.reference[0]}`);
  if (col.collected < 0) missing.push(SETTLEMENT_COLUMNS.collected[0]);
  if (col.date < 0) missing.push(SETTLEMENT_COLUMNS.date[0]);
  if (missing.length) throw refuse(`settlement_columns_missing:${missing.join(', ')}`);
  if (!body.length) throw refuse('settlement_file_empty');
  const cell = (r: string[], at: number) => (at < 0 ? '' : asciiDigits(r[at] ?? '').trim());
  return body.map((r, i) => {
    const row = i + 2;
    const tracking = cell(r, col.tracking) || null;
    const reference = cell(r, col.reference) || null;
    const collectedPiastres = readPiastres(cell(r, col.collected));
    const day = readDay(cell(r, col.date));
    if (
      (!tracking && !reference) ||
      (tracking?.length ?? 0) > 60 ||
      (reference?.length ?? 0) > 80 ||
      collectedPiastres === null ||
      day === null
    )
      throw refuse(`settlement_row_invalid:${row}`);
    return { row, tracking, reference, collectedPiastres, day };
  });
}
