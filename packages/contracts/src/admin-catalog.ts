/**
 * The back office's products (issue 17): one schema for the admin app's editor and the API's routes, field errors
 * as message keys of apiMessages. Prices travel in EGP (up to 2 decimals), as the shop shows them; the API keeps
 * piastres.
 *
 * Choices where the spec says nothing:
 * - Every edit carries the `updated_at` it was based on; a stale one answers 409 `product_changed` and nothing is
 *   overwritten (optimistic concurrency).
 * - A promotion price is only kept together with a promotion, and is below the price.
 * - Deleting a product that is in orders hides it (active false) instead; orders keep their lines.
 * - Specifications are rows in both languages, in the order given (their position).
 */
import { z } from 'zod';
import { STOCK_LEVELS, STOCK_MAX } from './admin-stock.ts';
import { idParam, metaSchema, pageParam } from './catalog.ts';
import { TAX_CLASSES } from './money.ts';
import { MAX_PRICE_EGP, text, wholeNumber } from './text.ts';

export const PRODUCT_TITLE_MAX = 300;
export const PRODUCT_DESCRIPTION_MAX = 10_000;
export const PRODUCT_MODEL_MAX = 120;
export const PRODUCT_SKU_MAX = 64;
export const SPEC_KEY_MAX = 120;
export const SPEC_VALUE_MAX = 300;
export const SPECS_MAX = 100;
/** The largest "at most N per order" a product may set. */
export const PER_ORDER_MAX = 1000;
/** Products one bulk action may change at once. */
export const BULK_MAX = 500;

const required = (max: number) =>
  text()
    .min(1, { error: 'required', abort: true })
    .refine((s) => s.trim().length > 0, { error: 'required', abort: true })
    .max(max, { error: `too_long:${max}` });
const optionalText = (max: number) =>
  text()
    .max(max, { error: `too_long:${max}` })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null));

/** An amount in EGP: a number or digits with up to 2 decimals, more than 0, at most MAX_PRICE_EGP. */
export const egpAmount = z
  .union([z.string(), z.number()], { error: 'price_invalid' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    const n = Number(s);
    if (!/^\d+(\.\d{1,2})?$/.test(s) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'price_invalid' });
      return z.NEVER;
    }
    return n;
  })
  .pipe(
    z
      .number()
      .gt(0, { message: 'must_be_more_than:0' })
      .max(MAX_PRICE_EGP, { message: `must_be_at_most:${MAX_PRICE_EGP}` }),
  );

/**
 * A VAT rate in percent, as typed or sent: 0 to 100, up to 2 decimals ("5", "2.5"). 0 is read back from an exempt
 * product (so its answer can be sent back as it is).
 */
export const vatRatePercent = z
  .union([z.string(), z.number()], { error: 'vat_rate_invalid' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(/%$/, '').trim();
    const n = Number(s);
    if (!/^\d+(\.\d{1,2})?$/.test(s) || !(n >= 0 && n <= 100)) {
      ctx.addIssue({ code: 'custom', message: 'vat_rate_invalid' });
      return z.NEVER;
    }
    return n;
  });

/** A checkbox of the editor or a JSON boolean. */
const flag = z.boolean().default(false);

export const specificationInputSchema = z.object({
  key_en: required(SPEC_KEY_MAX),
  key_ar: required(SPEC_KEY_MAX),
  value_en: required(SPEC_VALUE_MAX),
  value_ar: required(SPEC_VALUE_MAX),
});
export type SpecificationInput = z.infer<typeof specificationInputSchema>;

/**
 * POST /v1/admin/products and PUT /v1/admin/products/{id} (PUT also needs `updated_at`): every field of spec §3.
 * A refine puts `price_after_promotion` errors on that field: required with a promotion, below the price.
 */
export const adminProductFieldsSchema = z.object({
  title_en: required(PRODUCT_TITLE_MAX),
  title_ar: required(PRODUCT_TITLE_MAX),
  description_en: text({ multiline: true })
    .max(PRODUCT_DESCRIPTION_MAX, { error: `too_long:${PRODUCT_DESCRIPTION_MAX}` })
    .default(''),
  description_ar: text({ multiline: true })
    .max(PRODUCT_DESCRIPTION_MAX, { error: `too_long:${PRODUCT_DESCRIPTION_MAX}` })
    .default(''),
  category_id: idParam,
  brand_id: idParam,
  model: optionalText(PRODUCT_MODEL_MAX),
  series: optionalText(PRODUCT_MODEL_MAX),
  sku: optionalText(PRODUCT_SKU_MAX),
  price: egpAmount,
  promotion_id: idParam.nullish().transform((v) => v ?? null),
  price_after_promotion: egpAmount.nullish().transform((v) => v ?? null),
  stock: wholeNumber(0, STOCK_MAX),
  maximum_number_per_order: wholeNumber(1, PER_ORDER_MAX)
    .nullish()
    .transform((v) => v ?? null),
  /**
   * The VAT inside its price (issue 47): standard (14%), exempt, or another rate given in `vat_rate` (percent,
   * e.g. 5, up to 2 decimals).
   */
  tax_class: z.enum(TAX_CLASSES, { error: `must_be_one_of:${TAX_CLASSES.join(', ')}` }).default('standard'),
  vat_rate: vatRatePercent.nullish().transform((v) => v ?? null),
  featured: flag,
  special_offer: flag,
  active: z.boolean().default(true),
  specifications: z
    .array(specificationInputSchema)
    .max(SPECS_MAX, { message: `too_many:${SPECS_MAX}` })
    .default([]),
});

type Fields = z.infer<typeof adminProductFieldsSchema>;
const promotionRules = <T extends Fields>(v: T, ctx: z.RefinementCtx) => {
  if (v.tax_class === 'other' && v.vat_rate === null)
    ctx.addIssue({ code: 'custom', path: ['vat_rate'], message: 'required' });
  if (v.promotion_id !== null && v.price_after_promotion === null)
    ctx.addIssue({ code: 'custom', path: ['price_after_promotion'], message: 'required' });
  if (v.price_after_promotion !== null && v.promotion_id === null)
    ctx.addIssue({ code: 'custom', path: ['promotion_id'], message: 'required' });
  if (v.price_after_promotion !== null && v.price_after_promotion >= v.price)
    ctx.addIssue({ code: 'custom', path: ['price_after_promotion'], message: 'promotion_price_not_below' });
};

export const adminProductBodySchema = adminProductFieldsSchema.superRefine(promotionRules);
export type AdminProductBody = z.infer<typeof adminProductBodySchema>;
/** What the admin app's editor holds (numbers typed as text). */
export type AdminProductInput = z.input<typeof adminProductBodySchema>;

/** PUT /v1/admin/products/{id}: the fields and the `updated_at` the edit was based on (ISO time, as read). */
export const adminProductUpdateSchema = adminProductFieldsSchema
  .extend({ updated_at: z.string({ message: 'required' }).min(1, { message: 'required' }) })
  .superRefine(promotionRules);
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

export const adminProductImageSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  original_url: z.string(),
  thumbnail_url: z.string(),
  medium_url: z.string(),
  large_url: z.string().nullable(),
  is_3d: z.boolean(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

/** GET/PUT/POST answers: the product as the editor shows it (both languages, price in EGP). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  category_id: z.number().int(),
  brand_id: z.number().int(),
  model: z.string().nullable(),
  series: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number(),
  promotion_id: z.number().int().nullable(),
  price_after_promotion: z.number().nullable(),
  stock: z.number().int(),
  maximum_number_per_order: z.number().int().nullable(),
  tax_class: z.enum(TAX_CLASSES),
  /** Percent: 14, 0, or the other rate. */
  vat_rate: z.number(),
  featured: z.boolean(),
  special_offer: z.boolean(),
  active: z.boolean(),
  specifications: z.array(specificationInputSchema.extend({ id: z.number().int() })),
  images: z.array(adminProductImageSchema),
  /** True when an order holds it: deleting it hides it instead. */
  in_orders: z.boolean(),
  /** Variants (issue 49): the product this row is a variant of; whether it is sold in variants. */
  variant_of: z.number().int().nullable().optional(),
  has_variants: z.boolean().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductResponseSchema = z.object({ product: adminProductSchema });

/** all | active (shown in the store) | hidden. */
export const PRODUCT_VISIBILITIES = ['all', 'active', 'hidden'] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

/**
 * GET /v1/admin/products (and /export, same filters): `query` searches as the store does (Arabic-aware words of
 * titles, brand, model, category) or a product number; `promotion_id` 0 means "in no promotion".
 */
export const adminProductsQuerySchema = z.object({
  query: text().max(100, 'too_long:100').optional(),
  category_id: idParam.optional(),
  brand_id: idParam.optional(),
  promotion_id: wholeNumber(0, 2_147_483_647).optional(),
  level: z.enum(STOCK_LEVELS, { error: `must_be_one_of:${STOCK_LEVELS.join(', ')}` }).optional(),
  visibility: z
    .enum(PRODUCT_VISIBILITIES, { error: `must_be_one_of:${PRODUCT_VISIBILITIES.join(', ')}` })
    .optional(),
  page: pageParam,
  per_page: wholeNumber(1, 100).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  model: z.string().nullable(),
  price: z.number(),
  price_after_promotion: z.number().nullable(),
  stock: z.number().int(),
  active: z.boolean(),
  featured: z.boolean(),
  special_offer: z.boolean(),
  category: named,
  brand: named,
  promotion: named.nullable(),
  image: z.string().nullable(),
  updated_at: z.string(),
  /** How many variants it is sold in (issue 49, decision 034); 0: sold as one item. Variants are never rows here. */
  variants: z.number().int(),
  /** Sold in variants: the highest variant price (`price` is the lowest); null otherwise. */
  price_max: z.number().nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductsResponseSchema = z.object({
  products: z.array(adminProductRowSchema),
  meta: metaSchema,
  /** True when a search found more than the API counts (its total is then that cap: the list says "1,000+"). */
  capped: z.boolean(),
});

export const BULK_ACTIONS = ['hide', 'show', 'move', 'promote', 'unpromote', 'price_percent'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * POST /v1/admin/products/bulk: one action on up to BULK_MAX products, all or nothing.
 * move: `category_id`; promote: `promotion_id` and `percent` off the price (1–90); price_percent: `percent`
 * change of the price (−90 to +500, a promotion price follows by the same factor).
 */
export const adminProductsBulkSchema = z
  .object({
    ids: z
      .array(idParam)
      .min(1, { message: 'required' })
      .max(BULK_MAX, { message: `too_many:${BULK_MAX}` }),
    action: z.enum(BULK_ACTIONS, { error: `must_be_one_of:${BULK_ACTIONS.join(', ')}` }),
    category_id: idParam.optional(),
    promotion_id: idParam.optional(),
    percent: z
      .union([
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, { message: 'must_be_number' }),
        z.number(),
      ])
      .transform(Number)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: 'category_id' | 'promotion_id' | 'percent') =>
      v[field] === undefined && ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    if (v.action === 'move') need('category_id');
    if (v.action === 'promote') {
      need('promotion_id');
      need('percent');
      if (v.percent !== undefined && (v.percent < 1 || v.percent > 90))
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'promote_percent_range' });
    }
    if (v.action === 'price_percent') {
      need('percent');
      if (v.percent !== undefined && (v.percent < -90 || v.percent > 500 || v.percent === 0))
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'price_percent_range' });
    }
  });
export type AdminProductsBulk = z.infer<typeof adminProductsBulkSchema>;
export const adminProductsBulkResponseSchema = z.object({ changed: z.number().int() });

/**
 * DELETE /v1/admin/products/{id}: `deleted` when it was removed; a product in orders is hidden instead
 * (`hidden`, active false) and `message` says so in the request's language.
 */
export const adminProductDeleteResponseSchema = z.object({
  deleted: z.boolean(),
  hidden: z.boolean(),
  message: z.string().nullable(),
});
export type AdminProductDeleteResponse = z.infer<typeof adminProductDeleteResponseSchema>;
