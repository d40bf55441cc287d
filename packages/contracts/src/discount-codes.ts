/**
 * Discount codes (issue 49 item 1): staff make them at /v1/admin/discount_codes, a shopper puts one on the cart with
 * PUT v1/users/cart/discount_code {code} (DELETE takes it off), and the one totals calculator (money.ts orderTotals)
 * takes it off the products in its scope before VAT.
 *
 * Choices where the issue says nothing:
 * - A code is 3–40 English letters, digits, - or _, kept in upper case; shoppers may type it in any case.
 * - `value`: percent, a whole 1–100; amount, EGP (2 decimals at most). An amount never takes more than the products
 *   in scope cost. `minimum_order` (EGP) is compared with the whole cart's products before the discount.
 * - `scope`: all products, or the products of some categories (a category's subcategories too), brands or products
 *   (`scope_ids`). A cart with nothing in scope is refused ("out of scope").
 * - `max_uses` counts orders in all, `max_uses_per_shopper` a shopper's orders; the use is taken when the order is
 *   placed (an online payment: when its session starts; a payment that fails gives it back). `first_order_only`:
 *   for a shopper with no order placed before.
 * - Ending a code (POST …/{id}/end) sets its end to now; codes are never deleted (orders name them).
 * - A code held by a cart that stops applying (the cart changed, the code ended) stays on the cart with the reason
 *   (`discount_code_problem`) and takes nothing off; at checkout any reason is a 409 with the message, the cart drops
 *   the code, and nothing is placed: confirming again places the order without it.
 */
import { z } from 'zod';
import type { Locale } from './constants.ts';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_SCOPES = ['all', 'categories', 'brands', 'products'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];
/** Where a code stands by the clock and its uses (the back office's list). */
export const DISCOUNT_STATES = ['scheduled', 'running', 'used_up', 'ended'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
export const DISCOUNT_SCOPE_MAX_IDS = 500;

/** A code as shoppers and staff type it, upper-cased and trimmed. */
export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

const codeText = z
  .string()
  .trim()
  .min(3, { message: 'discount_code_format' })
  .max(40, { message: 'discount_code_format' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'discount_code_format' })
  .transform(normalizeDiscountCode);

const egp = z
  .number({ message: 'invalid_value' })
  .positive({ message: 'must_be_at_least:0.01' })
  .max(10_000_000, { message: 'must_be_at_most:10000000' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'discount_two_decimals' });
const count = z
  .number({ message: 'must_be_whole_number' })
  .int({ message: 'must_be_whole_number' })
  .min(1, { message: 'must_be_at_least:1' })
  .max(1_000_000_000, { message: 'must_be_at_most:1000000000' });
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A moment with its time zone (ISO 8601); empty is none. */
const when = z
  .string({ error: 'invalid_date' })
  .trim()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))), { error: 'invalid_date' });

const fields = {
  code: codeText,
  kind: z.enum(DISCOUNT_KINDS, { message: `must_be_one_of:${DISCOUNT_KINDS.join(', ')}` }),
  /** percent: 1–100; amount: EGP. */
  value: z.number({ message: 'invalid_value' }),
  minimum_order: egp.nullable(),
  scope: z.enum(DISCOUNT_SCOPES, { message: `must_be_one_of:${DISCOUNT_SCOPES.join(', ')}` }),
  scope_ids: z
    .array(z.number().int().positive())
    .max(DISCOUNT_SCOPE_MAX_IDS, { message: `too_many:${DISCOUNT_SCOPE_MAX_IDS}` }),
  starts_at: when.nullable(),
  ends_at: when.nullable(),
  max_uses: count.nullable(),
  max_uses_per_shopper: count.nullable(),
  first_order_only: z.boolean(),
};

type Fields = { [K in keyof typeof fields]?: z.infer<(typeof fields)[K]> };

/** The rules between fields, on a body (or a PATCH merged over the code as it is). */
export function discountCodeIssues(v: Fields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.value !== undefined && v.kind !== undefined) {
    if (v.kind === 'percent' && !(Number.isInteger(v.value) && v.value >= 1 && v.value <= 100))
      issues.push({ path: 'value', message: 'discount_percent_range' });
    if (v.kind === 'amount' && !egp.safeParse(v.value).success)
      issues.push({ path: 'value', message: 'discount_amount_invalid' });
  }
  if (v.scope !== undefined && v.scope !== 'all' && !v.scope_ids?.length)
    issues.push({ path: 'scope_ids', message: 'discount_scope_empty' });
  if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at))
    issues.push({ path: 'ends_at', message: 'discount_ends_before_start' });
  return issues;
}

/** POST /v1/admin/discount_codes. */
export const discountCodeBodySchema = z
  .object({
    ...fields,
    minimum_order: fields.minimum_order.default(null),
    scope: fields.scope.default('all'),
    scope_ids: fields.scope_ids.default([]),
    starts_at: fields.starts_at.default(null),
    ends_at: fields.ends_at.default(null),
    max_uses: fields.max_uses.default(null),
    max_uses_per_shopper: fields.max_uses_per_shopper.default(null),
    first_order_only: fields.first_order_only.default(false),
  })
  .superRefine((v, ctx) => {
    for (const i of discountCodeIssues(v))
      ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });
export type DiscountCodeBody = z.infer<typeof discountCodeBodySchema>;

/** PATCH /v1/admin/discount_codes/{id}: any of the fields (the rules between them are checked on the result). */
export const discountCodeUpdateSchema = z.object(fields).partial();
export type DiscountCodeUpdate = z.infer<typeof discountCodeUpdateSchema>;

export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  minimum_order: z.number().nullable(),
  scope: z.enum(DISCOUNT_SCOPES),
  scope_ids: z.array(z.number().int()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_shopper: z.number().int().nullable(),
  first_order_only: z.boolean(),
  /** Orders that took it. */
  uses: z.number().int(),
  state: z.enum(DISCOUNT_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;
export const adminDiscountCodeResponseSchema = z.object({ discount_code: adminDiscountCodeSchema });
export const adminDiscountCodesResponseSchema = z.object({
  discount_codes: z.array(adminDiscountCodeSchema),
});

/** PUT v1/users/cart/discount_code. */
export const cartDiscountCodeBodySchema = z.object({
  code: z.string().trim().min(1, { message: 'required' }).max(60, { message: 'too_long:60' }),
});

export const discountMessages = {
  discount_code_format: {
    en: 'must be 3 to 40 English letters, digits, - or _',
    ar: 'لازم يكون من 3 لـ 40 حرف إنجليزي أو رقم أو - أو _',
  },
  discount_two_decimals: {
    en: 'must have at most 2 decimals',
    ar: 'لازم يكون فيه رقمين بعد العلامة بالكتير',
  },
  discount_percent_range: {
    en: 'A percent discount must be a whole number from 1 to 100',
    ar: 'الخصم بالنسبة لازم يكون رقم صحيح من 1 لـ 100',
  },
  discount_amount_invalid: {
    en: 'An amount off must be more than 0 EGP, with at most 2 decimals',
    ar: 'مبلغ الخصم لازم يكون أكتر من 0 جنيه، وبحد أقصى رقمين بعد العلامة',
  },
  discount_scope_empty: {
    en: 'Choose at least one category, brand or product for this scope',
    ar: 'اختار قسم أو ماركة أو منتج واحد على الأقل للنطاق ده',
  },
  discount_ends_before_start: { en: 'The end must be after the start', ar: 'النهاية لازم تكون بعد البداية' },
  discount_code_taken: {
    en: 'This code is already used by another discount',
    ar: 'الكود ده مستخدم لخصم تاني',
  },
  discount_code_not_found: { en: 'Discount code not found', ar: 'كود الخصم ده مش موجود' },
  discount_code_changed: {
    en: 'Someone else changed this code meanwhile; reload it and try again',
    ar: 'حد تاني عدّل الكود ده في نفس الوقت؛ حمّله تاني وحاول',
  },
  // What a shopper is told (PUT v1/users/cart/discount_code and checkout).
  discount_code_unknown: {
    en: 'This discount code does not exist',
    ar: 'كود الخصم ده مش موجود',
  },
  discount_code_expired: { en: 'This discount code has expired', ar: 'كود الخصم ده خلصت مدته' },
  discount_code_not_started: {
    en: 'This discount code starts on {n}',
    ar: 'كود الخصم ده هيبدأ يوم {n}',
  },
  discount_code_used_up: {
    en: 'This discount code has run out',
    ar: 'كود الخصم ده خلص',
  },
  discount_code_used_up_by_you: {
    en: 'You have already used this discount code as many times as it allows',
    ar: 'إنت استخدمت كود الخصم ده أقصى عدد مرات مسموح بيه',
  },
  discount_code_below_minimum: {
    en: 'This discount code needs an order of at least {n} EGP',
    ar: 'كود الخصم ده محتاج طلب بـ {n} جنيه على الأقل',
  },
  discount_code_out_of_scope: {
    en: 'This discount code does not apply to the products in your cart',
    ar: 'كود الخصم ده مش على المنتجات اللي في عربيتك',
  },
  discount_code_first_order_only: {
    en: 'This discount code is for a first order only',
    ar: 'كود الخصم ده لأول طلب بس',
  },
  invoice_discount: { en: 'Discount code {code}', ar: 'كود الخصم {code}' },
  /** On its own line under the discount's amount, so a reader does not take it off the lines' totals a second time. */
  invoice_discount_note: {
    en: 'Already taken off the item totals above',
    ar: 'مخصوم بالفعل من إجمالي الأصناف اللي فوق',
  },
  discount_code_dropped_at_checkout: {
    en: 'The code was taken off your cart and nothing was ordered: check the new total and confirm again.',
    ar: 'الكود اتشال من عربيتك ومفيش طلب اتعمل: راجع الإجمالي الجديد وأكّد تاني.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
