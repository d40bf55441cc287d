/**
 * Returns a shopper asks for (issue 48 item 5, spec §9): within RETURN_WINDOW_DAYS of delivery, lines (and units) of a
 * delivered order, with a reason from RETURN_REASONS, the shopper's own words and up to RETURN_PHOTOS_MAX photos.
 * Staff approve (the courier picks the items up) or refuse with a note; received, the returned lines are refunded.
 *
 * A return's statuses: requested → approved | refused; approved → refunded (staff mark the items received, which
 * refunds them at once: the gateway, a refund by hand, or cash for an order paid on delivery).
 */
import { z } from 'zod';
import { idParam } from './catalog.ts';
import { text, wholeNumber } from './text.ts';

const words = (max: number) => text({ multiline: true }).max(max, `too_long:${max}`);
const line = (max: number) => text().max(max, `too_long:${max}`);

export const RETURN_WINDOW_DAYS = 14;
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_DETAILS_MAX = 500;
export const RETURN_NOTE_MAX = 500;

export const RETURN_REASONS = [
  'defective',
  'damaged',
  'wrong_item',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const returnLineSchema = z.object({
  order_product_id: idParam,
  quantity: wholeNumber(1, 1000),
});

/**
 * POST /v1/users/orders/{id}/returns: JSON, or multipart with the photos as `photo` files (up to 3) and `lines` as
 * JSON text. A line repeated counts once with its units added.
 */
export const createReturnBodySchema = z.object({
  lines: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(returnLineSchema).min(1, 'return_lines_required').max(100, 'must_be_at_most:100'),
  ),
  reason: z.enum(RETURN_REASONS, { message: 'return_reason_invalid' }),
  details: words(RETURN_DETAILS_MAX).optional(),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

export const returnLineViewSchema = z.object({
  order_product_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** EGP per unit, as paid. */
  unit_price: z.number(),
});

/** A return as the shopper and staff read it. */
export const returnViewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  details: z.string().nullable(),
  photos: z.array(z.string()),
  lines: z.array(returnLineViewSchema),
  staff_note: z.string().nullable(),
  pickup: z
    .object({
      carrier: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      /** The courier's news (Bosta's webhook): when it picked the items up at the shopper's, and brought them back. */
      picked_up_at: z.string().nullable(),
      back_at_shop_at: z.string().nullable(),
    })
    .nullable(),
  /** EGP given back, and how (gateway, by_hand, cash); null until refunded. */
  refund: z.number().nullable(),
  refund_method: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

/** GET /v1/users/orders/{id}/returns: the order's returns (newest first), what may still be returned and until when. */
export const orderReturnsResponseSchema = z.object({
  returns: z.array(returnViewSchema),
  /** Each line's units that may still be asked for (bought, less refunded and asked in open returns). */
  returnable: z.array(z.object({ order_product_id: z.number().int(), quantity: z.number().int() })),
  /** The last moment a return may be asked for (delivery + 14 days); null when the order is not delivered. */
  open_until: z.string().nullable(),
  can_request: z.boolean(),
});
export type OrderReturnsResponse = z.infer<typeof orderReturnsResponseSchema>;

/** Back office: one return with its order's number and shopper. */
export const adminReturnSchema = returnViewSchema.extend({
  order_number: z.number().int().nullable(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  payment_method: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  order_id: idParam.optional(),
});

export const adminReturnsResponseSchema = z.object({
  returns: z.array(adminReturnSchema),
  /** The store's courier (COURIER). */
  courier: z.string(),
  /** Whether it books a return's pickup itself (Bosta); else staff type the carrier and tracking number. */
  books_pickups: z.boolean(),
});
export type AdminReturnsResponse = z.infer<typeof adminReturnsResponseSchema>;

/** Approve: a note to the shopper; with COURIER=manual, the carrier and tracking number of the pickup (optional). */
export const adminApproveReturnBodySchema = z.object({
  note: words(RETURN_NOTE_MAX).optional(),
  carrier: line(80).optional(),
  tracking_number: line(60).optional(),
});
export const adminRefuseReturnBodySchema = z.object({
  note: words(RETURN_NOTE_MAX).min(1, 'required'),
});
export const adminReceiveReturnBodySchema = z.object({
  note: words(RETURN_NOTE_MAX).optional(),
});

export const returnMessages = {
  return_lines_required: { en: 'Choose at least one item to return', ar: 'اختار منتج واحد على الأقل ترجّعه' },
  return_reason_invalid: { en: 'Choose the reason for the return', ar: 'اختار سبب الإرجاع' },
  return_not_delivered: {
    en: 'Only a delivered order can be returned',
    ar: 'مينفعش ترجّع غير طلب اتسلملك',
  },
  return_window_over: {
    en: 'Returns are accepted within {n} days of delivery; this order’s time has passed',
    ar: 'الإرجاع متاح خلال {n} يوم من الاستلام، والمدة دي خلصت للطلب ده',
  },
  return_line_unknown: { en: 'This item is not in the order', ar: 'المنتج ده مش في الطلب' },
  return_too_many: {
    en: 'At most {n} more of this item can be returned',
    ar: 'أقصى عدد ممكن ترجّعه من المنتج ده {n}',
  },
  return_photos_too_many: { en: 'At most {n} photos', ar: 'أقصى حاجة {n} صور' },
  return_photo_not_allowed: {
    en: '{name}: a photo must be JPEG, PNG, WebP or AVIF of at most {max} MB',
    ar: '{name}: الصورة لازم تكون JPEG أو PNG أو WebP أو AVIF ومتعديش {max} ميجا',
  },
  return_not_found: { en: 'Return not found', ar: 'طلب الإرجاع ده مش موجود' },
  return_changed: {
    en: 'This return has already been handled; reload to see where it stands',
    ar: 'طلب الإرجاع ده اتعامل معاه خلاص، حدّث الصفحة وشوف وصل لفين',
  },
  return_pickup_failed: {
    en: 'The courier did not book the pickup: {reason}',
    ar: 'شركة الشحن محجزتش الاستلام: {reason}',
  },
  sms_return_requested: {
    en: 'We received your request to return items of order #{n}. We will reply soon.',
    ar: 'وصلنا طلبك ترجّع منتجات من طلب رقم {n}. هنرد عليك قريب.',
  },
  sms_return_approved: {
    en: 'Your return for order #{n} is approved. The courier will come to pick up the items.',
    ar: 'وافقنا على إرجاع منتجات طلب رقم {n}. المندوب هييجي ياخدها منك.',
  },
  sms_return_refused: {
    en: 'We could not accept your return for order #{n}: {note}',
    ar: 'للأسف مش هنقدر نقبل إرجاع منتجات طلب رقم {n}: {note}',
  },
  sms_return_received: {
    en: 'We received the items you returned from order #{n}.',
    ar: 'استلمنا المنتجات اللي رجّعتها من طلب رقم {n}.',
  },
} as const;

export const returnIdParams = z.object({ id: idParam });
