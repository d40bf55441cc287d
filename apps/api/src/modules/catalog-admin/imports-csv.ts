/**
 * The products spreadsheet's format (packages/contracts/src/admin-imports.ts says it in words): reading a CSV
 * (RFC 4180: quoted cells with "" for a quote, commas and line breaks inside quotes, CRLF, LF or CR line ends,
 * a UTF-8 BOM) or an XLSX file's first sheet into rows of cells, and writing cells back as CSV, plus the codecs of
 * the cells that hold more than one value (booleans, specifications, image addresses).
 */
import {
  IMPORT_FALSE_WORDS,
  IMPORT_TRUE_WORDS,
  SPEC_PART_SEPARATOR,
  type SpecificationInput,
} from '@store/contracts';

/** Why a whole file cannot be read: a message key of apiMessages (with its `:argument`). */
export class FileError extends Error {
  constructor(public readonly key: string) {
    super(key);
  }
}

const BOM = '\ufeff';

/**
 * The file's text: UTF-8 (a BOM is dropped). A file that is not UTF-8 text (a spreadsheet saved in a legacy
 * encoding, a picture) is refused rather than read as garbage.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FileError('import_file_unreadable');
  }
  if (text.includes('\u0000')) throw new FileError('import_file_unreadable');
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/**
 * CSV text → rows of cells. A quote only opens a quoted cell at the cell's start; elsewhere it is an ordinary
 * character (what spreadsheets do with `5" screen`). An unclosed quote refuses the file, naming the row.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n) {
    const ch = text.charCodeAt(i);
    if (atCellStart && ch === 34 /* " */) {
      // A quoted cell: up to the quote that is not doubled.
      const startRow = rows.length + 1;
      i++;
      let start = i;
      let closed = false;
      while (i < n) {
        const q = text.indexOf('"', i);
        if (q < 0) break;
        if (text.charCodeAt(q + 1) === 34) {
          cell += text.slice(start, q + 1);
          i = q + 2;
          start = i;
          continue;
        }
        cell += text.slice(start, q);
        i = q + 1;
        closed = true;
        break;
      }
      if (!closed) throw new FileError(`import_unclosed_quote:${startRow}`);
      atCellStart = false;
      continue;
    }
    if (ch === 44 /* , */) {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
      continue;
    }
    if (ch === 10 || ch === 13) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    // A run of ordinary characters at once.
    let j = i + 1;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 44 || c === 10 || c === 13) break;
      j++;
    }
    cell += text.slice(i, j);
    atCellStart = false;
    i = j;
  }
  if (!atCellStart || cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** True when every cell of the row is empty (a blank line, or a spreadsheet's empty row `,,,`). */
export const isBlankRow = (row: string[]) => row.every((c) => c.trim() === '');

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as CSV: quoted when it holds a comma, quote, line break or edge space. Text that a spreadsheet would
 * run as a formula (= + - @ first) gets a leading ' (readCell drops it again); numbers are written as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined, isText = true): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (isText && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

/** A text cell as imported: trimmed, and the ' that guarded a formula-looking text dropped. */
export function readCell(raw: string | undefined): string {
  const s = (raw ?? '').trim();
  return s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

/** true, false, or undefined for an empty cell; 'invalid' for anything else. */
export function parseFlag(raw: string): boolean | undefined | 'invalid' {
  const s = raw.trim().toLowerCase();
  if (!s) return undefined;
  if ((IMPORT_TRUE_WORDS as readonly string[]).includes(s)) return true;
  if ((IMPORT_FALSE_WORDS as readonly string[]).includes(s)) return false;
  return 'invalid';
}

/** "key_en | key_ar | value_en | value_ar" rows, split on line breaks or " ; "; null when a row is not 4 parts. */
export function parseSpecifications(raw: string): SpecificationInput[] | null {
  const out: SpecificationInput[] = [];
  for (const line of raw.split(/\r\n|\r|\n| ; /)) {
    if (!line.trim()) continue;
    const parts = line.split('|').map((p) => p.trim());
    if (parts.length !== 4) return null;
    const [keyEn, keyAr, valueEn, valueAr] = parts as [string, string, string, string];
    out.push({ key_en: keyEn, key_ar: keyAr, value_en: valueEn, value_ar: valueAr });
  }
  return out;
}

export const writeSpecifications = (specs: SpecificationInput[]) =>
  specs.map((s) => [s.key_en, s.key_ar, s.value_en, s.value_ar].join(SPEC_PART_SEPARATOR)).join('\n');

const isImageUrl = (u: string) => {
  if (u.startsWith('/uploads/')) return !u.includes('..') && !u.includes('\\');
  if (!u.startsWith('https://')) return false;
  try {
    return new URL(u).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Space-separated addresses; null when one is neither an /uploads/ path nor an https URL. */
export function parseImageUrls(raw: string): string[] | null {
  const urls = raw.split(/\s+/).filter(Boolean);
  return urls.every(isImageUrl) ? urls : null;
}

/** A spreadsheet cell's value as the text the CSV would have held. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  return String(v);
}

/** True for a ZIP container (an XLSX file starts with one). */
export const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;

/** What a spreadsheet may unpack to: past this it is refused unread (a small file that unpacks to gigabytes). */
export const XLSX_MAX_UNPACKED_BYTES = 400 * 1024 * 1024;

/** The sum of a ZIP's entries' unpacked sizes, from its central directory; null when there is none to read. */
export function zipUnpackedSize(b: Buffer): number | null {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = b.readUInt16LE(i + 10);
    let p = b.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return null;
      const size = b.readUInt32LE(p + 24);
      // ZIP64 entries (0xffffffff) are past any sheet this store reads.
      total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size;
      p += 46 + b.readUInt16LE(p + 28) + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    }
    return total;
  }
  return null;
}

/** An XLSX file's first sheet as rows of text cells. */
export async function readXlsxRows(bytes: Buffer): Promise<string[][]> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === null || unpacked > XLSX_MAX_UNPACKED_BYTES) throw new FileError('import_file_unreadable');
  const { readSheet } = await import('read-excel-file/node');
  let rows: unknown[][];
  try {
    rows = (await readSheet(bytes, 1)) as unknown[][];
  } catch {
    throw new FileError('import_file_unreadable');
  }
  return rows.map((r) => r.map(cellText));
}

/** Rows of cells as CSV text (what an import job keeps as its source). */
export const writeCsv = (rows: string[][]) =>
  rows.map((r) => csvLine(r.map((c) => csvCell(c, false)))).join('');
