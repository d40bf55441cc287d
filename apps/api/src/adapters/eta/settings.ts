/**
 * The Egyptian Tax Authority's e-receipt settings (environment variables) that config.ts reads. Off by default; with
 * ETA_RECEIPTS=on every one of the POS's settings is required, and start-up stops with a sentence naming each that
 * is missing or wrong.
 */
import { z } from 'zod';

/** The ETA's production addresses (the preprod ones: https://api.preprod.invoicing.eta.gov.eg, https://id.preprod.eta.gov.eg). */
export const ETA_API_URL = 'https://api.invoicing.eta.gov.eg';
export const ETA_IDENTITY_URL = 'https://id.eta.gov.eg';

const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const setting = (max = 200) => z.preprocess(unsetIfEmpty, z.string().trim().min(1).max(max).optional());
const address = (name: string, fallback: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, `${name} must be an http(s) address, e.g. ${fallback}`)
      .refine((v) => URL.canParse(v), `${name} must be an http(s) address, e.g. ${fallback}`)
      .transform((v) => v.replace(/\/+$/, ''))
      .default(fallback),
  );

export const etaSettingsShape = {
  /** `on`: every confirmed order's invoice is sent to the ETA as an e-receipt (from the outbox); `off` (default). */
  ETA_RECEIPTS: z.preprocess(
    unsetIfEmpty,
    z.enum(['on', 'off'], { error: 'ETA_RECEIPTS must be on or off' }).default('off'),
  ),
  /** The POS's client id and secret, from the ETA portal (ERP/POS registration). */
  ETA_CLIENT_ID: setting(),
  ETA_CLIENT_SECRET: setting(),
  /** The e-receipt API (POST /api/v1/receiptsubmissions). */
  ETA_URL: address('ETA_URL', ETA_API_URL),
  /** The identity service that gives tokens (POST /connect/token). */
  ETA_ID_URL: address('ETA_ID_URL', ETA_IDENTITY_URL),
  /** The seller's tax registration number (RIN), 9 digits. */
  ETA_RIN: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d{9}$/, 'ETA_RIN must be the 9-digit tax registration number, e.g. 674859545')
      .optional(),
  ),
  /** The branch's code as registered with the ETA (0 for the main branch). */
  ETA_BRANCH_CODE: setting(50),
  /** The branch's address as registered: governorate; city; street; building (four parts, separated by ;). */
  ETA_BRANCH_ADDRESS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (v) => v.split(';').filter((p) => p.trim() !== '').length === 4,
        'ETA_BRANCH_ADDRESS must be governorate; city; street; building, e.g. "Cairo; Nasr City; 12 Abbas El Akkad; 12"',
      )
      .optional(),
  ),
  /** The POS's serial number as registered with the ETA (this store counts as one POS). */
  ETA_DEVICE_SERIAL: setting(100),
  /** The seller's activity code (4 digits, e.g. 4741 retail of computers). */
  ETA_ACTIVITY_CODE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d{4}$/, 'ETA_ACTIVITY_CODE must be the 4-digit activity code, e.g. 4741')
      .optional(),
  ),
};

export type EtaSettings = z.infer<z.ZodObject<typeof etaSettingsShape>>;

/** What the e-receipts cannot be sent without. */
export const ETA_REQUIRED_SETTINGS = [
  'ETA_CLIENT_ID',
  'ETA_CLIENT_SECRET',
  'ETA_RIN',
  'ETA_BRANCH_CODE',
  'ETA_BRANCH_ADDRESS',
  'ETA_DEVICE_SERIAL',
  'ETA_ACTIVITY_CODE',
] as const;

/** The settings ETA_RECEIPTS=on needs and does not have (empty when off). */
export function missingEtaSettings(c: EtaSettings): string[] {
  if (c.ETA_RECEIPTS !== 'on') return [];
  return ETA_REQUIRED_SETTINGS.filter((key) => !c[key]);
}

/** A superRefine for config.ts: each missing setting named in a sentence. */
export function checkEtaSettings(c: EtaSettings, ctx: z.RefinementCtx) {
  for (const key of missingEtaSettings(c))
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `${key} is required with ETA_RECEIPTS=on (the e-receipts cannot be sent to the Tax Authority without it)`,
    });
}

/** The branch address setting as the receipt's parts. */
export function branchAddress(value: string) {
  const [governate, regionCity, street, buildingNumber] = value.split(';').map((p) => p.trim());
  return { governate: governate!, regionCity: regionCity!, street: street!, buildingNumber: buildingNumber! };
}
