/**
 * The commonest passwords (spec §5 "password required"; issue 12: `12345678`, `password` were accepted), checked by
 * the API on sign-up, reset and change. The list is zxcvbn-ts' maintained list of ~49,000 leaked passwords plus a
 * few written the Egyptian way; it stays out of the web bundle (only the API imports this file), so the form learns
 * of it from the server's field error `password_too_common`.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { latinDigits, PASSWORD_MIN } from './auth.ts';

const EGYPTIAN = [
  'ahmed123',
  'mohamed123',
  'mohamed1234',
  'mahmoud123',
  'mostafa123',
  'egypt123',
  'egypt2024',
  'egypt2025',
  'egypt2026',
  'masr1234',
  'cairo123',
  'alexandria',
  'ilovegod',
  'allahakbar',
  'bismillah',
  'كلمةالسر',
  'كلمةسر123',
];

let common: Set<string> | undefined;

/** True for a password on the list (compared in lower case, Arabic-Indic digits as Latin, spaces ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    [...(dictionary['passwords-common'] as string[]), ...EGYPTIAN].filter((p) => p.length >= PASSWORD_MIN),
  );
  const key = latinDigits(password).toLowerCase().replace(/\s+/g, '');
  return common.has(key) || /^(.)\1+$/.test(key);
}
