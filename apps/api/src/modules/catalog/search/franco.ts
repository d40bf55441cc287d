import { editsWithin } from '../search-text.ts';

/**
 * Arabic written in Latin letters and digits ("Franco": talaga, ghassala, sha7en, sama3a, botagaz), as many
 * Egyptians type on a phone whose keyboard is in English. Such a word is found in no product: it is read as the
 * catalog's Arabic word that sounds the same, and the shopper is told ("Did you mean ثلاجة?").
 *
 * A word is compared by its consonants, each as a class of the letters Egyptians write it with: ت ط ث as t, س ص as
 * s, د ض ذ as d, ز ظ as z, ح ه as h (7), خ as kh (5), ع as 3, غ as gh (8), ق as q (2, k), ك as k (c). Vowels are not
 * compared, long or short: Arabic leaves the short ones out and Franco writes them at will (talaga, tlaga, tallaga
 * are all ثلاجة). A second, finer key keeps و and ي as w and y (o, u, i, ee in Franco), which tells مكواة (makwa) from
 * ماك (mak). Letters doubled with nothing between them are one (shadda is not written: tallaga, ghassala).
 */

/** The class of each Arabic letter (as normalised: ة is ه, ى is ي, أ إ آ are ا); vowels and hamza are ''. */
const ARABIC: Record<string, string> = {
  ب: 'b',
  پ: 'b',
  ت: 't',
  ط: 't',
  ث: 't',
  ج: 'g',
  چ: 'g',
  ح: 'h',
  ه: 'h',
  خ: 'x',
  د: 'd',
  ض: 'd',
  ذ: 'd',
  ر: 'r',
  ز: 'z',
  ظ: 'z',
  ژ: 'z',
  س: 's',
  ص: 's',
  ش: 'c',
  ع: '3',
  غ: '8',
  ف: 'f',
  ڤ: 'f',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  گ: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  و: 'w',
  ي: 'y',
  ی: 'y',
  ا: '',
  ء: '',
};

/** Franco's letters and pairs of letters, longest first; a list is the classes a letter may stand for. */
const FRANCO: [string, string[]][] = [
  ['sh', ['c']],
  ['ch', ['c']],
  ['kh', ['x']],
  ['gh', ['8']],
  ['th', ['t']],
  ['dh', ['d']],
  ['ph', ['f']],
  ['ee', ['y']],
  ['ei', ['y']],
  ['ou', ['w']],
  ['oo', ['w']],
  ['a', ['']],
  ['e', ['']],
  ['i', ['y']],
  ['y', ['y']],
  ['o', ['w']],
  ['u', ['w']],
  ['w', ['w']],
  ['b', ['b']],
  ['p', ['b']],
  ['t', ['t']],
  ['g', ['g']],
  ['j', ['g']],
  ['h', ['h']],
  ['7', ['h']],
  ['5', ['x']],
  ['x', ['x']],
  ['d', ['d']],
  ['r', ['r']],
  ['z', ['z']],
  ['s', ['s']],
  ['c', ['k', 's']],
  ['3', ['3']],
  ['8', ['8']],
  ['f', ['f']],
  ['v', ['f']],
  ['q', ['q']],
  ['2', ['q', '']],
  ['k', ['k', 'q']],
  ['l', ['l']],
  ['m', ['m']],
  ['n', ['n']],
];

/** A word Franco may be: Latin letters with at most the digits Egyptians write letters with (2 3 5 7 8). */
const FRANCO_WORD = /^(?=.*[a-z])[a-z23578]{4,}$/;

/** A word writing a letter as a digit beside its letters (sa3a, sha7en, 2ahwa): Franco, not a typo of a Latin word. */
export function writesLettersAsDigits(word: string): boolean {
  return FRANCO_WORD.test(word) && /[a-z][23578]|[23578][a-z]/.test(word);
}

/** The coarse key (consonants) and the fine one (with w and y) of a sequence of classes ('' a vowel). */
function keys(classes: string[]): { coarse: string; fine: string } {
  // Doubled with nothing between them: one. A vowel between keeps both (شاشة is c-c).
  const fine = classes.filter((c, i) => c !== '' && c !== classes[i - 1]).join('');
  return { coarse: fine.replace(/[wy]/g, ''), fine };
}

/** The keys of a catalog word in Arabic letters (with and without ال, and ث read as s too), or none. */
export function arabicKeys(word: string): { coarse: string; fine: string }[] {
  if (!/^[\u0621-\u06FF]{3,}$/.test(word)) return [];
  const forms = [word];
  if (word.length > 4 && word.startsWith('ال')) forms.push(word.slice(2));
  if (word.includes('ث')) forms.push(...forms.map((w) => w.replaceAll('ث', 'س')));
  return forms.map((w) => {
    // ة (ه) at the end is the -a of talaga, a vowel.
    const letters = [...(w.endsWith('ه') ? w.slice(0, -1) : w)];
    return keys(letters.map((l) => ARABIC[l] ?? '?'));
  });
}

/** The keys a Franco word may have (a letter with two readings gives both; at most 16). */
export function francoKeys(word: string): { coarse: string; fine: string }[] {
  if (!FRANCO_WORD.test(word)) return [];
  // A final -ah, -eh is ة, and so may be -at, -et before another word (makwat sha3r, مكواة شعر); an article joined in
  // front (eltalaga) is also read without it.
  const base = word.replace(/(?<=[a-z0-9])[ae]h$/, 'a');
  const forms = [base];
  if (/^.{3,}[ae]t$/.test(base)) forms.push(`${base.slice(0, -2)}a`);
  const article = /^(el|al)(?=.{4,})/.exec(base);
  if (article) forms.push(...forms.map((f) => f.slice(article[0].length)));
  const out = new Map<string, { coarse: string; fine: string }>();
  for (const form of forms) {
    let readings: string[][] = [[]];
    for (let i = 0; i < form.length;) {
      const [letters, classes] = FRANCO.find(([l]) => form.startsWith(l, i)) ?? [form[i]!, ['?']];
      readings = readings.flatMap((r) => classes.map((c) => [...r, c])).slice(0, 16);
      i += letters.length;
    }
    for (const r of readings) {
      const k = keys(r);
      out.set(`${k.coarse} ${k.fine}`, k);
    }
  }
  return [...out.values()];
}

/** The catalog's Arabic words by coarse key, for one catalog version (`own`: a word of the products' texts). */
export type FrancoIndex = Map<string, { word: string; fine: string; own: boolean }[]>;

/**
 * The index of the products' words and of other words that find them (the synonyms' everyday words: مكيف, تلاجة).
 * Of two words that read alike, the products' own is taken (ثلاجة before تلاجة), so it is the one said.
 */
export function francoIndex(words: Iterable<string>, otherWords: Iterable<string> = []): FrancoIndex {
  const index: FrancoIndex = new Map();
  const add = (word: string, own: boolean) => {
    for (const k of arabicKeys(word)) {
      if (k.coarse.length < 2 || k.coarse.includes('?')) continue;
      const list = index.get(k.coarse) ?? index.set(k.coarse, []).get(k.coarse)!;
      if (!list.some((e) => e.word === word && e.fine === k.fine)) list.push({ word, fine: k.fine, own });
    }
  };
  for (const word of words) add(word, true);
  for (const word of otherWords) add(word, false);
  return index;
}

/** How the Arabic word reads in Franco's letters, to tell apart words of one key (ساعة sa3a from سعة sa3a's s3a). */
const LATIN: Record<string, string> = {
  ...ARABIC,
  ا: 'a',
  و: 'o',
  ي: 'i',
  ء: '',
};
const simplified = (franco: string) =>
  franco
    .replace(/sh|ch/g, 'c')
    .replace(/kh|5/g, 'x')
    .replace(/gh/g, '8')
    .replace(/7/g, 'h')
    .replace(/ee|ei|y/g, 'i')
    .replace(/oo|ou|u|w/g, 'o')
    .replace(/e/g, 'a')
    .replace(/(.)\1+/g, '$1');
const inLatin = (arabic: string) =>
  [...arabic].map((l, i, all) => (l === 'ه' && i === all.length - 1 ? 'a' : (LATIN[l] ?? l))).join('');

/**
 * The catalog's Arabic words a Franco word was meant as, most likely first (at most `limit`): the same consonants;
 * of those, the same w and y first, then the products' own words, then the one that reads closest to what was typed
 * (by `editsWithin`, as a typo is). A key of two consonants must match with its w and y too (makwa is مكواة, not ماك).
 */
export function francoReading(word: string, index: FrancoIndex, limit = 3): string[] {
  const typed = simplified(word);
  const scored = new Map<string, number>();
  for (const k of francoKeys(word)) {
    if (k.coarse.length < 2) continue;
    for (const e of index.get(k.coarse) ?? []) {
      if (k.coarse.length < 3 && e.fine !== k.fine) continue;
      const score =
        (e.fine === k.fine ? 0 : 100) + (e.own ? 0 : 10) + editsWithin(typed, inLatin(e.word), Infinity);
      scored.set(e.word, Math.min(scored.get(e.word) ?? Infinity, score));
    }
  }
  const ranked = [...scored].sort(
    (a, b) => a[1] - b[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1),
  );
  const best = ranked[0]?.[1];
  return ranked
    .filter(([, s]) => s === best)
    .slice(0, limit)
    .map(([w]) => w);
}
