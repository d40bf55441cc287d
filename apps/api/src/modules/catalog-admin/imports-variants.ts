/**
 * An import row that adds a variant (issue 49 item 2, decision 034): no `id`, `variant_of` its product (the number
 * the export writes, or its SKU: a product added by an earlier row of the same file has no number yet) and
 * `variant_values` its value of each of the product's options, with its own SKU, price, promotion price, stock and
 * images in the other columns (the product's title, description, category and brand are the variant's; its other
 * columns are not read).
 *
 * `variant_values` is what the export writes, "Black | أسود ; 128 GB | 128 جيجا" (the options' order), or each value
 * after its option's name, "Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا" (any order). A
 * product without options yet needs the names: its first variant row makes them. A value an option does not have
 * yet is added to it (a new colour); an option the product does not have, or one left out, refuses the row (the
 * product's other variants would have no value of it). A row whose SKU is one of the product's variants' changes
 * that variant (its values, price, promotion price, stock, images) rather than adding it twice.
 *
 * The rules are the editor's: the row's change is the product's whole options and variants, checked with
 * adminVariantsBodySchema and written with writeVariants (variants-service.ts), in the row's own savepoint. A dry
 * run places each row against the product's variants as the earlier rows of the file would leave them (a book kept
 * per job), so it says what the real run will do.
 */
import {
  adminVariantsBodySchema,
  IMPORT_MAX_IMAGES,
  normalizeSearchText,
  type AdminVariantsBody,
  type ImportColumn,
} from '@store/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { products, type VariantOption } from '../../db/schema.ts';
import { variantChanges, type RowChanges } from './imports-changes.ts';
import { imageUrlsOf } from './imports-lookups.ts';
import { parseImageUrls } from './imports-csv.ts';
import { productVariants, writeVariants } from './variants-service.ts';

/** One value of the row's `variant_values` cell: its option's names when the cell gives them. */
interface Part {
  nameEn?: string;
  nameAr?: string;
  en: string;
  ar: string;
}

/** What a variant row's cells say, before its product is found. */
export interface VariantRow {
  /** The `variant_of` cell as written: a product's number, or a SKU. */
  parentRef: string;
  parts: Part[];
  sku: string | null;
  /** Price cells as text (the schema reads them); undefined: empty. */
  price?: string;
  priceAfterPromotion?: string | null;
  stock?: string;
  images?: string[];
}

/** A product's options and variants as the rows so far leave them (EGP, values by their English). */
interface ParentState {
  options: VariantOption[];
  variants: {
    id?: number;
    row?: number;
    values: string[];
    sku: string | null;
    price: number;
    price_after_promotion: number | null;
    stock: number;
    /** Its images' addresses, main first (a variant row's image_urls is compared with them). */
    images: string[];
  }[];
}

/** Per job: what the file adds, so a variant can name a product added by an earlier row. */
export interface VariantBook {
  /** By SKU, the first row that adds a product with it (read from the cells). */
  fileSkuRow: Map<string, number>;
  /** By SKU, a product this job added (a dry run: null, the row would add it). */
  added: Map<string, { row: number; id: number | null }>;
  /** A dry run: the products' options and variants after the rows placed so far. */
  states: Map<string, ParentState>;
  /** The variants this job added, by id: their rows (a repeat names the row). */
  variantRows: Map<number, number>;
}

export const newVariantBook = (): VariantBook => ({
  fileSkuRow: new Map(),
  added: new Map(),
  states: new Map(),
  variantRows: new Map(),
});

type Reasons = Record<string, string[]>;
type Cell = (c: ImportColumn) => string | undefined;

/** Arabic-Indic and Persian digits as Latin ones (as imports-plan.ts reads amounts). */
const latin = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');

const key = (s: string) => normalizeSearchText(s);

/** "Colour: Black" → name and value; a side without ':' is a value alone. */
function side(raw: string): { name?: string; value: string } {
  const at = raw.indexOf(':');
  if (at < 0) return { value: raw.trim() };
  return { name: raw.slice(0, at).trim(), value: raw.slice(at + 1).trim() };
}

/** The `variant_values` cell → its values; null when one is not "English | Arabic" or names are half given. */
export function parseVariantValues(raw: string): Part[] | null {
  const parts: Part[] = [];
  for (const chunk of raw.split(/\r\n|\r|\n|;/)) {
    if (!chunk.trim()) continue;
    const halves = chunk.split('|');
    if (halves.length !== 2) return null;
    const en = side(halves[0]!);
    const ar = side(halves[1]!);
    if (!en.value || !ar.value) return null;
    if ((en.name === undefined) !== (ar.name === undefined) || en.name === '' || ar.name === '') return null;
    parts.push({ nameEn: en.name, nameAr: ar.name, en: en.value, ar: ar.value });
  }
  const named = parts.filter((p) => p.nameEn !== undefined).length;
  return named === 0 || named === parts.length ? parts : null;
}

/**
 * A row without an id that has `variant_of` or `variant_values`: its cells read (undefined: not a variant row).
 * Refused at once when a cell cannot be read; its product is found when it is placed.
 */
export function readVariantRow(cell: Cell): { variant: VariantRow } | { reasons: Reasons } | undefined {
  const of = cell('variant_of') ?? '';
  const values = cell('variant_values') ?? '';
  if (!of && !values) return undefined;
  const reasons: Reasons = {};
  if (!of) reasons.variant_of = ['import_variant_of_needed'];
  const parts = values ? parseVariantValues(values) : [];
  if (!values) reasons.variant_values = ['import_variant_values_needed'];
  else if (parts === null) reasons.variant_values = ['import_variant_values_invalid'];
  let images: string[] | undefined;
  const urls = cell('image_urls');
  if (urls) {
    const list = parseImageUrls(urls);
    if (list === null) reasons.image_urls = ['image_url_invalid'];
    else if (list.length > IMPORT_MAX_IMAGES) reasons.image_urls = [`too_many:${IMPORT_MAX_IMAGES}`];
    else images = list;
  }
  if (Object.keys(reasons).length) return { reasons };
  const text = (c: ImportColumn) => {
    const v = cell(c);
    return v ? latin(v) : undefined;
  };
  return {
    variant: {
      parentRef: of,
      parts: parts!,
      sku: cell('sku') || null,
      price: text('price'),
      priceAfterPromotion:
        cell('price_after_promotion') === undefined ? undefined : (text('price_after_promotion') ?? null),
      stock: text('stock'),
      images,
    },
  };
}

/* ------------------------------------------------------------------ its product */

type Parent = { key: string; id: number | null } | { reasons: Reasons };

const refuseOf = (message: string): { reasons: Reasons } => ({ reasons: { variant_of: [message] } });

/** The row's product: by number, or by SKU (a product this file added first, else the store's). */
async function findParent(db: DbOrTx, book: VariantBook, v: VariantRow, rowNumber: number): Promise<Parent> {
  const ref = v.parentRef;
  const number = latin(ref).replace(/^#/, '');
  if (/^\d{1,9}$/.test(number)) {
    const [p] = await db
      .select({ id: products.id, of: products.variantOf })
      .from(products)
      .where(eq(products.id, Number(number)));
    if (!p) return refuseOf(`import_variant_parent_not_found:${ref}`);
    if (p.of !== null) return refuseOf(`import_variant_of_variant:${p.id}`);
    return { key: `id:${p.id}`, id: p.id };
  }
  const fileRow = book.fileSkuRow.get(ref);
  if (fileRow !== undefined && fileRow > rowNumber) return refuseOf(`import_variant_parent_later:${fileRow}`);
  const added = book.added.get(ref);
  if (added) return { key: added.id === null ? `row:${added.row}` : `id:${added.id}`, id: added.id };
  // Not added by this run: the store's (a product an earlier run of this job added, when it was taken over).
  const found = await rows<{ id: number; variant_of: number | null }>(
    db,
    sql`select id, variant_of from products where sku = ${ref} order by id limit 2`,
  );
  if (!found.length)
    return refuseOf(
      fileRow === undefined
        ? `import_variant_parent_not_found:${ref}`
        : `import_variant_parent_refused:${fileRow}`,
    );
  if (found.length > 1) return refuseOf('import_variant_parent_ambiguous');
  if (found[0]!.variant_of !== null) return refuseOf(`import_variant_of_variant:${Number(found[0]!.id)}`);
  const id = Number(found[0]!.id);
  return { key: `id:${id}`, id };
}

/** A product's options and variants now (its variants locked first, as an order locks them, for a real run). */
async function stateOf(db: DbOrTx, id: number, lock: boolean): Promise<ParentState> {
  if (lock)
    await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.variantOf, id))
      .orderBy(asc(products.id))
      .for('update');
  const now = await productVariants(db, id);
  const ids = now.variants.map((x) => x.id);
  const images = ids.length ? await imageUrlsOf(db, ids) : new Map<number, string[]>();
  return {
    options: now.options,
    variants: now.variants.map((x) => ({
      id: x.id,
      values: x.values.map((y) => y.en),
      sku: x.sku,
      price: x.price,
      price_after_promotion: x.price_after_promotion,
      stock: x.stock,
      images: images.get(x.id) ?? [],
    })),
  };
}

/* ------------------------------------------------------------------ placing it */

/** Where a row's change lands: the product's whole options and variants, and which of them the row is. */
interface Placed {
  body: AdminVariantsBody;
  index: number;
  /** The row changes a variant of the product (its SKU was one of theirs), of this id (a dry run: none yet). */
  changes: { id?: number } | null;
  /** What it changes of that variant (imports-changes.ts). */
  fields?: RowChanges;
}

const optionList = (options: VariantOption[]) => options.map((o) => `${o.name_en} / ${o.name_ar}`).join(', ');

/** The schema's issue of the body → the row's column and reason. */
function issueReason(
  issue: z.core.$ZodIssue,
  index: number,
  input: Record<string, unknown>,
): [string, string] {
  const [top, at, field] = issue.path;
  const missing = typeof field === 'string' && input[field] === undefined;
  const message = issue.code === 'invalid_type' || missing ? 'required' : issue.message;
  if (top === 'variants' && at === index && typeof field === 'string' && field !== 'values') {
    if (field === 'stock' && message !== 'required') return ['stock', 'must_be_whole_number_from:0'];
    if (field === 'sku' && message === 'variant_repeated') return ['sku', 'sku_taken'];
    return [field, message.includes(' ') ? 'invalid_value' : message];
  }
  return ['variant_values', message.includes(' ') ? 'invalid_value' : message];
}

/** The row against its product's options and variants (pure: the same for a dry run and a real one). */
function place(state: ParentState, v: VariantRow, book: VariantBook): Placed | { reasons: Reasons } {
  const refuse = (message: string) => ({ reasons: { variant_values: [message] } });
  const named = v.parts[0]?.nameEn !== undefined;
  const options = state.options.map((o) => ({ ...o, values: [...o.values] }));
  // Each option's part: the first variant names the options; later ones match them by name or by place.
  const partOf: Part[] = [];
  if (!options.length) {
    if (!named) return refuse('import_variant_names_needed');
    for (const p of v.parts) {
      if (options.some((o) => key(o.name_en) === key(p.nameEn!) || key(o.name_ar) === key(p.nameAr!)))
        return refuse('import_variant_values_invalid');
      options.push({ name_en: p.nameEn!, name_ar: p.nameAr!, values: [] });
      partOf.push(p);
    }
  } else {
    const mismatch = refuse(`import_variant_options_mismatch:${optionList(options)}`);
    if (v.parts.length !== options.length) return mismatch;
    for (const o of options) {
      const p = named
        ? v.parts.find((x) => key(x.nameEn!) === key(o.name_en) || key(x.nameAr!) === key(o.name_ar))
        : v.parts[partOf.length];
      if (!p || partOf.includes(p)) return mismatch;
      partOf.push(p);
    }
  }
  const values = options.map((o, j) => {
    const p = partOf[j]!;
    const known = o.values.find((x) => key(x.en) === key(p.en) || key(x.ar) === key(p.ar));
    if (known) return known.en;
    o.values.push({ en: p.en, ar: p.ar });
    return p.en;
  });

  const variants = state.variants.map((x) => ({ ...x }));
  const bySku = v.sku === null ? -1 : variants.findIndex((x) => x.sku === v.sku);
  const same = variants.findIndex((x, i) => i !== bySku && x.values.join('\u0000') === values.join('\u0000'));
  if (same >= 0) {
    const twin = variants[same]!;
    const row = twin.row ?? (twin.id === undefined ? undefined : book.variantRows.get(twin.id));
    return refuse(
      row !== undefined ? `import_variant_repeated_row:${row}` : `import_variant_repeated:${twin.id}`,
    );
  }
  const was = bySku >= 0 ? variants[bySku] : undefined;
  const input = {
    ...(was?.id === undefined ? {} : { id: was.id }),
    values,
    sku: v.sku,
    price: v.price ?? was?.price,
    price_after_promotion:
      v.priceAfterPromotion === undefined ? was?.price_after_promotion : v.priceAfterPromotion,
    stock: v.stock ?? was?.stock ?? 0,
  };
  const index = bySku >= 0 ? bySku : variants.length;
  const list: unknown[] = variants.map(({ row: _row, images: _images, ...x }) => x);
  list[index] = input;
  const parsed = adminVariantsBodySchema.safeParse({ options, variants: list });
  if (!parsed.success) {
    const reasons: Reasons = {};
    for (const issue of parsed.error.issues) {
      const [column, message] = issueReason(issue, index, input);
      reasons[column] ??= [message];
    }
    return { reasons };
  }
  if (!was) return { body: parsed.data, index, changes: null };
  const fields = variantChanges(was, parsed.data.variants[index]!);
  // Its pictures, as a product's row lists them: when the row's image_urls are not the variant's (empty keeps them).
  if (v.images && v.images.join(' ') !== was.images.join(' ')) fields.image_urls = null;
  return { body: parsed.data, index, changes: { id: was.id }, fields };
}

/** The body's variants as a dry run's book keeps them (the row's, by its row number when new, with its images). */
function stateAfter(
  body: AdminVariantsBody,
  before: ParentState,
  placed: Placed,
  v: VariantRow,
  rowNumber: number,
): ParentState {
  return {
    options: body.options,
    variants: body.variants.map((x, i) => ({
      id: x.id,
      row: i === placed.index && !placed.changes ? rowNumber : before.variants[i]?.row,
      values: x.values,
      sku: x.sku,
      price: x.price,
      price_after_promotion: x.price_after_promotion,
      stock: x.stock,
      images: (i === placed.index ? v.images : undefined) ?? before.variants[i]?.images ?? [],
    })),
  };
}

export type VariantOutcome =
  | { outcome: 'added' | 'changed'; productId: number | null; changes?: RowChanges }
  | { outcome: 'refused'; productId: null; reasons: Reasons };

/** A dry run: what the row would do, the book then holding the product as the row leaves it. */
export async function checkVariant(
  db: DbOrTx,
  book: VariantBook,
  v: VariantRow,
  rowNumber: number,
): Promise<VariantOutcome> {
  const parent = await findParent(db, book, v, rowNumber);
  if ('reasons' in parent) return { outcome: 'refused', productId: null, reasons: parent.reasons };
  const state =
    book.states.get(parent.key) ??
    (parent.id === null ? { options: [], variants: [] } : await stateOf(db, parent.id, false));
  const placed = place(state, v, book);
  if ('reasons' in placed) return { outcome: 'refused', productId: null, reasons: placed.reasons };
  book.states.set(parent.key, stateAfter(placed.body, state, placed, v, rowNumber));
  return placed.changes
    ? { outcome: 'changed', productId: placed.changes.id ?? null, changes: placed.fields }
    : { outcome: 'added', productId: null };
}

/** A real run, in the row's savepoint: the variant added or changed with the editor's writeVariants. */
export async function applyVariant(
  tx: DbOrTx,
  book: VariantBook,
  v: VariantRow,
  rowNumber: number,
  now: Date,
  staffId: number | null,
): Promise<VariantOutcome> {
  const parent = await findParent(tx, book, v, rowNumber);
  if ('reasons' in parent) return { outcome: 'refused', productId: null, reasons: parent.reasons };
  const state = await stateOf(tx, parent.id!, true);
  const placed = place(state, v, book);
  if ('reasons' in placed) return { outcome: 'refused', productId: null, reasons: placed.reasons };
  await writeVariants(tx, parent.id!, placed.body, now, { id: staffId });
  if (placed.changes) return { outcome: 'changed', productId: placed.changes.id!, changes: placed.fields };
  const before = new Set(state.variants.map((x) => x.id));
  const after = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.variantOf, parent.id!))
    .orderBy(asc(products.id));
  const id = after.map((x) => x.id).find((x) => !before.has(x))!;
  book.variantRows.set(id, rowNumber);
  return { outcome: 'added', productId: id };
}

/** The `sku` of each row that adds a product (no id, not a variant row): the first row of each. */
export function fileSkus(rowsOf: { rowNumber: number; sku: string | null }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rowsOf) if (r.sku && !out.has(r.sku)) out.set(r.sku, r.rowNumber);
  return out;
}
