/**
 * Shoppers' alerts and abandoned carts (issue 49 items 3 and 4).
 *
 * Choices where the issue says nothing:
 * - A stock alert is asked for a sold-out product only (one in stock is answered 422 `stock_alert_in_stock`); it is
 *   told once, when the product is back, and then it is done: a shopper who wants to hear again asks again.
 * - Price drops are told for the wishlist's products only, and only once the shopper allowed it (off by default);
 *   each drop below the price the shopper last knew is told once, at most one message a day
 *   (PRICE_DROP_QUIET_HOURS), several products in one message.
 * - The shopper picks the channel, SMS (default) or email; email falls back to SMS when the store sends no email.
 * - Abandoned carts: a signed-in shopper's cart with a product in stock, untouched for ABANDONED_CART_HOURS (a
 *   setting, 24 by default) and at most ABANDONED_CART_MAX_DAYS, gets one reminder for its contents on the channels
 *   the owner ticked (none ticked, the default: no reminders). A cart changed since can be reminded again.
 */
import { z } from 'zod';
import type { Locale } from './constants.ts';

export const ALERT_CHANNELS = ['sms', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** At most one price-drop message to a shopper in this many hours; drops meanwhile go in the next one. */
export const PRICE_DROP_QUIET_HOURS = 24;
/** Products named in one SMS; more are counted ("and 3 more"). */
export const ALERT_SMS_PRODUCTS = 3;
/** A cart untouched for longer than this is not reminded (an old cart of a shopper long gone). */
export const ABANDONED_CART_MAX_DAYS = 7;
export const ABANDONED_CARTS_PAGE_SIZE = 20;

/** POST/DELETE /v1/users/products/{id}/stock_alert. */
export const stockAlertResponseSchema = z.object({ product_id: z.number().int(), stock_alert: z.boolean() });
export type StockAlertResponse = z.infer<typeof stockAlertResponseSchema>;

export const alertSettingsSchema = z.object({
  price_drops: z.boolean(),
  channel: z.enum(ALERT_CHANNELS, { message: `must_be_one_of:${ALERT_CHANNELS.join(', ')}` }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** GET /v1/users/alerts: the shopper's choices and the products they wait for. */
export const alertsResponseSchema = z.object({
  settings: alertSettingsSchema,
  /** Whether the store sends email at all (else the email choice goes out by SMS). */
  email_available: z.boolean(),
  stock_alerts: z.array(
    z.object({
      product_id: z.number().int(),
      title: z.string(),
      stock: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

/** GET /v1/users/products/{id}/stock_alert: whether the shopper waits for this product. */
export const stockAlertStateSchema = stockAlertResponseSchema;

/* ---------------- the back office's abandoned carts ---------------- */

export const abandonedCartsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const abandonedCartSchema = z.object({
  /** The cart's id (an order in status cart). */
  id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string(), phone_number: z.string() }),
  items: z.number().int(),
  /** What its lines cost now, EGP. */
  value: z.number(),
  /** When it was last changed, and how many hours ago. */
  updated_at: z.string(),
  age_hours: z.number().int(),
  /** When this version of it was reminded; null: not (yet). */
  reminded_at: z.string().nullable(),
  in_stock: z.boolean(),
});
export type AbandonedCart = z.infer<typeof abandonedCartSchema>;

export const abandonedCartChannelsSchema = z.object({ sms: z.boolean(), email: z.boolean() });
export type AbandonedCartChannels = z.infer<typeof abandonedCartChannelsSchema>;

export const abandonedCartsResponseSchema = z.object({
  carts: z.array(abandonedCartSchema),
  meta: z.object({ page: z.number().int(), next_page: z.number().int().nullable(), total: z.number().int() }),
  /** The owner's channels, the hours (ABANDONED_CART_HOURS) and which channels the store can send on. */
  settings: abandonedCartChannelsSchema.extend({
    hours: z.number().int(),
    email_available: z.boolean(),
  }),
});
export type AbandonedCartsResponse = z.infer<typeof abandonedCartsResponseSchema>;

/* ---------------- messages ---------------- */

/** The API's messages of alerts and reminders, both languages (`apiMessages` holds them). */
export const alertMessages = {
  stock_alert_in_stock: {
    en: 'This product is in stock: you can order it now',
    ar: 'المنتج ده متوفر: تقدر تطلبه دلوقتي',
  },
  sms_back_in_stock: {
    en: '{store}: {products} is back in stock. Order it before it runs out: {link}',
    ar: '{store}: {products} رجع متوفر. اطلبه قبل ما يخلص: {link}',
  },
  sms_back_in_stock_many: {
    en: '{store}: {products} are back in stock. Order before they run out: {link}',
    ar: '{store}: {products} رجعوا متوفرين. اطلبهم قبل ما يخلصوا: {link}',
  },
  sms_price_drop: {
    en: '{store}: {products} from your wishlist is now {price} EGP (was {old}). {link}',
    ar: '{store}: {products} اللي في المفضلة بقى بـ {price} جنيه (كان {old}). {link}',
  },
  sms_price_drop_many: {
    en: '{store}: prices dropped on {products} from your wishlist. {link}',
    ar: '{store}: الأسعار نزلت على {products} اللي في المفضلة. {link}',
  },
  sms_cart_reminder: {
    en: '{store}: you left {products} in your cart. Complete your order: {link}',
    ar: '{store}: سبت {products} في سلتك. كمّل طلبك: {link}',
  },
  alert_and_more: { en: '{list} and {count} more', ar: '{list} و{count} كمان' },
  email_subject_back_in_stock: { en: 'Back in stock', ar: 'رجع متوفر' },
  email_subject_price_drop: { en: 'A price on your wishlist dropped', ar: 'سعر في المفضلة نزل' },
  email_subject_cart_reminder: { en: 'Your cart is waiting', ar: 'سلتك مستنياك' },
  email_alert_open: { en: 'Open', ar: 'افتح' },
  email_alert_stop: {
    en: 'You get this because you asked for it; change it in My account › Alerts.',
    ar: 'الرسالة دي جاتلك عشان انت طلبتها؛ تقدر تغيّر ده من حسابي › التنبيهات.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
