import { normalizeSearchText } from '@store/contracts';

export interface SearchTextParts {
  titleEn: string;
  titleAr: string;
  brandEn: string;
  brandAr: string;
  model?: string | null;
  series?: string | null;
  /**
   * The names of the product's own category, both languages. Not its ancestors': a section's name would make every
   * product under it hold each of its words (الموبايلات والتابلت made every phone a tablet); a search finds a
   * section's products by naming the section whole instead (`sectionsNamedWhole`, service.ts).
   */
  category: { en: string; ar: string };
  /**
   * A product with variants (issue 49, decision 034): its options' values, both languages ("256 GB", "أسود"), so a
   * search naming one finds the product, once (its variants are not listed).
   */
  optionValues?: { en: string; ar: string }[];
}

/**
 * products.search_text: titles first (ranking favours a match at the start), then brand, model, series and the
 * product's own category, all through normalizeSearchText. Recompute whenever any of these change.
 */
export function productSearchText(p: SearchTextParts): string {
  const text = normalizeSearchText(
    [
      p.titleEn,
      p.titleAr,
      p.brandEn,
      p.brandAr,
      p.model ?? '',
      p.series ?? '',
      p.category.en,
      p.category.ar,
      ...(p.optionValues ?? []).flatMap((v) => [v.en, v.ar]),
    ].join(' '),
  );
  // The model also as one word ("EF40P-R-S" → "ef40prs"): shoppers type it with or without spaces and dashes.
  const model = normalizeSearchText(p.model ?? '');
  const compact = model.replace(/ /g, '');
  return model.includes(' ') && compact.length >= 3 ? `${text} ${compact}` : text;
}

/** A word's trigrams padded as pg_trgm pads them (two spaces before, one after), so short words count too. */
function paddedTrigrams(text: string, into: Set<string>) {
  for (const w of text.split(' ')) {
    if (!w) continue;
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) into.add(p.slice(i, i + 3));
  }
  return into;
}

/**
 * A query's distinct trigrams padded as pg_trgm pads them (`similarityTo` counts those a text holds): the catalog
 * index tells them from a text's words (`similarityInIndex`).
 */
export const queryTrigrams = (query: string) => [...paddedTrigrams(query, new Set())];

/**
 * How closely a product's search text matches a query (both normalised), 0 to 1: the share of the query's
 * trigrams that the text's words hold. A typo or a word cut short still scores by what it shares. It orders a
 * search's best matches (the catalog index and the database path alike, so both give the same order).
 * `similarityTo(query)` makes the query's trigrams once for the many texts it is compared with.
 */
export function similarityTo(query: string): (text: string) => number {
  // A padded trigram is held when the text, spaced at both ends, holds it (two leading spaces stand for a word's
  // start, one space before the text's first word): no set of the text's trigrams is built.
  const pieces = [...paddedTrigrams(query, new Set())].map((g) => (g.startsWith('  ') ? g.slice(1) : g));
  // Nor is the spaced text: a piece is in ` ${text} ` when the text holds it, or (starting with a space) the text
  // starts with the rest of it, or (ending with one) ends with the rest, or (both) is what is between. A spaced
  // copy of each text compared cost an allocation and a copy per candidate, 300 per search.
  const parts = pieces.map((g) => {
    const lead = g.startsWith(' ');
    const trail = g.endsWith(' ');
    return {
      g,
      start: lead ? g.slice(1) : null,
      end: trail ? g.slice(0, -1) : null,
      whole: lead && trail ? g.slice(1, -1) : null,
    };
  });
  return (text) => {
    if (!parts.length) return 0;
    let common = 0;
    for (const p of parts)
      if (
        text.includes(p.g) ||
        (p.start !== null && text.startsWith(p.start)) ||
        (p.end !== null && text.endsWith(p.end)) ||
        (p.whole !== null && text === p.whole)
      )
        common++;
    return common / parts.length;
  };
}

/**
 * A text's words' trigrams in order, padded as pg_trgm pads them (the order matters for `wordSimilarity`), each as
 * one number of its three UTF-16 code units (exact: under 2^48), so they are compared as numbers, not as strings
 * cut from the text (a typo's candidates: hundreds of catalog words a search). Into `out`; how many.
 */
function trigramCodes(text: string, out: number[]): number {
  let n = 0;
  const SPACE = 32;
  for (let i = 0; i < text.length;) {
    if (text.charCodeAt(i) === SPACE) {
      i++;
      continue;
    }
    let end = i;
    while (end < text.length && text.charCodeAt(end) !== SPACE) end++;
    // The word padded: two spaces before it, one after (`  ${word} `).
    let a = SPACE;
    let b = SPACE;
    for (let k = i; k <= end; k++) {
      const c = k < end ? text.charCodeAt(k) : SPACE;
      out[n++] = a * 4294967296 + b * 65536 + c;
      a = b;
      b = c;
    }
    i = end;
  }
  return n;
}

/**
 * pg_trgm's `word_similarity(a, b)` (non-strict): how well `a` matches the best stretch of `b`'s trigrams, as a
 * float4. The catalog index finds a typo's nearest catalog words with it, and the database path orders its
 * candidates with it, so both read a typo alike; a test holds it equal to the database's own function.
 * pg_trgm widens a stretch trigram by trigram and, each time it meets one of `a`'s trigrams, tries moving its
 * start right; the same walk here gives the same value.
 */
export function wordSimilarity(a: string, b: string): number {
  return wordSimilarityTo(a)(b);
}

/** `wordSimilarity(a, ·)` with `a`'s trigrams made once (a typo is compared with many catalog words). */
export function wordSimilarityTo(a: string): (b: string) => number {
  const wanted = distinctTrigramCodes(a);
  return (b) => similarityOfStretch(wanted, b);
}

/** A text's distinct trigrams (`trigramCodes`), in the order first met. */
function distinctTrigramCodes(text: string): number[] {
  const codes: number[] = [];
  return [...new Set(codes.slice(0, trigramCodes(text, codes)))];
}

/** Scratch arrays of `similarityOfStretch` (JavaScript runs one call at a time; each call sets what it reads). */
const stretch = {
  seq: [] as number[],
  distinct: [] as number[],
  at: [] as number[],
  hit: [] as boolean[],
  last: [] as number[],
};

function similarityOfStretch(wanted: number[], b: string): number {
  const n1 = wanted.length;
  const { seq, distinct: codes, at, hit, last } = stretch;
  const length = trigramCodes(b, seq);
  if (!n1 || !length) return 0;
  const sml = (count: number, n2: number) => Math.fround(count / (n1 + n2 - count));
  // Each distinct trigram of `b` → its slot (in the order first met); `last[slot]` is where it last appeared in the
  // stretch (-1: not in it).
  let slots = 0;
  for (let i = 0; i < length; i++) {
    const g = seq[i]!;
    let s = 0;
    while (s < slots && codes[s] !== g) s++;
    if (s === slots) codes[slots++] = g;
    at[i] = s;
  }
  for (let s = 0; s < slots; s++) {
    hit[s] = wanted.includes(codes[s]!);
    last[s] = -1;
  }
  let lower = -1;
  let distinct = 0;
  let common = 0;
  let best = 0;
  for (let i = 0; i < length; i++) {
    const s = at[i]!;
    if (lower >= 0 || hit[s]) {
      if (last[s]! < 0) {
        distinct++;
        if (hit[s]) common++;
      }
      last[s] = i;
    }
    if (!hit[s]) continue;
    if (lower === -1) {
      lower = i;
      distinct = 1;
    }
    let current = sml(common, distinct);
    // Try each later start of the stretch, keeping the best.
    let c = common;
    let d = distinct;
    const from = lower;
    for (let start = lower; start <= i; start++) {
      const tried = sml(c, d);
      if (tried > current) {
        current = tried;
        distinct = d;
        lower = start;
        common = c;
      }
      const t = at[start]!;
      if (last[t] === start) {
        d--;
        if (hit[t]) c--;
      }
    }
    if (current > best) best = current;
    // Trigrams now before the stretch's start leave it.
    for (let k = from; k < lower; k++) if (last[at[k]!] === k) last[at[k]!] = -1;
  }
  return best;
}

/**
 * The catalog words a word found nowhere stands for (a typo): those at least `threshold` alike by
 * `wordSimilarity`, most alike first, then shorter, then in code-point order; at most `limit`.
 */
export function nearestWords(typed: string, candidates: Iterable<string>, threshold: number, limit: number) {
  const scored: Scored[] = [];
  const similarity = wordSimilarityTo(typed);
  for (const word of candidates) {
    const s = similarity(word);
    if (s >= threshold) scored.push({ word, s });
  }
  scored.sort(nearestFirst);
  return scored.slice(0, limit).map((x) => x.word);
}

type Scored = { word: string; s: number };
const nearestFirst = (a: Scored, b: Scored) =>
  b.s - a.s || a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * `nearestWords` of candidates grouped by how many of the typed word's distinct (padded) trigrams each holds
 * (`groups[k]`: those holding k). A word holding k of the n is at most k / n alike (a stretch scores
 * common / (n + distinct − common), with common ≤ k and distinct ≥ common), so the groups are scored from the most
 * shared down, and scoring stops once the `limit`th best so far is above what any word left could reach: most of a
 * typo's candidates share no more trigrams than the threshold needs. Within a group the words are scored in the
 * order ties are broken in (shorter first, then by code point), and scoring stops as soon as `limit` words as
 * alike as the group allows are held: any word left comes after them (a short number such as `03w` shares its
 * first two letters with 10,000 model numbers, each as alike: 30 ms scoring them all). The same words as
 * `nearestWords`.
 */
export function nearestOfGroups(typed: string, groups: string[][], threshold: number, limit: number) {
  const scored: Scored[] = [];
  // The typed word's trigrams made once: for its similarity to each word, and how many they are.
  const wanted = distinctTrigramCodes(typed);
  const similarity = (b: string) => similarityOfStretch(wanted, b);
  const n = wanted.length;
  const best = () => {
    scored.sort(nearestFirst);
    return scored.slice(0, limit).map((x) => x.word);
  };
  for (let k = groups.length - 1; k >= 0; k--) {
    const group = groups[k]!;
    if (!group.length) continue;
    if (scored.length >= limit) {
      scored.sort(nearestFirst);
      scored.length = limit;
      if (k / n < scored[limit - 1]!.s - 1e-6) break;
    }
    // Words held so far that come before any word left: more alike than this group can be, or (scored in the
    // tie-breakers' order) as alike as it can be.
    const most = Math.fround(k / n);
    let ahead = scored.filter((x) => x.s > most).length;
    const byLength: string[][] = [];
    for (const word of group) (byLength[word.length] ??= []).push(word);
    for (const bucket of byLength) {
      if (!bucket) continue;
      for (const word of bucket.sort()) {
        const s = similarity(word);
        if (s < threshold) continue;
        scored.push({ word, s });
        if (s >= most && ++ahead >= limit) return best();
      }
    }
  }
  return best();
}

/**
 * The edits from `a` to `b` (a letter added, left out or changed, or two neighbours swapped), or `max + 1` as soon
 * as they are more than `max`.
 */
export function editsWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/**
 * The catalog's words `edits` or fewer edits from a word found nowhere, fewest first, then the most alike by
 * trigrams, then the shortest (at most `limit`): for a typo the trigrams miss, one letter wrong in a short word
 * (speeker → speaker) or two in a long one (hedphons → headphones).
 */
export function wordsWithinEdits(typed: string, vocabulary: readonly string[], edits: number, limit: number) {
  const byLength = wordsByLength(vocabulary);
  const found: { w: string; e: number; s: number }[] = [];
  const alike = wordSimilarityTo(typed);
  // An edit changes the count of two letters at most: a word whose letters differ from the typed word's by more
  // than twice the edits is not scored (most of a large catalog's words of a length, at a fraction of the cost).
  const base = new Int16Array(128);
  for (let i = 0; i < typed.length; i++) base[typed.charCodeAt(i) & 127]!++;
  const work = new Int16Array(128);
  const differ = (w: string) => {
    work.set(base);
    for (let i = 0; i < w.length; i++) work[w.charCodeAt(i) & 127]!--;
    let d = 0;
    for (let i = 0; i < typed.length; i++) {
      const c = typed.charCodeAt(i) & 127;
      d += Math.abs(work[c]!);
      work[c] = 0;
    }
    for (let i = 0; i < w.length; i++) {
      const c = w.charCodeAt(i) & 127;
      d += Math.abs(work[c]!);
      work[c] = 0;
    }
    return d;
  };
  // Before that, the letters each word has at all (`letterMask`): an edit adds or takes away at most two of them,
  // so a word whose mask differs from the typed word's in more than twice the edits' bits is not looked at (one
  // operation per word of a bucket of tens of thousands).
  const mask = letterMask(typed);
  for (let n = typed.length - edits; n <= typed.length + edits; n++) {
    const bucket = byLength.get(n);
    if (!bucket) continue;
    const { words, masks } = bucket;
    for (let k = 0; k < words.length; k++) {
      if (bitCount(masks[k]! ^ mask) > 2 * edits) continue;
      const w = words[k]!;
      if (differ(w) > 2 * edits) continue;
      const e = editsWithin(typed, w, edits);
      if (e <= edits && w !== typed) found.push({ w, e, s: alike(w) });
    }
  }
  return found
    .sort((x, y) => x.e - y.e || y.s - x.s || x.w.length - y.w.length || (x.w < y.w ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.w);
}

/** The letters a word has, as bits (a letter's code modulo 32): two words an edit apart differ in 2 bits at most. */
function letterMask(w: string) {
  let m = 0;
  for (let i = 0; i < w.length; i++) m |= 1 << (w.charCodeAt(i) & 31);
  return m;
}

/** How many bits are set. */
function bitCount(v: number) {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

/**
 * A vocabulary's words by their length, each with its letters' mask, made once per vocabulary (a catalog
 * version's; an index that follows changes hands a new vocabulary, or a longer one, and gets new buckets).
 */
const lengthBuckets = new WeakMap<
  readonly string[],
  { size: number; buckets: Map<number, { words: string[]; masks: Int32Array }> }
>();
function wordsByLength(vocabulary: readonly string[]) {
  const made = lengthBuckets.get(vocabulary);
  if (made && made.size === vocabulary.length) return made.buckets;
  const lists = new Map<number, string[]>();
  for (const w of vocabulary) {
    const list = lists.get(w.length);
    if (list) list.push(w);
    else lists.set(w.length, [w]);
  }
  const buckets = new Map<number, { words: string[]; masks: Int32Array }>();
  for (const [n, words] of lists) buckets.set(n, { words, masks: Int32Array.from(words, letterMask) });
  lengthBuckets.set(vocabulary, { size: vocabulary.length, buckets });
  return buckets;
}
