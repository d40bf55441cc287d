/**
 * The SMS settings (environment variables) that config.ts reads: which gateway, a fallback, and each gateway's
 * account. Checked at start-up: a gateway named without its settings stops the start with a sentence naming what
 * is missing.
 */
import { SMS_PROVIDERS, type SmsProvider } from '@store/contracts';
import { z } from 'zod';
import { DEFAULT_SMS_TIMEOUT_MS } from './http.ts';
import { CEQUENS_URL } from './cequens.ts';
import { INFOBIP_URL } from './infobip.ts';
import { SMSMISR_URL } from './smsmisr.ts';
import { TWILIO_URL } from './twilio.ts';
import { VICTORYLINK_URL } from './victorylink.ts';
import { VODAFONE_URL } from './vodafone.ts';
import { VONAGE_URL } from './vonage.ts';

/** An empty variable counts as unset. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const setting = () => z.preprocess(unsetIfEmpty, z.string().trim().min(1).max(500).optional());
const address = (name: string, fallback: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, `${name} must be an http(s) address, e.g. ${fallback}`)
      .refine((v) => URL.canParse(v), `${name} must be an http(s) address, e.g. ${fallback}`)
      .default(fallback),
  );
const provider = (name: string) =>
  z.preprocess(
    unsetIfEmpty,
    z.enum(SMS_PROVIDERS, { error: `${name} must be one of ${SMS_PROVIDERS.join(', ')}` }),
  );

export const smsSettingsShape = {
  /** How SMS leave: `outbox` (the demo: log and sms_outbox table), `http`, or one of the gateways. */
  SMS_PROVIDER: provider('SMS_PROVIDER').default('outbox'),
  /** A second gateway, tried when the first refuses or does not answer in time. */
  SMS_FALLBACK_PROVIDER: provider('SMS_FALLBACK_PROVIDER').optional(),
  /** How long a gateway may take to answer before the send counts as failed. */
  SMS_TIMEOUT_MS: z.coerce
    .number({ error: 'SMS_TIMEOUT_MS must be a number of milliseconds, e.g. 10000' })
    .int('SMS_TIMEOUT_MS must be a whole number of milliseconds, e.g. 10000')
    .min(500, 'SMS_TIMEOUT_MS must be at least 500')
    .max(60_000, 'SMS_TIMEOUT_MS must be at most 60000')
    .default(DEFAULT_SMS_TIMEOUT_MS),
  /**
   * The secret in the address gateways post delivery receipts to (PUBLIC_URL/v1/sms/receipts/<provider>?secret=…).
   * Unset: no receipts are asked for or taken.
   */
  SMS_RECEIPT_SECRET: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .min(
        16,
        'SMS_RECEIPT_SECRET must be at least 16 characters (letters and digits; it is part of an address)',
      )
      .max(200, 'SMS_RECEIPT_SECRET must be at most 200 characters')
      .regex(
        /^[A-Za-z0-9_-]+$/,
        'SMS_RECEIPT_SECRET may hold only letters, digits, - and _ (it is part of an address)',
      )
      .optional(),
  ),
  /** SMS_PROVIDER=http: the gateway's send address (POST JSON {to, from, text}). */
  SMS_HTTP_URL: z.preprocess(
    unsetIfEmpty,
    z.string().url('SMS_HTTP_URL must be an http(s) address').optional(),
  ),
  /** SMS_PROVIDER=http: bearer token for the gateway. */
  SMS_HTTP_TOKEN: setting(),
  /** SMS_PROVIDER=http: sender name or number shown on the phone. */
  SMS_SENDER_ID: z.string().min(1).max(20).default('Store'),
  SMSMISR_USERNAME: setting(),
  SMSMISR_PASSWORD: setting(),
  /** The sender token SMS Misr gives for the approved sender name. */
  SMSMISR_SENDER: setting(),
  /** 1 live, 2 test (answers, delivers nothing). */
  SMSMISR_ENVIRONMENT: z.preprocess(
    unsetIfEmpty,
    z.enum(['1', '2'], { error: 'SMSMISR_ENVIRONMENT must be 1 (live) or 2 (test)' }).optional(),
  ),
  SMSMISR_URL: address('SMSMISR_URL', SMSMISR_URL),
  CEQUENS_TOKEN: setting(),
  CEQUENS_SENDER: setting(),
  CEQUENS_URL: address('CEQUENS_URL', CEQUENS_URL),
  VICTORYLINK_USERNAME: setting(),
  VICTORYLINK_PASSWORD: setting(),
  VICTORYLINK_SENDER: setting(),
  VICTORYLINK_URL: address('VICTORYLINK_URL', VICTORYLINK_URL),
  VODAFONE_ACCOUNT_ID: setting(),
  VODAFONE_PASSWORD: setting(),
  /** The secure-hash key of the Web2SMS account. */
  VODAFONE_SECRET: setting(),
  VODAFONE_SENDER: setting(),
  VODAFONE_URL: address('VODAFONE_URL', VODAFONE_URL),
  TWILIO_ACCOUNT_SID: setting(),
  TWILIO_AUTH_TOKEN: setting(),
  /** A Twilio number (+1…) or alphanumeric sender ID; or TWILIO_MESSAGING_SERVICE_SID instead. */
  TWILIO_FROM: setting(),
  TWILIO_MESSAGING_SERVICE_SID: setting(),
  TWILIO_URL: address('TWILIO_URL', TWILIO_URL),
  INFOBIP_API_KEY: setting(),
  INFOBIP_SENDER: setting(),
  INFOBIP_URL: address('INFOBIP_URL', INFOBIP_URL),
  VONAGE_API_KEY: setting(),
  VONAGE_API_SECRET: setting(),
  VONAGE_SENDER: setting(),
  VONAGE_URL: address('VONAGE_URL', VONAGE_URL),
};

export type SmsSettings = z.infer<z.ZodObject<typeof smsSettingsShape>>;

/** What each gateway cannot send without. */
export const SMS_REQUIRED_SETTINGS: Record<SmsProvider, (keyof SmsSettings)[]> = {
  outbox: [],
  http: ['SMS_HTTP_URL', 'SMS_HTTP_TOKEN'],
  smsmisr: ['SMSMISR_USERNAME', 'SMSMISR_PASSWORD', 'SMSMISR_SENDER', 'SMSMISR_ENVIRONMENT'],
  cequens: ['CEQUENS_TOKEN', 'CEQUENS_SENDER'],
  victorylink: ['VICTORYLINK_USERNAME', 'VICTORYLINK_PASSWORD', 'VICTORYLINK_SENDER'],
  vodafone: ['VODAFONE_ACCOUNT_ID', 'VODAFONE_PASSWORD', 'VODAFONE_SECRET', 'VODAFONE_SENDER'],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
  infobip: ['INFOBIP_API_KEY', 'INFOBIP_SENDER'],
  vonage: ['VONAGE_API_KEY', 'VONAGE_API_SECRET', 'VONAGE_SENDER'],
};

/**
 * config.ts's check of the SMS settings: every setting the chosen gateway and the fallback need, a fallback that
 * is another gateway, and, in production, no demo outbox and no SMS Misr test environment.
 */
export function checkSmsSettings(c: SmsSettings & { NODE_ENV: string }, ctx: z.RefinementCtx) {
  const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const chosen: [string, SmsProvider][] = [['SMS_PROVIDER', c.SMS_PROVIDER]];
  if (c.SMS_FALLBACK_PROVIDER) chosen.push(['SMS_FALLBACK_PROVIDER', c.SMS_FALLBACK_PROVIDER]);
  const missing = new Set<string>();
  for (const [variable, name] of chosen) {
    for (const key of SMS_REQUIRED_SETTINGS[name]) {
      if (c[key] === undefined && !missing.has(key)) {
        missing.add(key);
        refuse(key, `${key} is required when ${variable}=${name}`);
      }
    }
    if (name === 'twilio' && !c.TWILIO_FROM && !c.TWILIO_MESSAGING_SERVICE_SID)
      refuse(
        'TWILIO_FROM',
        `TWILIO_FROM (a Twilio number or sender ID) or TWILIO_MESSAGING_SERVICE_SID is required when ${variable}=twilio`,
      );
  }
  if (c.SMS_FALLBACK_PROVIDER && c.SMS_FALLBACK_PROVIDER === c.SMS_PROVIDER)
    refuse(
      'SMS_FALLBACK_PROVIDER',
      `SMS_FALLBACK_PROVIDER must be another gateway than SMS_PROVIDER (both are ${c.SMS_PROVIDER})`,
    );
  if (c.NODE_ENV !== 'production') return;
  for (const [variable, name] of chosen) {
    if (name === 'outbox')
      refuse(
        variable,
        `${variable}=outbox writes codes to the log instead of phones; in production set ${variable}=http, smsmisr, cequens, victorylink, vodafone, twilio, infobip or vonage with its settings (README, Configuration)`,
      );
    if (name === 'smsmisr' && c.SMSMISR_ENVIRONMENT === '2')
      refuse(
        'SMSMISR_ENVIRONMENT',
        'SMSMISR_ENVIRONMENT=2 is SMS Misr’s test environment, which delivers nothing; set SMSMISR_ENVIRONMENT=1 in production',
      );
  }
}
