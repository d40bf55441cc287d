/**
 * The bounds of what a shopper may type or a client may send (issue 12): one primitive for text, one for ids and
 * prices, used by every schema of the contracts so that no value reaches PostgreSQL that it would refuse.
 *
 * - Text never holds NUL or another C0 control character (U+0000–U+001F) or DEL. Multi-line fields (delivery
 *   instructions) allow newline and tab; the CR of a browser's CRLF becomes a plain newline.
 * - Names and addresses never hold bidi controls (U+202A–U+202E, U+2066–U+2069), which make a text display as
 *   something other than what it is (an address that reads backwards, a name that hides another).
 * - Ids and other whole numbers of a route fit PostgreSQL's `integer` (1..2,147,483,647). Money is integer piastres
 *   in `integer` columns, so a price in EGP is at most MAX_PRICE_EGP (its piastres still fit).
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: ids, quantities, piastres. */
export const PG_INTEGER_MAX = 2_147_483_647;
/** The largest price in EGP whose piastres (×100) fit an `integer` column. */
export const MAX_PRICE_EGP = Math.floor(PG_INTEGER_MAX / 100);
/** A promotion's slug (its page address): letters, digits, '-' and '_', as long as the column allows. */
export const SLUG_MAX = 160;
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

// Built from code points so that no control character sits in this source file.
const range = (from: number, to: number) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`;
/** C0 controls and DEL: never in a one-line field. */
const LINE_CONTROLS = new RegExp(`[${range(0x00, 0x1f)}\\u{7f}]`, 'u');
/** The same, tab (U+0009) and newline (U+000A) aside: multi-line fields. */
const TEXT_CONTROLS = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x1f)}\\u{7f}]`, 'u');
/** Bidi embeddings, overrides and isolates. */
const BIDI_CONTROLS = new RegExp(`[${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}]`, 'u');

/** True when `s` holds a control character a field of this kind may not hold. */
export const hasControlCharacters = (s: string, multiline = false) =>
  (multiline ? TEXT_CONTROLS : LINE_CONTROLS).test(s);
/** True when `s` holds a bidi embedding, override or isolate control. */
export const hasBidiControls = (s: string) => BIDI_CONTROLS.test(s);

export interface TextRules {
  /** Newline and tab allowed (CRLF and CR become a newline). Default: one line. */
  multiline?: boolean;
  /** Bidi controls allowed (search words, secrets). Default: refused, as names and addresses need. */
  allowBidi?: boolean;
  /** The message when the value is not a string at all. Default 'required'. */
  typeError?: string;
}

/**
 * A text field: a trimmed string without control characters (and, unless allowed, without bidi controls). Chain the
 * field's own rules after it (`text().trim().min(1, …).max(80, …)`); a refused character stops the checks there,
 * so the shopper reads the one message that matters.
 */
export function text(rules: TextRules = {}) {
  // Trimmed first: a name pasted with a trailing newline or tab is a name, not a refused character.
  let s = z.string({ error: rules.typeError ?? 'required' }).trim();
  if (rules.multiline) s = s.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  s = s.refine((v) => !hasControlCharacters(v, rules.multiline), {
    error: 'control_characters',
    abort: true,
  });
  if (!rules.allowBidi) s = s.refine((v) => !hasBidiControls(v), { error: 'bidi_controls', abort: true });
  return s;
}

/** A number within `min..max`, each bound naming itself ('must be at most 2147483647'). */
export const numberWithin = (min: number, max: number) =>
  z
    .number()
    .min(min, { message: `must_be_at_least:${min}` })
    .max(max, { message: `must_be_at_most:${max}` });

/**
 * A whole number within `min..max`, sent as digits (query strings, form fields) or as a JSON number. 'must be a
 * whole number' for anything else (signs, decimals, exponents, spaces); the bounds name themselves.
 */
export const wholeNumber = (min: number, max: number, notANumber = 'must_be_whole_number') =>
  z
    .union([
      // Past 16 digits a number is past every bound (and past what a double holds exactly).
      z
        .string()
        .regex(/^\d+$/, { message: notANumber })
        .transform((v) => (v.length > 16 ? Number.MAX_SAFE_INTEGER : Number(v))),
      z.number().int({ message: notANumber }),
    ])
    .pipe(numberWithin(min, max));

/** A slug as it appears in a page address. */
export const slugSchema = text()
  .min(1, { error: 'required', abort: true })
  .max(SLUG_MAX, { error: `too_long:${SLUG_MAX}`, abort: true })
  .regex(SLUG_PATTERN, { error: 'invalid_slug' });
