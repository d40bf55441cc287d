/**
 * An import's rows (issue 17): reading the uploaded file within its limits (readImportFile), its header, and each
 * data row planned against its product as it is now (planRow: added, changed or refused with its reasons, checked
 * with adminProductBodySchema, the editor's rules, after its columns are mapped). Nothing here writes; the jobs
 * that apply the plans are in imports-service.ts.
 */
import {
  adminProductBodySchema,
  apiMessages,
  IMPORT_COLUMNS,
  IMPORT_COLUMNS_TO_ADD,
  IMPORT_MAX_IMAGES,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  taxClassOf,
  toEgp,
  vatRatePercent,
  type AdminProductBody,
  type TaxClass,
  type ImportColumn,
  type ImportOutcome,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { allTogether, rows } from '../../db/rows.ts';
import {
  FileError,
  isBlankRow,
  parseFlag,
  parseImageUrls,
  parseSpecifications,
  readCell,
} from './imports-csv.ts';
import { importChanges, type RowChanges } from './imports-changes.ts';
import { DEFAULT_IMPORT_LIMITS, readInThread, type ImportLimits } from './imports-file.ts';
import {
  findBrand,
  findCategory,
  loadSnapshots,
  type Found,
  type Lookups,
  type ProductSnapshot,
} from './imports-lookups.ts';
import { checkVariant, readVariantRow, type VariantBook, type VariantRow } from './imports-variants.ts';

export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

const num = (v: unknown) => Number(v);

/* ------------------------------------------------------------------ the file */

/** A file's header: which column is where. */
export type Header = Partial<Record<ImportColumn, number>>;

/** The header row → column positions; 422 for unknown or repeated columns, or a file that cannot add. */
export function readHeader(cells: string[]): Header {
  const header: Header = {};
  const unknown: string[] = [];
  const repeated: string[] = [];
  cells.forEach((raw, i) => {
    const name = raw
      .replace(/^\ufeff/, '')
      .trim()
      .toLowerCase();
    if (!name) return;
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) unknown.push(raw.trim());
    else if (header[name as ImportColumn] !== undefined) repeated.push(name);
    else header[name as ImportColumn] = i;
  });
  if (unknown.length) throw new FileError(`import_unknown_columns:${unknown.join(', ')}`);
  if (repeated.length) throw new FileError(`import_duplicate_columns:${repeated.join(', ')}`);
  if (header.id === undefined) {
    const missing = IMPORT_COLUMNS_TO_ADD.filter((c) => header[c] === undefined);
    if (missing.length) throw new FileError(`import_missing_columns:${missing.join(', ')}`);
  }
  return header;
}

/** A data row of the file: its number in the spreadsheet (header = 1) and its cells. */
export interface DataRow {
  rowNumber: number;
  cells: string[];
}

export function dataRows(rows: string[][]): DataRow[] {
  const out: DataRow[] = [];
  for (let i = 1; i < rows.length; i++)
    if (!isBlankRow(rows[i]!)) out.push({ rowNumber: i + 1, cells: rows[i]! });
  return out;
}

export interface ReadFile {
  /** The file as CSV text, gzipped: what the job keeps (`unpackSource` reads it). */
  packed: Buffer;
  total: number;
}

/**
 * An uploaded file (CSV or XLSX, told by its content) → the job's source, read in a worker thread within `limits`
 * (imports-file.ts); FileError when it cannot be imported, 503 while another file is being read.
 */
export async function readImportFile(
  bytes: Buffer,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<ReadFile> {
  if (!bytes.length) throw new FileError('import_file_empty');
  if (bytes.length > IMPORT_MAX_BYTES) throw new FileError(`import_file_too_large:${IMPORT_MAX_MB}`);
  const read = await readInThread(bytes, limits);
  readHeader(read.header);
  if (!read.total) throw new FileError('import_file_empty');
  if (read.total > IMPORT_MAX_ROWS) throw new FileError(`import_too_many_rows:${IMPORT_MAX_ROWS}`);
  return {
    packed: Buffer.from(read.packed.buffer, read.packed.byteOffset, read.packed.length),
    total: read.total,
  };
}

/* ------------------------------------------------------------------ one row */

/** What one row does or would do. */
export interface Plan {
  rowNumber: number;
  outcome: ImportOutcome;
  productId: number | null;
  reasons: Record<string, string[]>;
  body?: AdminProductBody;
  /** The images to set (undefined: leave them as they are). */
  images?: string[];
  /** A change of what the file holds, stock aside: the product's edited_at moves (a row equal to it does not). */
  edited?: boolean;
  /** A row equal to its product, stock included: nothing is written (its updated_at stays the export's). */
  same?: boolean;
  /** A changed row's fields that differ from its product's (imports-changes.ts). */
  changes?: RowChanges;
  /** A row that adds (or, by its SKU, changes) a variant of a product (imports-variants.ts). */
  variant?: VariantRow;
  /** A row that changes a variant by its id: its product, which then follows its variants' prices. */
  variantOf?: number | null;
  /**
   * A real run: the product's stock as read with its row locked in the batch's transaction, or read before it and
   * checked unchanged there (readVersions).
   */
  lockedStock?: number;
}

/** The schema's field → the file's column. */
export const COLUMN_OF: Record<string, string> = {
  category_id: 'category',
  brand_id: 'brand',
  promotion_id: 'promotion',
};

/** Arabic-Indic and Persian digits as Latin ones (a price typed on an Arabic keyboard). */
const latinDigits = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');

export interface PlanContext {
  header: Header;
  lookups: Lookups;
  current: Map<number, ProductSnapshot>;
  /** The first row that names each product id: a later row for the same product is refused. */
  firstRowOf: Map<number, number>;
  /** By product, the stock moved (sold, returned, counted) since the row's export (its updated_at). */
  movedSince: Map<number, number>;
  /** What the file adds, for its variant rows. */
  variants: VariantBook;
  /** By row number, the product a row without id changes: the one product (not a variant) with its SKU. */
  bySku: Map<number, number>;
}

/** What a job knows before it reads a batch's products. */
export type PlanBase = Omit<PlanContext, 'current' | 'movedSince' | 'bySku'>;

/**
 * The export's updated_at of a product, as the export writes it (ISO time to the millisecond, in UTC); null when
 * it is anything else (a spreadsheet that rewrote it as its own date would lose the milliseconds that tell a sale
 * made in the same second).
 */
export function parseStamp(raw: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(raw)) return null;
  const at = new Date(raw);
  return Number.isFinite(at.getTime()) && at.toISOString() === raw ? at : null;
}

/** The row's export time (its `updated_at` cell): null when it has none, undefined when it is not one. */
function rowStamp(header: Header, cells: string[]): Date | null | undefined {
  if (header.updated_at === undefined) return null;
  const raw = readCell(cells[header.updated_at]);
  return raw ? (parseStamp(raw) ?? undefined) : null;
}

/** A time as the shop reads it (Cairo), for a message: 2026-11-28 14:05. */
const shopTime = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');

/**
 * By product, the sum of its stock movements after the export read it (after the file's updated_at): what was
 * sold, returned or counted since. Every stock movement moves updated_at to its own time, so the export's
 * updated_at is at or after every movement the file's stock already holds.
 */
async function stockMovedSince(db: DbOrTx, header: Header, batch: DataRow[]): Promise<Map<number, number>> {
  const list = batch.flatMap((r) => {
    const id = rowId(header, r.cells);
    const at = rowStamp(header, r.cells);
    return typeof id === 'number' && at ? [sql`(${id}::int, ${at.toISOString()}::timestamptz)`] : [];
  });
  if (!list.length) return new Map();
  const moved = await rows<{ id: number; delta: number | string }>(
    db,
    sql`select v.id, coalesce(sum(m.delta), 0) as delta
      from (values ${sql.join(list, sql`, `)}) as v(id, exported_at)
      left join stock_movements m on m.product_id = v.id and m.created_at > v.exported_at
      group by v.id`,
  );
  return new Map(moved.map((m) => [num(m.id), num(m.delta)]));
}

/** Rows checked between two turns of the server's other requests. */
const PLAN_SLICE = 50;
const yieldToRequests = () => new Promise<void>((r) => setImmediate(r));
/** How long a stretch of `inSlices` holds the server's thread. */
const SLICE_MS = 8;

/**
 * `each` of `items`, with the server's other requests answered between stretches of about SLICE_MS: a job reading
 * its stored file of 50,000 rows held the thread 250–480 ms at once (every shopper's request waited).
 */
export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void): Promise<void> {
  let started = performance.now();
  let n = 0;
  for (const item of items) {
    each(item);
    if ((++n & 127) === 0 && performance.now() - started > SLICE_MS) {
      await yieldToRequests();
      started = performance.now();
    }
  }
}

/**
 * A row without id whose SKU (any letter case) is already exactly one product's, not a variant's, changes that
 * product (issue 49 follow-up: the same file of new products imported twice does not add every product twice).
 * Only the file's first row of a SKU (fileSkuRow: rows without id that add a product, not a variant) is matched.
 * By row number, the product's id; read from products_sku_idx.
 */
async function productsBySku(db: DbOrTx, base: PlanBase, batch: DataRow[]) {
  const { header, variants } = base;
  const out = new Map<number, number>();
  if (header.sku === undefined) return out;
  const wanted = new Map<string, number[]>();
  for (const r of batch) {
    const sku = readCell(r.cells[header.sku]);
    if (!sku || rowId(header, r.cells) !== null || variants.fileSkuRow.get(sku) !== r.rowNumber) continue;
    const key = sku.toLowerCase();
    wanted.set(key, [...(wanted.get(key) ?? []), r.rowNumber]);
  }
  if (!wanted.size) return out;
  const found = await rows<{ k: string; id: number; n: number | string; variant: boolean }>(
    db,
    sql`select lower(sku) as k, min(id) as id, count(*) as n, bool_or(variant_of is not null) as variant
      from products where lower(sku) in ${[...wanted.keys()]} group by 1`,
  );
  for (const f of found)
    if (num(f.n) === 1 && !f.variant) for (const row of wanted.get(f.k) ?? []) out.set(row, num(f.id));
  return out;
}

/** Plans a batch's rows against their products as they are now (locked, for a real run). */
export async function planBatch(
  db: DbOrTx,
  base: PlanBase,
  batch: DataRow[],
  lock: boolean,
  /**
   * Whether the rows are checked in slices with the server's other requests answered between them. Not inside a
   * transaction on the embedded database: that would hold the one connection those requests' reads wait for.
   */
  slices = true,
  /**
   * A real run planned before its transaction (the embedded database, imports-service.ts): filled with each product's
   * row version as read, which the transaction checks before it writes (in place of the lock).
   */
  readVersions?: Map<number, string>,
): Promise<Plan[]> {
  const bySku = await productsBySku(db, base, batch);
  const ids = [
    ...batch.map((r) => rowId(base.header, r.cells)).filter((x): x is number => typeof x === 'number'),
    ...bySku.values(),
  ];
  // The products (locked in a real run), their specifications and pictures, and the stock moved since the rows'
  // export, asked in one go.
  const [current, movedSince] = await allTogether(db, [
    async () =>
      ids.length
        ? loadSnapshots(db, sql`p.id in ${ids}`, ids.length, lock, ids)
        : new Map<number, ProductSnapshot>(),
    () => stockMovedSince(db, base.header, batch),
  ]);
  // Each row is checked against the editor's schema (about a tenth of a millisecond): a batch's 250 rows are
  // checked in slices between which the server's thread answers the requests waiting (issue 50 item 1).
  const plans: Plan[] = [];
  const context = { ...base, current, movedSince, bySku };
  for (const r of batch) {
    if (slices && plans.length && plans.length % PLAN_SLICE === 0) await yieldToRequests();
    plans.push(planRow(context, r));
  }
  if (lock || readVersions) {
    for (const p of plans) {
      const locked = p.productId === null ? undefined : current.get(p.productId);
      if (locked) p.lockedStock = locked.stock;
    }
    if (readVersions) for (const c of current.values()) readVersions.set(c.id, c.rowVersion);
    return plans; // a real run places its variant rows as it writes them (imports-service.ts)
  }
  // A dry run: each variant row against its product as the rows before it would leave it.
  for (const p of plans) {
    if (p.variant && p.outcome === 'added')
      Object.assign(p, await checkVariant(db, base.variants, p.variant, p.rowNumber));
    else if (p.outcome === 'added' && p.body?.sku && !base.variants.added.has(p.body.sku))
      base.variants.added.set(p.body.sku, { row: p.rowNumber, id: null });
  }
  return plans;
}

const PLAIN_ID = /^\d{1,9}$/;

/** The row's product id, or null for a new product; undefined when the cell is not a product number. */
export function rowId(header: Header, cells: string[]): number | null | undefined {
  if (header.id === undefined) return null;
  const cell = cells[header.id] ?? '';
  // Nearly every id is plain digits, read at once (a job reads every row's when it starts: 50,000 rows took
  // 100–145 ms through the general path below).
  if (PLAIN_ID.test(cell)) return Number(cell) > 0 ? Number(cell) : undefined;
  const raw = latinDigits(readCell(cell)).replace(/^#/, '');
  if (!raw) return null;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** Words a file may write for the two classes, in either language. */
const STANDARD_WORDS = ['standard', 'قياسي', 'عادي', '14', '14%'];
const EXEMPT_WORDS = ['exempt', 'معفي', 'معفى', '0', '0%'];

/** A tax_class cell: standard, exempt, or another rate in percent ("5", "5%"), checked by the editor's schema. */
function parseTaxClass(raw: string): { tax_class: TaxClass; vat_rate: string | null } | 'invalid' {
  const v = raw.trim().toLowerCase();
  if (STANDARD_WORDS.includes(v)) return { tax_class: 'standard', vat_rate: null };
  if (EXEMPT_WORDS.includes(v)) return { tax_class: 'exempt', vat_rate: null };
  const rate = vatRatePercent.safeParse(v.replace('%', '').trim());
  return rate.success ? { tax_class: 'other', vat_rate: String(rate.data) } : 'invalid';
}

/** The whole-number fields and their least value (adminProductFieldsSchema: wholeNumber(0, …), wholeNumber(1, …)). */
const WHOLE_FROM: Record<string, number> = { stock: 0, maximum_number_per_order: 1 };

const isMessageKey = (m: string) => m.split(':', 1)[0]! in apiMessages;

/**
 * A schema issue of a row → the message key its reason says (issue 43 item 17): a rule the staff member can act on
 * ("must be a whole number, 0 or more"), never zod's own English ("Invalid input").
 */
function issueKey(issue: z.core.$ZodIssue, input: Record<string, unknown>): string {
  const field = String(issue.path[0] ?? 'row');
  const message = issue.message;
  // specifications.2.key_ar: one part of the cell's third specification.
  if (field === 'specifications' && issue.path.length >= 3) {
    const n = Number(issue.path[1]) + 1;
    if (message === 'required') return `import_spec_part_empty:${n}`;
    if (message.startsWith('too_long')) return `import_spec_part_too_long:${n}`;
  }
  if (issue.code === 'invalid_type' || (issue.path.length === 1 && input[field] === undefined))
    return 'required';
  const from = WHOLE_FROM[field];
  if (
    from !== undefined &&
    (issue.code === 'invalid_union' ||
      message === 'must_be_whole_number' ||
      message.startsWith('must_be_at_least'))
  )
    return `must_be_whole_number_from:${from}`;
  if (issue.code === 'invalid_union') {
    // The branch of the right type says what is wrong (a text that is not digits).
    for (const branch of issue.errors)
      for (const i of branch) if (i.code !== 'invalid_type' && isMessageKey(i.message)) return i.message;
    return 'invalid_value';
  }
  return isMessageKey(message) ? message : 'invalid_value';
}

/** Maps one row's cells onto the editor's fields (a missing column keeps the product's value) and checks them. */
export function planRow(ctx: PlanContext, row: DataRow): Plan {
  const { header, lookups: lk } = ctx;
  const reasons: Record<string, string[]> = {};
  const refuse = (field: string, key: string) => (reasons[field] ??= []).push(key);
  const has = (c: ImportColumn) => header[c] !== undefined;
  const cell = (c: ImportColumn) => readCell(row.cells[header[c]!]);

  const id = rowId(header, row.cells);
  let current: ProductSnapshot | undefined;
  if (id === undefined) refuse('id', 'must_be_whole_number');
  else if (id !== null) {
    current = ctx.current.get(id);
    const first = ctx.firstRowOf.get(id);
    if (!current) refuse('id', 'product_not_found');
    else if (first !== undefined && first !== row.rowNumber) refuse('id', `import_duplicate_id:${first}`);
  }
  // A row whose product cannot be told says only that: its other cells cannot be judged without it.
  if (reasons.id) return { rowNumber: row.rowNumber, outcome: 'refused', productId: null, reasons };
  // A new row naming a product (variant_of) adds a variant of it (issue 49): placed when it is written.
  const variant = id === null ? readVariantRow((c) => (has(c) ? cell(c) : undefined)) : undefined;
  if (variant && 'reasons' in variant)
    return { rowNumber: row.rowNumber, outcome: 'refused', productId: null, reasons: variant.reasons };
  if (variant)
    return {
      rowNumber: row.rowNumber,
      outcome: 'added',
      productId: null,
      reasons: {},
      variant: variant.variant,
    };
  // A new product's row whose SKU is already one product's changes it, as a row naming its id would.
  const bySku = id === null ? ctx.bySku.get(row.rowNumber) : undefined;
  if (bySku !== undefined) {
    current = ctx.current.get(bySku);
    const first = ctx.firstRowOf.get(bySku);
    if (current && first !== undefined)
      return {
        rowNumber: row.rowNumber,
        outcome: 'refused',
        productId: bySku,
        reasons: { sku: [`import_duplicate_id:${first}`] },
      };
  }
  const base = (c: ImportColumn): boolean => !has(c) && current !== undefined;
  // When the export read this product (its updated_at then): what the row's changes are measured from.
  const exportedAt = current ? rowStamp(header, row.cells) : null;
  if (exportedAt === undefined) refuse('updated_at', 'import_updated_at_invalid');

  const text = (c: ImportColumn, now: string | null | undefined) =>
    base(c) ? now : has(c) ? cell(c) : undefined;
  const input: Record<string, unknown> = {
    title_en: text('title_en', current?.titleEn),
    title_ar: text('title_ar', current?.titleAr),
    description_en: text('description_en', current?.descriptionEn),
    description_ar: text('description_ar', current?.descriptionAr),
    model: text('model', current?.model),
    series: text('series', current?.series),
    // Matched by its SKU in another letter case: the product keeps its own spelling of it.
    sku: bySku !== undefined && current ? current.sku : text('sku', current?.sku),
  };

  const lookup = (c: 'category' | 'brand', now: number | undefined, find: (s: string) => Found) => {
    if (base(c)) return now;
    if (!has(c)) return undefined; // the schema says it is required
    const f = find(cell(c));
    if ('error' in f) {
      refuse(c, f.error);
      return 1; // a placeholder, so the schema only speaks of the other fields
    }
    return f.id;
  };
  input.category_id = lookup('category', current?.categoryId, (s) => findCategory(lk, s));
  input.brand_id = lookup('brand', current?.brandId, (s) => findBrand(lk, s));

  if (base('promotion')) input.promotion_id = current!.promotionId;
  else if (has('promotion') && cell('promotion')) {
    const pid = lk.promotionsBySlug.get(cell('promotion').toLowerCase());
    if (pid === undefined) refuse('promotion', 'promotion_not_found');
    input.promotion_id = pid ?? null;
  } else input.promotion_id = null;

  const egp = (p: number | null | undefined) => (p === null || p === undefined ? p : toEgp(p));
  const amount = (c: ImportColumn, now: number | null | undefined) =>
    base(c) ? egp(now) : has(c) && cell(c) ? latinDigits(cell(c)) : has(c) ? null : undefined;
  input.price = amount('price', current?.pricePiastres) ?? undefined;
  input.price_after_promotion = amount('price_after_promotion', current?.promotedPricePiastres);
  // A file that takes a product out of its promotion without a price_after_promotion column ends its price too.
  if (!has('price_after_promotion') && input.promotion_id === null) input.price_after_promotion = null;

  const whole = (c: ImportColumn, now: number | null | undefined) =>
    base(c) ? now : has(c) && cell(c) ? latinDigits(cell(c)) : undefined;
  input.stock = whole('stock', current?.stock) ?? (current ? current.stock : 0);
  input.maximum_number_per_order = whole('maximum_number_per_order', current?.maximumPerOrder) ?? null;

  // The tax class (issue 47): standard, exempt, or another rate in percent; empty keeps the product's (new: standard).
  const tax = has('tax_class') && cell('tax_class') ? parseTaxClass(latinDigits(cell('tax_class'))) : null;
  if (tax === 'invalid') refuse('tax_class', 'import_tax_class_invalid');
  else if (tax) Object.assign(input, tax);
  else if (current)
    Object.assign(input, {
      tax_class: taxClassOf(current.vatRateBp),
      vat_rate: taxClassOf(current.vatRateBp) === 'other' ? current.vatRateBp / 100 : null,
    });

  const flag = (c: ImportColumn, now: boolean | undefined) => {
    if (!has(c)) return now;
    const v = parseFlag(cell(c));
    if (v === 'invalid') {
      refuse(c, 'import_boolean_invalid');
      return undefined;
    }
    return v ?? now; // empty: the product's value, or the default for a new one
  };
  input.featured = flag('featured', current?.featured);
  input.special_offer = flag('special_offer', current?.specialOffer);
  input.active = flag('active', current?.active);

  if (base('specifications')) input.specifications = current!.specifications;
  else if (has('specifications')) {
    const specs = parseSpecifications(row.cells[header.specifications!] ?? '');
    if (specs === null) refuse('specifications', 'spec_row_invalid');
    input.specifications = specs ?? [];
  }

  let images: string[] | undefined;
  if (has('image_urls') && cell('image_urls')) {
    const urls = parseImageUrls(cell('image_urls'));
    if (urls === null) refuse('image_urls', 'image_url_invalid');
    else if (urls.length > IMPORT_MAX_IMAGES) refuse('image_urls', `too_many:${IMPORT_MAX_IMAGES}`);
    else images = urls;
  }

  const parsed = adminProductBodySchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      const column = COLUMN_OF[field] ?? field;
      // One message per column: the file's own reason (an unknown category) says it better than the schema.
      if (reasons[column]) continue;
      refuse(column, issueKey(issue, input));
    }
  if (Object.keys(reasons).length || !parsed.success)
    return { rowNumber: row.rowNumber, outcome: 'refused', productId: current?.id ?? id ?? null, reasons };
  if (images && current && images.join(' ') === current.imageUrls.join(' ')) images = undefined;
  const body = parsed.data;
  // A product sold in variants (decision 034): its price and stock are its variants', imported on their own rows.
  if (current?.hasVariants) {
    body.stock = current.stock;
    body.price = toEgp(current.pricePiastres);
    body.promotion_id = current.promotionId;
    body.price_after_promotion =
      current.promotedPricePiastres === null ? null : toEgp(current.promotedPricePiastres);
  }
  const changes = current ? importChanges(body, images, current, lk) : undefined;
  const edited = changes ? Object.keys(changes).length > 0 : true;
  if (current && exportedAt) {
    // Someone changed the product since the export (another staff member, another import): the row would put
    // their change back, so it is refused whole. A row that changes nothing of it goes on (its stock, below).
    if (edited && current.editedAt && current.editedAt > exportedAt)
      return {
        rowNumber: row.rowNumber,
        outcome: 'refused',
        productId: current.id,
        reasons: { updated_at: [`import_product_changed:${shopTime(current.editedAt)}`] },
      };
    // The file's stock is read as a change from the stock the export wrote, made to the stock as it is now:
    // what was sold (or returned) since stays sold. Left as exported, the stock is not touched. Never below 0.
    if (has('stock') && cell('stock') && !current.hasVariants) {
      const atExport = current.stock - (ctx.movedSince.get(current.id) ?? 0);
      body.stock =
        body.stock === atExport ? current.stock : Math.max(0, current.stock + body.stock - atExport);
    }
  }
  // A row equal to its product (an export's row left as it is) is unchanged: the preview shows only real changes.
  const same = current !== undefined && !edited && body.stock === current.stock;
  if (changes && current && body.stock !== current.stock) changes.stock = [current.stock, body.stock];
  return {
    rowNumber: row.rowNumber,
    outcome: current ? (same ? 'unchanged' : 'changed') : 'added',
    variantOf: current?.variantOf ?? null,
    productId: current ? current.id : null,
    reasons: {},
    body,
    images,
    edited,
    same,
    changes,
  };
}
