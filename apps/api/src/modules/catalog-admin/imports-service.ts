/**
 * The products spreadsheet import and export (issue 17). The format is in packages/contracts/src/admin-imports.ts;
 * reading and writing cells in imports-csv.ts.
 *
 * An upload is read at once, in a worker thread within limits (imports-file.ts; an unreadable file, one past a
 * limit or a wrong header answers 422 and makes no job); the job keeps the file as CSV text and runs in the
 * background, from any instance: a runner claims a queued job, or one whose
 * lease ran out (its instance died), with FOR UPDATE SKIP LOCKED and a lease (claimed_until), and renews the lease
 * with every batch. A batch's rows, its import_rows and the job's progress are one transaction, and the update of
 * the job only succeeds while this runner still holds its lease, so a batch is done exactly once even when a job
 * is taken over. Each row is checked with adminProductBodySchema, the editor's rules, after its columns are mapped
 * (categories, brands and promotions are looked up once per job); a dry run records what would happen and writes
 * no product. A real run writes a batch's new rows with insertProducts and its changed rows with updateProducts (a
 * few statements for the whole batch); if one row fails after all, the batch is rolled back and run again row by
 * row (insertProduct / updateProduct) with a savepoint per row, so a row is never half applied and the good rows
 * still go in.
 *
 * An export imported back (issue 42 finding 6): each row carries its product's updated_at as the export read it.
 * A row that would change a product a staff member changed since (products.edited_at; sales do not count) is
 * refused; the row's stock is a change from the exported stock, made to the stock as it is now (the movements
 * since are summed from stock_movements), so what sold since stays sold. A dry run is run for real once
 * (runCheckedImport, import_jobs.checked_job_id unique; finding 7).
 */
import {
  adminProductBodySchema,
  apiMessages,
  CATEGORY_PATH_SEPARATOR,
  IMPORT_COLUMNS,
  IMPORT_COLUMNS_TO_ADD,
  IMPORT_MAX_IMAGES,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  normalizeSearchText,
  toEgp,
  toPiastres,
  type AdminImport,
  type AdminImportQuery,
  type AdminProductBody,
  type AdminProductsQuery,
  type ImportColumn,
  type ImportOutcome,
  type ImportStatus,
  type Locale,
  type SpecificationInput,
} from '@store/contracts';
import { importReason } from '@store/contracts/import-messages';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { importJobs } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { classifyDatabaseError } from '../../lib/db-errors.ts';
import { AppError, translate } from '../../lib/errors.ts';
import { describeError } from '../../lib/logging.ts';
import { audit, type CurrentStaff } from '../staff/index.ts';
import {
  csvCell,
  csvLine,
  FileError,
  isBlankRow,
  parseCsv,
  parseFlag,
  parseImageUrls,
  parseSpecifications,
  readCell,
  writeSpecifications,
} from './imports-csv.ts';
import { DEFAULT_IMPORT_LIMITS, readInThread, type ImportLimits } from './imports-file.ts';
import { adminProductsWhere, insertProduct, insertProducts, updateProduct, updateProducts } from './index.ts';
import { recordStaffAlert } from '../../lib/staff-alerts.ts';

/** Rows per transaction of a real run (progress is saved with each), and per batch of a dry run. */
const APPLY_BATCH = 250;
const CHECK_BATCH = 500;
/** How long a claimed job is this runner's before another instance may take it over; renewed every batch. */
export const IMPORT_LEASE_SECONDS = 60;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown) => Number(v);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

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
interface DataRow {
  rowNumber: number;
  cells: string[];
}

function dataRows(rows: string[][]): DataRow[] {
  const out: DataRow[] = [];
  for (let i = 1; i < rows.length; i++)
    if (!isBlankRow(rows[i]!)) out.push({ rowNumber: i + 1, cells: rows[i]! });
  return out;
}

export interface ReadFile {
  /** The file as CSV text: what the job keeps. */
  source: string;
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
  return { source: read.source, total: read.total };
}

/* ------------------------------------------------------------------ names → ids */

interface CategoryNode {
  id: number;
  parentId: number | null;
  nameEn: string;
  nameAr: string;
}

/** Categories, brands and promotions, read once per job (and per export). */
export interface Lookups {
  categories: Map<number, CategoryNode>;
  categoriesByName: Map<string, number[]>;
  brands: Map<number, { nameEn: string; nameAr: string }>;
  brandsByName: Map<string, number[]>;
  promotionsBySlug: Map<string, number>;
  promotionSlugs: Map<number, string>;
}

const nameKey = (s: string) => normalizeSearchText(s);
const push = (m: Map<string, number[]>, key: string, id: number) => {
  if (!key) return;
  const list = m.get(key) ?? [];
  if (!list.includes(id)) list.push(id);
  m.set(key, list);
};

export async function loadLookups(db: DbOrTx): Promise<Lookups> {
  const [cats, brands, promos] = await Promise.all([
    rowsOf<{ id: number; parent_id: number | null; name_en: string; name_ar: string }>(
      db,
      sql`select id, parent_id, name_en, name_ar from categories`,
    ),
    rowsOf<{ id: number; name_en: string; name_ar: string }>(
      db,
      sql`select id, name_en, name_ar from brands`,
    ),
    rowsOf<{ id: number; slug: string }>(db, sql`select id, slug from promotions`),
  ]);
  const lk: Lookups = {
    categories: new Map(),
    categoriesByName: new Map(),
    brands: new Map(),
    brandsByName: new Map(),
    promotionsBySlug: new Map(),
    promotionSlugs: new Map(),
  };
  for (const c of cats) {
    const id = num(c.id);
    lk.categories.set(id, {
      id,
      parentId: c.parent_id === null ? null : num(c.parent_id),
      nameEn: c.name_en,
      nameAr: c.name_ar,
    });
    push(lk.categoriesByName, nameKey(c.name_en), id);
    push(lk.categoriesByName, nameKey(c.name_ar), id);
  }
  for (const b of brands) {
    const id = num(b.id);
    lk.brands.set(id, { nameEn: b.name_en, nameAr: b.name_ar });
    push(lk.brandsByName, nameKey(b.name_en), id);
    push(lk.brandsByName, nameKey(b.name_ar), id);
  }
  for (const p of promos) {
    lk.promotionsBySlug.set(p.slug.toLowerCase(), num(p.id));
    lk.promotionSlugs.set(num(p.id), p.slug);
  }
  return lk;
}

type Found = { id: number } | { error: string };

/** A category by its name in either language, or by its path "Parent > Child" (the last names of it suffice). */
export function findCategory(lk: Lookups, cell: string): Found {
  const names = cell
    .split('>')
    .map((s) => nameKey(s))
    .filter(Boolean);
  if (!names.length) return { error: 'required' };
  const matches = (lk.categoriesByName.get(names.at(-1)!) ?? []).filter((id) => {
    let node = lk.categories.get(id);
    for (let i = names.length - 2; i >= 0; i--) {
      node = node?.parentId === null || !node ? undefined : lk.categories.get(node.parentId);
      if (!node || (nameKey(node.nameEn) !== names[i] && nameKey(node.nameAr) !== names[i])) return false;
    }
    return true;
  });
  if (matches.length === 1) return { id: matches[0]! };
  return { error: matches.length ? 'category_ambiguous' : 'category_not_found' };
}

function findBrand(lk: Lookups, cell: string): Found {
  const key = nameKey(cell);
  if (!key) return { error: 'required' };
  const ids = lk.brandsByName.get(key) ?? [];
  if (ids.length === 1) return { id: ids[0]! };
  return { error: ids.length ? 'brand_ambiguous' : 'brand_not_found' };
}

/** How the export names a category: its English name when that is unique, else its path of English names. */
export function categoryLabel(lk: Lookups, id: number): string {
  const node = lk.categories.get(id);
  if (!node) return '';
  if ((lk.categoriesByName.get(nameKey(node.nameEn)) ?? []).length === 1) return node.nameEn;
  const path: string[] = [];
  for (let n: CategoryNode | undefined = node; n && path.length < 20;) {
    path.unshift(n.nameEn);
    n = n.parentId === null ? undefined : lk.categories.get(n.parentId);
  }
  return path.join(CATEGORY_PATH_SEPARATOR);
}

function brandLabel(lk: Lookups, id: number): string {
  const b = lk.brands.get(id);
  if (!b) return '';
  const unique = (s: string) => (lk.brandsByName.get(nameKey(s)) ?? []).length === 1;
  return unique(b.nameEn) || !unique(b.nameAr) ? b.nameEn : b.nameAr;
}

/* ------------------------------------------------------------------ products as they are */

/** A product as the file would describe it (what an update starts from, and what the export writes). */
export interface ProductSnapshot {
  id: number;
  sku: string | null;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  categoryId: number;
  brandId: number;
  model: string | null;
  series: string | null;
  pricePiastres: number;
  promotedPricePiastres: number | null;
  promotionId: number | null;
  stock: number;
  maximumPerOrder: number | null;
  featured: boolean;
  specialOffer: boolean;
  active: boolean;
  specifications: SpecificationInput[];
  imageUrls: string[];
  /** The export writes it (the file's updated_at); an import compares the file's with editedAt. */
  updatedAt: Date;
  /** A staff member's last change of what the file holds, stock aside (null: none since it was added). */
  editedAt: Date | null;
}

/** The products of `where` (on `products p`), with their specifications and images, in id order. */
async function loadSnapshots(db: DbOrTx, where: SQL, limit: number, lock = false) {
  const list = await rowsOf(
    db,
    sql`select p.id, p.sku, p.title_en, p.title_ar, p.description_en, p.description_ar, p.category_id, p.brand_id,
        p.model, p.series, p.price_piastres, p.promoted_price_piastres, p.promotion_id, p.stock,
        p.maximum_per_order, p.featured, p.special_offer, p.active, p.updated_at, p.edited_at
      from products p where ${where} order by p.id limit ${limit} ${lock ? sql`for update` : sql``}`,
  );
  const out = new Map<number, ProductSnapshot>();
  if (!list.length) return out;
  for (const r of list)
    out.set(num(r.id), {
      id: num(r.id),
      sku: (r.sku as string | null) ?? null,
      titleEn: r.title_en as string,
      titleAr: r.title_ar as string,
      descriptionEn: r.description_en as string,
      descriptionAr: r.description_ar as string,
      categoryId: num(r.category_id),
      brandId: num(r.brand_id),
      model: (r.model as string | null) ?? null,
      series: (r.series as string | null) ?? null,
      pricePiastres: num(r.price_piastres),
      promotedPricePiastres: r.promoted_price_piastres === null ? null : num(r.promoted_price_piastres),
      promotionId: r.promotion_id === null ? null : num(r.promotion_id),
      stock: num(r.stock),
      maximumPerOrder: r.maximum_per_order === null ? null : num(r.maximum_per_order),
      featured: Boolean(r.featured),
      specialOffer: Boolean(r.special_offer),
      active: Boolean(r.active),
      specifications: [],
      imageUrls: [],
      updatedAt: new Date(r.updated_at as string | Date),
      editedAt: r.edited_at === null ? null : new Date(r.edited_at as string | Date),
    });
  const ids = [...out.keys()];
  const [specs, images] = await Promise.all([
    rowsOf(
      db,
      sql`select product_id, key_en, key_ar, value_en, value_ar from specifications
        where product_id in ${ids} order by product_id, position, id`,
    ),
    rowsOf(
      db,
      sql`select product_id, original_url from product_images
        where product_id in ${ids} and not is_3d order by product_id, position, id`,
    ),
  ]);
  for (const s of specs)
    out.get(num(s.product_id))?.specifications.push({
      key_en: s.key_en as string,
      key_ar: s.key_ar as string,
      value_en: s.value_en as string,
      value_ar: s.value_ar as string,
    });
  for (const i of images) out.get(num(i.product_id))?.imageUrls.push(i.original_url as string);
  return out;
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
}

/** The schema's field → the file's column. */
const COLUMN_OF: Record<string, string> = {
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

interface PlanContext {
  header: Header;
  lookups: Lookups;
  current: Map<number, ProductSnapshot>;
  /** The first row that names each product id: a later row for the same product is refused. */
  firstRowOf: Map<number, number>;
  /** By product, the stock moved (sold, returned, counted) since the row's export (its updated_at). */
  movedSince: Map<number, number>;
}

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

/** True when the row's fields, specifications or images differ from the product's (its stock aside). */
function changesDetails(body: AdminProductBody, images: string[] | undefined, p: ProductSnapshot): boolean {
  const spec = (x: SpecificationInput) => [x.key_en, x.key_ar, x.value_en, x.value_ar].map((v) => v.trim());
  const fromFile = [
    body.title_en.trim(),
    body.title_ar.trim(),
    body.description_en,
    body.description_ar,
    body.category_id,
    body.brand_id,
    body.model,
    body.series,
    body.sku,
    toPiastres(body.price),
    body.promotion_id,
    body.promotion_id !== null && body.price_after_promotion !== null
      ? toPiastres(body.price_after_promotion)
      : null,
    body.maximum_number_per_order,
    body.featured,
    body.special_offer,
    body.active,
    body.specifications.map(spec),
  ];
  const now = [
    p.titleEn,
    p.titleAr,
    p.descriptionEn,
    p.descriptionAr,
    p.categoryId,
    p.brandId,
    p.model,
    p.series,
    p.sku,
    p.pricePiastres,
    p.promotionId,
    p.promotedPricePiastres,
    p.maximumPerOrder,
    p.featured,
    p.specialOffer,
    p.active,
    p.specifications.map(spec),
  ];
  return images !== undefined || JSON.stringify(fromFile) !== JSON.stringify(now);
}

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
  const moved = await rowsOf<{ id: number; delta: number | string }>(
    db,
    sql`select v.id, coalesce(sum(m.delta), 0) as delta
      from (values ${sql.join(list, sql`, `)}) as v(id, exported_at)
      left join stock_movements m on m.product_id = v.id and m.created_at > v.exported_at
      group by v.id`,
  );
  return new Map(moved.map((m) => [num(m.id), num(m.delta)]));
}

/** Plans a batch's rows against their products as they are now (locked, for a real run). */
async function planBatch(
  db: DbOrTx,
  base: Omit<PlanContext, 'current' | 'movedSince'>,
  batch: DataRow[],
  lock: boolean,
): Promise<Plan[]> {
  const ids = batch.map((r) => rowId(base.header, r.cells)).filter((x): x is number => typeof x === 'number');
  const current = ids.length ? await loadSnapshots(db, sql`p.id in ${ids}`, ids.length, lock) : new Map();
  const movedSince = await stockMovedSince(db, base.header, batch);
  return batch.map((r) => planRow({ ...base, current, movedSince }, r));
}

/** The row's product id, or null for a new product; undefined when the cell is not a product number. */
function rowId(header: Header, cells: string[]): number | null | undefined {
  if (header.id === undefined) return null;
  const raw = latinDigits(readCell(cells[header.id])).replace(/^#/, '');
  if (!raw) return null;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
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
    sku: text('sku', current?.sku),
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
    return { rowNumber: row.rowNumber, outcome: 'refused', productId: id ?? null, reasons };
  if (images && current && images.join(' ') === current.imageUrls.join(' ')) images = undefined;
  const body = parsed.data;
  const edited = current ? changesDetails(body, images, current) : true;
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
    if (has('stock') && cell('stock')) {
      const atExport = current.stock - (ctx.movedSince.get(current.id) ?? 0);
      body.stock =
        body.stock === atExport ? current.stock : Math.max(0, current.stock + body.stock - atExport);
    }
  }
  return {
    rowNumber: row.rowNumber,
    outcome: current ? 'changed' : 'added',
    productId: current ? current.id : null,
    reasons: {},
    body,
    images,
    edited,
    same: current !== undefined && !edited && body.stock === current.stock,
  };
}

/** The images of products just added, in one statement for them all. */
async function addImages(tx: DbOrTx, list: { productId: number; urls: string[] }[]) {
  const values = list.flatMap(({ productId, urls }) =>
    urls.map((url, position) => sql`(${productId}, ${position}, ${url}, ${url}, ${url})`),
  );
  for (let i = 0; i < values.length; i += 1000)
    await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
      values ${sql.join(values.slice(i, i + 1000), sql`, `)}`);
}

/** Sets a product's images (not its 3D model) to these addresses, keeping the rows of addresses it already has. */
async function setImages(tx: DbOrTx, productId: number, urls: string[], fresh = false) {
  if (fresh) {
    await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
      values ${sql.join(
        urls.map((url, position) => sql`(${productId}, ${position}, ${url}, ${url}, ${url})`),
        sql`, `,
      )}`);
    return;
  }
  const existing = await rowsOf<{ id: number; original_url: string }>(
    tx,
    sql`select id, original_url from product_images where product_id = ${productId} and not is_3d`,
  );
  const keep = new Map(existing.map((e) => [e.original_url, num(e.id)]));
  const gone = existing.filter((e) => !urls.includes(e.original_url)).map((e) => num(e.id));
  if (gone.length) await tx.execute(sql`delete from product_images where id in ${gone}`);
  for (const [position, url] of urls.entries()) {
    const id = keep.get(url);
    if (id !== undefined)
      await tx.execute(sql`update product_images set position = ${position} where id = ${id}`);
    else
      await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
        values (${productId}, ${position}, ${url}, ${url}, ${url})`);
  }
}

/* ------------------------------------------------------------------ jobs */

export interface ImportRunContext {
  db: DbOrTx;
  clock: Clock;
  log?: { error(obj: object, msg: string): void };
  /**
   * Called after each batch of an import (not a dry run) is committed: this instance's cached answers are then
   * forgotten (app.ts's response cache), so the store shows imported rows at once, as it does a saved product.
   */
  onWritten?: () => void;
}

interface JobRow {
  id: number;
  staff_id: number | null;
  dry_run: boolean;
  source: string;
  processed: number;
  total: number;
  claimed_until: Date | string;
}

class LeaseLost extends Error {}

const leaseFrom = (now: Date) => new Date(now.getTime() + IMPORT_LEASE_SECONDS * 1000);

/** Takes the oldest queued job, or a running one whose runner stopped renewing its lease. */
export async function claimImportJob(ctx: ImportRunContext): Promise<JobRow | null> {
  const now = ctx.clock.now();
  const [job] = await rowsOf<JobRow>(
    ctx.db,
    sql`update import_jobs set status = 'running', claimed_until = ${leaseFrom(now).toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      where id = (select id from import_jobs
        where status = 'queued' or (status = 'running' and claimed_until < ${now.toISOString()}::timestamptz)
        order by id limit 1 for update skip locked)
      returning id, staff_id, dry_run, source, processed, total, claimed_until`,
  );
  return job ?? null;
}

interface Counts {
  added: number;
  changed: number;
  refused: number;
}

/** Records a batch's rows and the job's progress, if this runner still holds the job; answers the new lease. */
async function saveBatch(tx: DbOrTx, ctx: ImportRunContext, jobId: number, lease: Date, plans: Plan[]) {
  const counts: Counts = { added: 0, changed: 0, refused: 0 };
  for (const p of plans) counts[p.outcome]++;
  const next = leaseFrom(ctx.clock.now());
  const updated = await rowsOf(
    tx,
    sql`update import_jobs set processed = processed + ${plans.length}, added = added + ${counts.added},
        changed = changed + ${counts.changed}, refused = refused + ${counts.refused},
        claimed_until = ${next.toISOString()}::timestamptz, updated_at = ${ctx.clock.now().toISOString()}::timestamptz
      where id = ${jobId} and status = 'running' and claimed_until = ${lease.toISOString()}::timestamptz
      returning id`,
  );
  if (!updated.length) throw new LeaseLost();
  if (plans.length)
    await tx.execute(
      sql`insert into import_rows (job_id, row_number, outcome, product_id, reasons) values ${sql.join(
        plans.map(
          (p) =>
            sql`(${jobId}, ${p.rowNumber}, ${p.outcome}, ${p.productId}, ${JSON.stringify(p.reasons)}::jsonb)`,
        ),
        sql`, `,
      )}`,
    );
  return next;
}

/** A row's own failure (a value the database refuses, a category deleted meanwhile) → its reasons; else null. */
function rowFailure(err: unknown): Record<string, string[]> | null {
  if (err instanceof AppError && err.status < 500) {
    const m = err.messages;
    const reasons: Record<string, string[]> = {};
    for (const [field, keys] of Object.entries(Array.isArray(m) ? { row: m } : m))
      reasons[COLUMN_OF[field] ?? field] = keys;
    return reasons;
  }
  const db = classifyDatabaseError(err);
  if (db && (db.kind === 'invalid_data' || db.code.startsWith('23'))) return { row: ['invalid_data'] };
  return null;
}

/** Writes one planned row; answers the product's id. */
async function applyPlan(tx: DbOrTx, plan: Plan, now: Date, staffId: number | null) {
  const opts = { staffId };
  if (plan.outcome === 'added') {
    const id = await insertProduct(tx, plan.body!, now, opts);
    if (plan.images?.length) await setImages(tx, id, plan.images, true);
    return id;
  }
  if (plan.same) return plan.productId!;
  await updateProduct(tx, plan.productId!, plan.body!, now, { ...opts, edited: plan.edited });
  if (plan.images) await setImages(tx, plan.productId!, plan.images);
  return plan.productId!;
}

/** One batch of a real run, in one transaction: rows planned against the locked products, then written. */
async function applyBatch(
  ctx: ImportRunContext,
  job: JobRow,
  lease: Date,
  base: Omit<PlanContext, 'current' | 'movedSince'>,
  batch: DataRow[],
  savepoints: boolean,
): Promise<Date> {
  return ctx.db.transaction(async (tx) => {
    const plans = await planBatch(tx, base, batch, true);
    const now = ctx.clock.now();
    if (!savepoints) {
      // The batch's new products and its changes each in a few statements for the whole batch.
      const added = plans.filter((p) => p.outcome === 'added');
      const ids = await insertProducts(
        tx,
        added.map((p) => p.body!),
        now,
        { staffId: job.staff_id },
      );
      added.forEach((p, i) => (p.productId = ids[i]!));
      await addImages(
        tx,
        added.flatMap((p) => (p.images?.length ? [{ productId: p.productId!, urls: p.images }] : [])),
      );
      const changed = plans.filter((p) => p.outcome === 'changed' && !p.same);
      await updateProducts(
        tx,
        changed.map((p) => ({ id: p.productId!, body: p.body!, edited: p.edited })),
        now,
        { staffId: job.staff_id },
      );
      for (const p of changed) if (p.images) await setImages(tx, p.productId!, p.images);
    }
    for (const plan of plans) {
      if (plan.outcome === 'refused' || !savepoints) continue;
      try {
        plan.productId = await tx.transaction((sp) => applyPlan(sp, plan, now, job.staff_id));
      } catch (err) {
        const reasons = rowFailure(err);
        if (!reasons) throw err;
        Object.assign(plan, {
          outcome: 'refused',
          reasons,
          productId: plan.outcome === 'added' ? null : plan.productId,
        });
      }
    }
    return saveBatch(tx, ctx, job.id, lease, plans);
  });
}

/** Runs (or goes on with) one claimed job to its end. */
async function runJob(ctx: ImportRunContext, job: JobRow): Promise<void> {
  let lease = new Date(job.claimed_until);
  const rows = parseCsv(job.source);
  const header = readHeader(rows[0] ?? []);
  const data = dataRows(rows);
  const lookups = await loadLookups(ctx.db);
  const firstRowOf = new Map<number, number>();
  for (const r of data) {
    const id = rowId(header, r.cells);
    if (typeof id === 'number' && !firstRowOf.has(id)) firstRowOf.set(id, r.rowNumber);
  }
  const base = { header, lookups, firstRowOf };
  const size = job.dry_run ? CHECK_BATCH : APPLY_BATCH;
  for (let start = Number(job.processed); start < data.length; start += size) {
    const batch = data.slice(start, start + size);
    if (job.dry_run) {
      const plans = await planBatch(ctx.db, base, batch, false);
      lease = await ctx.db.transaction((tx) => saveBatch(tx, ctx, job.id, lease, plans));
      continue;
    }
    try {
      lease = await applyBatch(ctx, job, lease, base, batch, false);
    } catch (err) {
      if (err instanceof LeaseLost || !rowFailure(err)) throw err;
      // One row failed after all: the batch was rolled back; again, each row on its own.
      lease = await applyBatch(ctx, job, lease, base, batch, true);
    }
    ctx.onWritten?.();
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [done] = await rowsOf<{ added: number; changed: number; refused: number; total: number }>(
      tx,
      sql`update import_jobs set status = 'done', claimed_until = null, finished_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id = ${job.id} and status = 'running' and claimed_until = ${lease.toISOString()}::timestamptz
        returning added, changed, refused, total`,
    );
    if (!done) throw new LeaseLost();
    if (!job.dry_run)
      await recordStaffAlert(tx, 'import_done', { import_id: job.id, total: num(done.total) }, now);
    await audit(
      tx,
      { id: job.staff_id },
      'import.finished',
      { type: 'import', id: job.id },
      {
        dry_run: Boolean(job.dry_run),
        total: num(done.total),
        added: num(done.added),
        changed: num(done.changed),
        refused: num(done.refused),
      },
      now,
    );
  });
}

/** Marks a job that cannot go on as failed (the rows done so far stay done). */
async function failJob(ctx: ImportRunContext, job: JobRow, err: unknown) {
  ctx.log?.error({ import: job.id, error: describeError(err) }, 'import failed');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`update import_jobs set status = 'failed', error = 'import_interrupted', claimed_until = null,
          finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        where id = ${job.id} and status = 'running' returning id`,
    );
    if (row && !job.dry_run) await recordStaffAlert(tx, 'import_failed', { import_id: job.id }, now);
    if (row)
      await audit(
        tx,
        { id: job.staff_id },
        'import.finished',
        { type: 'import', id: job.id },
        { failed: true },
        now,
      );
  });
}

const running = new WeakSet<object>();

/**
 * Runs every job there is to run (queued, or left by a dead instance), one after the other; answers how many.
 * Called by the jobs loop and right after an upload; one runner per database handle in this process (more would be
 * safe, only wasteful), any number across instances.
 */
export async function runImports(ctx: ImportRunContext): Promise<number> {
  if (running.has(ctx.db)) return 0;
  running.add(ctx.db);
  let n = 0;
  try {
    for (let job = await claimImportJob(ctx); job; job = await claimImportJob(ctx)) {
      try {
        await runJob(ctx, job);
      } catch (err) {
        // Lost to another instance (this one stalled past its lease): that one goes on with it.
        if (err instanceof LeaseLost) continue;
        const db = classifyDatabaseError(err);
        // The database is away: the lease runs out and the job is taken up again later, where it stopped.
        if (db?.kind === 'unavailable') throw err;
        await failJob(ctx, job, err);
      }
      n++;
    }
  } finally {
    running.delete(ctx.db);
  }
  return n;
}

/* ------------------------------------------------------------------ the API's calls */

/** POST /v1/admin/imports: reads the file (422 when it cannot be imported) and queues the job. */
export async function createImport(
  db: DbOrTx,
  me: CurrentStaff,
  file: { bytes: Buffer; name: string },
  dryRun: boolean,
  now: Date,
  locale: Locale,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<AdminImport> {
  let read: ReadFile;
  try {
    read = await readImportFile(file.bytes, limits);
  } catch (err) {
    if (err instanceof FileError) throw AppError.field('file', err.key);
    throw err;
  }
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        staffId: me.id,
        fileName: file.name.slice(0, 200) || 'import.csv',
        dryRun,
        source: read.source,
        total: read.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: importJobs.id });
    await audit(
      tx,
      me,
      'import.started',
      { type: 'import', id: job!.id },
      { file_name: file.name, dry_run: dryRun, total: read.total },
      now,
    );
    return job!.id;
  });
  return getImport(db, id, locale);
}

/**
 * POST /v1/admin/imports/{id}/run: the file of a dry run, imported for real: a new job, once. Asked again (a double
 * click, a retry, two tabs), it answers that same job, `created` false: the unique checked_job_id lets one insert
 * through and turns the others into nothing, however close together they come. A job that is not a dry run is
 * its own import, answered as it is.
 */
export async function runCheckedImport(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  now: Date,
  locale: Locale,
): Promise<{ import: AdminImport; created: boolean }> {
  const [job] = await rowsOf<{ file_name: string; source: string; total: number; dry_run: boolean }>(
    db,
    sql`select file_name, source, total, dry_run from import_jobs where id = ${id}`,
  );
  if (!job) throw AppError.notFound('import_not_found');
  if (!job.dry_run) return { import: await getImport(db, id, locale), created: false };
  const newId = await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into import_jobs (staff_id, file_name, dry_run, source, total, checked_job_id, created_at, updated_at)
        values (${me.id}, ${job.file_name}, false, ${job.source}, ${num(job.total)}, ${id},
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (checked_job_id) do nothing
        returning id`,
    );
    if (!row) return null;
    await audit(
      tx,
      me,
      'import.started',
      { type: 'import', id: num(row.id) },
      { file_name: job.file_name, dry_run: false, total: num(job.total), checked_by: id },
      now,
    );
    return num(row.id);
  });
  if (newId !== null) return { import: await getImport(db, newId, locale), created: true };
  // Already run: the job that run made (committed before this insert gave way to it).
  const [first] = await rowsOf<{ id: number }>(
    db,
    sql`select id from import_jobs where checked_job_id = ${id}`,
  );
  return { import: await getImport(db, num(first!.id), locale), created: false };
}

interface JobView {
  id: number;
  file_name: string;
  dry_run: boolean;
  status: ImportStatus;
  total: number;
  processed: number;
  added: number;
  changed: number;
  refused: number;
  error: string | null;
  staff_id: number | null;
  staff_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const jobColumns = sql`j.id, j.file_name, j.dry_run, j.status, j.total, j.processed, j.added, j.changed, j.refused,
  j.error, j.staff_id, s.name as staff_name, j.created_at, j.finished_at`;

const toImport = (j: JobView, locale: Locale): AdminImport => {
  const total = num(j.total);
  const processed = num(j.processed);
  return {
    id: num(j.id),
    file_name: j.file_name,
    dry_run: Boolean(j.dry_run),
    status: j.status,
    total,
    processed,
    progress: total ? Math.min(100, Math.floor((processed * 100) / total)) : 100,
    added: num(j.added),
    changed: num(j.changed),
    refused: num(j.refused),
    error: j.error ? translate(j.error, locale) : null,
    staff: j.staff_id === null ? null : { id: num(j.staff_id), name: j.staff_name ?? '' },
    created_at: iso(j.created_at),
    finished_at: j.finished_at === null ? null : iso(j.finished_at),
  };
};

export async function getImport(db: DbOrTx, id: number, locale: Locale): Promise<AdminImport> {
  const [job] = await rowsOf<JobView>(
    db,
    sql`select ${jobColumns} from import_jobs j left join staff s on s.id = j.staff_id where j.id = ${id}`,
  );
  if (!job) throw AppError.notFound('import_not_found');
  return toImport(job, locale);
}

/** GET /v1/admin/imports/{id}: the job and its rows, refused first, then in file order. */
export async function importDetail(db: DbOrTx, id: number, q: AdminImportQuery, locale: Locale) {
  const job = await getImport(db, id, locale);
  const perPage = q.per_page ?? 50;
  const page = q.page ?? 1;
  const where = q.outcome ? sql`job_id = ${id} and outcome = ${q.outcome}` : sql`job_id = ${id}`;
  const [rows, count] = await Promise.all([
    rowsOf<{ row_number: number; outcome: ImportOutcome; product_id: number | null; reasons: unknown }>(
      db,
      sql`select row_number, outcome, product_id, reasons from import_rows where ${where}
        order by (outcome = 'refused') desc, row_number limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*) as n from import_rows where ${where}`),
  ]);
  const total = num(count[0]?.n ?? 0);
  return {
    import: job,
    rows: rows.map((r) => {
      const reasons = (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons) as Record<
        string,
        string[]
      >;
      return {
        row_number: num(r.row_number),
        outcome: r.outcome,
        product_id: r.product_id === null ? null : num(r.product_id),
        // Each reason names its column and the rule, in the staff member's language.
        reasons: Object.fromEntries(
          Object.entries(reasons ?? {}).map(([f, keys]) => [
            f,
            keys.map((k) => importReason(f, translate(k, locale), translate(k, 'en'), locale)),
          ]),
        ),
      };
    }),
    meta: {
      per_page: perPage,
      total_entries: total,
      current_page: page,
      next_page: page * perPage < total ? page + 1 : null,
    },
  };
}

/** GET /v1/admin/imports: the latest imports, newest first. */
export async function recentImports(db: DbOrTx, locale: Locale) {
  const list = await rowsOf<JobView>(
    db,
    sql`select ${jobColumns} from import_jobs j left join staff s on s.id = j.staff_id order by j.id desc limit 20`,
  );
  return { imports: list.map((j) => toImport(j, locale)) };
}

/* ------------------------------------------------------------------ export */

const EXPORT_PAGE = 1000;

/** One product as a line of the file (the columns of IMPORT_COLUMNS). */
function exportLine(lk: Lookups, p: ProductSnapshot): string {
  const egp = (v: number | null) => (v === null ? '' : String(toEgp(v)));
  const cells: Record<ImportColumn, string> = {
    id: String(p.id),
    sku: csvCell(p.sku),
    title_en: csvCell(p.titleEn),
    title_ar: csvCell(p.titleAr),
    description_en: csvCell(p.descriptionEn),
    description_ar: csvCell(p.descriptionAr),
    category: csvCell(categoryLabel(lk, p.categoryId)),
    brand: csvCell(brandLabel(lk, p.brandId)),
    model: csvCell(p.model),
    series: csvCell(p.series),
    price: egp(p.pricePiastres),
    price_after_promotion: p.promotionId === null ? '' : egp(p.promotedPricePiastres),
    promotion: p.promotionId === null ? '' : csvCell(lk.promotionSlugs.get(p.promotionId) ?? ''),
    stock: String(p.stock),
    maximum_number_per_order: p.maximumPerOrder === null ? '' : String(p.maximumPerOrder),
    featured: String(p.featured),
    special_offer: String(p.specialOffer),
    active: String(p.active),
    specifications: csvCell(writeSpecifications(p.specifications)),
    image_urls: csvCell(p.imageUrls.join(' ')),
    updated_at: p.updatedAt.toISOString(),
  };
  return csvLine(IMPORT_COLUMNS.map((c) => cells[c]));
}

/**
 * GET /v1/admin/products/export: the products of the list's filters as the import's CSV (UTF-8 with a BOM, so a
 * spreadsheet shows Arabic), in id order, read a page at a time as the answer is sent.
 */
export async function* exportProducts(db: DbOrTx, q: AdminProductsQuery): AsyncGenerator<string> {
  const where = await adminProductsWhere(db, q);
  const lk = await loadLookups(db);
  yield `\ufeff${csvLine([...IMPORT_COLUMNS])}`;
  let after = 0;
  for (;;) {
    const page = await loadSnapshots(db, sql`${where} and p.id > ${after}`, EXPORT_PAGE);
    if (!page.size) return;
    let chunk = '';
    for (const p of page.values()) {
      chunk += exportLine(lk, p);
      after = p.id;
    }
    yield chunk;
    if (page.size < EXPORT_PAGE) return;
  }
}
