/**
 * The products spreadsheet's format (packages/contracts/src/admin-imports.ts says it in words): the codecs of the
 * cells that hold more than one value (booleans, specifications, image addresses). Reading a CSV or an XLSX file
 * into rows of cells, and writing cells back as CSV, is imports-read.mjs's (plain JavaScript, run in a worker
 * thread by imports-file.ts), re-exported here.
 */
import {
  IMPORT_FALSE_WORDS,
  IMPORT_TRUE_WORDS,
  SPEC_PART_SEPARATOR,
  type SpecificationInput,
} from '@store/contracts';

export {
  csvCell,
  csvLine,
  csvRows,
  decodeText,
  FileError,
  isBlankRow,
  isZip,
  parseCsv,
  readImportRows,
  readXlsxRows,
  writeCsv,
  type ReadLimits,
} from './imports-read.mjs';

const FORMULA_START = /^[=+\-@\t\r]/;

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
    // A value may hold a bar of its own ("Xbox Series X|S"): the export writes the parts between " | ".
    let parts = line.split('|').map((p) => p.trim());
    if (parts.length > 4) parts = line.split(SPEC_PART_SEPARATOR).map((p) => p.trim());
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
