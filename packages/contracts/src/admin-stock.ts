/**
 * The back office's stock screen (issue 17, stock): products with their stock, quick edits by staff with the
 * catalog role (owners too), and every movement of a product's stock (orders, payment holds, cancels, refunds,
 * manual edits with who and why), from stock_movements.
 */
import { z } from 'zod';
import { metaSchema, pageParam } from './catalog.ts';
import { text, wholeNumber } from './text.ts';

/** all: every product; low: in stock but at or under LOW_STOCK_AT; out: none left. */
export const STOCK_LEVELS = ['all', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
/** Why a product's stock moved (the CHECK of migration 0008 lists the same). */
export const STOCK_REASONS = [
  'order',
  'payment_hold',
  'payment_released',
  'late_payment',
  'cancel',
  'refund',
  'manual',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_MAX = 1_000_000;
export const STOCK_NOTE_MAX = 300;

/** GET /v1/admin/stock: search (title in either language, model, or a product number), level, pages. */
export const adminStockQuerySchema = z.object({
  query: text().max(100, 'too_long:100').optional(),
  level: z.enum(STOCK_LEVELS, { error: `must_be_one_of:${STOCK_LEVELS.join(', ')}` }).optional(),
  page: pageParam,
  per_page: wholeNumber(1, 100).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type AdminStockQuery = z.infer<typeof adminStockQuerySchema>;

export const adminStockRowSchema = z.object({
  id: z.number().int(),
  /** A variant's: its product's name and its option values ("iPhone 16 — Black / 256 GB"). */
  title: z.string(),
  model: z.string().nullable(),
  sku: z.string().nullable(),
  /** A variant (issue 49, decision 034): its product's id (the product's own stock is theirs added up). */
  variant_of: z.number().int().nullable(),
  stock: z.number().int(),
  /** Shown in the store: a variant's is its product's. */
  active: z.boolean(),
  image: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminStockRow = z.infer<typeof adminStockRowSchema>;

export const adminStockResponseSchema = z.object({
  products: z.array(adminStockRowSchema),
  meta: metaSchema,
  /** Over the same search, whatever the level: what the level tabs show. */
  counts: z.object({ all: z.number().int(), low: z.number().int(), out: z.number().int() }),
});

/**
 * PUT /v1/admin/products/{id}/stock: the new stock, `from` the stock the staff member saw (409 when an order or
 * another edit moved it meanwhile: nothing is overwritten), and why (kept in the movement and the audit log).
 */
export const adminStockBodySchema = z.object({
  stock: wholeNumber(0, STOCK_MAX),
  from: wholeNumber(0, STOCK_MAX),
  note: text().max(STOCK_NOTE_MAX, `too_long:${STOCK_NOTE_MAX}`).optional(),
});
export type AdminStockBody = z.infer<typeof adminStockBodySchema>;
/** What the admin app's form holds (numbers typed as text). */
export type AdminStockInput = z.input<typeof adminStockBodySchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  stock_after: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  order_id: z.number().int().nullable(),
  /** That order's number as staff read it (issue 43); null when there is no order or it was never placed. */
  order_number: z.number().int().nullable(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /v1/admin/products/{id}/stock_movements: newest first, pages. */
export const adminStockMovementsResponseSchema = z.object({
  product: adminStockRowSchema,
  movements: z.array(stockMovementSchema),
  meta: metaSchema,
});
export const adminStockProductResponseSchema = z.object({ product: adminStockRowSchema });
