/**
 * Enough of the Unicode bidirectional algorithm for an invoice's lines: a paragraph (Arabic: right to left, English:
 * left to right) cut into runs that read one way, in the order they stand on the page from the left. Arabic letters
 * are right-to-left; Latin letters and digits (an order number, an amount, a phone) left-to-right; spaces and
 * punctuation take the direction of the text around them (between two left-to-right runs they stay inside them, as
 * in "INV-2026-000123" or "1,234.50"; otherwise the paragraph's). A left-to-right mark (LRM) reads as a Latin letter:
 * "\u200e-814.80" keeps its minus at the left of the number in an Arabic line, as it is written. Within a
 * right-to-left run the glyphs are put right to left by the shaper (fontkit reverses an Arabic run after shaping it),
 * so a run is drawn as one piece.
 */

export type Direction = 'rtl' | 'ltr';

export interface Run {
  text: string;
  dir: Direction;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_LTR = /[0-9A-Za-z\u00c0-\u024f\u0660-\u0669\u06f0-\u06f9]/;

type Kind = 'R' | 'L' | 'N';
/** The invisible marks a text can carry to say which way what is next to it reads (not drawn). */
export const LRM = '\u200e';
export const RLM = '\u200f';
const kindOf = (ch: string): Kind => {
  if (ch === LRM) return 'L';
  if (ch === RLM) return 'R';
  // Arabic-Indic digits are numbers: they read left to right like Latin ones.
  if (/[\u0660-\u0669\u06f0-\u06f9]/.test(ch)) return 'L';
  if (ARABIC.test(ch)) return 'R';
  if (STRONG_LTR.test(ch)) return 'L';
  return 'N';
};

const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/;
const OPEN = '([{';
const CLOSE = ')]}';
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};

/**
 * The runs of a paragraph in visual order, from the left edge of the line to the right. A bracket pair takes the
 * direction of what it holds (Arabic inside: right to left) or, holding only numbers and Latin, of the text before it
 * ("2,800.00 (14%)" stays one left-to-right run; "منى حسن (0101…)" keeps its brackets in the Arabic); a per cent sign
 * goes with its number. A bracket in a right-to-left run is mirrored, as a reader of Arabic expects it.
 */
export function visualRuns(text: string, paragraph: Direction): Run[] {
  const chars = Array.from(text);
  const kinds = chars.map(kindOf);
  const strongBefore = (i: number): Kind => {
    for (let j = i - 1; j >= 0; j--) if (kinds[j] !== 'N') return kinds[j]!;
    return 'N';
  };
  const strongAfter = (i: number): Kind => {
    for (let j = i + 1; j < kinds.length; j++) if (kinds[j] !== 'N') return kinds[j]!;
    return 'N';
  };
  const resolved: Direction[] = kinds.map((k, i) => {
    if (k === 'R') return 'rtl';
    if (k === 'L') return 'ltr';
    const ch = chars[i]!;
    if ((ch === '%' || ch === '\u066a') && (DIGIT.test(chars[i - 1] ?? '') || DIGIT.test(chars[i + 1] ?? '')))
      return 'ltr';
    const before = strongBefore(i);
    const after = strongAfter(i);
    if (before === 'L' && after === 'L') return 'ltr';
    if (before === 'R' && after === 'R') return 'rtl';
    return paragraph;
  });
  // Bracket pairs (the Unicode algorithm's rule N0, simplified).
  const stack: number[] = [];
  chars.forEach((ch, i) => {
    if (OPEN.includes(ch)) stack.push(i);
    else if (CLOSE.includes(ch) && stack.length) {
      const open = stack.pop()!;
      const inside = kinds.slice(open + 1, i);
      const dir: Direction = inside.includes('R')
        ? 'rtl'
        : inside.includes('L') &&
            (strongBefore(open) === 'L' || (paragraph === 'ltr' && strongBefore(open) !== 'R'))
          ? 'ltr'
          : paragraph;
      resolved[open] = dir;
      resolved[i] = dir;
      // What sits between a left-to-right bracket and its content goes with them.
      if (dir === 'ltr') for (let j = open + 1; j < i; j++) if (kinds[j] === 'N') resolved[j] = 'ltr';
    }
  });
  const logical: Run[] = [];
  chars.forEach((ch, i) => {
    const dir = resolved[i]!;
    const shown = dir === 'rtl' ? (MIRROR[ch] ?? ch) : ch;
    const last = logical.at(-1);
    if (last && last.dir === dir) last.text += shown;
    else logical.push({ text: shown, dir });
  });
  return paragraph === 'rtl' ? logical.reverse() : logical;
}

export const hasArabic = (text: string) => ARABIC.test(text);

const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;

/**
 * A piece of a line that someone else wrote (what a shopper typed: a street, a district) set apart from the text
 * around it, as Unicode's isolates would be, with the marks this file reads: marks of the paragraph's direction
 * outside it keep the separators beside it in the paragraph's direction, so pieces in the other script stay in the
 * line's order (two Arabic pieces in an English line were read as one right-to-left run, the second first); marks of
 * its own direction (its first letter's) inside it keep the punctuation at its edges with it ("El Tahrir St." keeps
 * its dot in an Arabic line).
 */
export function isolate(text: string, paragraph: Direction): string {
  const outer = paragraph === 'rtl' ? RLM : LRM;
  const first = Array.from(text).find((ch) => !DIGIT.test(ch) && (ARABIC.test(ch) || LATIN_LETTER.test(ch)));
  const inner = first === undefined ? '' : ARABIC.test(first) ? RLM : LRM;
  return `${outer}${inner}${text}${inner}${outer}`;
}
