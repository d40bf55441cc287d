/**
 * The back office's products import and export (issue 17): one spreadsheet format, read by
 * POST /v1/admin/imports and written by GET /v1/admin/products/export, so an export re-imports unchanged.
 *
 * The format (the admin page's help text says the same):
 * - A CSV file in UTF-8 (with or without BOM), comma-separated, quotes as RFC 4180 (a quote inside a quoted cell is
 *   written twice; a quoted cell may hold commas and line breaks), CRLF or LF line ends; or an XLSX file, whose
 *   first sheet is read the same way. At most IMPORT_MAX_MB MB and IMPORT_MAX_ROWS rows.
 * - The first row names the columns, in any order, each at most once; a column not in IMPORT_COLUMNS refuses the
 *   whole file (422, nothing is imported). A file without `id` must have IMPORT_COLUMNS_TO_ADD.
 * - `id`: empty adds a new product; a product number updates that product (unknown: the row is refused). On an
 *   update, a column the file does not have keeps the product's value (a file of `id,price,stock` only changes
 *   prices and stock).
 * - `sku`, `title_en`, `title_ar`, `description_en`, `description_ar`, `model`, `series`: text.
 * - `category`: the category's name in either language; when names repeat, its path "Parent > Child".
 * - `brand`: the brand's name in either language. `promotion`: the promotion's slug (empty: none).
 * - `price`, `price_after_promotion`: EGP, digits with up to 2 decimals (1500 or 1499.99).
 * - `stock`, `maximum_number_per_order`: whole numbers (empty maximum: no limit).
 * - `tax_class`: the VAT inside the price (issue 47): `standard` (14%), `exempt`, or another rate in percent (`5`);
 *   empty: the product's, standard for a new one.
 * - `featured`, `special_offer`, `active`: true/false, 1/0, yes/no or نعم/لا; empty: false, false and true.
 * - `specifications`: rows separated by " ; " or line breaks inside the (quoted) cell, each
 *   "key_en | key_ar | value_en | value_ar".
 * - `image_urls`: addresses separated by spaces, each an /uploads/... path or an https:// URL, kept as they are
 *   (nothing is downloaded); the first is the main image. Empty keeps the product's images.
 * - `variant_of`, `variant_values` (issue 49, decision 034): the export writes a variant as a row of its own (its
 *   SKU, price, promotion price and stock are imported like any product's), `variant_of` its product's number and
 *   `variant_values` its values ("Black | أسود ; 128 GB | 128 جيجا", the options' order); on a row with an `id`
 *   they are not read. A row without `id` with `variant_of` (the product's number, or the SKU of a product in the
 *   store or added by an earlier row) adds a variant of it, with its own `sku`, `price`, `price_after_promotion`,
 *   `stock` and `image_urls` (its other cells are its product's): `variant_values` its value of each option,
 *   "English | Arabic", each after its option's name ("Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة:
 *   128 جيجا", any order; a product's first variant names its options so) or alone in the options' order. A new
 *   value joins its option; an option the product lacks, or one left out, refuses the row. A row whose `sku` is
 *   one of the product's variants' changes that variant. The editor's rules (adminVariantsBodySchema) apply.
 *   A product sold in variants keeps its price and stock (its variants' cheapest and their sum).
 * - `updated_at`: written by the export (the product's last change then, ISO time in UTC); leave it as it is.
 *   With it, a row is read against the product as exported (issue 42 finding 6): if a staff member changed the
 *   product since, the row is refused (unless it changes nothing of it), and the row's stock is a change from the
 *   exported stock, made to the stock as it is now, so what was sold since stays sold (never below 0). Without it
 *   (a file of its own, or an empty cell), the row's values are set as they are, its stock too.
 * - Every row is checked with adminProductBodySchema, the editor's rules; a refused row says why, field by field,
 *   and is skipped; the others are imported, each whole or not at all.
 * - A cell starting with = + - @ is exported with a leading ' (so a spreadsheet does not run it as a formula); the
 *   import drops that one '.
 */
import { z } from 'zod';
import { localeQuery, metaSchema, pageParam } from './catalog.ts';
import { wholeNumber } from './text.ts';

/** The columns of the file, in the order the export and the template write them. */
export const IMPORT_COLUMNS = [
  'id',
  'sku',
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'category',
  'brand',
  'model',
  'series',
  'price',
  'price_after_promotion',
  'promotion',
  'stock',
  'maximum_number_per_order',
  'tax_class',
  'featured',
  'special_offer',
  'active',
  'specifications',
  'image_urls',
  'variant_of',
  'variant_values',
  'updated_at',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** What a file without an `id` column (new products only) must have. */
export const IMPORT_COLUMNS_TO_ADD = ['title_en', 'title_ar', 'category', 'brand', 'price'] as const;

export const IMPORT_MAX_MB = 60;
export const IMPORT_MAX_ROWS = 100_000;
/** Images one row may list. */
export const IMPORT_MAX_IMAGES = 20;
/** "Yes" and "no" as a spreadsheet may write them. */
export const IMPORT_TRUE_WORDS = ['true', '1', 'yes', 'y', 'نعم', 'أيوه', 'ايوه'] as const;
export const IMPORT_FALSE_WORDS = ['false', '0', 'no', 'n', 'لا'] as const;
/** Between the parts of one specification row, and between rows (besides line breaks). */
export const SPEC_PART_SEPARATOR = ' | ';
export const SPEC_ROW_SEPARATOR = ' ; ';
/** Between the category names of a path. */
export const CATEGORY_PATH_SEPARATOR = ' > ';

/** A template to fill in: the header and one example row, both languages. */
export const IMPORT_TEMPLATE_CSV =
  `${IMPORT_COLUMNS.join(',')}\r\n` +
  [
    '',
    'SKU-1001',
    'Split air conditioner 1.5 HP',
    'تكييف سبليت 1.5 حصان',
    '"Cools and heats, inverter motor."',
    '"تبريد وتدفئة، موتور إنفرتر."',
    'Split Air Conditioners',
    'Carrier',
    'AH-X12',
    'Inverter',
    '18999.99',
    '',
    '',
    '12',
    '2',
    'standard',
    'false',
    'true',
    'true',
    '"Power | القدرة | 1.5 HP | 1.5 حصان ; Color | اللون | White | أبيض"',
    '/uploads/example.jpg',
    '',
  ].join(',') +
  '\r\n';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** unchanged: a row equal to its product (an export's row left as it is): the import writes nothing for it. */
export const IMPORT_OUTCOMES = ['added', 'changed', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** POST /v1/admin/imports: multipart `file` (CSV or XLSX), `dry_run` "true" (check only) or "false". */
export const adminImportUploadSchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'must_be_boolean' }).default('true'),
  /** The file's name as the staff member chose it (multipart keeps no name in this API's body). */
  file_name: z.string().max(200, { error: 'too_long:200' }).optional(),
});

/**
 * What a changed row changes, named by the file's columns (the editor's fields; image_urls: its images), in the order
 * the page lists them. A price, stock, limit, VAT rate or flag carries its value before and after, and so does a short
 * text (titles, model, series, SKU; category and brand by their names); descriptions, specifications and images are
 * named only (too long to quote).
 */
export const IMPORT_CHANGE_FIELDS = [
  'price',
  'price_after_promotion',
  'promotion',
  'stock',
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'category',
  'brand',
  'model',
  'series',
  'sku',
  'maximum_number_per_order',
  'tax_class',
  'featured',
  'special_offer',
  'active',
  'specifications',
  'image_urls',
] as const;
export type ImportChangeField = (typeof IMPORT_CHANGE_FIELDS)[number];

/**
 * A value before or after: piastres (prices), a whole number (stock, limit: null none), basis points (tax_class), a
 * flag, or a text as it is (a title, model, series or SKU: null none; a category or brand: its name in the request's
 * language, a category's path "Parent > Child" where its name alone repeats).
 */
const importChangeValue = z.union([z.number(), z.boolean(), z.string(), z.null()]);
export const importChangeSchema = z.object({
  field: z.enum(IMPORT_CHANGE_FIELDS),
  /**
   * Present for the fields that carry values (prices, stock, limit, tax_class, flags, short texts); absent: the name
   * says it (descriptions, specifications, images; and short texts of rows checked before they were quoted).
   */
  from: importChangeValue.optional(),
  to: importChangeValue.optional(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const adminImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  dry_run: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows of the file (the header aside) and how many are done. */
  total: z.number().int(),
  processed: z.number().int(),
  /** processed / total, 0 to 100. */
  progress: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  /** Rows equal to their product (processed - added - changed - refused): nothing is written for them. */
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** The changed rows by the field they change, most rows first (a row counts once for each of its fields). */
  changed_fields: z.array(z.object({ field: z.enum(IMPORT_CHANGE_FIELDS), rows: z.number().int() })),
  /** Why the whole import failed, in the request's language; null otherwise. */
  error: z.string().nullable(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /**
   * Its runner gives way to shoppers (IMPORT_PACE below 1, of the instance or worker that claimed it): it runs more
   * slowly while they browse. False while queued, and for a runner that runs batch after batch (IMPORT_PACE=1).
   */
  gives_way: z.boolean(),
});
export type AdminImport = z.infer<typeof adminImportSchema>;

export const adminImportRowSchema = z.object({
  /** The row of the spreadsheet, the header being row 1. */
  row_number: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  product_id: z.number().int().nullable(),
  /** Column → messages in the request's language (refused rows). */
  reasons: z.record(z.string(), z.array(z.string())),
  /** What a changed row changes (empty for the other rows). */
  changes: z.array(importChangeSchema),
});
export type AdminImportRow = z.infer<typeof adminImportRowSchema>;

/** GET /v1/admin/imports/{id}: the rows, refused first, then in file order; `outcome` filters. */
export const adminImportQuerySchema = localeQuery.extend({
  outcome: z.enum(IMPORT_OUTCOMES, { error: `must_be_one_of:${IMPORT_OUTCOMES.join(', ')}` }).optional(),
  page: pageParam,
  per_page: wholeNumber(1, 200).optional(),
});
export type AdminImportQuery = z.infer<typeof adminImportQuerySchema>;

export const adminImportResponseSchema = z.object({ import: adminImportSchema });
export const adminImportDetailResponseSchema = z.object({
  import: adminImportSchema,
  rows: z.array(adminImportRowSchema),
  meta: metaSchema,
});
export type AdminImportDetail = z.infer<typeof adminImportDetailResponseSchema>;
export const adminImportsResponseSchema = z.object({ imports: z.array(adminImportSchema) });
