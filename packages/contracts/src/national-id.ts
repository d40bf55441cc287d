/**
 * The ONE Egyptian National ID rule (spec §5), used by the wizard's form and by the API.
 * Kept free of zod so the web can import it alone (`@store/contracts/national-id`).
 *
 * Format: 14 digits: a century digit 2 or 3; two digits of year; a month starting with 0 or 1; a day starting
 * with 0 to 3; a governorate code from 01-04, 11-19, 21-29, 31-35 or 88; then 5 digits.
 * The rule is applied exactly as the spec words it: it does not check calendar dates (month 00 or 19 pass).
 *
 * Decision: Arabic-Indic (٠-٩) and Persian (۰-۹) digits are accepted and turned into Latin digits, because an
 * Arabic keyboard types them; surrounding spaces are ignored. Anything else (inner spaces, dashes, letters) is
 * not valid. The normalised number is what is saved.
 */
import { NATIONAL_ID_THRESHOLD_EGP } from './constants.ts';
import type { ApiMessageKey } from './messages.ts';

export const NATIONAL_ID_LENGTH = 14;

export const NATIONAL_ID_PATTERN = /^[23]\d{2}[01]\d[0-3]\d(?:0[1-4]|1[1-9]|2[1-9]|3[1-5]|88)\d{5}$/;

/** Message keys of contracts' apiMessages: 'National ID is Required' / 'National ID is not valid'. */
export const NATIONAL_ID_REQUIRED: ApiMessageKey = 'national_id_required';
export const NATIONAL_ID_INVALID: ApiMessageKey = 'national_id_invalid';

/** Latin digits for Arabic-Indic and Persian ones; surrounding whitespace removed. */
export function normalizeNationalId(input: string): string {
  return input
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

export function isValidNationalId(input: string): boolean {
  return NATIONAL_ID_PATTERN.test(normalizeNationalId(input));
}

/**
 * null when valid, else the message key to show. Empty (or only spaces, or not a string) is "required".
 */
export function nationalIdError(input: unknown): ApiMessageKey | null {
  if (typeof input !== 'string' && typeof input !== 'number') return NATIONAL_ID_REQUIRED;
  const value = normalizeNationalId(String(input));
  if (value === '') return NATIONAL_ID_REQUIRED;
  return NATIONAL_ID_PATTERN.test(value) ? null : NATIONAL_ID_INVALID;
}

/** The wizard shows (and the API requires) the National ID step when the cart total is 25,000 EGP or more. */
export function nationalIdRequired(totalEgp: number): boolean {
  return totalEgp >= NATIONAL_ID_THRESHOLD_EGP;
}
