/**
 * The WhatsApp settings (environment variables) config.ts reads (issue 44 item 5). WHATSAPP_PROVIDER=cloud needs
 * the Cloud API's access token and the business number's id; a missing one, or a template list it cannot read,
 * stops the start with a sentence naming it.
 */
import { ORDER_MESSAGE_STEPS, type OrderMessageStep } from '@store/contracts';
import { z } from 'zod';
import { DEFAULT_WHATSAPP_TIMEOUT_MS, WHATSAPP_API_VERSION, WHATSAPP_URL } from './cloud.ts';

const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const languageCode = (name: string, fallback: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^[a-z]{2,3}(_[A-Z]{2})?$/,
        `${name} must be a WhatsApp template language code, e.g. ${fallback}`,
      )
      .default(fallback),
  );

export const whatsappSettingsShape = {
  /** `cloud`: the WhatsApp Business Cloud API; `none` (default): no WhatsApp. */
  WHATSAPP_PROVIDER: z.preprocess(
    unsetIfEmpty,
    z.enum(['cloud', 'none'], { error: 'WHATSAPP_PROVIDER must be cloud or none' }).default('none'),
  ),
  /** The Cloud API's access token (a system user's permanent token). */
  WHATSAPP_TOKEN: z.preprocess(unsetIfEmpty, z.string().trim().min(1).max(1000).optional()),
  /** The id of the business phone number that sends (WhatsApp Manager › API setup), not the number itself. */
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^\d{5,30}$/,
        'WHATSAPP_PHONE_NUMBER_ID must be the digits of the number’s id in WhatsApp Manager (API setup), e.g. 106540352242922',
      )
      .optional(),
  ),
  WHATSAPP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
        `WHATSAPP_URL must be an http(s) address, e.g. ${WHATSAPP_URL}`,
      )
      .default(WHATSAPP_URL),
  ),
  WHATSAPP_API_VERSION: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^\d{1,3}\.\d{1,3}$/,
        `WHATSAPP_API_VERSION must be a Graph API version, e.g. ${WHATSAPP_API_VERSION}`,
      )
      .default(WHATSAPP_API_VERSION),
  ),
  /** Template names other than order_<step>: `placed=my_order_placed,confirmed=my_confirmed`. */
  WHATSAPP_TEMPLATES: z.preprocess(unsetIfEmpty, z.string().max(2000).optional()),
  WHATSAPP_LANGUAGE_AR: languageCode('WHATSAPP_LANGUAGE_AR', 'ar'),
  WHATSAPP_LANGUAGE_EN: languageCode('WHATSAPP_LANGUAGE_EN', 'en'),
  WHATSAPP_TIMEOUT_MS: z.coerce
    .number({ error: 'WHATSAPP_TIMEOUT_MS must be a number of milliseconds, e.g. 10000' })
    .int('WHATSAPP_TIMEOUT_MS must be a whole number of milliseconds, e.g. 10000')
    .min(500, 'WHATSAPP_TIMEOUT_MS must be at least 500')
    .max(60_000, 'WHATSAPP_TIMEOUT_MS must be at most 60000')
    .default(DEFAULT_WHATSAPP_TIMEOUT_MS),
};

export type WhatsAppSettings = z.infer<z.ZodObject<typeof whatsappSettingsShape>>;

/** Each step's template: order_<step>, or the name WHATSAPP_TEMPLATES gives it. Throws a sentence on a bad list. */
export function whatsappTemplates(list: string | undefined): Record<OrderMessageStep, string> {
  const names = Object.fromEntries(ORDER_MESSAGE_STEPS.map((s) => [s, `order_${s}`])) as Record<
    OrderMessageStep,
    string
  >;
  for (const pair of (list ?? '').split(',').map((p) => p.trim())) {
    if (!pair) continue;
    const [step, name, extra] = pair.split('=').map((p) => p.trim());
    if (!(ORDER_MESSAGE_STEPS as readonly string[]).includes(step ?? ''))
      throw new Error(
        `WHATSAPP_TEMPLATES names a step that does not exist (${step}); the steps are ${ORDER_MESSAGE_STEPS.join(', ')}`,
      );
    if (extra !== undefined || !name || !/^[a-z0-9_]{1,512}$/.test(name))
      throw new Error(
        `WHATSAPP_TEMPLATES must be step=template_name pairs separated by commas (template names: lower-case letters, digits and _), e.g. placed=order_placed,confirmed=order_confirmed`,
      );
    names[step as OrderMessageStep] = name;
  }
  return names;
}

/** config.ts's check: what WHATSAPP_PROVIDER=cloud cannot send without, and a template list it can read. */
export function checkWhatsAppSettings(c: WhatsAppSettings, ctx: z.RefinementCtx) {
  const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  try {
    whatsappTemplates(c.WHATSAPP_TEMPLATES);
  } catch (err) {
    refuse('WHATSAPP_TEMPLATES', (err as Error).message);
  }
  if (c.WHATSAPP_PROVIDER !== 'cloud') return;
  if (!c.WHATSAPP_TOKEN)
    refuse(
      'WHATSAPP_TOKEN',
      'WHATSAPP_TOKEN (the Cloud API access token) is required when WHATSAPP_PROVIDER=cloud',
    );
  if (!c.WHATSAPP_PHONE_NUMBER_ID)
    refuse(
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_PHONE_NUMBER_ID (the sending number’s id in WhatsApp Manager) is required when WHATSAPP_PROVIDER=cloud',
    );
}
