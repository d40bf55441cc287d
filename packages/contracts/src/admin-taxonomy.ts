/**
 * The back office's categories, brands and promotions (issue 17): one schema for the admin app's forms and the
 * API's routes, field errors as message keys of apiMessages.
 *
 * Choices where the spec says nothing:
 * - Categories are at most CATEGORY_LEVELS deep (a main category, its sub-categories, theirs). The tree travels
 *   flat, in tree order (each category right after its parent, siblings by position), with its `level` (1 to 3).
 * - `PUT /v1/admin/categories/order` gives one parent's children in their new order; a category named there that
 *   is under another parent moves under this one (with its sub-categories). Every current child must be named: a
 *   list that misses one was made before someone else's change (409).
 * - Every edit carries the `updated_at` it was based on; a stale one answers 409 and nothing is overwritten.
 * - A category with sub-categories or products, or a brand with products, is not deleted (409, saying how many).
 * - Icons: SVG, PNG or WebP, checked by their content, at most ICON_MAX_BYTES; a PNG or WebP reads to its end, an
 *   SVG is kept as a drawing only (written again from an allow-list; one that could run or fetch is refused).
 * - A promotion runs while it is active and between its dates (either may be empty: no start, no end). Its products
 *   each carry their price during the promotion (EGP, below the product's price).
 */
import { z } from 'zod';
import { egpAmount } from './admin-catalog.ts';
import { idParam } from './catalog.ts';
import { slugSchema, text } from './text.ts';

export const CATEGORY_LEVELS = 3;
export const CATEGORY_NAME_MAX = 120;
export const BRAND_NAME_MAX = 120;
export const PROMOTION_NAME_MAX = 160;
export const ICON_MAX_BYTES = 1024 * 1024;
export const ICON_URL_MAX = 500;
/** Products one call may add to (or take out of) a promotion. */
export const PROMOTION_ITEMS_MAX = 500;
/** Categories one order call may name. */
export const CATEGORY_ORDER_MAX = 1000;
export const ICON_TYPES = ['svg', 'png', 'webp'] as const;

const name = (max: number) =>
  text()
    .min(1, { error: 'required', abort: true })
    .max(max, { error: `too_long:${max}` });

/** An icon's address: an upload of this store (/uploads/…) or an https address; empty means no icon. */
export const iconUrlSchema = text()
  .max(ICON_URL_MAX, { error: `too_long:${ICON_URL_MAX}`, abort: true })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^(\/uploads\/[A-Za-z0-9._/-]+|https:\/\/[^\s"'<>]+)$/.test(v), {
    error: 'invalid_icon_url',
  });

/** The `updated_at` an edit was based on (ISO time, as read). */
const updatedAt = z.string({ message: 'required' }).min(1, { message: 'required' });

/* ---------------- categories ---------------- */

/** POST /v1/admin/categories. */
export const adminCategoryBodySchema = z.object({
  name_en: name(CATEGORY_NAME_MAX),
  name_ar: name(CATEGORY_NAME_MAX),
  parent_id: idParam.nullish().transform((v) => v ?? null),
  icon_url: iconUrlSchema,
  show_on_homepage: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type AdminCategoryBody = z.infer<typeof adminCategoryBodySchema>;
export type AdminCategoryInput = z.input<typeof adminCategoryBodySchema>;

/** PUT /v1/admin/categories/{id}: names, icon, flags (a move is PUT /categories/order) and `updated_at`. */
export const adminCategoryUpdateSchema = adminCategoryBodySchema
  .omit({ parent_id: true })
  .extend({ updated_at: updatedAt });
export type AdminCategoryUpdate = z.infer<typeof adminCategoryUpdateSchema>;

/** PUT /v1/admin/categories/order: the new order of `parent_id`'s children (null: the main categories). */
export const adminCategoryOrderSchema = z.object({
  parent_id: idParam.nullable(),
  ids: z
    .array(idParam)
    .max(CATEGORY_ORDER_MAX, { message: `too_many:${CATEGORY_ORDER_MAX}` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'invalid_value' }),
});
export type AdminCategoryOrder = z.infer<typeof adminCategoryOrderSchema>;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** 1: a main category; 2: under one; 3: the deepest. */
  level: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  icon_url: z.string().nullable(),
  position: z.number().int(),
  show_on_homepage: z.boolean(),
  active: z.boolean(),
  /** Products in this category itself. */
  products_count: z.number().int(),
  /** Products in it and every category below it. */
  products_total: z.number().int(),
  children_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoriesResponseSchema = z.object({ categories: z.array(adminCategorySchema) });
export const adminCategoryResponseSchema = z.object({ category: adminCategorySchema });

/* ---------------- brands ---------------- */

/** POST /v1/admin/brands. */
export const adminBrandBodySchema = z.object({
  name_en: name(BRAND_NAME_MAX),
  name_ar: name(BRAND_NAME_MAX),
  icon_url: iconUrlSchema,
  featured: z.boolean().default(false),
  show_on_homepage: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type AdminBrandBody = z.infer<typeof adminBrandBodySchema>;
export type AdminBrandInput = z.input<typeof adminBrandBodySchema>;
export const adminBrandUpdateSchema = adminBrandBodySchema.extend({ updated_at: updatedAt });
export type AdminBrandUpdate = z.infer<typeof adminBrandUpdateSchema>;

export const adminBrandSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  icon_url: z.string().nullable(),
  featured: z.boolean(),
  show_on_homepage: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
  products_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;
export const adminBrandsResponseSchema = z.object({
  brands: z.array(adminBrandSchema),
  /** Brands shown on the home page; the home page shows HOME_BRANDS at most. */
  on_homepage: z.number().int(),
});
export const adminBrandResponseSchema = z.object({ brand: adminBrandSchema });

/* ---------------- promotions ---------------- */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A moment with its time zone (ISO 8601), or empty. */
const moment = z
  .string({ error: 'invalid_date' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))), {
    error: 'invalid_date',
  });

const promotionFields = z.object({
  name_en: name(PROMOTION_NAME_MAX),
  name_ar: name(PROMOTION_NAME_MAX),
  slug: slugSchema,
  starts_at: moment,
  ends_at: moment,
  active: z.boolean().default(true),
});
const datesInOrder = (v: { starts_at: string | null; ends_at: string | null }, ctx: z.RefinementCtx) => {
  if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_before_starts' });
};

/** POST /v1/admin/promotions: `ends_at` after `starts_at`; the slug is the store's page address. */
export const adminPromotionBodySchema = promotionFields.superRefine(datesInOrder);
export type AdminPromotionBody = z.infer<typeof adminPromotionBodySchema>;
export type AdminPromotionInput = z.input<typeof adminPromotionBodySchema>;
export const adminPromotionUpdateSchema = promotionFields
  .extend({ updated_at: updatedAt })
  .superRefine(datesInOrder);
export type AdminPromotionUpdate = z.infer<typeof adminPromotionUpdateSchema>;

/** running: in the store now; scheduled: starts later; ended: past its end; off: not active. */
export const PROMOTION_STATES = ['running', 'scheduled', 'ended', 'off'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  slug: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  state: z.enum(PROMOTION_STATES),
  products_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionsResponseSchema = z.object({ promotions: z.array(adminPromotionSchema) });
export const adminPromotionResponseSchema = z.object({ promotion: adminPromotionSchema });

/** A product as the promotion editor shows it (prices in EGP). */
export const adminPromotionProductSchema = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  model: z.string().nullable(),
  price: z.number(),
  /** Its price in its promotion (null when in none). */
  price_after_promotion: z.number().nullable(),
  /** What a shopper pays now. */
  current_price: z.number(),
  /** The promotion it is in now, if any (a product is in one promotion at most). */
  promotion: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active: z.boolean(),
  image: z.string().nullable(),
});
export type AdminPromotionProduct = z.infer<typeof adminPromotionProductSchema>;
export const adminPromotionProductsResponseSchema = z.object({
  products: z.array(adminPromotionProductSchema),
});

/** GET /v1/admin/promotions/{id}/candidates: products to add, by words of their title or model, or a number. */
export const adminPromotionCandidatesQuerySchema = z.object({
  query: text().max(100, 'too_long:100').optional(),
  locale: z.enum(['ar', 'en']).optional(),
});

/**
 * PUT /v1/admin/promotions/{id}/products: `items` are added to the promotion (or get their new promotion price),
 * `remove` are taken out of it (their promotion price goes too). All or nothing.
 */
export const adminPromotionProductsBodySchema = z
  .object({
    items: z
      .array(z.object({ product_id: idParam, price_after_promotion: egpAmount }))
      .max(PROMOTION_ITEMS_MAX, { message: `too_many:${PROMOTION_ITEMS_MAX}` })
      .default([]),
    remove: z
      .array(idParam)
      .max(PROMOTION_ITEMS_MAX, { message: `too_many:${PROMOTION_ITEMS_MAX}` })
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((item, i) => {
      if (seen.has(item.product_id))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'product_id'], message: 'invalid_value' });
      seen.add(item.product_id);
    });
    v.remove.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['remove', i], message: 'invalid_value' });
    });
  });
export type AdminPromotionProductsBody = z.infer<typeof adminPromotionProductsBodySchema>;
