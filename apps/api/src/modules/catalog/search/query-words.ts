import { searchTokens } from '@store/contracts/arabic';

/**
 * Words that tie a search's words together without naming anything a product is or has: `charger for iphone`,
 * `tv for the bedroom`, `شاحن ل ايفون`, `سماعة بتاعة سامسونج`. Every word of a search must be in one product, and
 * these are in a few products' descriptions at most (`the` in a soundbar's), so they made such a search find
 * nothing, or the wrong things. Normalised as the search reads them (`على` → `علي`, `بتاعة` → `بتاعه`, `إلى` → `الي`).
 * Not here: `a` and `in` (`galaxy a 55`, `55 in`), and words that change what is asked (`without`, `غير`, `بدون`).
 */
const FILLER_WORDS = new Set([
  'for',
  'with',
  'of',
  'the',
  'and',
  'to',
  'from',
  'by',
  'an',
  // The Arabic article written apart in Latin letters (el talaga); `el araby` is still found by `araby`.
  'el',
  'al',
  // The same words in Franco (Arabic in Latin letters): sha7en lel iphone, sama3a bta3 samsung.
  'lel',
  'lil',
  'll',
  'bta3',
  'beta3',
  'ma3',
  'men',
  '3ala',
  'ل',
  'لل',
  'ب',
  'و',
  'من',
  'في',
  'علي',
  'مع',
  'عن',
  'الي',
  'بتاع',
  'بتاعه',
  'بتاعت',
  'بتوع',
]);

/** A word of a search as typed (any spelling) is one of the words that only tie the others together. */
export function isFillerWord(word: string): boolean {
  const [token, ...more] = searchTokens(word);
  return token !== undefined && more.length === 0 && FILLER_WORDS.has(token);
}

/**
 * The words a search is made of (`searchTokens`), without the words that only tie them together, and without the
 * `لل` (for the) joined to a longer word (`شاحن للايفون` reads as `شاحن ايفون`). A search of such words alone keeps
 * them. While the shopper is still typing (`typing`), the last word stays whatever it is: `home the` may be on its
 * way to `home theater`.
 */
export function queryWords(query: string, opts: { typing?: boolean } = {}): string[] {
  const tokens = searchTokens(query).map((w) => (w.length > 4 && w.startsWith('لل') ? w.slice(2) : w));
  const kept = tokens.filter((w, i) => !FILLER_WORDS.has(w) || (opts.typing && i === tokens.length - 1));
  return kept.length ? kept : tokens;
}
