import { z } from 'zod';
import { LOCALES, MAX_PER_PAGE, PRODUCT_PAGE_SIZE } from './constants.ts';
import { MAX_PRICE_EGP, numberWithin, PG_INTEGER_MAX, slugSchema, text, wholeNumber } from './text.ts';

/** Query-string booleans: "true"/"false"/"1"/"0". Anything else is a 422, never silently false. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: 'must_be_boolean' })
  .transform((v) => v === 'true' || v === '1');

export const idParam = wholeNumber(1, PG_INTEGER_MAX);
export const pageParam = wholeNumber(1, 1_000_000).optional();
export const perPageParam = wholeNumber(1, MAX_PER_PAGE).optional();

/** GET /v1/promotions/{id}: a promotion's numeric id (digits: an id within `integer`) or its slug. */
export const promotionKeyParam = z.union([
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => (v.length > 16 ? Number.MAX_SAFE_INTEGER : Number(v)))
    .pipe(numberWithin(1, PG_INTEGER_MAX)),
  slugSchema.refine((s) => !/^\d+$/.test(s)),
]);

export const localeQuery = z.object({
  locale: z.enum(LOCALES, { message: 'must_be_one_of:ar, en' }).optional(),
});

/**
 * The sorts of spec §7. Each is a flag parameter (`lowest_price=true`); when several are sent the first
 * in this list wins. `highest_to_lowest_price` / `lowest_to_highest_price` are the spec's aliases.
 */
export const PRODUCT_SORTS = [
  'latest_to_oldest',
  'lowest_price',
  'highest_price',
  'highest_to_lowest_price',
  'lowest_to_highest_price',
  'featured_first',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The query parameters of a shop's product list address (`/products?category_id=3&page=2`), the only ones its page
 * reads (apps/web list-params.ts). The server renders and caches a list's page by these (apps/api seo.ts).
 */
export const LIST_QUERY_PARAMS = [
  'search',
  'category_id',
  'brand_id',
  'min_price',
  'max_price',
  'sort',
  'page',
  'from',
] as const;

/** The most brands one list may filter by (`brand_id=1,2,3`). */
export const BRAND_FILTER_MAX = 100;
/** A price filter in EGP: digits only, and small enough that its piastres fit the price columns. */
const priceParam = wholeNumber(0, MAX_PRICE_EGP, 'price_digits_only');

/**
 * GET /v1/products. Choices where the spec says "not shown":
 * - `query` is the search text (Arabic spelling variants and small typos match, best first).
 * - `category_id` includes every sub-category below it.
 * - `in_active_promotion=true` keeps products whose promotion is running and that have a promoted price.
 * - `in_dedicated_page=true` keeps products of the special-offers page.
 * - `min_price`/`max_price` (EGP, digits) filter by the price a shopper pays; meta min/max describe the list
 *   before the price filter so the slider keeps its range.
 * - `brand_id` accepts one id or a comma-separated list (at most BRAND_FILTER_MAX).
 * - `min_price`/`max_price` are at most MAX_PRICE_EGP; `promotion_slug` is a slug (text.ts); ids fit `integer`.
 */
export const productListQuerySchema = localeQuery
  .extend({
    query: text({ allowBidi: true }).max(200, { message: 'too_long:200' }).optional(),
    page: pageParam,
    per_page: perPageParam,
    category_id: idParam.optional(),
    brand_id: z
      .string()
      .regex(/^\d+(,\d+)*$/, { message: 'must_be_whole_number', abort: true })
      .transform((s) => s.split(',').map(Number))
      .pipe(
        z
          .array(z.number())
          .max(BRAND_FILTER_MAX, { message: `too_many:${BRAND_FILTER_MAX}`, abort: true })
          .superRefine((ids, ctx) => {
            // One message on brand_id itself, for the first id out of bounds.
            const id = ids.find((n) => n < 1 || n > PG_INTEGER_MAX);
            if (id !== undefined)
              ctx.addIssue({
                code: 'custom',
                message: id < 1 ? 'must_be_at_least:1' : `must_be_at_most:${PG_INTEGER_MAX}`,
              });
          }),
      )
      .optional(),
    featured: queryBoolean.optional(),
    in_active_promotion: queryBoolean.optional(),
    in_dedicated_page: queryBoolean.optional(),
    promotion_id: idParam.optional(),
    promotion_slug: slugSchema.optional(),
    min_price: priceParam.optional(),
    max_price: priceParam.optional(),
    favorites: queryBoolean.optional(),
    latest_to_oldest: queryBoolean.optional(),
    lowest_price: queryBoolean.optional(),
    highest_price: queryBoolean.optional(),
    highest_to_lowest_price: queryBoolean.optional(),
    lowest_to_highest_price: queryBoolean.optional(),
    featured_first: queryBoolean.optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    // A range that holds nothing is a mistake to explain, not an empty list to show.
    message: 'min_price_above_max',
    path: ['min_price'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export const DEFAULT_PRODUCT_PER_PAGE = PRODUCT_PAGE_SIZE;

export const categoryListQuerySchema = localeQuery.extend({
  show_all: queryBoolean.optional(),
  show_on_homepage: queryBoolean.optional(),
  dedicated_page: queryBoolean.optional(),
  category_id: idParam.optional(),
  brand_id: idParam.optional(),
});
export const brandListQuerySchema = localeQuery.extend({
  page: pageParam,
  per_page: perPageParam,
  show_all: queryBoolean.optional(),
  show_on_homepage: queryBoolean.optional(),
  category_id: idParam.optional(),
});
export const pageSettingsQuerySchema = localeQuery.extend({
  group: z.enum(['home_page', 'about_us', 'static_pages']).optional(),
});
export const branchListQuerySchema = localeQuery.extend({
  show_all: queryBoolean.optional(),
  page: pageParam,
  per_page: perPageParam,
});

/* ---------- responses ---------- */

export const metaSchema = z.object({
  per_page: z.number().int(),
  total_entries: z.number().int(),
  current_page: z.number().int(),
  next_page: z.number().int().nullable(),
});
/** A list page's place among its pages (every paged answer's `meta`). */
export type PageMeta = z.infer<typeof metaSchema>;
const facetSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export const productListMetaSchema = metaSchema.extend({
  min_price: z.number(),
  max_price: z.number(),
  /** How many of the list's products each category and brand holds (brands: over the list without its brand filter). */
  facets: z.object({ categories: z.array(facetSchema), brands: z.array(facetSchema) }).optional(),
  /** A search word found nowhere was read as the nearest catalog word: the query as it was read. */
  did_you_mean: z.string().optional(),
  /**
   * A search of several words that found nothing: the same search without one of them (as typed), whose products
   * these are.
   */
  showing_for: z.string().optional(),
  /** With `showing_for`: the other searches without one of the words that find something, to search for instead. */
  other_searches: z.array(z.string()).optional(),
  /** A search that found nothing: the categories nearest to it (or the departments). */
  nearest_categories: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type ProductListFacet = z.infer<typeof facetSchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  featured: z.boolean(),
  icon_url: z.string().nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

export type Category = {
  id: number;
  name: string;
  name_en: string;
  name_ar: string;
  icon_url: string | null;
  parent_id: number | null;
  children: Category[];
};
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    icon_url: z.string().nullable(),
    parent_id: z.number().int().nullable(),
    children: z.array(categorySchema),
  }),
);
export const categoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  parent_id: z.number().int().nullable(),
  /** Root first, this category last: for breadcrumbs. */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const promotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  slug: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const productImageSchema = z.object({
  id: z.number().int(),
  photo_url: z.string(),
  original: z.string(),
  is_3d_image: z.boolean(),
  versions: z.object({ thumbnail: z.string(), medium: z.string() }),
});
export const specificationSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  key_en: z.string(),
  key_ar: z.string(),
  value_en: z.string(),
  value_ar: z.string(),
});

/** One of a variant's option values (colour: Black), in the request's language and both. */
export const optionValueSchema = z.object({
  name: z.string(),
  value: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  value_en: z.string(),
  value_ar: z.string(),
});
export type OptionValue = z.infer<typeof optionValueSchema>;

/** A product's option (colour, storage, size) and its values, in the order the product page offers them. */
export const productOptionSchema = z.object({
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  values: z.array(z.object({ value: z.string(), value_en: z.string(), value_ar: z.string() })),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  /** Title in the request's locale. */
  title: z.string(),
  title_en: z.string(),
  title_ar: z.string(),
  description: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), name_en: z.string(), name_ar: z.string() }),
  brand: z.object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    icon_url: z.string().nullable(),
  }),
  images: z.array(productImageSchema),
  /** EGP, before any promotion. */
  price: z.number(),
  promotion: promotionSchema.nullable(),
  /** EGP, set when a running promotion lowers the price. */
  price_after_promotion: z.number().nullable(),
  /** EGP: what the shopper pays now. */
  checkout_price: z.number(),
  favorite: z.boolean(),
  created_at: z.string(),
  stock: z.number().int(),
  model: z.string().nullable(),
  series: z.string().nullable(),
  maximum_number_per_order: z.number().int().nullable(),
  /** Percent of VAT inside the price (issue 47): 14 standard, 0 exempt, or the product's other rate. */
  vat_rate: z.number(),
  featured: z.boolean(),
  special_offer: z.boolean(),
  /** EGP: the lowest monthly amount over the banks' installment plans for checkout_price ("from … a month"). */
  monthly_from: z.number().nullable(),
  /** The ratings of the delivered orders holding this product (spec §2), 1 to 5; null before the first. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /**
   * A product with variants (issue 49, decision 034): EGP, the highest of its variants' prices now (checkout_price
   * is the lowest), so a list's one card shows the range; absent: a product sold as one item (a card then adds it
   * to the cart; with variants it sends the shopper to choose one).
   */
  price_max: z.number().nullable().optional(),
  /** A variant's card (the cart's line, an order's line): the product it is a variant of, and its option values. */
  variant_of: z.number().int().nullable().optional(),
  option_values: z.array(optionValueSchema).optional(),
  sku: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;
/** One bank's plans for a price: months, the monthly amount, the one-time fee and the total (EGP). */
export const productInstallmentsSchema = z.array(
  z.object({
    bank_id: z.number().int(),
    bank_name: z.string(),
    plans: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        months: z.number().int(),
        interest_percent: z.number(),
        monthly: z.number(),
        fee: z.number(),
        total: z.number(),
      }),
    ),
  }),
);
export type ProductInstallments = z.infer<typeof productInstallmentsSchema>;
/**
 * A variant of a product page (issue 49): its card, with the banks' plans for its own checkout_price (its
 * monthly_from is for that price too), as the table of the product itself is for the product's price.
 */
export const productVariantSchema = productSchema.extend({ installments: productInstallmentsSchema });
export type ProductVariant = z.infer<typeof productVariantSchema>;
export const productDetailSchema = productSchema.extend({
  category: categoryRefSchema,
  specifications: z.array(specificationSchema),
  installments: productInstallmentsSchema,
  /**
   * Its options and variants (issue 49): empty for a product sold as one item. Each variant is a card of its own
   * (id, SKU, price, promotion price, stock, pictures, 3D model) with its option values, one per option in order;
   * the cart takes its id as variant_id (or as product_id), and its own installments table.
   */
  options: z.array(productOptionSchema).optional(),
  variants: z.array(productVariantSchema).optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  meta: productListMetaSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
export const productResponseSchema = z.object({ product: productDetailSchema });

/** How many suggestions the header's search box shows, and the most one call may ask for. */
export const SUGGESTIONS_DEFAULT = 6;
export const SUGGESTIONS_MAX = 10;

/**
 * GET /v1/products/suggestions: what the header's search box shows while a shopper types (spec §2). `query` is
 * read as the search reads it; its last word may be cut short (a word being typed).
 */
export const suggestionsQuerySchema = localeQuery.extend({
  query: text({ allowBidi: true }).max(200, { message: 'too_long:200' }),
  limit: wholeNumber(1, SUGGESTIONS_MAX).optional(),
});
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** A suggestion: just what the box shows (title, picture, price) and where it leads (the product's id). */
export const suggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  checkout_price: z.number(),
  in_stock: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export const brandsResponseSchema = z.object({ brands: z.array(brandSchema), meta: metaSchema });
export const brandResponseSchema = z.object({ brand: brandSchema });
export const promotionsResponseSchema = z.object({ promotions: z.array(promotionSchema) });
export const promotionResponseSchema = z.object({ promotion: promotionSchema });

export const pageSettingSchema = z.object({
  name: z.string(),
  group: z.string(),
  value: z.string().nullable(),
  attachment_url: z.string().nullable(),
});
/** Settings keyed by name (spec §7). */
export const pageSettingsResponseSchema = z.object({
  page_settings: z.record(z.string(), pageSettingSchema),
});
export type PageSettings = z.infer<typeof pageSettingsResponseSchema>['page_settings'];

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  address: z.string(),
  address_en: z.string(),
  address_ar: z.string(),
  phone_numbers: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchesResponseSchema = z.object({ branches: z.array(branchSchema), meta: metaSchema });
