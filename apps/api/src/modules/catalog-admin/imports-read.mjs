// Reading the products file (issue 17): a CSV (RFC 4180: quoted cells with "" for a quote, commas and line breaks
// inside quotes, CRLF, LF or CR line ends, a UTF-8 BOM) or an XLSX file's first sheet, into rows of text cells,
// and rows back to CSV text (what an import job keeps).
//
// Every limit is counted while reading (issue 42, findings 3 and 12): an XLSX part's bytes as they are unpacked,
// whatever the ZIP's directory claims; rows and cells as they are parsed. Reading stops at the first one past its
// limit. It runs in a worker thread (imports-read-worker.mjs, started by imports-file.ts), so this file is plain
// JavaScript: it loads the same under tsx (npm start), vitest and plain node. imports-read.d.mts gives its types.
import { inflateRawSync } from 'node:zlib';

/** Why a whole file cannot be read: a message key of apiMessages (with its `:argument`). */
export class FileError extends Error {
  constructor(key) {
    super(key);
    this.key = key;
  }
}

const BOM = '\ufeff';

/** No limits: what the job runner uses on the CSV text it wrote itself. */
const NO_LIMITS = { maxRows: Infinity, maxCells: Infinity, maxUnpackedBytes: Infinity };

/** Counts a file's rows and cells as they are read; throws at the first one past its limit. */
class Tally {
  constructor(limits = NO_LIMITS) {
    this.maxRows = limits.maxRows;
    this.maxCells = limits.maxCells;
    this.cells = 0;
    this.filled = 0;
  }
  /** `n` more cells (a blank row counts one); throws past the limit before they are made. */
  cellsAhead(n) {
    if (this.cells + n > this.maxCells) throw new FileError(`import_too_many_cells:${this.maxCells}`);
  }
  /** A row was read: its cells count, and it counts as a row when one of its cells is not blank. */
  row(cells) {
    this.cells += Math.max(1, cells.length);
    if (this.cells > this.maxCells) throw new FileError(`import_too_many_cells:${this.maxCells}`);
    // The header and `maxRows` rows of products.
    if (!isBlankRow(cells) && ++this.filled > this.maxRows + 1)
      throw new FileError(`import_too_many_rows:${this.maxRows}`);
  }
}

/**
 * The file's text: UTF-8 (a BOM is dropped). A file that is not UTF-8 text (a spreadsheet saved in a legacy
 * encoding, a picture) is refused rather than read as garbage.
 */
export function decodeText(bytes) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FileError('import_file_unreadable');
  }
  if (text.includes('\u0000')) throw new FileError('import_file_unreadable');
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** True when every cell of the row is empty (a blank line, or a spreadsheet's empty row `,,,`). */
export const isBlankRow = (row) => row.every((c) => c.trim() === '');

/**
 * CSV text → rows of cells. A quote only opens a quoted cell at the cell's start; elsewhere it is an ordinary
 * character (what spreadsheets do with `5" screen`). An unclosed quote refuses the file, naming the row. With
 * `limits`, rows and cells are counted as they are read and reading stops past either limit.
 */
export function parseCsv(input, limits) {
  return Array.from(csvRows(input, limits));
}

/**
 * parseCsv's rows one at a time, for a reader that answers other requests between slices of them (an import job
 * reading its stored file: 50,000 rows take about 100 ms).
 */
export function* csvRows(input, limits) {
  const tally = new Tally(limits);
  const text = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  let rows = 0;
  let row = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  const endRow = () => {
    row.push(cell);
    tally.row(row);
    rows++;
    const done = row;
    row = [];
    cell = '';
    atCellStart = true;
    return done;
  };
  while (i < n) {
    const ch = text.charCodeAt(i);
    if (atCellStart && ch === 34 /* " */) {
      // A quoted cell: up to the quote that is not doubled.
      const startRow = rows + 1;
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
      // A row of a million commas stops here, not at its end.
      if ((row.length & 1023) === 0) tally.cellsAhead(row.length);
      cell = '';
      atCellStart = true;
      i++;
      continue;
    }
    if (ch === 10 || ch === 13) {
      i += ch === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      yield endRow();
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
  if (!atCellStart || cell !== '' || row.length) yield endRow();
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as CSV: quoted when it holds a comma, quote, line break or edge space. Text that a spreadsheet would
 * run as a formula (= + - @ first) gets a leading ' (readCell drops it again); numbers are written as they are.
 */
export function csvCell(value, isText = true) {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (isText && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells) => `${cells.join(',')}\r\n`;

/** Rows of cells as CSV text (what an import job keeps as its source). */
export const writeCsv = (rows) => rows.map((r) => csvLine(r.map((c) => csvCell(c, false)))).join('');

/* ------------------------------------------------------------------ XLSX */

/** True for a ZIP container (an XLSX file starts with one). */
export const isZip = (b) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;

const unreadable = () => new FileError('import_file_unreadable');
const tooMuch = () => new FileError('import_file_too_complex');

/**
 * The ZIP's entries by name, from its central directory: where each one's local header is, how it is packed and
 * its packed size. The unpacked sizes it claims are only used to refuse a file early: what counts is what
 * inflating gives (readEntry).
 */
function zipEntries(b, maxUnpackedBytes) {
  let end = -1;
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--)
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw unreadable();
  const count = b.readUInt16LE(end + 10);
  let p = b.readUInt32LE(end + 16);
  const entries = new Map();
  let claimed = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const nameLength = b.readUInt16LE(p + 28);
    const extraLength = b.readUInt16LE(p + 30);
    const entry = {
      flags: b.readUInt16LE(p + 8),
      method: b.readUInt16LE(p + 10),
      packed: b.readUInt32LE(p + 20),
      offset: b.readUInt32LE(p + 42),
    };
    let unpacked = b.readUInt32LE(p + 24);
    if (entry.packed === 0xffffffff || unpacked === 0xffffffff || entry.offset === 0xffffffff) {
      // ZIP64: the real values are in the extra field 0x0001, in this order, for the ones marked 0xffffffff.
      for (let x = p + 46 + nameLength; x + 4 <= p + 46 + nameLength + extraLength;) {
        const id = b.readUInt16LE(x);
        const size = b.readUInt16LE(x + 2);
        if (id === 1) {
          let f = x + 4;
          const next = () => {
            if (f + 8 > x + 4 + size) throw unreadable();
            const v = Number(b.readBigUInt64LE(f));
            f += 8;
            return v;
          };
          if (unpacked === 0xffffffff) unpacked = next();
          if (entry.packed === 0xffffffff) entry.packed = next();
          if (entry.offset === 0xffffffff) entry.offset = next();
        }
        x += 4 + size;
      }
    }
    claimed += unpacked;
    const name = b.toString('utf8', p + 46, p + 46 + nameLength);
    entries.set(name.replace(/^\//, ''), entry);
    p += 46 + nameLength + extraLength + b.readUInt16LE(p + 32);
  }
  // A file that says itself it unpacks past the limit is refused unread.
  if (claimed > maxUnpackedBytes) throw unreadable();
  return entries;
}

/**
 * One entry's bytes, unpacked from its local header on. Inflating stops as soon as the file's unpacked bytes so
 * far would pass the limit, whatever any header says the entry's size is.
 */
function readEntry(b, entry, budget) {
  const p = entry.offset;
  if (p + 30 > b.length || b.readUInt32LE(p) !== 0x04034b50) throw unreadable();
  if (entry.flags & 1) throw unreadable(); // encrypted
  const start = p + 30 + b.readUInt16LE(p + 26) + b.readUInt16LE(p + 28);
  if (start + entry.packed > b.length) throw unreadable();
  const packed = b.subarray(start, start + entry.packed);
  let out;
  if (entry.method === 0) out = packed;
  else if (entry.method === 8) {
    if (budget.left <= 0) throw tooMuch();
    try {
      out = inflateRawSync(packed, { maxOutputLength: budget.left });
    } catch (err) {
      if (err instanceof RangeError || err?.code === 'ERR_BUFFER_TOO_LARGE') throw tooMuch();
      throw unreadable();
    }
  } else throw unreadable();
  budget.left -= out.length;
  if (budget.left < 0) throw tooMuch();
  return out;
}

const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text → the text it stands for: entities, then the _xHHHH_ escapes of OOXML strings (ECMA-376 §22.9.2.19). */
function xmlText(s) {
  let out = s.includes('&')
    ? s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, e) => {
        if (e[0] !== '#') return XML_ENTITIES[e];
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : m;
      })
    : s;
  if (out.includes('_x'))
    out = out.replace(/_x([0-9a-fA-F]{4})_/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return out;
}

/** The attributes of a start tag's text (`name="value"` or `name='value'`), names without their prefix. */
function attributes(tag) {
  const out = {};
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out[m[1].replace(/^[\w.-]+:/, '')] = xmlText(m[2] ?? m[3]);
  return out;
}

/**
 * The `name` elements of an XML part, one at a time, each as its text (`<name ...>...</name>` or `<name .../>`),
 * decoded a megabyte at a time: an element never nests in itself here (row, si), so the part is never held whole
 * as text. An element longer than the window grows it (twice as much each time), searched on from where the last
 * search stopped.
 */
function* elements(bytes, name) {
  const open = new RegExp(`<((?:[\\w.-]+:)?)${name}(?=[\\s/>])`, 'g');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const STEP = 1 << 20;
  let step = STEP;
  let text = '';
  let at = 0;
  /** Drops text before `keep` and appends the next bytes; false at the part's end. */
  const more = (keep) => {
    if (at >= bytes.length) return false;
    const end = Math.min(bytes.length, at + step);
    try {
      text = text.slice(keep) + decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
    } catch {
      throw unreadable();
    }
    at = end;
    return true;
  };
  more(0);
  let pos = 0;
  for (;;) {
    open.lastIndex = pos;
    const m = open.exec(text);
    if (!m) {
      // Keep a tail that could be the start of a tag cut by the window.
      if (!more(Math.max(pos, text.length - name.length - 64))) return;
      pos = 0;
      continue;
    }
    const close = `</${m[1]}${name}>`;
    let start = m.index;
    let from = start;
    let end;
    for (;;) {
      const gt = text.indexOf('>', start);
      if (gt >= 0 && text[gt - 1] === '/') {
        end = gt + 1;
        break;
      }
      if (gt >= 0) {
        const c = text.indexOf(close, Math.max(gt, from));
        if (c >= 0) {
          end = c + close.length;
          break;
        }
      }
      from = Math.max(start, text.length - close.length);
      step = Math.min(step * 2, 1 << 26);
      if (!more(start)) throw unreadable();
      from -= start;
      start = 0;
    }
    step = STEP;
    yield text.slice(start, end);
    pos = end;
  }
}

/** An element `name` (with any prefix) and its content (group 1; undefined when it closes itself). */
const tagRe = (name, flags = '') =>
  new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])[^>]*?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>)`, flags);
const T_RE = tagRe('t', 'g');
const RPH_RE = tagRe('rPh', 'g');
const V_RE = tagRe('v');
const IS_RE = tagRe('is');
const C_RE = /<(?:[\w.-]+:)?c(?=[\s/>])([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c>)/g;

/** The text of a string item (<si>, <is>): its <t> runs, without the phonetic ones (<rPh>). */
function runText(xml) {
  const body = xml.includes('rPh') ? xml.replace(RPH_RE, '') : xml;
  let out = '';
  for (const m of body.matchAll(T_RE)) out += m[1] ?? '';
  return xmlText(out);
}

/** Excel's built-in number formats that show dates and times. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** True for a number format that shows a date or a time (once its quoted text, escapes and [colours] are out). */
function isDateFormat(code) {
  const bare = code
    .replace(/;@$/, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h\]|hh\]|m\]|mm\]|s\]|ss\])[^\]]*\]/gi, '')
    .toLowerCase();
  return /[dmyhs]/.test(bare.replace(/general/g, ''));
}

/** Which cell styles (their index, a cell's `s`) show dates. */
function dateStyles(xml) {
  const custom = new Map();
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?numFmt\s[^>]*>/g)) {
    const a = attributes(m[0]);
    custom.set(Number(a.numFmtId), a.formatCode ?? '');
  }
  const out = new Set();
  const xfs = /<(?:[\w.-]+:)?cellXfs[\s>][\s\S]*?<\/(?:[\w.-]+:)?cellXfs>/.exec(xml);
  if (!xfs) return out;
  let i = 0;
  for (const m of xfs[0].matchAll(/<(?:[\w.-]+:)?xf(?=[\s/>])[^>]*>/g)) {
    const id = Number(attributes(m[0]).numFmtId ?? 0);
    if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)))) out.add(i);
    i++;
  }
  return out;
}

/** A number as the text the CSV would have held. */
const numberText = (v) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15))));

/** A column's letters (A, AB, XFD) → its index from 0; -1 when they are not a column of a sheet. */
function columnIndex(ref) {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~32;
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return i === 0 || n > 16_384 ? -1 : n - 1;
}

/** Resolves a relationship's target against the part that names it. */
function partPath(base, target) {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** A part's relationships: [{ id, type, target }], targets resolved. */
function relationships(text, part) {
  return [...text.matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)].map((m) => {
    const a = attributes(m[0]);
    return { id: a.Id, type: a.Type ?? '', target: partPath(part, a.Target ?? '') };
  });
}

/**
 * An XLSX file's first sheet as rows of text cells, as the CSV would hold them: numbers as written, dates as ISO
 * text, booleans as true/false, a formula's last value. Rows keep their place in the sheet (a missing row is a
 * blank one), so a row's number is the spreadsheet's.
 */
export function readXlsxRows(bytes, limits = NO_LIMITS) {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const budget = { left: limits.maxUnpackedBytes };
  const entries = zipEntries(b, limits.maxUnpackedBytes);
  const lower = new Map([...entries].map(([k, v]) => [k.toLowerCase(), v]));
  const part = (name) => {
    const e = entries.get(name) ?? lower.get(name.toLowerCase());
    return e ? readEntry(b, e, budget) : null;
  };
  const partText = (name) => {
    const bytes = part(name);
    if (!bytes) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw unreadable();
    }
  };
  const rootRels = partText('_rels/.rels');
  const workbookPath =
    (rootRels && relationships(rootRels, '').find((r) => r.type.endsWith('/officeDocument'))?.target) ||
    'xl/workbook.xml';
  const workbook = partText(workbookPath);
  if (!workbook) throw unreadable();
  const slash = workbookPath.lastIndexOf('/');
  const relsPath = `${workbookPath.slice(0, slash + 1)}_rels/${workbookPath.slice(slash + 1)}.rels`;
  const rels = relationships(partText(relsPath) ?? '', workbookPath);
  const firstSheet = /<(?:[\w.-]+:)?sheet\s[^>]*>/.exec(workbook);
  const sheetId = firstSheet && attributes(firstSheet[0]).id;
  const sheetPath = rels.find((r) => r.id === sheetId)?.target;
  if (!sheetPath) throw unreadable();
  const epoch1904 = /<(?:[\w.-]+:)?workbookPr\s[^>]*date1904\s*=\s*["'](?:1|true)["']/.test(workbook);

  const stylesPath = rels.find((r) => r.type.endsWith('/styles'))?.target;
  const stylesText = stylesPath ? partText(stylesPath) : null;
  const dates = stylesText ? dateStyles(stylesText) : new Set();

  const strings = [];
  const stringsPath = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const stringsBytes = stringsPath ? part(stringsPath) : null;
  if (stringsBytes)
    for (const si of elements(stringsBytes, 'si')) {
      // More distinct texts than a file may have cells is not a products file.
      if (strings.length >= limits.maxCells) throw new FileError(`import_too_many_cells:${limits.maxCells}`);
      strings.push(runText(si));
    }

  const sheet = part(sheetPath);
  if (!sheet) throw unreadable();
  const tally = new Tally(limits);
  const rows = [];
  for (const rowXml of elements(sheet, 'row')) {
    const head = rowXml.slice(0, rowXml.indexOf('>') + 1);
    const r = attributes(head).r;
    const index = r === undefined ? rows.length : Number(r) - 1;
    if (!Number.isInteger(index) || index < rows.length || index > 1_048_575) throw unreadable();
    // Rows the sheet skips are blank ones, counted as such.
    tally.cellsAhead(index - rows.length);
    while (rows.length < index) {
      const blank = [];
      tally.row(blank);
      rows.push(blank);
    }
    const cells = [];
    for (const c of rowXml.matchAll(C_RE)) {
      const a = attributes(c[1]);
      const col = a.r === undefined ? cells.length : columnIndex(a.r);
      if (col < 0 || col < cells.length) throw unreadable();
      const body = c[2] ?? '';
      let value;
      if (a.t === 'inlineStr') {
        const is = IS_RE.exec(body);
        value = is ? runText(is[1] ?? '') : '';
      } else {
        const v = V_RE.exec(body);
        const raw = v ? xmlText(v[1] ?? '') : undefined;
        if (raw === undefined || raw === '') value = '';
        else if (a.t === 's') {
          value = strings[Number(raw)];
          if (value === undefined) throw unreadable();
        } else if (a.t === 'str' || a.t === 'e') value = raw;
        else if (a.t === 'b') value = raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
        else if (a.t === 'd') value = Number.isFinite(Date.parse(raw)) ? new Date(raw).toISOString() : raw;
        else {
          const num = Number(raw);
          if (!Number.isFinite(num)) value = raw;
          else if (a.s !== undefined && dates.has(Number(a.s))) {
            const ms = Math.round((num + (epoch1904 ? 1462 : 0) - 25_569) * 86_400_000);
            value = Number.isFinite(new Date(ms).getTime()) ? new Date(ms).toISOString() : numberText(num);
          } else value = numberText(num);
        }
      }
      if (value === '') continue;
      tally.cellsAhead(col + 1);
      while (cells.length < col) cells.push('');
      cells.push(value);
    }
    tally.row(cells);
    rows.push(cells);
  }
  return rows;
}

/* ------------------------------------------------------------------ the whole file */

/**
 * An uploaded file (CSV or XLSX, told by its content) → its header row, its text as CSV (what the job keeps) and
 * its number of products' rows. Blank lines above the header are dropped, so the header is row 1 as the job
 * reads it. FileError when it cannot be read or is past a limit; the header itself is checked by the caller.
 */
export function readImportRows(bytes, limits) {
  if (!bytes.length) throw new FileError('import_file_empty');
  let rows;
  let source = null;
  if (isZip(bytes)) rows = readXlsxRows(bytes, limits);
  else {
    source = decodeText(bytes);
    rows = parseCsv(source, limits);
  }
  const headerIndex = rows.findIndex((r) => !isBlankRow(r));
  if (headerIndex < 0) throw new FileError('import_file_empty');
  if (headerIndex > 0) {
    rows = rows.slice(headerIndex);
    source = null;
  }
  let total = 0;
  for (let i = 1; i < rows.length; i++) if (!isBlankRow(rows[i])) total++;
  return { header: rows[0], source: source ?? writeCsv(rows), total };
}
