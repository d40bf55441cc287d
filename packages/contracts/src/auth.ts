/**
 * Accounts (spec §5 sign-up, sign-in, change password, edit profile, forgot password, OTP, reset): one schema for
 * the web form and the API route. Field errors are message keys of apiMessages ('required', 'too_short:2', ...).
 *
 * Choices where the spec says "not shown":
 * - A phone number is an Egyptian mobile number: 11 digits, 01 then 0, 1, 2 or 5, then 8 digits. Arabic-Indic
 *   digits are accepted and saved as Latin digits; surrounding spaces are ignored. It is the account's `uid`.
 * - Passwords are 8 to 128 characters (the spec only says "required"; 8 is the least we accept for an account
 *   that holds addresses and orders), not only spaces, and not the phone number. The API also refuses the
 *   commonest passwords (common-passwords.ts, kept out of the web bundle).
 * - An SMS code is 6 digits, lives 10 minutes, dies after 5 wrong tries, and cannot be resent within
 *   OTP_RESEND_SECONDS (120 s).
 * - The code-entry calls need `phone_number` with the code: a code is only ever checked against its own phone,
 *   so every wrong guess counts against that phone (decision 010). The /auth/reset_password/{code} page of spec §2
 *   asks for the phone beside the new password.
 * - Sign-in may carry `sms_sign_in_otp`: while a phone's sign-in limit is hit, the right password alone is not
 *   enough, and a code sent to the phone lets its owner in (decision 010).
 * - Bodies may be JSON, urlencoded or multipart; PUT /users also accepts the fields nested under `user`.
 */
import { z } from 'zod';
import { NAME_MIN } from './constants.ts';
import { nationalIdError, normalizeNationalId } from './national-id.ts';
import { text } from './text.ts';

export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const EMAIL_MAX = 200;
/** Egyptian mobile numbers: 010, 011, 012, 015 and 8 more digits. */
export const EGYPT_MOBILE_PATTERN = /^01[0125]\d{8}$/;

/**
 * The store's one phone normaliser: an Egyptian mobile number written any usual way (01012345678, 1012345678,
 * 201012345678, +20 101 234 5678, 0020…, Arabic-Indic digits, spaces or dashes) in the form the store keeps,
 * 01012345678; null when it is not one. Gateways take it through egyptMobileInternational.
 */
export function normalizeEgyptMobile(input: string): string | null {
  const compact = latinDigits(input).replace(/[\s\-().]/g, '');
  const m = /^(?:\+20|0020|20)?0?(1[0125]\d{8})$/.exec(compact);
  return m ? `0${m[1]}` : null;
}

/** The number as SMS gateways want it: country code, no plus (01012345678 → 201012345678); null if not one. */
export function egyptMobileInternational(input: string): string | null {
  const local = normalizeEgyptMobile(input);
  return local ? `20${local.slice(1)}` : null;
}
export const OTP_PURPOSES = ['confirmation', 'password_reset', 'sign_in'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/** The codes a shopper may ask to be sent again (a sign-in code goes out only after the right password). */
export const RESENDABLE_OTP_PURPOSES = ['confirmation', 'password_reset'] as const;

/** Latin digits for Arabic-Indic (٠-٩) and Persian (۰-۹) ones. */
export const latinDigits = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

const required = { message: 'required', abort: true } as const;

/** A required text field: no control or bidi characters (text.ts), trimmed, not empty. */
const requiredString = () => text().trim().min(1, required);

const name = () =>
  requiredString().min(NAME_MIN, `too_short:${NAME_MIN}`).max(NAME_MAX, `too_long:${NAME_MAX}`);

export const emailSchema = requiredString()
  .toLowerCase()
  .max(EMAIL_MAX, `too_long:${EMAIL_MAX}`)
  .pipe(z.email({ message: 'email_invalid' }));

/** Digits only (spec §5), then an Egyptian mobile number. For sign-up. */
export const mobileNumberSchema = requiredString()
  .overwrite(latinDigits)
  .regex(/^\d+$/, { message: 'digits_only', abort: true })
  .regex(EGYPT_MOBILE_PATTERN, 'mobile_number_invalid');

/** A phone number to look an account up by (sign-in, forgot password, resend): required, digits. */
export const phoneLookupSchema = requiredString()
  .overwrite(latinDigits)
  .max(20, 'too_long:20')
  .regex(/^\d+$/, 'digits_only');

export const passwordSchema = z
  .string({ message: 'required' })
  .min(1, required)
  .min(PASSWORD_MIN, `too_short:${PASSWORD_MIN}`)
  .max(PASSWORD_MAX, `too_long:${PASSWORD_MAX}`)
  .refine((s) => s.trim() !== '', 'password_blank');

/** True when the password is the phone number, written any usual way (0100…, 100…, +20100…, 0020100…). */
export function passwordIsPhone(password: string, phone: string) {
  const digits = latinDigits(phone).replace(/\D/g, '');
  const pw = latinDigits(password).replace(/[\s+\-().]/g, '');
  if (!digits || !/^\d+$/.test(pw)) return false;
  const national = digits.replace(/^0/, '');
  return [digits, national, `20${national}`, `0020${national}`].includes(pw);
}
const passwordNotPhone = (v: { password: string; phone_number: string }) =>
  !passwordIsPhone(v.password, v.phone_number);
const isPhone = { message: 'password_is_phone', path: ['password'] };
/** The password a user already has: only required (no length rule, so older rules never lock anyone out). */
const existingPassword = z
  .string({ message: 'required' })
  .min(1, required)
  .max(PASSWORD_MAX, `too_long:${PASSWORD_MAX}`);
const confirmation = z
  .string({ message: 'required' })
  .min(1, required)
  .max(PASSWORD_MAX, `too_long:${PASSWORD_MAX}`);

const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const mismatch = { message: 'password_mismatch', path: ['password_confirmation'] };

/** The SMS code as typed: required, 6 digits (Arabic-Indic accepted). */
export const otpCodeSchema = requiredString()
  .overwrite((s) => latinDigits(s).replace(/\s+/g, ''))
  .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), `otp_format:${OTP_CODE_LENGTH}`);

/* ---------------- forms (web) and bodies (api) ---------------- */

/** POST v1/users. The terms checkbox is the form's own (it only enables the button). */
export const signUpSchema = z
  .object({
    first_name: name(),
    last_name: name(),
    email: emailSchema,
    phone_number: mobileNumberSchema,
    password: passwordSchema,
    password_confirmation: confirmation,
  })
  .refine(passwordsMatch, mismatch)
  .refine(passwordNotPhone, isPhone);
export type SignUpBody = z.infer<typeof signUpSchema>;

/** POST v1/users/sign_in. */
export const signInSchema = z.object({
  phone_number: phoneLookupSchema,
  password: existingPassword,
  /** The code sent to the phone while its sign-in limit is hit (answer 429 with otp_required). */
  sms_sign_in_otp: otpCodeSchema.optional(),
});
export type SignInBody = z.infer<typeof signInSchema>;

/** The OTP page's form: the code. */
export const otpSchema = z.object({ code: otpCodeSchema });

/** PUT v1/users/confirmations. */
export const confirmationSchema = z.object({
  sms_confirmation_otp: otpCodeSchema,
  phone_number: phoneLookupSchema,
});
export type ConfirmationBody = z.infer<typeof confirmationSchema>;

/** POST v1/users/otps: resend a code (confirmation by default). */
export const resendOtpSchema = z.object({
  phone_number: phoneLookupSchema,
  purpose: z
    .enum(RESENDABLE_OTP_PURPOSES, { message: 'must_be_one_of:confirmation, password_reset' })
    .default('confirmation'),
});
export type ResendOtpBody = z.infer<typeof resendOtpSchema>;

/** POST v1/users/passwords (forgot password). */
export const forgotPasswordSchema = z.object({ phone_number: phoneLookupSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/** The OTP page's reset form: a new password twice (the page knows the phone). */
export const resetPasswordSchema = z
  .object({ password: passwordSchema, password_confirmation: confirmation })
  .refine(passwordsMatch, mismatch);

/** The reset link's page (/auth/reset_password/{code}): the phone the code went to and a new password twice. */
export const resetPasswordLinkSchema = z
  .object({ phone_number: phoneLookupSchema, password: passwordSchema, password_confirmation: confirmation })
  .refine(passwordsMatch, mismatch)
  .refine(passwordNotPhone, isPhone);

/** PUT v1/users/passwords (reset with the SMS code). */
export const resetPasswordRequestSchema = z
  .object({
    sms_password_reset_otp: otpCodeSchema,
    phone_number: phoneLookupSchema,
    password: passwordSchema,
    password_confirmation: confirmation,
  })
  .refine(passwordsMatch, mismatch)
  .refine(passwordNotPhone, isPhone);
export type ResetPasswordBody = z.infer<typeof resetPasswordRequestSchema>;

/** PUT v1/users/password (change, signed in). */
export const changePasswordSchema = z
  .object({
    current_password: existingPassword,
    password: passwordSchema,
    password_confirmation: confirmation,
  })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** National ID on the profile: optional; empty clears it; otherwise contracts' one national ID rule. */
const optionalNationalId = z
  .union([z.string(), z.null()])
  .optional()
  .superRefine((v, ctx) => {
    if (v == null || v.trim() === '') return;
    const err = nationalIdError(v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  })
  .transform((v) => (v == null ? v : v.trim() === '' ? null : normalizeNationalId(v)));

/** PUT v1/users (edit profile): first_name, last_name, email required; national_id optional. */
export const profileUpdateSchema = z.object({
  first_name: name(),
  last_name: name(),
  email: emailSchema,
  national_id: optionalNationalId,
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateSchema>;

/* ---------------- responses ---------------- */

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** The same number as phone_number (spec §3 "also mobile"). */
  mobile: z.string(),
  national_id: z.string().nullable(),
  confirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema });

/** A sentence for a success dialog, in the request's language. */
export const messageResponseSchema = z.object({ message: z.string() });

export const signUpResponseSchema = z.object({
  message: z.string(),
  phone_number: z.string(),
  /** Seconds before the code can be resent (the OTP page's countdown). */
  resend_in: z.number().int(),
});
export const otpSentResponseSchema = signUpResponseSchema;

/**
 * The auth headers of a sign-in or profile update answer (devise_token_auth style). `uid` is the phone number,
 * `expiry` the session's end in Unix seconds. The client sends client, token and uid on every call.
 */
export const AUTH_HEADERS = ['client', 'token', 'uid', 'expiry', 'token-type'] as const;

/** One message of GET /dev/sms-outbox (not in production). `code` is the first 6-digit run of the text. */
export const smsOutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      phone_number: z.string(),
      body: z.string(),
      code: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
