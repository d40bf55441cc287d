/**
 * Checkout, payment, orders and rating calls (spec §3, §5, §7). Choices where the spec says "not shown" are
 * written here and in the API reference.
 */
import { z } from 'zod';
import { MAX_PER_PAGE, ORDER_STATUSES, PAYMENT_METHODS, RATING_MAX, RATING_MIN } from './constants.ts';
import {
  idParam,
  localeQuery,
  metaSchema,
  optionValueSchema,
  pageParam,
  perPageParam,
  queryBoolean,
} from './catalog.ts';
import { addressSchema } from './address.ts';
import { nationalIdError, normalizeNationalId } from './national-id.ts';

/** Methods placed with PUT v1/users/checkout; 'online' goes through POST (a payment session) instead. */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'visa_on_delivery', 'visa_on_delivery_installments'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

const idField = z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam.optional());
/** A required id: 'is required' when absent or empty, then the usual whole-number rules. */
const requiredId = z
  .custom<unknown>((v) => v !== undefined && v !== null && v !== '', { error: 'required' })
  .pipe(idParam);

/**
 * The payment request (spec §3): payment_method, and bank_installment_id for installments only (it is ignored for
 * the other methods). `bank_id` may be sent too; then the plan must belong to that bank.
 */
export const paymentRequestSchema = z
  .object({
    payment_method: z.enum(PAYMENT_METHODS, {
      error: (iss) => (iss.input === undefined ? 'required' : `must_be_one_of:${PAYMENT_METHODS.join(', ')}`),
    }),
    bank_installment_id: idField,
    bank_id: idField,
  })
  .superRefine((r, ctx) => {
    if (r.payment_method === 'visa_on_delivery_installments' && r.bank_installment_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bank_installment_id'], message: 'bank_installment_required' });
    }
  });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** PUT v1/users/checkout: place the order with an offline method. */
export const placeOrderBodySchema = paymentRequestSchema.refine((r) => r.payment_method !== 'online', {
  path: ['payment_method'],
  message: `must_be_one_of:${OFFLINE_PAYMENT_METHODS.join(', ')}`,
});

/** POST v1/users/checkout: request a payment key (online). */
export const paymentKeyBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    payment_method: z.literal('online', { error: 'must_be_one_of:online' }).default('online'),
  }),
);

/**
 * A payment key as the gateway hands it out (the sandbox's `sbx_…`, Paymob's client secret `egy_csk_…`): letters,
 * digits, '_' and '-', at most 200. The sandbox checkout page is addressed by it.
 */
export const paymentKeySchema = z
  .string({ error: 'required' })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'invalid_value' });

/** POST v1/users/checkout answer: the payment state of spec §3 plus the hosted checkout address. */
export const paymentKeyResponseSchema = z.object({
  payment_key: z.string(),
  /** EGP. */
  checkout_total_price: z.number(),
  /** ISO time; 5 minutes (PAYMENT_KEY_MINUTES) after the key was issued. */
  payment_key_expiration: z.string(),
  /** Seconds left when answered (use it rather than the device clock to count down). */
  expires_in_seconds: z.number().int(),
  order_id: z.number().int(),
  unified_checkout_url: z.string(),
});
export type PaymentKeyResponse = z.infer<typeof paymentKeyResponseSchema>;

/**
 * DELETE v1/users/checkout answer: the shopper's open payment session ended (its items are back in the cart) to
 * choose another way to pay; `ended` false when none was open (it expired, or was paid, meanwhile).
 */
export const endPaymentSessionResponseSchema = z.object({ ended: z.boolean() });
export type EndPaymentSessionResponse = z.infer<typeof endPaymentSessionResponseSchema>;

/** PUT v1/users/national_id (also accepted as `{ user: { national_id } }`). */
export const nationalIdBodySchema = z
  .preprocess(
    (v) => {
      if (v && typeof v === 'object' && 'user' in v && (v as { user: unknown }).user) {
        return (v as { user: unknown }).user;
      }
      return v;
    },
    z.object({ national_id: z.unknown().optional() }),
  )
  .superRefine((b, ctx) => {
    const err = nationalIdError(b.national_id);
    if (err) ctx.addIssue({ code: 'custom', path: ['national_id'], message: err });
  })
  .transform((b) => ({ national_id: normalizeNationalId(String(b.national_id)) }));
export const nationalIdResponseSchema = z.object({
  user: z.object({ id: z.number().int(), national_id: z.string().nullable() }),
});

/** PUT v1/users/orders/{id}/address */
export const attachAddressBodySchema = z.object({
  address_id: requiredId,
  order_id: idParam.optional(),
});

/** PUT v1/users/orders/rate: every listed order rated 1..5; all or nothing. */
export const ratingsBodySchema = z.object({
  ratings: z
    .array(
      z.object({
        id: idParam,
        rating: z
          .number({ error: 'must_be_whole_number' })
          .int({ error: 'must_be_whole_number' })
          .min(RATING_MIN, { error: `must_be_at_least:${RATING_MIN}` })
          .max(RATING_MAX, { error: `must_be_at_most:${RATING_MAX}` }),
      }),
      { error: 'required' },
    )
    .min(1, { error: 'required' })
    .max(MAX_PER_PAGE, { error: `must_be_at_most:${MAX_PER_PAGE}` }),
});
export type RatingsBody = z.infer<typeof ratingsBodySchema>;
export const ratingsResponseSchema = z.object({
  ratings: z.array(z.object({ order_id: z.number().int(), rating: z.number().int() })),
});

export const ordersQuerySchema = localeQuery.extend({
  page: pageParam,
  per_page: perPageParam,
  /** true: delivered orders without a rating (what the rating modal lists). */
  unrated_only: queryBoolean.optional(),
});

export const banksQuerySchema = localeQuery.extend({ show_all: queryBoolean.optional() });
export const bankInstallmentsQuerySchema = localeQuery.extend({
  bank_id: idParam.optional(),
  show_all: queryBoolean.optional(),
});

/* ---------- responses ---------- */

export const bankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
});
export const bankInstallmentSchema = z.object({
  id: z.number().int(),
  bank_id: z.number().int(),
  /** Plan label in the request's locale. */
  title: z.string(),
  title_en: z.string(),
  title_ar: z.string(),
  months: z.number().int(),
  /** Flat yearly interest and one-time fee, in percent (installments.ts computes the amounts). */
  interest_percent: z.number(),
  fee_percent: z.number(),
  /** EGP: the plan is offered for orders of this amount or more (0: any amount). */
  minimum_amount: z.number(),
});
export type Bank = z.infer<typeof bankSchema>;
export type BankInstallment = z.infer<typeof bankInstallmentSchema>;
export const banksResponseSchema = z.object({ banks: z.array(bankSchema) });
export const bankInstallmentsResponseSchema = z.object({ bank_installments: z.array(bankInstallmentSchema) });

export const orderProductSchema = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    title: z.string(),
    title_en: z.string(),
    title_ar: z.string(),
    thumbnail_url: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
  quantity: z.number().int(),
  /** EGP per unit, fixed at checkout (null while the order is a cart). */
  checkout_price: z.number().nullable(),
  /** Percent and EGP: the line's VAT rate and the VAT inside its total, fixed at checkout (null while a cart). */
  vat_rate: z.number().nullable(),
  vat_amount: z.number().nullable(),
  refunded_quantity: z.number().int(),
  order_status: z.string().nullable(),
  /** The variant bought (issue 49): its SKU and option values as they were at checkout; null: a one-item product. */
  variant: z
    .object({ sku: z.string().nullable(), options: z.array(optionValueSchema) })
    .nullable()
    .optional(),
});

/** The delivery address of an order: the snapshot taken when it was placed, with the customer's name. */
export const orderAddressSchema = addressSchema.extend({
  full_name: z.string(),
});

export const orderSchema = z.object({
  /** The internal id: the order's address in URLs and calls (/my-account/orders/{id}, GET v1/users/orders/{id}). */
  id: z.number().int(),
  /**
   * The number shoppers and staff read (#1, #2, …): given when the order is placed, one after the other with no gap
   * (issue 43); null while it is a cart or an online payment under way.
   */
  order_number: z.number().int().nullable(),
  /** pending, confirmed, ... (ORDER_STATUSES); also awaiting_payment while an online payment is open. */
  status: z.string(),
  created_at: z.string(),
  checkout_date: z.string().nullable(),
  payment_method: z.string().nullable(),
  bank_installment: z
    .object({ id: z.number().int(), bank_id: z.number().int(), bank_name: z.string(), title: z.string() })
    .nullable(),
  /** EGP. */
  checkout_shipping_fees: z.number(),
  total_cart_price: z.number(),
  checkout_total_price: z.number(),
  /** The discount code the order used (issue 49 item 1) and what it took off (EGP, inside the total); null and 0 without. */
  discount_code: z.string().nullable(),
  discount: z.number(),
  /** EGP: what refunds gave back so far (units × the price paid); what was finally paid is the total minus this. */
  refunded_amount: z.number(),
  /** EGP: the VAT inside checkout_total_price (issue 47): the lines' and, when taxed, the delivery fee's. */
  vat_amount: z.number(),
  /**
   * The invoice's number (INV-2026-000123), given when the order is confirmed; null before. Its PDF:
   * GET v1/users/orders/{id}/invoice.
   */
  invoice_number: z.string().nullable(),
  /** The credit notes of its refunds and of a cancel after the invoice (GET …/credit-notes/{number}). */
  credit_notes: z.array(z.object({ number: z.string(), issued_at: z.string(), total: z.number() })),
  address: orderAddressSchema.nullable(),
  user: z.object({
    id: z.number().int(),
    full_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
  }),
  order_products: z.array(orderProductSchema),
  /** Number of units. */
  count: z.number().int(),
  rating: z.number().int().nullable(),
  /**
   * Whether PUT v1/users/orders/rate takes this order now (delivered, not rated yet): its page and the orders list
   * offer the stars (issue 43), as the rating modal does before checkout.
   */
  rateable: z.boolean(),
  /**
   * The parcel (issue 48): its carrier (Bosta, or the one staff typed), tracking number, the carrier's tracking page
   * (null when the store knows none) and where it stands (created, delivering, delivered, returned); null until the
   * order is handed to a courier.
   */
  shipment: z
    .object({
      carrier: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ order: orderSchema });
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema), meta: metaSchema });

/** POST /dev/orders/{id}/status (absent in production). */
export const devOrderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must_be_one_of:${ORDER_STATUSES.join(', ')}` }),
});
