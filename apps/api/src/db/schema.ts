/**
 * The whole store's schema (spec §3), designed up front so later work adds behaviour, not redesign.
 * Money columns are integer piastres (`*_piastres`); never floats. Coordinates are double precision.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Bytes (PostgreSQL's bytea). Written as base64 through `decode(…, 'base64')` by the code that writes it. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/* ---------------- catalog ---------------- */

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): never => categories.id as never, { onDelete: 'restrict' }),
    nameEn: varchar('name_en', { length: 120 }).notNull(),
    nameAr: varchar('name_ar', { length: 120 }).notNull(),
    iconUrl: text('icon_url'),
    position: integer('position').notNull().default(0),
    showOnHomepage: boolean('show_on_homepage').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  nameEn: varchar('name_en', { length: 120 }).notNull(),
  nameAr: varchar('name_ar', { length: 120 }).notNull(),
  iconUrl: text('icon_url'),
  featured: boolean('featured').notNull().default(false),
  showOnHomepage: boolean('show_on_homepage').notNull().default(false),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  nameEn: varchar('name_en', { length: 160 }).notNull(),
  nameAr: varchar('name_ar', { length: 160 }).notNull(),
  slug: varchar('slug', { length: 160 }).notNull().unique(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A product's option and its values (issue 49): colour, storage, size. */
export interface VariantOption {
  name_en: string;
  name_ar: string;
  values: { en: string; ar: string }[];
}
/** A variant's value of one option, in the product's options' order. */
export interface VariantValue {
  en: string;
  ar: string;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    titleEn: varchar('title_en', { length: 300 }).notNull(),
    titleAr: varchar('title_ar', { length: 300 }).notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    model: varchar('model', { length: 120 }),
    series: varchar('series', { length: 120 }),
    pricePiastres: integer('price_piastres').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** Set together with promotion_id; applies only while the promotion runs. */
    promotedPricePiastres: integer('promoted_price_piastres'),
    /**
     * What a shopper pays now: the promoted price while its promotion runs, else the price.
     * Kept current by catalog/prices.ts (on every write and once a minute), so lists sort and filter on an index.
     */
    currentPricePiastres: integer('current_price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    maximumPerOrder: integer('maximum_per_order'),
    /**
     * The product's VAT rate in basis points (issue 47, decision 030): 1400 the standard 14% (default), 0 exempt, or
     * another rate. VAT is inside the shelf price; the one totals calculator (contracts orderTotals) takes it out.
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(1400),
    featured: boolean('featured').notNull().default(false),
    specialOffer: boolean('special_offer').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** normalizeSearchText(titles, brand names, model, series, category names): the search index. */
    searchText: text('search_text').notNull().default(''),
    /** SAP / back-office reference. */
    sku: varchar('sku', { length: 64 }),
    createdAt: createdAt(),
    /** Any change of the row: an edit, stock taken or returned, a promotion's price starting or ending. */
    updatedAt: updatedAt(),
    /**
     * The last change a staff member made to what the products file holds, stock aside (fields, specifications,
     * images); null: none since it was added. An import refuses a row of an export older than this (issue 42
     * finding 6). Sales move updated_at, not this.
     */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * Variants (issue 49, decision 034). A product sold in several variants has `variant_options` (its options and
     * their values, both languages) and is the one card lists and search show; each variant is a products row of its
     * own (its SKU, price, promotion price, stock, pictures, 3D model), hidden (active false), with `variant_of` its
     * product and `variant_values` its value of each option. The product's stock is its variants' stock added up
     * (a trigger, migration 0046); its price the lowest of theirs. Products without variants: all three null.
     */
    variantOf: integer('variant_of').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    variantOptions: jsonb('variant_options').$type<VariantOption[]>(),
    variantValues: jsonb('variant_values').$type<VariantValue[]>(),
  },
  (t) => [
    index('products_variant_of_idx')
      .on(t.variantOf, t.id)
      .where(sql`variant_of is not null`),
    // A SKU typed in the back office's searches (products list, stock screen) and an import's row without id
    // matched by its SKU: lower(sku) = the typed SKU lower-cased, for a product's SKU and a variant's alike.
    index('products_sku_idx').on(sql`lower(${t.sku})`),
    // Lists read active products only (decision 009). A category's or a brand's products, with every column a
    // list sorts on, come from these partial covering indexes alone (index-only scans), as do a list's count
    // and price range; the whole catalog's sorts walk an index of their own.
    index('products_category_idx')
      .on(t.categoryId, t.currentPricePiastres, t.id, t.stock, t.createdAt, t.featured)
      .where(sql`active`),
    index('products_category_id_idx').on(t.categoryId, t.id),
    index('products_brand_idx')
      .on(t.brandId, t.currentPricePiastres, t.id, t.stock, t.createdAt, t.featured)
      .where(sql`active`),
    index('products_price_idx')
      .on(t.currentPricePiastres, t.id)
      .where(sql`active`),
    // "In a running promotion" lists, also read from the index alone.
    index('products_on_offer_idx')
      .on(t.currentPricePiastres, t.id, t.stock, t.createdAt, t.featured)
      .where(sql`active and promotion_id is not null and current_price_piastres < price_piastres`),
    index('products_instock_id_idx').on(sql`(${t.stock} > 0)`, t.id),
    index('products_featured_id_idx').on(t.featured, t.id),
    // The home page's featured products and the special-offers page, also read from the index alone.
    index('products_featured_list_idx')
      .on(t.currentPricePiastres, t.id, t.stock, t.createdAt, t.featured)
      .where(sql`active and featured`),
    index('products_special_list_idx')
      .on(t.currentPricePiastres, t.id, t.stock, t.createdAt, t.featured, t.categoryId)
      .where(sql`active and special_offer`),
    index('products_created_idx').on(t.createdAt),
    index('products_promotion_idx').on(t.promotionId),
    // The products whose current price is not their price: what the minute's price refresh must look at.
    index('products_repriced_idx')
      .on(t.id)
      .where(sql`current_price_piastres <> price_piastres`),
    // The trigram index over the search text is on product_search_texts, not here (decision 039).
    // The back office's products list (issue 17, decision 024): a category's or a brand's products, shown or
    // hidden, newest first, with the columns its filters read, so a page and its count come from the index alone.
    index('products_admin_category_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.stock,
      t.active,
      t.brandId,
      t.promotionId,
    ),
    index('products_admin_brand_idx').on(
      t.brandId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.stock,
      t.active,
      t.categoryId,
      t.promotionId,
    ),
    // The dashboard's products running out (LOW_STOCK_AT = 3): the first ten without reading the others.
    index('products_low_stock_idx')
      .on(t.active.desc().nullsFirst(), t.stock, t.id)
      .where(sql`stock <= 3`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

/**
 * Each product's search text again, kept by the products triggers (migration 0057), with the trigram index the
 * database's searches use (decision 039). On products the index was written again by every price or stock change
 * (none of them is a HOT update): about nine tenths of a price change's cost on the embedded database.
 */
export const productSearchTexts = pgTable(
  'product_search_texts',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    /** The product's category again, so a search's words and the sections it names are one scan of this table. */
    categoryId: integer('category_id').notNull(),
  },
  (t) => [
    index('product_search_texts_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('product_search_texts_category_idx').on(t.categoryId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    originalUrl: text('original_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    mediumUrl: text('medium_url').notNull(),
    /** The large version of an uploaded photo (issue 17); null for the seed's drawings and 3D models. */
    largeUrl: text('large_url'),
    is3d: boolean('is_3d').notNull().default(false),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const specifications = pgTable(
  'specifications',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    keyEn: varchar('key_en', { length: 120 }).notNull(),
    keyAr: varchar('key_ar', { length: 120 }).notNull(),
    valueEn: varchar('value_en', { length: 300 }).notNull(),
    valueAr: varchar('value_ar', { length: 300 }).notNull(),
  },
  (t) => [index('specifications_product_idx').on(t.productId, t.position)],
);

/* ---------------- content ---------------- */

export const pageSettings = pgTable(
  'page_settings',
  {
    id: serial('id').primaryKey(),
    group: varchar('group', { length: 40 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    value: text('value'),
    attachmentUrl: text('attachment_url'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('page_settings_group_name_uq').on(t.group, t.name)],
);

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  nameEn: varchar('name_en', { length: 160 }).notNull(),
  nameAr: varchar('name_ar', { length: 160 }).notNull(),
  addressEn: text('address_en').notNull(),
  addressAr: text('address_ar').notNull(),
  phoneNumbers: text('phone_numbers')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/* ---------------- accounts ---------------- */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull().unique(),
    nationalId: varchar('national_id', { length: 14 }),
    passwordHash: text('password_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    role: varchar('role', { length: 20 }).notNull().default('customer'),
    /** The language the shopper last used (sign-up, sign-in): their SMS about orders go out in it. */
    locale: varchar('locale', { length: 2 }).notNull().default('ar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The back office finds shoppers by the end of their phone number and by any part of their name (trigrams:
    // `like '%digits'` and `ilike '%name%'` cannot use a btree). Migration 0007.
    index('users_phone_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

/** One row per signed-in device (devise_token_auth style: client + token, token stored hashed). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: varchar('client', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    /** The token before the last rotation, still accepted until previous_valid_until (requests in flight). */
    previousTokenHash: varchar('previous_token_hash', { length: 128 }),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_user_client_uq').on(t.userId, t.client)],
);

/** SMS one-time codes, stored hashed. purpose: confirmation | password_reset. */
export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_phone_idx').on(t.phoneNumber, t.purpose, t.createdAt)],
);

/**
 * One row: a number the database raises whenever anything a product list's count, price range or filters depend
 * on changes (products' category, brand, prices, promotion, flags, search text; categories; promotions). Triggers
 * (migration 0002) keep it, so every instance can tell in one tiny query whether its memo of a list's totals is
 * still right. Stock is not part of it: it changes with every order and no total depends on it.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Raised when a product sells out or comes back (stock crosses zero; migration 0019): the catalog index's
     * list of sold-out products is read again only then (catalog-index.ts).
     */
    soldOutVersion: bigint('sold_out_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_state_one_row', sql`${t.id} = 1`)],
);

/**
 * The catalog's change log (issue 50 item 1, decision 036): each raise of catalog_state.version notes here, in the
 * same transaction (triggers, migration 0049), the products it touched (`product_id`), or that anything may have
 * changed (`whole`: a category, brand or promotion), or neither (a change the catalog index holds nothing of). An
 * instance's catalog index at version V then changes only the products noted since V (search/index-follow.ts). Rows
 * older than an hour are trimmed (jobs.ts); a version with no row makes the index build whole.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    productId: integer('product_id'),
    whole: boolean('whole').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_version_idx').on(t.version), index('catalog_changes_at_idx').on(t.at)],
);

/**
 * Every distinct word of products' search text (kept by a trigger, migration 0002). Search corrects a word found
 * in no product to the nearest words here, then searches those as typed (decision 003).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Search synonyms (issue 15, modules/catalog/synonyms.ts): `term` also finds `alternative` (both normalised,
 * either may be several words); a two-way row works both ways. A change raises the catalog version (migration 0014).
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    term: text('term').notNull(),
    alternative: text('alternative').notNull(),
    twoWay: boolean('two_way').notNull().default(false),
  },
  (t) => [uniqueIndex('search_synonyms_term_alternative_idx').on(t.term, t.alternative)],
);

/** What the default SmsSender "sent": read by people and e2e tests at GET /dev/sms-outbox. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * Every SMS the store tried to send, one row per gateway tried (issue 44, modules/messages): which gateway, its id
 * for the message, the parts it costs, and what became of it (sending, sent, failed, then delivered or undelivered
 * when the gateway posts a receipt). `body` is the text with any code in it masked: codes are never stored.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    encoding: varchar('encoding', { length: 10 }).notNull(),
    parts: smallint('parts').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sms_messages_created_idx').on(t.createdAt),
    index('sms_messages_phone_idx').on(t.phoneNumber, t.createdAt),
    index('sms_messages_order_idx').on(t.orderId),
    index('sms_messages_provider_id_idx').on(t.provider, t.providerMessageId),
  ],
);

/** Rate-limit counters, one row per key and window (sliding windows, lib/rate-limit.ts), shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

export const deliveryZones = pgTable('delivery_zones', {
  id: serial('id').primaryKey(),
  /** Governorate, in both languages; one zone per governorate. */
  nameEn: varchar('name_en', { length: 80 }).notNull().unique(),
  nameAr: varchar('name_ar', { length: 80 }).notNull(),
  shippingFeesPiastres: integer('shipping_fees_piastres').notNull(),
  /** Days from an order to its delivery in this governorate, at the soonest and at the latest (issue 16). */
  deliveryDaysMin: smallint('delivery_days_min').notNull().default(2),
  deliveryDaysMax: smallint('delivery_days_max').notNull().default(4),
  /** Orders whose products come to this much or more are delivered free here; null: never (issue 16). */
  freeShippingFromPiastres: integer('free_shipping_from_piastres'),
  active: boolean('active').notNull().default(true),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 50 }).notNull(),
    streetName: varchar('street_name', { length: 50 }).notNull(),
    building: varchar('building', { length: 50 }).notNull(),
    floor: varchar('floor', { length: 50 }).notNull(),
    apartment: varchar('apartment', { length: 50 }).notNull(),
    district: varchar('district', { length: 50 }).notNull(),
    governorate: varchar('governorate', { length: 50 }).notNull(),
    instructions: varchar('instructions', { length: 500 }),
    numberType: varchar('number_type', { length: 10 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    cityCode: varchar('city_code', { length: 4 }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    name: text('name').notNull(),
    deliveryZoneId: integer('delivery_zone_id').references(() => deliveryZones.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/* ---------------- orders and payments ---------------- */

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  nameEn: varchar('name_en', { length: 120 }).notNull(),
  nameAr: varchar('name_ar', { length: 120 }).notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const bankInstallments = pgTable('bank_installments', {
  id: serial('id').primaryKey(),
  bankId: integer('bank_id')
    .notNull()
    .references(() => banks.id, { onDelete: 'cascade' }),
  titleEn: varchar('title_en', { length: 160 }).notNull(),
  titleAr: varchar('title_ar', { length: 160 }).notNull(),
  months: smallint('months').notNull(),
  /** Yearly interest in basis points (0 = no interest). */
  interestBasisPoints: integer('interest_basis_points').notNull().default(0),
  /** One-time administration fee in basis points of the price (installments.ts). */
  feeBasisPoints: integer('fee_basis_points').notNull().default(0),
  /** The smallest amount the plan is offered for (issue 43): below it checkout, the product page and the API hide or refuse it. */
  minimumPiastres: integer('minimum_piastres').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Placed orders: what the back office lists (the partial indexes below, and its queries, say it this way). */
const PLACED_ORDER = sql`status not in ('cart', 'awaiting_payment', 'abandoned')`;

/**
 * An order. status 'cart' is the shopper's cart (an order in progress, one per user); checkout moves it to
 * 'pending' (offline methods) or 'awaiting_payment' (online, while the payment key lives) and on.
 */
/**
 * Discount codes (issue 49 item 1, modules/discounts): percent (value 1–100) or amount (value in piastres) off the
 * products in scope, optionally from a minimum order, between dates, up to max_uses in all and per shopper, or for
 * a first order only. `uses` counts the orders that took it: taken in the placing transaction by a guarded update
 * (uses < max_uses), so the last use goes to one order.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case; shoppers type it in any case. */
    code: varchar('code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    value: integer('value').notNull(),
    minimumOrderPiastres: integer('minimum_order_piastres'),
    /** all, categories, brands or products; scope_ids the ids of that kind. */
    scope: varchar('scope', { length: 12 }).notNull().default('all'),
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerShopper: integer('max_uses_per_shopper'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.code),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('discount_codes_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /**
     * The number shoppers and staff read (issue 43): given when the order is placed, from the counters row
     * 'order_number' in the placing transaction (core.ts takeOrderNumber), so placed orders are numbered 1, 2, 3, …
     * with no gap; null while it is a cart, an online payment under way or an attempt given up. The id stays the
     * order's address in URLs and calls.
     */
    orderNumber: integer('order_number'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 30 }).notNull().default('cart'),
    paymentMethod: varchar('payment_method', { length: 40 }),
    bankInstallmentId: integer('bank_installment_id').references(() => bankInstallments.id),
    addressId: integer('address_id').references(() => addresses.id),
    /** The delivery address as it was when the order was placed. */
    addressSnapshot: jsonb('address_snapshot'),
    nationalId: varchar('national_id', { length: 14 }),
    shippingFeesPiastres: integer('shipping_fees_piastres').notNull().default(0),
    /**
     * A cart's delivery zone's free-shipping threshold, set with its fee when the address is chosen: the cart, the
     * checkout and the payment's check all charge the fee only below it (contracts `orderTotals`).
     */
    freeShippingFromPiastres: integer('free_shipping_from_piastres'),
    totalCartPricePiastres: bigint('total_cart_price_piastres', { mode: 'number' }).notNull().default(0),
    checkoutTotalPricePiastres: bigint('checkout_total_price_piastres', { mode: 'number' })
      .notNull()
      .default(0),
    /**
     * What refunds gave back so far (units × the price paid, admin-service.ts refundOrder). The order's answer shows
     * it; the dashboard's sales (order_daily_sales, kept by the triggers) are net of it (migration 0031).
     */
    refundedPiastres: bigint('refunded_piastres', { mode: 'number' }).notNull().default(0),
    /**
     * The VAT inside checkout_total_price (issue 47): the lines' VAT plus the delivery fee's (DELIVERY_FEE_TAXED),
     * from the one totals calculator at checkout; shipping_vat_piastres is the delivery fee's part.
     */
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull().default(0),
    shippingVatPiastres: integer('shipping_vat_piastres').notNull().default(0),
    /** The invoice (issue 47): INV-2026-000123, given when the order is confirmed (invoices/numbers.ts), and its date. */
    invoiceNumber: varchar('invoice_number', { length: 20 }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    checkoutDate: timestamp('checkout_date', { withTimezone: true }),
    sapSync: boolean('sap_sync').notNull().default(false),
    /**
     * A discount code (issue 49 item 1): the one a cart holds (PUT v1/users/cart/discount_code), kept by the order
     * it becomes; the code as typed then and the discount it gave, fixed at checkout (0 without one).
     */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCode: varchar('discount_code', { length: 40 }),
    discountPiastres: bigint('discount_piastres', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The snapshot's governorate, kept by the database (generated): the back office's governorate filter and its
     * counts read it from an index alone, which an index on the JSON expression cannot do.
     */
    governorate: text('governorate').generatedAlwaysAs(sql`(address_snapshot ->> 'governorate')`),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.status),
    // The back office's list and dashboard (issue 13 part 6, migration 0007): placed orders only, in the list's
    // order (newest first; walked backwards for the oldest), ending with the columns its counts and sums read, so
    // those are index-only scans (drizzle has no INCLUDE). The predicate is the one the list's queries carry.
    // `desc().nullsFirst()` is plain SQL `desc` (drizzle writes NULLS LAST otherwise), as the queries sort.
    index('orders_placed_newest_idx')
      .on(t.checkoutDate.desc().nullsLast(), t.id.desc().nullsFirst(), t.status, t.checkoutTotalPricePiastres)
      .where(PLACED_ORDER),
    index('orders_placed_status_idx').on(t.status).where(PLACED_ORDER),
    index('orders_placed_status_newest_idx')
      .on(t.status, t.checkoutDate.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(PLACED_ORDER),
    // Each ends with the other's column too, so payment method, governorate, dates and status combined are
    // counted from one index alone (migration 0012).
    index('orders_placed_method_newest_idx')
      .on(
        t.paymentMethod,
        t.checkoutDate.desc().nullsLast(),
        t.id.desc().nullsFirst(),
        t.status,
        t.governorate,
      )
      .where(PLACED_ORDER),
    index('orders_placed_governorate_newest_idx')
      .on(
        t.governorate,
        t.checkoutDate.desc().nullsLast(),
        t.id.desc().nullsFirst(),
        t.status,
        t.paymentMethod,
      )
      .where(PLACED_ORDER),
    // A shopper's placed orders, newest first, with their status: a search by phone or name (many shoppers' ids)
    // and a customer's page read their pages and counts from the index alone.
    index('orders_placed_user_newest_idx')
      .on(t.userId, t.checkoutDate.desc().nullsLast(), t.id.desc().nullsFirst(), t.status)
      .where(PLACED_ORDER),
    index('orders_placed_total_idx')
      .on(t.checkoutTotalPricePiastres.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(PLACED_ORDER),
    uniqueIndex('orders_one_cart_per_user_uq')
      .on(t.userId)
      .where(sql`status = 'cart'`),
    // Carts by when they were last touched: what the abandoned-carts job and list read (modules/alerts, issue 49).
    index('orders_cart_untouched_idx')
      .on(t.updatedAt, t.id)
      .where(sql`status = 'cart'`),
    // One order a number; staff find an order by it (the list's search).
    uniqueIndex('orders_order_number_uq').on(t.orderNumber),
    uniqueIndex('orders_invoice_number_uq').on(t.invoiceNumber),
    // Every placed order has its number (the migration numbered the orders placed before).
    check(
      'orders_placed_numbered_check',
      sql`${t.status} in ('cart', 'awaiting_payment', 'abandoned') or ${t.orderNumber} is not null`,
    ),
    // The statuses of contracts' ORDER_STATES (the shopper-visible ORDER_STATUSES and the internal ones).
    check(
      'orders_status_check',
      sql`${t.status} in ('cart', 'awaiting_payment', 'abandoned', 'pending', 'confirmed', 'processing', 'delivering', 'canceled', 'delivered', 'refunded', 'partially_refunded', 'returned')`,
    ),
  ],
);

/**
 * Every change of a product's stock and why (modules/stock): the order that took it, a payment hold released, a
 * cancel or a refund that put it back, a staff member's edit. stock_after is the stock right after the change.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: varchar('reason', { length: 30 }).notNull(),
    orderId: integer('order_id'),
    staffId: integer('staff_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('order', 'payment_hold', 'payment_released', 'late_payment', 'cancel', 'refund', 'manual')`,
    ),
  ],
);

/**
 * Placed orders per status, payment method and governorate ('' for none), kept by the database: statement
 * triggers on orders (migrations 0009, 0010) add a row of +n / -n for each change, never update one, so two orders
 * never wait for each other; a count is the sum of its rows, and the back office folds them now and then
 * (modules/orders/counts.ts). The orders list's counts per status come from here when only status, payment method
 * and governorate filter it.
 */
export const orderCounts = pgTable('order_counts', {
  status: varchar('status', { length: 30 }).notNull(),
  paymentMethod: varchar('payment_method', { length: 40 }).notNull().default(''),
  governorate: text('governorate').notNull().default(''),
  n: integer('n').notNull(),
});

/**
 * Placed orders and their totals per Cairo day of checkout, status and payment method, kept like order_counts by
 * the same triggers (migrations 0011, 0013): the dashboard's today, month and 30 days, and the list's counts for a
 * range of days, are sums of a few rows.
 */
export const orderDailySales = pgTable(
  'order_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 30 }).notNull().default(''),
    paymentMethod: varchar('payment_method', { length: 40 }).notNull().default(''),
    n: integer('n').notNull(),
    salesPiastres: bigint('sales_piastres', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_daily_sales_day_idx').on(t.day)],
);

/**
 * The sales report's daily summaries (issue 49 item 5, decision 033): sold orders (placed, not canceled) per Cairo
 * day of checkout, kept by the database's triggers on orders, order_products and products in the transaction of
 * every change (migration 0047: rows of + and − what each change moved, never updated; modules/reports folds
 * them). report_daily_orders: per governorate and payment method, the orders' figures (`lined`: orders with a
 * line); report_daily_products: per product, its lines' figures and the orders holding it; report_daily_taxa: per
 * category (`dim` 'category') or brand ('brand') of the product now, the orders holding one of its products.
 * `folded`: a row the reports job wrote as the sum of a day's rows (the triggers' rows are not).
 */
export const reportDailyOrders = pgTable(
  'report_daily_orders',
  {
    day: date('day', { mode: 'string' }).notNull(),
    governorate: text('governorate').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull(),
    lined: integer('lined').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    revenuePiastres: bigint('revenue_piastres', { mode: 'number' }).notNull(),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull(),
    refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull(),
    discountsPiastres: bigint('discounts_piastres', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    // A range of days read from the index alone (every column a key: drizzle has no INCLUDE; migration 0048).
    index('report_daily_orders_day_idx').on(
      t.day,
      t.governorate,
      t.paymentMethod,
      t.orders,
      t.lined,
      t.units,
      t.revenuePiastres,
      t.vatPiastres,
      t.refundsPiastres,
      t.discountsPiastres,
    ),
    index('report_daily_orders_unfolded_idx')
      .on(t.day)
      .where(sql`not folded`),
  ],
);
export const reportDailyProducts = pgTable(
  'report_daily_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    orders: integer('orders').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    revenuePiastres: bigint('revenue_piastres', { mode: 'number' }).notNull(),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull(),
    refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_daily_products_day_idx').on(
      t.day,
      t.productId,
      t.orders,
      t.units,
      t.revenuePiastres,
      t.vatPiastres,
      t.refundsPiastres,
    ),
    index('report_daily_products_unfolded_idx')
      .on(t.day)
      .where(sql`not folded`),
  ],
);
export const reportDailyTaxa = pgTable(
  'report_daily_taxa',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 10 }).notNull(),
    key: integer('key').notNull(),
    orders: integer('orders').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_daily_taxa_day_idx').on(t.day, t.dim, t.key, t.orders),
    index('report_daily_taxa_unfolded_idx')
      .on(t.day)
      .where(sql`not folded`),
  ],
);

/**
 * The same summaries per Cairo month (`month`: its first day), written by the same triggers in the same statement
 * as the daily rows (migration 0052), so a month's rows always add up to its days' rows: a long range reads its
 * whole months here and only its edge days from the daily tables (modules/reports/summary.ts).
 */
export const reportMonthlyOrders = pgTable(
  'report_monthly_orders',
  {
    month: date('month', { mode: 'string' }).notNull(),
    governorate: text('governorate').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull(),
    lined: integer('lined').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    revenuePiastres: bigint('revenue_piastres', { mode: 'number' }).notNull(),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull(),
    refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull(),
    discountsPiastres: bigint('discounts_piastres', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_monthly_orders_month_idx').on(
      t.month,
      t.governorate,
      t.paymentMethod,
      t.orders,
      t.lined,
      t.units,
      t.revenuePiastres,
      t.vatPiastres,
      t.refundsPiastres,
      t.discountsPiastres,
    ),
    index('report_monthly_orders_unfolded_idx')
      .on(t.month)
      .where(sql`not folded`),
  ],
);
export const reportMonthlyProducts = pgTable(
  'report_monthly_products',
  {
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    orders: integer('orders').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    revenuePiastres: bigint('revenue_piastres', { mode: 'number' }).notNull(),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull(),
    refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_monthly_products_month_idx').on(
      t.month,
      t.productId,
      t.orders,
      t.units,
      t.revenuePiastres,
      t.vatPiastres,
      t.refundsPiastres,
    ),
    index('report_monthly_products_unfolded_idx')
      .on(t.month)
      .where(sql`not folded`),
  ],
);
export const reportMonthlyTaxa = pgTable(
  'report_monthly_taxa',
  {
    month: date('month', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 10 }).notNull(),
    key: integer('key').notNull(),
    orders: integer('orders').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_monthly_taxa_month_idx').on(t.month, t.dim, t.key, t.orders),
    index('report_monthly_taxa_unfolded_idx')
      .on(t.month)
      .where(sql`not folded`),
  ],
);

/**
 * Counters moved on inside the transaction that uses them, so what they give has no gap (a sequence skips what a
 * rolled-back transaction took): 'order_number', the last order number given (modules/orders/core.ts).
 */
export const counters = pgTable('counters', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * Every change of an order's status, written in the same transaction as the change (modules/orders/core.ts).
 * actor_type: shopper | staff | gateway | system; actor_id: the user or staff member, when there is one.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 30 }),
    toStatus: varchar('to_status', { length: 30 }).notNull(),
    actorType: varchar('actor_type', { length: 20 }).notNull(),
    actorId: integer('actor_id'),
    /** Staff's or the courier's own words, as written (and the English of rows older than note_key). */
    note: text('note'),
    /** A note the server writes: a key of contracts' apiMessages, read in the reader's language with note_args. */
    noteKey: varchar('note_key', { length: 60 }),
    noteArgs: jsonb('note_args').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The transactional outbox: what must happen after a change commits (an SMS to the shopper, a sync), written in the
 * same transaction as the change and handled once by the job runner of any instance (`for update skip locked`).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 60 }).notNull(),
    orderId: integer('order_id'),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /** Not before this time (retries back off). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The channels an order step's message already went out on (issue 44: sms, whatsapp, email): a retry after one
     * channel refused sends only on the others, never the shopper's SMS twice.
     */
    sentChannels: jsonb('sent_channels').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`processed_at is null`),
  ],
);

export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Unit price fixed at checkout. */
    checkoutPricePiastres: integer('checkout_price_piastres'),
    /**
     * The line's amounts fixed at checkout (all units, issue 47): gross = units × checkout price, VAT inside it at
     * the product's rate (vat_rate_bp) from the one totals calculator, net = gross − VAT. Null while a cart.
     */
    vatRateBp: integer('vat_rate_bp'),
    netPiastres: bigint('net_piastres', { mode: 'number' }),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }),
    grossPiastres: bigint('gross_piastres', { mode: 'number' }),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    orderStatus: varchar('order_status', { length: 30 }),
    /**
     * The variant bought (issue 49), fixed at checkout: its SKU and its option values in both languages (product_id
     * is the variant's own row). Null: a product sold as one item.
     */
    variant: jsonb('variant').$type<{
      sku: string | null;
      options: { name_en: string; name_ar: string; value_en: string; value_ar: string }[];
    }>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_products_order_product_uq').on(t.orderId, t.productId)],
);

export const ratings = pgTable('ratings', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rating: smallint('rating').notNull(),
  createdAt: createdAt(),
});

/**
 * Each product's rating (issue 16): the order ratings of spec §2 rolled up to every product of the rated order,
 * kept by a trigger on ratings (migration 0016), so a list reads one row per product instead of every rating.
 */
export const productRatings = pgTable('product_ratings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  ratingSum: integer('rating_sum').notNull(),
  ratingCount: integer('rating_count').notNull(),
});

/** A payment session (payment key) for an order; stock is held while it is pending (decision 006). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    paymentKey: varchar('payment_key', { length: 200 }).notNull().unique(),
    providerReference: varchar('provider_reference', { length: 200 }),
    /** The provider's payment page for this key (the way back to a payment left open, issue 16). */
    checkoutUrl: varchar('checkout_url', { length: 1000 }),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('EGP'),
    /**
     * contracts' PAYMENT_STATES: pending | succeeded | failed | expired | refund_required | voided | refunded, moved only along
     * PAYMENT_TRANSITIONS by the payments module (modules/payments/rows.ts), the only writer of this table.
     */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** How the shopper paid, from the gateway's answer (contracts' PAYMENT_KINDS) and its name (MasterCard, ValU...). */
    method: varchar('method', { length: 10 }),
    methodName: varchar('method_name', { length: 40 }),
    /** When the gateway took the money (a void is possible the same Cairo business day). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What went back through the gateway so far (per-line refunds, a cancel's void or refund). */
    refundedPiastres: bigint('refunded_piastres', { mode: 'number' }).notNull().default(0),
    /** The gateway's id of the void or of the last refund. */
    reversalId: varchar('reversal_id', { length: 64 }),
    /** The gateway's words when it last refused to give the money back (shown to staff; null once it did). */
    gatewayError: varchar('gateway_error', { length: 500 }),
    /** When the inquiry job last asked the gateway about this session (it expired without a callback). */
    inquiredAt: timestamp('inquired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.status, t.expiresAt),
    // The dashboard's refunds to do (migration 0007).
    index('payments_refund_required_idx')
      .on(t.orderId)
      .where(sql`status = 'refund_required'`),
    // The inquiry job's sessions that expired (payments/inquiry.ts asks the gateway about them for a while).
    index('payments_expired_idx')
      .on(t.expiresAt)
      .where(sql`status = 'expired'`),
    // contracts' PAYMENT_STATES (payment-states.ts); payments.test.ts checks the two agree.
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'expired', 'refund_required', 'voided', 'refunded')`,
    ),
  ],
);

/** Every gateway callback, once per transaction id: what makes callbacks idempotent. */
export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
  providerTransactionId: varchar('provider_transaction_id', { length: 200 }).notNull().unique(),
  success: boolean('success').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

/* ---------------- back office: staff (issue 13) ---------------- */

/**
 * Staff of the back office: not shoppers (their own table, sessions and audit log). Signs in with email and password
 * (scrypt, modules/auth/passwords.ts). role: owner (everything, manages staff) | staff (orders, customers) | catalog.
 * A removed member is deactivated, not deleted, so the audit log keeps naming them.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Always lower case (the CHECK holds every writer to it), so one address is one account. */
    email: varchar('email', { length: 200 }).notNull().unique(),
    name: varchar('name', { length: 80 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The member's authenticator app (TOTP, RFC 6238; modules/staff/totp.ts): the secret in base32 once confirmed
     * with a code (null: none). While an email is under attack, sign-in asks for a code from it (decision 025).
     */
    totpSecret: varchar('totp_secret', { length: 64 }),
    /** A secret shown for setting up, not yet confirmed with a code (setting up again replaces it). */
    totpPendingSecret: varchar('totp_pending_secret', { length: 64 }),
    /** The 30-second step of the last code accepted: a code is good once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The staff alerts this member asked for (issue 44): any of new_order, refund_required, import_finished,
     * low_stock; sent by email as one digest a minute (lib/staff-alerts.ts), in alert_locale.
     */
    alertKinds: jsonb('alert_kinds').$type<string[]>().notNull().default([]),
    alertLocale: varchar('alert_locale', { length: 2 }).notNull().default('ar'),
    /** Owners only: the phone (01xxxxxxxxx) that gets the digest by SMS too (null: none). */
    alertPhone: varchar('alert_phone', { length: 20 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The roles of contracts' STAFF_ROLES.
    check('staff_role_check', sql`${t.role} in ('owner', 'staff', 'catalog')`),
    check('staff_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/** One row per signed-in device of a staff member, like auth_tokens: client + sha256 of the token + expiry. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    client: varchar('client', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_sessions_staff_client_uq').on(t.staffId, t.client)],
);

/**
 * Failed staff sign-ins (issue 42): one row per attempt that did not sign in, whatever the email (an unknown one
 * too). They decide an address's back-off (its failures in the last window), whether an email is under attack
 * (failures from several addresses), and owners read them in the back office. Purged after 30 days.
 * reason: wrong_password | removed | wrong_code | code_required.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_sign_in_failures_ip_idx').on(t.ip, t.createdAt),
    index('staff_sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('staff_sign_in_failures_created_idx').on(t.createdAt),
  ],
);

/**
 * What staff did: one row per action, written in the action's own transaction. staff_id is who did it (null: the
 * system, e.g. OWNER_EMAIL at start-up); target_type/target_id what it was done to ('order', '42'); details never
 * hold passwords, tokens or hashes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    action: varchar('action', { length: 60 }).notNull(),
    targetType: varchar('target_type', { length: 40 }),
    targetId: varchar('target_id', { length: 64 }),
    details: jsonb('details').notNull().default({}),
    /** The address the request came from (as TRUST_PROXY allows), when there was a request. */
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

/* ---------------- back office: catalog imports (issue 17) ---------------- */

/**
 * A products spreadsheet brought in by staff: checked row by row first (dry_run), then applied in the background by
 * whichever instance claims it (claimed_until is its lease, so a dead instance's job is taken over). `source_packed`
 * is the file as CSV text (an XLSX is turned into CSV at upload), gzipped; `source`, the same unpacked, is what jobs
 * queued before migration 0060 kept. Counts and progress are kept as rows are done.
 * status: queued | running | done | failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    /** The file as CSV text, for jobs made before migration 0060 (null since: `sourcePacked`). */
    source: text('source'),
    /**
     * The file as CSV text, gzipped (made in the thread that reads the upload). Null for a checked file run for real:
     * its dry run's (checked_job_id) is read instead of a copy.
     */
    sourcePacked: bytea('source_packed'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** The changed rows by the field they change ({"price": 4980, "title_en": 3}), kept with each batch. */
    changedFields: jsonb('changed_fields').notNull().default({}),
    /** Why a whole job failed (an unreadable file), a message key; row problems are in import_rows. */
    error: text('error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * The share of the time its runner lets it work (IMPORT_PACE of the instance or worker that claimed it): below 1
     * it gives way to shoppers, and its card says so. Null until claimed.
     */
    pace: doublePrecision('pace'),
    /**
     * The dry run this import runs for real (POST /imports/{id}/run). Unique: a checked file runs once, however
     * often it is asked (a double click, a retry), and a second ask answers this job (issue 42 finding 7).
     */
    checkedJobId: integer('checked_job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('import_jobs_status_idx').on(t.status, t.id),
    uniqueIndex('import_jobs_checked_job_uq').on(t.checkedJobId),
  ],
);

/** What one row of an import did or would do: added | changed | refused (with the reasons, message keys by field). */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row's line in the file, the header being line 1. */
    rowNumber: integer('row_number').notNull(),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    productId: integer('product_id'),
    reasons: jsonb('reasons').notNull().default({}),
    /** A changed row's fields: {"price": [100000, 105000], "title_en": null} (a value before and after, or none). */
    changes: jsonb('changes'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.rowNumber] }),
    // A job's page shows its refused rows first (jobRowsPage): found without reading the job's other rows.
    index('import_rows_refused_idx')
      .on(t.jobId, t.rowNumber)
      .where(sql`${t.outcome} = 'refused'`),
    check('import_rows_outcome_check', sql`${t.outcome} in ('added', 'changed', 'unchanged', 'refused')`),
  ],
);

/**
 * Every email the store tried to send (issue 44): to whom, about what, through which provider and with what result.
 * The demo's outbox keeps the text and HTML too (what a person reads at GET /dev/email-outbox); a real provider's
 * rows keep only the subject.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerMessageId: varchar('provider_message_id', { length: 200 }),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    text: text('text'),
    html: text('html'),
    status: varchar('status', { length: 20 }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_messages_created_idx').on(t.createdAt),
    index('email_messages_to_idx').on(t.toAddress),
  ],
);

/**
 * Staff alerts waiting for the next digest (issue 44): a placed order, a payment needing a refund, an import that
 * finished or failed, a product's stock falling to the low mark. Written in the transaction of the change
 * (lib/staff-alerts.ts); the alerts job claims the unsent ones (sent_at set in one update … skip locked) and sends
 * each member who asked for their kind one email listing them.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    payload: jsonb('payload').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_alerts_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Which order steps go out on which channel (issue 44 item 2), as the owner chose in the back office; a step with no
 * row goes out as contracts' ORDER_STEP_DEFAULTS say. Read by the outbox for every step it sends.
 */
export const messageStepChannels = pgTable('message_step_channels', {
  step: varchar('step', { length: 30 }).primaryKey(),
  sms: boolean('sms').notNull(),
  email: boolean('email').notNull(),
  whatsapp: boolean('whatsapp').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
});

/* ---------------- invoices and e-receipts (issue 47) ---------------- */

/**
 * The last invoice (INV) and credit note (CN) number given in each year: modules/invoices/numbers.ts takes the next
 * one in the caller's transaction (one upsert that keeps the row locked until it ends), so numbers are gapless and
 * never reused: a transaction that rolls back gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: varchar('series', { length: 3 }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('invoice_counters_series_ck', sql`${t.series} in ('INV', 'CN')`),
    check('invoice_counters_number_ck', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * Credit notes (issue 47): a refund, or a cancel of an invoiced order, gives back what the invoice charged with a
 * note numbered CN-2026-000001 (invoices/numbers.ts) in the same transaction. lines: the order lines' units given
 * back with their net, VAT and gross (piastres); the totals add them up (and the delivery fee a cancel returns).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: varchar('number', { length: 20 }).notNull().unique(),
    reason: varchar('reason', { length: 10 }).notNull(),
    lines: jsonb('lines')
      .$type<
        {
          order_product_id: number;
          product_id: number;
          quantity: number;
          vat_rate_bp: number;
          net: number;
          vat: number;
          gross: number;
        }[]
      >()
      .notNull(),
    shippingPiastres: integer('shipping_piastres').notNull().default(0),
    shippingVatPiastres: integer('shipping_vat_piastres').notNull().default(0),
    netPiastres: bigint('net_piastres', { mode: 'number' }).notNull(),
    vatPiastres: bigint('vat_piastres', { mode: 'number' }).notNull(),
    grossPiastres: bigint('gross_piastres', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId),
    check('credit_notes_reason_ck', sql`${t.reason} in ('refund', 'cancel')`),
  ],
);

/**
 * Egypt's e-receipts (modules/einvoicing): each one as it was sent to the Tax Authority (its JSON, whose uuid is the
 * SHA-256 of its serialization), chained to the one before by previous_uuid ('' for the first; unique, so two
 * receipts never share a previous). pending: built, not yet taken by the ETA; submitted: taken, its verdict to come;
 * valid / invalid: the ETA's verdict (reasons: why invalid); failed: the last try did not reach the ETA (retried
 * with the same document).
 */
export const etaReceipts = pgTable(
  'eta_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 6 }).notNull(),
    /** What the receipt stands for, once: sale:<order id>, return:<order id>:<refund>. */
    dedupeKey: varchar('dedupe_key', { length: 100 }).notNull().unique(),
    receiptNumber: varchar('receipt_number', { length: 50 }).notNull().unique(),
    uuid: varchar('uuid', { length: 64 }).notNull().unique(),
    previousUuid: varchar('previous_uuid', { length: 64 }).notNull(),
    /** A return: the sale's uuid. */
    referenceUuid: varchar('reference_uuid', { length: 64 }),
    /** The receipt's JSON exactly as sent (and sent again). */
    document: text('document').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    submissionId: varchar('submission_id', { length: 100 }),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sender's claim on it (another instance leaves it alone until then). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('eta_receipts_previous_uq').on(t.previousUuid),
    index('eta_receipts_order_idx').on(t.orderId),
    index('eta_receipts_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('pending', 'failed', 'submitted')`),
    check('eta_receipts_kind_ck', sql`${t.kind} in ('sale', 'return')`),
    check(
      'eta_receipts_status_ck',
      sql`${t.status} in ('pending', 'submitted', 'valid', 'invalid', 'failed')`,
    ),
    check('eta_receipts_uuid_ck', sql`${t.uuid} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A parcel handed to a courier for an order (issue 48, adapters/couriers): Bosta's delivery made from the outbox
 * or by staff, or a carrier and tracking number staff typed (courier 'manual'). One live shipment an order (a
 * cancelled one may be followed by another). Money in piastres; the cash to collect is the order's total for cash
 * and card-on-delivery orders, 0 for paid ones.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'bosta', 'aramex', 'mylerz' or 'manual' (COURIER when it was made). */
    courier: varchar('courier', { length: 20 }).notNull(),
    /** The carrier's name as staff typed it (manual shipments). */
    carrierName: varchar('carrier_name', { length: 80 }),
    /** The courier's own id of the delivery (Bosta's `_id`): its label and cancel calls take it. */
    courierShipmentId: varchar('courier_shipment_id', { length: 80 }),
    trackingNumber: varchar('tracking_number', { length: 60 }).notNull(),
    /** created, delivering, delivered, returned, canceled (adapters/couriers SHIPMENT_STATUSES). */
    status: varchar('status', { length: 20 }).notNull().default('created'),
    codPiastres: bigint('cod_piastres', { mode: 'number' }).notNull().default(0),
    /** What the courier says it collected (its delivered event). */
    codCollectedPiastres: bigint('cod_collected_piastres', { mode: 'number' }),
    /** When the label (AWB) was last fetched from the courier to print; the courier keeps the PDF itself. */
    labelPrintedAt: timestamp('label_printed_at', { withTimezone: true }),
    /** The courier's last state code applied and when it happened (out-of-order events are recorded, not applied). */
    lastStateCode: integer('last_state_code'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_courier_tracking_uq').on(t.courier, t.trackingNumber),
    uniqueIndex('shipments_live_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} <> 'canceled'`),
    index('shipments_order_idx').on(t.orderId),
    check('shipments_courier_ck', sql`${t.courier} in ('manual', 'bosta', 'aramex', 'mylerz')`),
    check(
      'shipments_status_ck',
      sql`${t.status} in ('created', 'delivering', 'delivered', 'returned', 'canceled')`,
    ),
    check('shipments_cod_ck', sql`${t.codPiastres} >= 0`),
  ],
);

/**
 * Every event a courier reported for a shipment, once (a repeated one is ignored by the unique index), with whether
 * it changed the shipment: the order's history lists them, exceptions and cancels included.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    stateCode: integer('state_code').notNull(),
    stateName: varchar('state_name', { length: 60 }).notNull(),
    /** What it meant: a shipment status, 'exception' or 'note'. */
    effect: varchar('effect', { length: 20 }).notNull(),
    /** When it happened, as the courier said (else when it arrived). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    codCollectedPiastres: bigint('cod_collected_piastres', { mode: 'number' }),
    /** Whether it moved the shipment (false: a late or out-of-order event, kept for the history). */
    applied: boolean('applied').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_once_uq').on(t.shipmentId, t.stateCode, t.occurredAt),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.occurredAt),
  ],
);

/**
 * A courier's cash-on-delivery settlement file as staff uploaded it (issue 48 item 4): once per file (its SHA-256),
 * so the same file twice changes nothing.
 */
export const codSettlementFiles = pgTable(
  'cod_settlement_files',
  {
    id: serial('id').primaryKey(),
    courier: varchar('courier', { length: 20 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    rows: integer('rows').notNull(),
    uploadedBy: integer('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cod_settlement_files_sha_uq').on(t.sha256)],
);

/**
 * What the courier says it collected for one parcel (a row of a settlement file): the shipment it names by its
 * tracking number or business reference (null: a parcel the store does not know), in piastres, on its day. One row
 * per courier and tracking number: a later file naming the same parcel again adds nothing.
 */
export const codSettlements = pgTable(
  'cod_settlements',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => codSettlementFiles.id, { onDelete: 'cascade' }),
    courier: varchar('courier', { length: 20 }).notNull(),
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    trackingNumber: varchar('tracking_number', { length: 60 }).notNull(),
    businessReference: varchar('business_reference', { length: 80 }),
    collectedPiastres: bigint('collected_piastres', { mode: 'number' }).notNull(),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cod_settlements_parcel_uq').on(t.courier, t.trackingNumber),
    index('cod_settlements_shipment_idx').on(t.shipmentId),
    index('cod_settlements_day_idx').on(t.settledOn),
    // The files' list counts each file's rows, and removing a file deletes its rows (ON DELETE CASCADE).
    index('cod_settlements_file_idx').on(t.fileId),
    check('cod_settlements_collected_ck', sql`${t.collectedPiastres} >= 0`),
  ],
);

/* ---------------- shoppers' alerts and abandoned carts (issue 49, modules/alerts) ---------------- */

/**
 * A signed-in shopper asked to be told when a sold-out product is back. The alerts job claims the waiting ones whose
 * product is back in stock (notified_at set in one update … skip locked) and tells each shopper once; a shopper
 * who wants to hear again asks again. At most one waiting alert per shopper and product.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_uq')
      .on(t.userId, t.productId)
      .where(sql`notified_at is null`),
    index('stock_alerts_waiting_product_idx')
      .on(t.productId, t.id)
      .where(sql`notified_at is null`),
  ],
);

/**
 * A shopper's choices for alerts: whether the wishlist's price drops are told (off until they say so), the channel
 * (sms or email; email falls back to SMS when the store sends none or the address is unusable) and when the last
 * price-drop message went out (at most one a day: drops meanwhile wait for the next).
 */
export const shopperAlertSettings = pgTable(
  'shopper_alert_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceDrops: boolean('price_drops').notNull().default(false),
    channel: varchar('channel', { length: 10 }).notNull().default('sms'),
    priceDropSentAt: timestamp('price_drop_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('shopper_alert_settings_channel_check', sql`${t.channel} in ('sms', 'email')`),
    index('shopper_alert_settings_price_drops_idx')
      .on(t.userId)
      .where(sql`price_drops`),
  ],
);

/**
 * The price a shopper who allowed price-drop alerts last knew of a wished-for product (when the alerts job first saw
 * the favorite, or the price they were last told of). The job tells of a current price below it, once, then keeps
 * the new price; a rise is kept silently, so each drop is told once. Goes with the favorite.
 */
export const priceWatches = pgTable(
  'price_watches',
  {
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    foreignKey({
      columns: [t.userId, t.productId],
      foreignColumns: [favorites.userId, favorites.productId],
      name: 'price_watches_favorite_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * One reminder per abandoned cart and version of it (the cart's updated_at when it was reminded): the job inserts
 * the row before sending (on conflict nothing), so a cart is never reminded twice for the same contents, on any
 * number of instances; a cart changed since can be reminded again once it is left again.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cartUpdatedAt: timestamp('cart_updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The channels it went out on. */
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.cartUpdatedAt] })],
);

/** The owner's choice of channels for abandoned-cart reminders (one row; none: no reminders, the default). */
export const abandonedCartSettings = pgTable(
  'abandoned_cart_settings',
  {
    id: smallint('id').primaryKey().default(1),
    sms: boolean('sms').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [check('abandoned_cart_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A shopper's request to return lines of a delivered order (issue 48 item 5, spec §9; modules/returns): asked within
 * 14 days of delivery with a reason and up to 3 photos, approved or refused by staff with a note, picked up by the
 * courier (approved: the outbox books the pickup; COURIER=manual: staff type the carrier's tracking number), then
 * received by staff, which refunds the returned lines (orders' refund: money, stock, credit note) in one transaction.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** requested → approved | refused; approved → refunded (received by staff, refunded at once). */
    status: varchar('status', { length: 20 }).notNull().default('requested'),
    /** contracts RETURN_REASONS. */
    reason: varchar('reason', { length: 30 }).notNull(),
    /** The shopper's own words (at most 500 characters). */
    details: text('details'),
    /** The photos' image-store keys (at most 3). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** Staff's note to the shopper when approving or refusing. */
    staffNote: text('staff_note'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The pickup: the courier that fetches the items ('bosta', or 'manual' with the carrier staff named). */
    pickupCourier: varchar('pickup_courier', { length: 20 }),
    pickupCarrierName: varchar('pickup_carrier_name', { length: 80 }),
    pickupTrackingNumber: varchar('pickup_tracking_number', { length: 60 }),
    pickupCourierId: varchar('pickup_courier_id', { length: 80 }),
    pickupBookedAt: timestamp('pickup_booked_at', { withTimezone: true }),
    /** The courier's news of the pickup (Bosta's webhook, 23 and 46): picked up at the shopper's, back at the shop. */
    pickupPickedUpAt: timestamp('pickup_picked_up_at', { withTimezone: true }),
    pickupReturnedAt: timestamp('pickup_returned_at', { withTimezone: true }),
    receivedBy: integer('received_by').references(() => staff.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** What went back to the shopper, and how: 'gateway', 'by_hand' (a payment the gateway cannot refund), 'cash'. */
    refundPiastres: bigint('refund_piastres', { mode: 'number' }),
    refundMethod: varchar('refund_method', { length: 20 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_status_idx').on(t.status, t.id),
    index('order_returns_pickup_idx').on(t.pickupCourier, t.pickupTrackingNumber),
    check('order_returns_status_ck', sql`${t.status} in ('requested', 'approved', 'refused', 'refunded')`),
    check(
      'order_returns_refund_method_ck',
      sql`${t.refundMethod} is null or ${t.refundMethod} in ('gateway', 'by_hand', 'cash')`,
    ),
  ],
);

/** The lines (and units) a return asks to give back. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderProductId] }),
    index('order_return_lines_line_idx').on(t.orderProductId),
    check('order_return_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);
