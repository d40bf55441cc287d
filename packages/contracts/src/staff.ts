/**
 * Staff of the back office (issue 13): accounts separate from shoppers, signed in with email and password, with a
 * role. One schema for the admin app's forms and the API's routes; field errors are message keys of apiMessages.
 *
 * Choices where the spec says nothing:
 * - Roles: `owner` (everything, and manages staff), `staff` (orders, customers), `catalog` (the catalog); what
 *   each may open is STAFF_ROLE_AREAS below.
 * - The email is the account's `uid` header, kept in lower case. Sessions last STAFF_SESSION_HOURS (not sliding):
 *   a working day, shorter than a shopper's 14 days because a staff session can move orders and money.
 * - Passwords follow the shoppers' rules (8–128 characters, not only spaces, not a common one: the API checks the
 *   list) and may not be the email address.
 */
import { z } from 'zod';
import {
  changePasswordSchema,
  emailSchema,
  mobileNumberSchema,
  otpCodeSchema,
  PASSWORD_MAX,
  passwordSchema,
} from './auth.ts';
import { idParam } from './catalog.ts';
import { NAME_MIN } from './constants.ts';
import { STAFF_ROLES } from './staff-areas.ts';
import { text } from './text.ts';

export {
  can,
  STAFF_AREAS,
  STAFF_ROLE_AREAS,
  STAFF_ROLES,
  type StaffArea,
  type StaffRole,
} from './staff-areas.ts';
/** How long a staff session lasts from sign-in. */
export const STAFF_SESSION_HOURS = 12;
/** Devices a staff member may be signed in on at once; one more drops the oldest. */
export const STAFF_MAX_DEVICES = 5;
export const STAFF_NAME_MAX = 80;

/** True when the password is the email address or its part before the @ (any case). */
export function passwordIsEmail(password: string, email: string) {
  const pw = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return pw === address || (address.includes('@') && pw === address.slice(0, address.indexOf('@')));
}

/* ---------------- bodies ---------------- */

const existingPassword = z
  .string({ message: 'required' })
  .min(1, { message: 'required', abort: true })
  .max(PASSWORD_MAX, `too_long:${PASSWORD_MAX}`);

/**
 * POST v1/admin/sign_in. The password is only required here (older rules never lock anyone out). `code`: the
 * second step, asked for while the email is under attack (answer 401 with `second_factor`, decision 025): today
 * the 6 digits of the member's authenticator app.
 */
export const staffSignInSchema = z.object({
  email: emailSchema,
  password: existingPassword,
  code: otpCodeSchema.optional(),
});
export type StaffSignInBody = z.infer<typeof staffSignInSchema>;

/**
 * The second steps a sign-in may ask for while an email is under attack: `totp`, the member's authenticator app.
 * (An emailed code, once the store sends email, is meant to join as `email`.)
 */
export const STAFF_SECOND_FACTORS = ['totp'] as const;
export type StaffSecondFactor = (typeof STAFF_SECOND_FACTORS)[number];

/** PUT v1/admin/me/totp: the code the authenticator app shows for the secret just set up. */
export const staffTotpConfirmSchema = z.object({ code: otpCodeSchema });
export type StaffTotpConfirmBody = z.infer<typeof staffTotpConfirmSchema>;

/** DELETE v1/admin/me/totp: turning the authenticator off takes the password again. */
export const staffTotpOffSchema = z.object({ password: existingPassword });
export type StaffTotpOffBody = z.infer<typeof staffTotpOffSchema>;

/**
 * PUT v1/admin/me/password: a member's own new password, with the one they have (the shoppers' change form: the new
 * one twice). The API also refuses a common one or their email address.
 */
export const staffPasswordChangeSchema = changePasswordSchema;
export type StaffPasswordChangeBody = z.infer<typeof staffPasswordChangeSchema>;

const roleSchema = z.enum(STAFF_ROLES, { message: `must_be_one_of:${STAFF_ROLES.join(', ')}` });

/** POST v1/admin/staff (owners only): a new staff member, who signs in with this password. */
export const newStaffSchema = z
  .object({
    email: emailSchema,
    name: text()
      .min(1, { message: 'required', abort: true })
      .min(NAME_MIN, `too_short:${NAME_MIN}`)
      .max(STAFF_NAME_MAX, `too_long:${STAFF_NAME_MAX}`),
    role: roleSchema,
    password: passwordSchema,
  })
  .refine((v) => !passwordIsEmail(v.password, v.email), {
    message: 'password_is_email',
    path: ['password'],
  });
export type NewStaffBody = z.infer<typeof newStaffSchema>;

export const staffIdParams = z.object({ id: idParam });

/**
 * PATCH v1/admin/staff/{id} (owners only): another member's new role, a new password for them, or both. The API
 * also refuses a password that is their email address or a common one (as when adding a member).
 */
export const staffUpdateSchema = z
  .object({ role: roleSchema.optional(), password: passwordSchema.optional() })
  .refine((v) => v.role !== undefined || v.password !== undefined, { message: 'staff_update_empty' });
export type StaffUpdateBody = z.infer<typeof staffUpdateSchema>;

/* ---------------- answers ---------------- */

/** The signed-in staff member (sign-in, GET v1/admin/me). */
export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof staffSchema>;
export const staffResponseSchema = z.object({ staff: staffSchema });

/**
 * A row of the staff list: removed members stay (active false), so the audit log keeps its names. totp: whether
 * they confirmed an authenticator app (owners see who still signs in with a password alone).
 */
export const staffMemberSchema = staffSchema.extend({
  active: z.boolean(),
  totp: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffMemberResponseSchema = z.object({ staff: staffMemberSchema });
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });

/** GET v1/admin/me/totp: whether the signed-in member has an authenticator app. */
export const staffTotpStatusSchema = z.object({ totp: z.object({ enabled: z.boolean() }) });
export type StaffTotpStatus = z.infer<typeof staffTotpStatusSchema>;

/**
 * POST v1/admin/me/totp: a new secret to set up, in base32 (typed by hand) and as the otpauth:// address an
 * authenticator app reads. Nothing changes at sign-in until a code of it is confirmed.
 */
export const staffTotpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type StaffTotpSetup = z.infer<typeof staffTotpSetupSchema>;

/** GET v1/admin/sign_in_failures (owners): the latest failed sign-ins, and the emails under attack now. */
export const staffSignInFailureSchema = z.object({
  email: z.string(),
  ip: z.string(),
  /** wrong_password | removed | wrong_code | code_required */
  reason: z.string(),
  at: z.string(),
});
export type StaffSignInFailure = z.infer<typeof staffSignInFailureSchema>;
export const staffSignInFailuresResponseSchema = z.object({
  failures: z.array(staffSignInFailureSchema),
  under_attack: z.array(
    z.object({ email: z.string(), failures: z.number().int(), addresses: z.number().int() }),
  ),
});
export type StaffSignInFailuresResponse = z.infer<typeof staffSignInFailuresResponseSchema>;

/* ---------------- staff alerts (issue 44) ---------------- */

/**
 * What a member can be told of: a placed order, a payment needing a refund, an import's end, a product's stock
 * falling to LOW_STOCK_AT or below when an order takes it.
 */
export const STAFF_ALERT_KINDS = ['new_order', 'refund_required', 'import_finished', 'low_stock'] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

/**
 * GET/PUT v1/admin/me/alerts: the alerts this member gets by email (one digest a minute at most), the language of
 * the digest, and for owners a mobile number that gets it by SMS too (empty: none).
 */
export const staffAlertPreferencesSchema = z.object({
  kinds: z.array(z.enum(STAFF_ALERT_KINDS)).max(STAFF_ALERT_KINDS.length),
  locale: z.enum(['ar', 'en']),
  phone: z
    .union([z.literal(''), mobileNumberSchema])
    .nullable()
    .optional(),
});
export type StaffAlertPreferences = z.infer<typeof staffAlertPreferencesSchema>;
export const staffAlertPreferencesResponseSchema = z.object({
  alerts: z.object({
    kinds: z.array(z.enum(STAFF_ALERT_KINDS)),
    locale: z.enum(['ar', 'en']),
    phone: z.string().nullable(),
  }),
});
export type StaffAlertPreferencesResponse = z.infer<typeof staffAlertPreferencesResponseSchema>;
