/**
 * The courier settings (environment variables) that config.ts reads: COURIER and each courier's account. Checked at
 * start-up: a courier named without its settings stops the start with a sentence naming what is missing.
 */
import { z } from 'zod';
import { BOSTA_URL } from './bosta.ts';
import { COURIERS } from './types.ts';

const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const courierSettingsShape = {
  /** Who delivers: `manual` (staff type the carrier and tracking number) or `bosta`. */
  COURIER: z.preprocess(
    unsetIfEmpty,
    z.enum(COURIERS, { error: `COURIER must be one of ${COURIERS.join(', ')}` }).default('manual'),
  ),
  /** COURIER=bosta: the business's API key (Bosta dashboard, Settings, API Integration). */
  BOSTA_API_KEY: z.preprocess(
    unsetIfEmpty,
    z.string().trim().min(1).max(500, 'BOSTA_API_KEY must be at most 500 characters').optional(),
  ),
  /** Bosta's API address up to /api/v2 (its staging API, or a fake in tests). */
  BOSTA_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, `BOSTA_URL must be an http(s) address, e.g. ${BOSTA_URL}`)
      .refine((v) => URL.canParse(v), `BOSTA_URL must be an http(s) address, e.g. ${BOSTA_URL}`)
      .default(BOSTA_URL),
  ),
  /** What Bosta sends in its webhook's Authorization header (set the same in Bosta's dashboard). */
  BOSTA_WEBHOOK_SECRET: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .min(
        16,
        'BOSTA_WEBHOOK_SECRET must be at least 16 characters (a random secret you also set in Bosta’s dashboard)',
      )
      .max(200, 'BOSTA_WEBHOOK_SECRET must be at most 200 characters')
      .optional(),
  ),
};

/** The courier settings alone (their type). */
export const courierSettingsSchema = z.object(courierSettingsShape);
export type CourierSettings = z.infer<typeof courierSettingsSchema>;

/** What each courier needs beside COURIER. */
export const COURIER_REQUIRED_SETTINGS = {
  manual: [],
  bosta: ['BOSTA_API_KEY', 'BOSTA_WEBHOOK_SECRET'],
} as const satisfies Record<CourierSettings['COURIER'], readonly (keyof CourierSettings)[]>;

const WHY: Record<string, string> = {
  BOSTA_API_KEY: 'the API key from Bosta’s dashboard, Settings, API Integration',
  BOSTA_WEBHOOK_SECRET:
    'a random secret of 16+ characters, set also as the webhook’s Authorization key in Bosta’s dashboard; without it no delivery news is believed',
};

export function checkCourierSettings(c: CourierSettings, ctx: z.RefinementCtx) {
  for (const key of COURIER_REQUIRED_SETTINGS[c.COURIER])
    if (c[key] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is required when COURIER=${c.COURIER}: ${WHY[key]}`,
      });
}
