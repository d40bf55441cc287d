/**
 * The back office's order calls (issue 13, /v1/admin/orders…): one schema for the admin app's forms and the API's
 * routes. Money in the answers is EGP (numbers with up to 2 decimals), as in the shop's answers; dates ISO 8601.
 */
import { z } from 'zod';
import { idParam, metaSchema, pageParam } from './catalog.ts';
import { orderSchema } from './checkout.ts';
import { ORDER_STATUSES, PAYMENT_METHODS } from './constants.ts';
import { ORDER_ACTORS } from './order-states.ts';
import { PAYMENT_KINDS } from './payment-states.ts';
import { text, wholeNumber } from './text.ts';

export const ADMIN_ORDERS_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ORDER_NOTE_MAX = 500;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: 'date_invalid' });

/** GET /v1/admin/orders: filters, sort and page (server-side). `from`/`to` are days (Cairo time), inclusive. */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must_be_one_of:${ORDER_STATUSES.join(', ')}` }).optional(),
  payment_method: z
    .enum(PAYMENT_METHODS, { error: `must_be_one_of:${PAYMENT_METHODS.join(', ')}` })
    .optional(),
  /** Paid online with a card, a wallet, at a kiosk, by BNPL (the gateway's answer, contracts' PAYMENT_KINDS). */
  paid_with: z.enum(PAYMENT_KINDS, { error: `must_be_one_of:${PAYMENT_KINDS.join(', ')}` }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  governorate: text().max(50, 'too_long:50').optional(),
  /** An order number (#12 or 12, the number shoppers read), a phone number (or its end), or part of the customer's name. */
  query: text().max(100, 'too_long:100').optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: `must_be_one_of:${ADMIN_ORDER_SORTS.join(', ')}` }).optional(),
  /** Only paid online orders whose money must go back (the dashboard's refunds to do). */
  refund_required: z
    .enum(['true', 'false'], { error: 'must_be_one_of:true, false' })
    .transform((v) => v === 'true')
    .optional(),
  page: pageParam,
  per_page: wholeNumber(1, 100).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  /** The order's number as shoppers and staff read it (checkout.ts orderSchema.order_number). */
  order_number: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  checkout_date: z.string().nullable(),
  payment_method: z.string().nullable(),
  /** How an online payment was paid (the gateway's answer) and its name (MasterCard, ValU...); null otherwise. */
  paid_with: z.enum(PAYMENT_KINDS).nullable(),
  paid_with_name: z.string().nullable(),
  /** EGP. */
  total: z.number(),
  count: z.number().int(),
  governorate: z.string().nullable(),
  customer: z.object({ id: z.number().int(), full_name: z.string(), phone_number: z.string() }),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  meta: metaSchema,
  /** Orders per status over the same filters, status aside (the list's tabs). */
  counts: z.record(z.string(), z.number().int()),
});

export const orderHistoryEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** The staff member's name, the shopper's name, 'gateway' or 'system'. */
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const adminPaymentSchema = z.object({
  /** For POST …/payments/{id}/refunded (a refund by hand marked done). */
  id: z.number().int(),
  provider: z.string(),
  status: z.string(),
  /** EGP. */
  amount: z.number(),
  reference: z.string().nullable(),
  created_at: z.string(),
  /** How it was paid, from the gateway's answer (card, wallet, kiosk, bnpl, other) and its name; null before. */
  method: z.enum(PAYMENT_KINDS).nullable(),
  method_name: z.string().nullable(),
  /** EGP given back through the gateway (a void gives all of it back), or by hand once staff marked it done. */
  refunded: z.number(),
  /** The gateway's words when it last refused to give the money back; null once it did. */
  gateway_error: z.string().nullable(),
  callbacks: z.array(z.object({ transaction_id: z.string(), success: z.boolean(), created_at: z.string() })),
});

export const adminOrderSchema = orderSchema.extend({
  customer: z.object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    orders_count: z.number().int(),
  }),
  payments: z.array(adminPaymentSchema),
  history: z.array(orderHistoryEntrySchema),
  /** What PUT …/status may move it to now (the transitions table, for staff). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  /** Whether POST …/refunds may be called now (delivered or partially refunded). */
  refundable: z.boolean(),
  /** A paid online order that was cancelled or came back: the money must go back too. */
  refund_required: z.boolean(),
  sap_sync: z.boolean(),
  /**
   * Its e-receipts sent to the Tax Authority (issue 47, ETA_RECEIPTS=on): the sale and any returns, oldest first,
   * with the ETA's uuid, where each stands and the ETA's reasons for a rejection. Empty when the store sends none.
   */
  e_receipts: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['sale', 'return']),
      receipt_number: z.string(),
      uuid: z.string(),
      /** pending, submitted, valid, invalid (rejected: see reasons) or failed (the ETA was not reached; retried). */
      status: z.string(),
      reasons: z.array(z.string()),
      last_error: z.string().nullable(),
      /** The ETA's page of the receipt (its QR holds it). */
      url: z.string(),
    }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });

/** PUT /v1/admin/orders/{id}/status. */
export const adminOrderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must_be_one_of:${ORDER_STATUSES.join(', ')}` }),
  /** The status the staff member saw: when the order has moved since, the answer is 409 and nothing changes. */
  from: z.enum(ORDER_STATUSES, { error: `must_be_one_of:${ORDER_STATUSES.join(', ')}` }).optional(),
  note: text({ multiline: true }).max(ORDER_NOTE_MAX, `too_long:${ORDER_NOTE_MAX}`).optional(),
});
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

/** POST /v1/admin/orders/{id}/refunds: per line, how many units go back; `restock` puts them back in stock. */
export const adminRefundBodySchema = z.object({
  lines: z
    .array(z.object({ order_product_id: idParam, quantity: wholeNumber(1, 10_000) }))
    .min(1, 'required')
    .max(200, 'too_long:200'),
  restock: z.boolean(),
  note: text({ multiline: true }).max(ORDER_NOTE_MAX, `too_long:${ORDER_NOTE_MAX}`).optional(),
});
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

/**
 * GET /v1/admin/dashboard: the figures of the owner's first screen (Cairo days, EGP). Sales are net of refunds: an
 * order counts on the day it was placed for its total less what refunds gave back.
 */
export const adminDashboardSchema = z.object({
  today: z.object({ sales: z.number(), orders: z.number().int() }),
  month: z.object({ sales: z.number(), orders: z.number().int() }),
  /** Orders waiting, per status (pending, confirmed, processing, delivering). */
  waiting: z.record(z.string(), z.number().int()),
  /** The last 30 days, oldest first, for the chart. */
  daily: z.array(z.object({ date: z.string(), sales: z.number(), orders: z.number().int() })),
  low_stock: z.array(
    z.object({ id: z.number().int(), title: z.string(), stock: z.number().int(), active: z.boolean() }),
  ),
  /** Paid online orders whose money must go back (late callbacks, cancellations). */
  refunds_to_do: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
