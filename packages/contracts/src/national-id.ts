/**
 * The ONE Egyptian National ID rule (spec §5), used by the wizard's form and by the API.
 * Kept free of zod so the web can import it alone (`@store/contracts/national-id`).
 *
 * Format: 14 digits: a century digit 2 or 3; two digits of year; a month starting with 0 or 1; a day starting
 * with 0 to 3; a governorate code from 01-04, 11-19, 21-29, 31-35 or 88; then 5 digits.
 * Beyond the spec's pattern (issue 43): the birth date the number encodes must be a real day (century digit 2 is
 * 19xx, 3 is 20xx; no month 00 or 13, no 30 February, no 29 February 1900), and, where a clock is given, not
 * after today. The schemas check the pattern and the calendar; the services add "not after today" with the
 * injected clock, and the wizard with the shopper's.
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

/** The birth date a (normalised) number encodes, as UTC midnight; null when it names no real day. */
export function nationalIdBirthDate(value: string): Date | null {
  if (!NATIONAL_ID_PATTERN.test(value)) return null;
  const year = (value[0] === '2' ? 1900 : 2000) + Number(value.slice(1, 3));
  const month = Number(value.slice(3, 5));
  const day = Number(value.slice(5, 7));
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 30 February over to March: a real day reads back the same.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : null;
}

/** Born after `now`'s day (UTC): a birth date nobody has yet. */
const bornAfter = (birth: Date, now: Date) =>
  birth.getTime() > Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The pattern and a real birth date; not after `now` when it is given. */
export function isValidNationalId(input: string, now?: Date): boolean {
  return nationalIdError(input, now) === null;
}

/**
 * null when valid, else the message key to show. Empty (or only spaces, or not a string) is "required". With
 * `now`, a birth date after that day is not valid either.
 */
export function nationalIdError(input: unknown, now?: Date): ApiMessageKey | null {
  if (typeof input !== 'string' && typeof input !== 'number') return NATIONAL_ID_REQUIRED;
  const value = normalizeNationalId(String(input));
  if (value === '') return NATIONAL_ID_REQUIRED;
  const birth = nationalIdBirthDate(value);
  if (!birth || (now && bornAfter(birth, now))) return NATIONAL_ID_INVALID;
  return null;
}

/** The wizard shows (and the API requires) the National ID step when the cart total is 25,000 EGP or more. */
export function nationalIdRequired(totalEgp: number): boolean {
  return totalEgp >= NATIONAL_ID_THRESHOLD_EGP;
}
