/**
 * What a changed import row changes (so staff reading a dry run of 5,000 rows see that a row changes only its price,
 * or its title too, and to what): the row's fields compared with its product (importChanges, from planRow), kept with
 * the row (import_rows.changes) and counted by field on the job (import_jobs.changed_fields) in the statements that
 * already save a batch: no statement per row. Read back in the file's column names, in IMPORT_CHANGE_FIELDS' order,
 * a category's or brand's name in the reader's language.
 *
 * A row keeps the values of its short fields (numbers, flags, titles up to 300 characters, model, series, SKU, the
 * category's and brand's names in both languages); descriptions, specifications and images only by their name, so a
 * row's stored changes stay a few hundred bytes at most.
 */
import {
  IMPORT_CHANGE_FIELDS,
  toPiastres,
  type Locale,
  type AdminProductBody,
  type ImportChange,
  type ImportChangeField,
  type ImportOutcome,
  type SpecificationInput,
} from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  brandNames,
  categoryNames,
  type Lookups,
  type Names,
  type ProductSnapshot,
} from './imports-lookups.ts';
import { vatRateBpOf, type Unchanged } from './product-writes.ts';

type Value = number | boolean | string | null;
/** A value as a row keeps it: a category's or brand's names in both languages (the reader's is shown). */
type Kept = Value | Names;
/**
 * Field → its value before and after (prices in piastres, tax_class in basis points, texts as they are, category and
 * brand by their names), or null: the name says it (and rows kept before texts were quoted).
 */
export type RowChanges = Partial<Record<ImportChangeField, [Kept, Kept] | null>>;

const spec = (x: SpecificationInput) => [x.key_en, x.key_ar, x.value_en, x.value_ar].map((v) => v.trim());
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * The fields of a row (its stock aside: the caller adds it once the stock is counted) that differ from the
 * product's; `images` undefined when the row leaves them as they are. Empty: the row changes none of them.
 * `lk` names the categories and brands.
 */
export function importChanges(
  body: AdminProductBody,
  images: string[] | undefined,
  p: ProductSnapshot,
  lk: Lookups,
): RowChanges {
  const out: RowChanges = {};
  const named = (field: ImportChangeField, file: unknown, now: unknown) => {
    if (!same(file, now)) out[field] = null;
  };
  const valued = (field: ImportChangeField, file: Value | undefined, now: Value) => {
    if (!same(file, now)) out[field] = [now, file ?? null];
  };
  /** A category or brand by its names (named only if one of them is not known: deleted since the job began). */
  const labelled = (field: 'category' | 'brand', file: number, now: number, names: typeof brandNames) => {
    if (file === now) return;
    const was = names(lk, now);
    const will = names(lk, file);
    out[field] = was && will ? [was, will] : null;
  };
  valued('price', toPiastres(body.price), p.pricePiastres);
  valued(
    'price_after_promotion',
    body.promotion_id !== null && body.price_after_promotion !== null
      ? toPiastres(body.price_after_promotion)
      : null,
    p.promotedPricePiastres,
  );
  named('promotion', body.promotion_id, p.promotionId);
  valued('title_en', body.title_en.trim(), p.titleEn);
  valued('title_ar', body.title_ar.trim(), p.titleAr);
  named('description_en', body.description_en, p.descriptionEn);
  named('description_ar', body.description_ar, p.descriptionAr);
  labelled('category', body.category_id, p.categoryId, categoryNames);
  labelled('brand', body.brand_id, p.brandId, brandNames);
  valued('model', body.model, p.model);
  valued('series', body.series, p.series);
  valued('sku', body.sku, p.sku);
  valued('maximum_number_per_order', body.maximum_number_per_order ?? null, p.maximumPerOrder);
  valued('tax_class', vatRateBpOf(body), p.vatRateBp);
  valued('featured', body.featured, p.featured);
  valued('special_offer', body.special_offer, p.specialOffer);
  valued('active', body.active, p.active);
  named(
    'specifications',
    JSON.stringify(body.specifications.map(spec)),
    JSON.stringify(p.specifications.map(spec)),
  );
  if (images !== undefined) out.image_urls = null;
  return out;
}

/** The fields whose change rewrites a product's text (its search text follows them). */
const TEXT_FIELDS: ImportChangeField[] = [
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'category',
  'brand',
  'model',
  'series',
  'sku',
];

/**
 * What a changed row leaves of its product (updateProducts writes only the rest): its text when it changes none of
 * TEXT_FIELDS, its specifications when it does not change them. Undefined (write it all) without the changes.
 */
export function unchangedParts(changes: RowChanges | undefined): Unchanged | undefined {
  if (!changes) return undefined;
  return {
    text: !TEXT_FIELDS.some((f) => f in changes),
    specifications: !('specifications' in changes),
  };
}

interface VariantPrices {
  price: number;
  price_after_promotion?: number | null;
  stock: number;
}

/** A variant row that changes a variant by its SKU: its price, promotion price and stock before and after. */
export function variantChanges(was: VariantPrices, now: VariantPrices): RowChanges {
  const out: RowChanges = {};
  const piastres = (egp: number | null | undefined) =>
    egp === null || egp === undefined ? null : toPiastres(egp);
  const valued = (field: ImportChangeField, file: Value, before: Value) => {
    if (!same(file, before)) out[field] = [before, file];
  };
  valued('price', piastres(now.price), piastres(was.price));
  valued('price_after_promotion', piastres(now.price_after_promotion), piastres(was.price_after_promotion));
  valued('stock', now.stock, was.stock);
  return out;
}

interface Planned {
  outcome: ImportOutcome;
  changes?: RowChanges;
}

/** A row's import_rows.changes: what a changed row changes, else null. */
export const changesCell = (p: Planned): SQL =>
  sql`${p.outcome === 'changed' && p.changes ? JSON.stringify(p.changes) : null}::jsonb`;

/**
 * import_jobs.changed_fields with a batch's changed rows added, by field: an expression of the batch's update of the
 * job (its own row's value read in the same statement).
 */
export function changedFieldsAfter(plans: Planned[]): SQL {
  const counts: Record<string, number> = {};
  for (const p of plans)
    if (p.outcome === 'changed' && p.changes)
      for (const f of Object.keys(p.changes)) counts[f] = (counts[f] ?? 0) + 1;
  if (!Object.keys(counts).length) return sql`changed_fields`;
  return sql`(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
      select k, sum(n)::int as n from (
        select key as k, value::int as n from jsonb_each_text(import_jobs.changed_fields)
        union all select key, value::int from jsonb_each_text(${JSON.stringify(counts)}::jsonb)
      ) x group by k) y)`;
}

const jsonOf = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
const order = (f: string) => IMPORT_CHANGE_FIELDS.indexOf(f as ImportChangeField);
const known = (f: string): f is ImportChangeField => order(f) >= 0;

/** A kept value as `locale` reads it: a category's or brand's name in that language. */
const shown = (v: Kept, locale: Locale): Value => (v !== null && typeof v === 'object' ? v[locale] : v);

/** import_rows.changes → the API's list, in the page's order, names in `locale`. */
export function changeList(raw: unknown, locale: Locale): ImportChange[] {
  const changes = (jsonOf(raw) ?? {}) as Record<string, [Kept, Kept] | null>;
  return Object.keys(changes)
    .filter(known)
    .sort((a, b) => order(a) - order(b))
    .map((field) => {
      const v = changes[field];
      return Array.isArray(v) ? { field, from: shown(v[0], locale), to: shown(v[1], locale) } : { field };
    });
}

/** import_jobs.changed_fields → the API's list, most rows first (ties in the page's order). */
export function changedFieldCounts(raw: unknown): { field: ImportChangeField; rows: number }[] {
  const counts = (jsonOf(raw) ?? {}) as Record<string, number>;
  return Object.keys(counts)
    .filter(known)
    .map((field) => ({ field, rows: Number(counts[field]) }))
    .sort((a, b) => b.rows - a.rows || order(a.field) - order(b.field));
}
