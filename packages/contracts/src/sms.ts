/**
 * Text messages (issue 44): the gateways the store can send through, what a message is recorded as, how many parts
 * a text takes, and the back office's Messages list (GET /v1/admin/messages).
 */
import { z } from 'zod';
import { idParam, metaSchema, pageParam } from './catalog.ts';
import { text, wholeNumber } from './text.ts';

/**
 * SMS_PROVIDER's values: `outbox` (the demo: log and table), `http` (a generic JSON gateway), Egypt's gateways
 * (SMS Misr, Cequens, Victory Link, Vodafone Web2SMS) and the international ones (Twilio, Infobip, Vonage).
 */
export const SMS_PROVIDERS = [
  'outbox',
  'http',
  'smsmisr',
  'cequens',
  'victorylink',
  'vodafone',
  'twilio',
  'infobip',
  'vonage',
] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/**
 * A recorded message's life: `sending` (handed to the gateway, no answer yet), `sent` (the gateway accepted it),
 * `failed` (the gateway refused it or did not answer in time: it was not sent), then, where the gateway posts
 * delivery receipts, `delivered` or `undelivered`.
 */
export const SMS_STATUSES = ['sending', 'sent', 'failed', 'delivered', 'undelivered'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** What a message is about: the three codes, an order's news, a staff alert, anything else. */
export const SMS_KINDS = [
  'confirmation',
  'password_reset',
  'sign_in',
  'order',
  'staff_alert',
  'shopper_alert',
  'cart_reminder',
  'other',
] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/* ---------------- parts ---------------- */

/**
 * GSM 03.38's default alphabet (one septet each; ESC itself is not a character of a text). Written with escapes: its
 * Latin letters (£ é ß…) are the gateways' alphabet, not words the shop writes (fonts.test.ts reads the sources).
 */
const GSM7_BASIC =
  '@\u00a3$\u00a5\u00e8\u00e9\u00f9\u00ec\u00f2\u00c7\n\u00d8\u00f8\r\u00c5\u00e5\u0394_\u03a6\u0393\u039b\u03a9\u03a0\u03a8\u03a3\u0398\u039e\u00c6\u00e6\u00df\u00c9 !"#\u00a4%&\'()*+,-./0123456789:;<=>?\u00a1ABCDEFGHIJKLMNOPQRSTUVWXYZ\u00c4\u00d6\u00d1\u00dc\u00a7\u00bfabcdefghijklmnopqrstuvwxyz\u00e4\u00f6\u00f1\u00fc\u00e0';
/** Its extension table: two septets each (ESC and the character). */
const GSM7_EXTENDED = '\f^{}\\[~]|\u20ac';
const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export type SmsEncoding = 'gsm7' | 'ucs2';

/**
 * How a text goes out and how many messages it costs: GSM-7 when every character is in the GSM alphabet (160 in
 * one message, 153 a part when longer), else UCS-2, which Arabic needs (70 in one message, 67 a part). UCS-2
 * counts UTF-16 units, so an emoji takes two.
 */
export function smsParts(textToSend: string): { encoding: SmsEncoding; parts: number; length: number } {
  let septets = 0;
  let gsm = true;
  for (const ch of textToSend) {
    if (basic.has(ch)) septets += 1;
    else if (extended.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', length: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = textToSend.length;
  return { encoding: 'ucs2', length: units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/* ---------------- back office ---------------- */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: 'date_invalid' });

/**
 * GET /v1/admin/messages: every recorded SMS, newest first. `phone`: a number or its end, any usual form
 * (digits compared); `from`/`to`: days (Cairo), inclusive; `order_id`: one order's messages.
 */
export const adminMessagesQuerySchema = z.object({
  status: z.enum(SMS_STATUSES, { error: `must_be_one_of:${SMS_STATUSES.join(', ')}` }).optional(),
  provider: z.enum(SMS_PROVIDERS, { error: `must_be_one_of:${SMS_PROVIDERS.join(', ')}` }).optional(),
  phone: text().max(20, 'too_long:20').optional(),
  order_id: idParam.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: pageParam,
  per_page: wholeNumber(1, 100).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

/** One recorded SMS. `body` never carries a code: it is shown as ****** (the code is only ever in the SMS). */
export const adminMessageSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The gateway's id for the message, when it gave one (delivery receipts name it). */
  provider_message_id: z.string().nullable(),
  phone_number: z.string(),
  kind: z.string(),
  order_id: z.number().int().nullable(),
  /** That order's number as staff read it (issue 43); null when there is none or it was never placed. */
  order_number: z.number().int().nullable(),
  body: z.string(),
  encoding: z.enum(['gsm7', 'ucs2']),
  parts: z.number().int(),
  status: z.enum(SMS_STATUSES),
  /** Why it failed or was not delivered, as the gateway said it (its code and meaning). */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessagesResponseSchema = z.object({
  messages: z.array(adminMessageSchema),
  meta: metaSchema,
});
