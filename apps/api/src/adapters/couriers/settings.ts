/**
 * The courier settings (environment variables) that config.ts reads: COURIER and each courier's account. Checked at
 * start-up: a courier named without its settings stops the start with a sentence naming what is missing.
 */
import { z } from 'zod';
import { ARAMEX_URL } from './aramex.ts';
import { BOSTA_URL } from './bosta.ts';
import { MYLERZ_URL } from './mylerz.ts';
import { COURIERS } from './types.ts';

const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional text setting of at most `max` characters. */
const text = (name: string, max: number) =>
  z.preprocess(
    unsetIfEmpty,
    z.string().trim().min(1).max(max, `${name} must be at most ${max} characters`).optional(),
  );

/** An http(s) address with a default. */
const address = (name: string, example: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, `${name} must be an http(s) address, e.g. ${example}`)
      .refine((v) => URL.canParse(v), `${name} must be an http(s) address, e.g. ${example}`)
      .default(example),
  );

export const courierSettingsShape = {
  /** Who delivers: `manual` (staff type the carrier and tracking number), `bosta`, `aramex` or `mylerz`. */
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
  /** COURIER=aramex: the ClientInfo every Aramex call carries (Aramex gives them with the account). */
  ARAMEX_USERNAME: text('ARAMEX_USERNAME', 200),
  ARAMEX_PASSWORD: text('ARAMEX_PASSWORD', 200),
  ARAMEX_VERSION: z.preprocess(unsetIfEmpty, z.string().trim().max(20).default('v1.0')),
  ARAMEX_ACCOUNT_NUMBER: text('ARAMEX_ACCOUNT_NUMBER', 40),
  ARAMEX_ACCOUNT_PIN: text('ARAMEX_ACCOUNT_PIN', 40),
  ARAMEX_ACCOUNT_ENTITY: text('ARAMEX_ACCOUNT_ENTITY', 10),
  ARAMEX_ACCOUNT_COUNTRY_CODE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'ARAMEX_ACCOUNT_COUNTRY_CODE must be two letters, e.g. EG')
      .transform((v) => v.toUpperCase())
      .default('EG'),
  ),
  /** COURIER=aramex: the shop as Aramex's shipper (where its courier picks the parcels up). */
  ARAMEX_SHIPPER_NAME: text('ARAMEX_SHIPPER_NAME', 100),
  ARAMEX_SHIPPER_PHONE: text('ARAMEX_SHIPPER_PHONE', 30),
  ARAMEX_SHIPPER_ADDRESS: text('ARAMEX_SHIPPER_ADDRESS', 200),
  ARAMEX_SHIPPER_CITY: z.preprocess(unsetIfEmpty, z.string().trim().max(60).default('Cairo')),
  /** Aramex's API address up to ShippingAPI.V2 (its test API, or a fake in tests). */
  ARAMEX_URL: address('ARAMEX_URL', ARAMEX_URL),
  /** COURIER=mylerz: the account's user name and password (its token is asked for with them). */
  MYLERZ_USERNAME: text('MYLERZ_USERNAME', 200),
  MYLERZ_PASSWORD: text('MYLERZ_PASSWORD', 200),
  /** COURIER=mylerz: the warehouse (pickup place) Mylerz set up for the shop, by its name. */
  MYLERZ_WAREHOUSE: text('MYLERZ_WAREHOUSE', 100),
  MYLERZ_URL: address('MYLERZ_URL', MYLERZ_URL),
};

/** The courier settings alone (their type). */
export const courierSettingsSchema = z.object(courierSettingsShape);
export type CourierSettings = z.infer<typeof courierSettingsSchema>;

/** What each courier needs beside COURIER. */
export const COURIER_REQUIRED_SETTINGS = {
  manual: [],
  bosta: ['BOSTA_API_KEY', 'BOSTA_WEBHOOK_SECRET'],
  aramex: [
    'ARAMEX_USERNAME',
    'ARAMEX_PASSWORD',
    'ARAMEX_ACCOUNT_NUMBER',
    'ARAMEX_ACCOUNT_PIN',
    'ARAMEX_ACCOUNT_ENTITY',
    'ARAMEX_SHIPPER_NAME',
    'ARAMEX_SHIPPER_PHONE',
    'ARAMEX_SHIPPER_ADDRESS',
  ],
  mylerz: ['MYLERZ_USERNAME', 'MYLERZ_PASSWORD', 'MYLERZ_WAREHOUSE'],
} as const satisfies Record<CourierSettings['COURIER'], readonly (keyof CourierSettings)[]>;

const WHY: Record<string, string> = {
  BOSTA_API_KEY: 'the API key from Bosta’s dashboard, Settings, API Integration',
  BOSTA_WEBHOOK_SECRET:
    'a random secret of 16+ characters, set also as the webhook’s Authorization key in Bosta’s dashboard; without it no delivery news is believed',
  ARAMEX_USERNAME: 'the user name of the Aramex API account (ClientInfo UserName)',
  ARAMEX_PASSWORD: 'the password of the Aramex API account (ClientInfo Password)',
  ARAMEX_ACCOUNT_NUMBER: 'the Aramex account number (ClientInfo AccountNumber)',
  ARAMEX_ACCOUNT_PIN: 'the Aramex account PIN (ClientInfo AccountPin)',
  ARAMEX_ACCOUNT_ENTITY: 'the Aramex entity of the account, e.g. CAI (ClientInfo AccountEntity)',
  ARAMEX_SHIPPER_NAME: 'the shop’s name as Aramex’s shipper',
  ARAMEX_SHIPPER_PHONE: 'the phone Aramex’s courier calls to pick parcels up',
  ARAMEX_SHIPPER_ADDRESS: 'the address Aramex picks parcels up from',
  MYLERZ_USERNAME: 'the user name of the Mylerz account (its API logs in with it)',
  MYLERZ_PASSWORD: 'the password of the Mylerz account',
  MYLERZ_WAREHOUSE: 'the name of the warehouse (pickup place) Mylerz set up for the shop',
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
