import type { CatalogIndex } from './catalog-index.ts';
import { ListMemo, onIndexFollowed, paddedWordTrigrams, wordBigrams } from './catalog-index.ts';
import { nearestOfGroups, queryTrigrams, similarityTo } from '../search-text.ts';

/**
 * A search's words and phrases in the catalog index (catalog-index.ts): the positions whose search text holds a
 * word (`containing`, through the distinct words and their posting lists), whether a text holds a phrase, in its
 * words (`phraseTest`), and the catalog words nearest to a typo (`nearWordsInIndex`, as pg_trgm finds them in the
 * database). The lists are joined and intersected here too (`union`, `intersect`).
 */

/** The positions whose search text holds `text` (as `search_text like '%text%'` does), ascending. */
export function containing(idx: CatalogIndex, text: string): Int32Array {
  const hit = idx.found.use(text);
  if (hit) return hit;
  let out: Int32Array;
  const pieces = text.split(' ').filter(Boolean);
  if (pieces.length <= 1 && wholeWordOnly(text)) {
    out = idx.postings.get(text) ?? new Int32Array(0);
  } else if (pieces.length <= 1) {
    const lists: Int32Array[] = [];
    for (const w of wordsHolding(idx, text)) lists.push(idx.postings.get(idx.vocabulary[w]!)!);
    out = union(lists, idx.size);
  } else {
    // A phrase: the products holding its longest word, then the phrase itself in their text.
    const longest = pieces.reduce((a, b) => (b.length > a.length ? b : a));
    const candidates = amongPhraseHolders(idx, text, containing(idx, longest));
    const holds = phraseTest(idx, text);
    out = candidates.filter((d) => holds(d));
  }
  idx.found.keep(text, out);
  return out;
}

/**
 * The positions that may hold a phrase of several words, ascending: only a text holding each of its words can hold
 * it. The words' lists are those a search has already made (`match` for its groups, the plan for each word as
 * typed; a typo's is empty, and then so is this), intersected, rarest first; a list not made is left out (fewer
 * lists give more positions, never fewer). With none made, the longest word's. The caller still looks for the phrase
 * in each of these texts. A search's matches mostly hold each word already (each word is a group of the search), so
 * this spares the look mostly when a word was a typo (none) or matched through a synonym (only the products holding
 * the word as typed). Then only the texts holding a word that fits the phrase's rarest place (`amongPhraseHolders`).
 */
export function mayHoldPhrase(idx: CatalogIndex, phrase: string): Int32Array {
  const lists: Int32Array[] = [];
  let longest = '';
  for (const w of phrase.split(' ')) {
    if (w.length > longest.length) longest = w;
    const l = idx.found.lists.get(w);
    if (l) lists.push(l);
  }
  if (!lists.length) return containing(idx, longest);
  lists.sort((a, b) => a.length - b.length);
  let out = lists[0]!;
  for (let i = 1; i < lists.length && out.length; i++) out = intersect(out, lists[i]!);
  return amongPhraseHolders(idx, phrase, out);
}

/**
 * Whether a catalog word can be the `j`th of `k` words of a phrase in a text holding it (`phraseTest`): the first
 * ends with it, the last starts with it, those between are it; a first or last of one or two Latin letters is it
 * too (`wholeWordOnly`: `usb c` is not in `usb cable`).
 */
const fitsPlace = (word: string, part: string, j: number, k: number) =>
  j > 0 && j < k - 1
    ? word === part
    : wholeWordOnly(part)
      ? word === part
      : j === 0
        ? word.endsWith(part)
        : word.startsWith(part);

/**
 * Of `list` (ascending), the positions whose texts can hold a phrase of several words, told by one place of the
 * phrase: a text holding it holds a word ending with its first word, its middle words themselves, and a word
 * starting with its last word. Of the places, the one whose catalog words are held by the fewest positions (their
 * postings' lengths added) gives the union of those postings, intersected with `list` when that sum is under its
 * length; else `list` as it is (the union would not narrow it). A pair of common words (`اش بوصة`, 17,000 texts
 * holding both) is mostly held by far fewer texts in its places (a word ending with `اش`): those are then the only
 * texts the phrase is looked for in, not every text holding both words (10-25 ms).
 */
export function amongPhraseHolders(idx: CatalogIndex, phrase: string, list: Int32Array): Int32Array {
  const parts = phrase.split(' ');
  const k = parts.length;
  if (k < 2 || k > 8 || parts.some((p) => !p)) return list;
  let best: Int32Array[] | null = null;
  let bestSum = list.length;
  for (let j = 0; j < k; j++) {
    const part = parts[j]!;
    const ids = wordsHolding(idx, part);
    const lists: Int32Array[] = [];
    let sum = 0;
    for (let i = 0; i < ids.length && sum < bestSum; i++) {
      const word = idx.vocabulary[ids[i]!]!;
      if (!fitsPlace(word, part, j, k)) continue;
      const list = idx.postings.get(word)!;
      lists.push(list);
      sum += list.length;
    }
    if (sum < bestSum) {
      best = lists;
      bestSum = sum;
    }
  }
  return best ? intersect(list, union(best, idx.size)) : list;
}

/**
 * Whether the text at a position holds `phrase` (several words), as `texts[d].includes(phrase)` says (a first or
 * last word of one or two Latin letters whole: `fitsPlace`), told from the text's words: the phrase's first word
 * ends a word of the text, its middle words are the next words, its last word starts the word after them. The catalog words that can stand in each place are marked once per test (from
 * the words holding each of the phrase's words, `wordsHolding`); a text then costs a walk of its ~40 word numbers
 * instead of a search in its ~280 letters (a search of two common words looked in 15,000 texts: 5 to 10 ms).
 */
export function phraseTest(idx: CatalogIndex, phrase: string): (d: number) => boolean {
  const parts = phrase.split(' ');
  const k = parts.length;
  if (k < 2 || k > 8 || parts.some((p) => !p)) return (d) => idx.texts[d]!.includes(phrase);
  // A mark per catalog word: bit j when the word can be the phrase's word j there, in the low 8 bits; the high 24
  // bits say which test set it (one array per index, not 200 KB zeroed per search: a test's marks are void once
  // the next test starts, and a test used after that throws).
  let scratch = phraseMarks.get(idx);
  if (!scratch) phraseMarks.set(idx, (scratch = { marks: new Uint32Array(idx.vocabulary.length), test: 0 }));
  const s = scratch;
  if (++s.test > 0xffffff) {
    s.marks.fill(0);
    s.test = 1;
  }
  const test = s.test;
  const mark = s.marks;
  for (let j = 0; j < k; j++) {
    const part = parts[j]!;
    const ids = wordsHolding(idx, part);
    let any = false;
    for (let i = 0; i < ids.length; i++) {
      const w = ids[i]!;
      const word = idx.vocabulary[w]!;
      if (fitsPlace(word, part, j, k)) {
        const m = mark[w]!;
        mark[w] = (m >>> 8 === test ? m : test << 8) | (1 << j);
        any = true;
      }
    }
    if (!any) return () => false;
  }
  const { words, wordStarts } = idx;
  const has = (w: number, bit: number) => {
    const m = mark[w]!;
    return m >>> 8 === test && (m & bit) !== 0;
  };
  return (d) => {
    if (s.test !== test) throw new Error(`phraseTest of "${phrase}" used after another phrase's`);
    const end = wordStarts[d + 1]! - k + 1;
    for (let i = wordStarts[d]!; i < end; i++) {
      const w = words[i]!;
      if (w < 0 || !has(w, 1)) continue;
      let j = 1;
      for (; j < k; j++) {
        const next = words[i + j]!;
        if (next < 0 || !has(next, 1 << j)) break;
      }
      if (j === k) return true;
    }
    return false;
  };
}
const phraseMarks = new WeakMap<CatalogIndex, { marks: Uint32Array; test: number }>();

/** The three-letter pieces of a word (no padding): a word holding `text` holds each of `text`'s pieces. */
function wordTrigrams(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= w.length; i++) out.push(w.slice(i, i + 3));
  return out;
}

const marks = new WeakMap<CatalogIndex, Uint8Array>();

/**
 * `similarityTo(query)` of the text at a position, told from the text's words: a padded trigram of the query is in
 * the spaced text exactly when one of its words holds it (none holds a space but at its ends). Each catalog word met
 * is read once per query, giving a bit per trigram of the query it holds: its padded trigrams (`paddedWordTrigrams`)
 * as numbers, made the first time any search meets the word (`gramsOfWord`), each looked up in the query's trigrams'
 * bits (an array by trigram number) instead of testing the word's letters for each of the query's trigrams. A text
 * is then the OR of its ~40 words' bits, instead of a search of its ~280 letters for each trigram (300 texts a
 * search). The same value.
 */
export function similarityInIndex(idx: CatalogIndex, query: string): (d: number) => number {
  const grams = queryTrigrams(query);
  if (!grams.length) return () => 0;
  if (grams.length > 30) {
    const similarity = similarityTo(query);
    return (d) => similarity(idx.texts[d]!);
  }
  const all = (1 << grams.length) - 1;
  // Per word, side by side (one place in memory read per word met): the stamp of the query its bits are of, and them.
  let scratch = wordBits.get(idx);
  if (!scratch || scratch.held.length < 2 * idx.vocabulary.length)
    wordBits.set(idx, (scratch = { held: new Int32Array(2 * idx.vocabulary.length), query: 0 }));
  const held2 = scratch.held;
  // A stamp per query: a word's bits are this query's when its stamp is (another query's closure reads again).
  const stamp = (scratch.query = (scratch.query % 0x7fffffff) + 1);
  const { words, wordStarts, vocabulary } = idx;
  const known = gramsKnown(vocabulary);
  // The query's trigrams' bits, by trigram number, stamped with a number of the query's (no array cleared per query).
  // Another query's may have been set since (on this vocabulary): they are set again.
  const numbers = grams.map((g) => gramNumber(known, g));
  const mine = (known.queries = (known.queries % 0x7fffffff) + 1);
  const setBits = () => {
    for (let j = 0; j < numbers.length; j++) {
      known.stamp[numbers[j]!] = mine;
      known.bit[numbers[j]!] = 1 << j;
    }
    known.current = mine;
  };
  setBits();
  return (d) => {
    if (known.current !== mine) setBits();
    let held = 0;
    for (let i = wordStarts[d]!, end = wordStarts[d + 1]!; i < end && held !== all; i++) {
      const w = words[i]!;
      if (w < 0) continue;
      if (held2[2 * w] !== stamp) {
        let from = known.start[w]!;
        if (from < 0) from = numberWordGrams(known, vocabulary, w);
        // Read after `numberWordGrams`, which may have grown them.
        const { pool, stamp: gramStamp, bit: gramBit } = known;
        let b = 0;
        for (let k = from, to = known.end[w]!; k < to; k++) {
          const g = pool[k]!;
          if (gramStamp[g] === mine) b |= gramBit[g]!;
        }
        held2[2 * w] = stamp;
        held2[2 * w + 1] = b;
      }
      held |= held2[2 * w + 1]!;
    }
    return bitCount(held) / grams.length;
  };
}
const wordBits = new WeakMap<CatalogIndex, { held: Int32Array; query: number }>();
// Per catalog word, stamped per query: an index with the same words takes them over (not made again per batch).
onIndexFollowed((from, to) => {
  if (to.vocabulary !== from.vocabulary) return;
  const bits = wordBits.get(from);
  const held = marks.get(from);
  if (bits) wordBits.set(to, bits);
  if (held) marks.set(to, held);
});

/**
 * Per vocabulary (an index following a change of words gets a new array: index-follow.ts copies it before writing
 * to it): a number per padded trigram met (the words' and the queries'); each word's trigrams as those numbers, in
 * `pool` from `start[w]` to `end[w]` (made the first time a search meets the word; -1: not yet); and a query's bits
 * by trigram number, stamped with the query's number.
 */
interface GramsKnown {
  numbers: Map<string, number>;
  start: Int32Array;
  end: Int32Array;
  pool: Int32Array;
  used: number;
  stamp: Int32Array;
  bit: Int32Array;
  /** The last query's number, and the query whose bits are set now. */
  queries: number;
  current: number;
}
const gramsKnownOf = new WeakMap<readonly string[], GramsKnown>();
/** Trigrams numbered per vocabulary at most (then all numbered again from nothing): typos bring new ones. */
const GRAMS_NUMBERED = 1_000_000;

function gramsKnown(vocabulary: readonly string[]): GramsKnown {
  let known = gramsKnownOf.get(vocabulary);
  if (!known || known.numbers.size > GRAMS_NUMBERED || known.start.length < vocabulary.length) {
    known = {
      numbers: new Map(),
      start: new Int32Array(vocabulary.length).fill(-1),
      end: new Int32Array(vocabulary.length),
      pool: new Int32Array(4096),
      used: 0,
      stamp: new Int32Array(4096),
      bit: new Int32Array(4096),
      queries: 0,
      current: 0,
    };
    gramsKnownOf.set(vocabulary, known);
  }
  return known;
}

function gramNumber(known: GramsKnown, g: string): number {
  let n = known.numbers.get(g);
  if (n === undefined) {
    n = known.numbers.size;
    known.numbers.set(g, n);
    if (n >= known.stamp.length) {
      known.stamp = grown(known.stamp, n + 1);
      known.bit = grown(known.bit, n + 1);
    }
  }
  return n;
}

/** Numbers the padded trigrams of word `w` (`paddedWordTrigrams`, each once) into the pool; where they start. */
function numberWordGrams(known: GramsKnown, vocabulary: readonly string[], w: number): number {
  const p = `  ${vocabulary[w]!} `;
  const most = p.length - 2;
  if (known.used + most > known.pool.length) known.pool = grown(known.pool, known.used + most);
  const from = known.used;
  const pool = known.pool;
  for (let i = 0; i < most; i++) {
    const g = gramNumber(known, p.slice(i, i + 3));
    let seen = false;
    for (let k = from; k < known.used && !seen; k++) seen = pool[k] === g;
    if (!seen) pool[known.used++] = g;
  }
  known.start[w] = from;
  known.end[w] = known.used;
  return from;
}

/** A copy at least `size` long (twice as long at least), the values kept. */
function grown(a: Int32Array, size: number): Int32Array {
  const out = new Int32Array(Math.max(size, a.length * 2));
  out.set(a);
  return out;
}

function bitCount(v: number) {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

/**
 * The catalog words closest to a word no product holds (a typo), as the database path reads them from
 * `search_words` (words of 3 letters or more, pg_trgm's word similarity at least `threshold`): only words sharing
 * enough of its trigrams can be that alike, and the index's trigram lists count them without a scan.
 */
export function nearWordsInIndex(
  idx: CatalogIndex,
  typed: string,
  threshold: number,
  limit: number,
): string[] {
  const grams = paddedWordTrigrams(typed);
  // A word as alike as `threshold` shares at least that many of the typed word's trigrams, so it is in at least
  // one of any (all − that + 1) of their word lists: the rarest ones give every candidate, without walking the
  // lists of common trigrams (a word's first letter can be in a fifth of the vocabulary).
  const need = Math.max(1, Math.ceil(threshold * grams.size - 1e-9));
  const byRarity = [...grams]
    .map((g) => ({ g, list: idx.trigrams.get(g) ?? new Int32Array(0) }))
    .sort((a, b) => a.list.length - b.list.length);
  const rare = byRarity.slice(0, grams.size - need + 1);
  // The common trigrams a candidate holds are looked for in their word lists (a binary search each), not in its
  // letters: a word's letters are a read far away in memory, for each of hundreds of candidates (thousands for a
  // model number's typo), and only a candidate sharing enough is read.
  const common = byRarity.slice(grams.size - need + 1).map((x) => x.list);
  // How many of the rare lists hold each word: a count per vocabulary word, cleared again after use (one array
  // per index; JavaScript runs one call at a time). A byte holds it: the rare lists are about half of a word's
  // trigrams, and a search is at most 200 letters.
  const held = (marks.get(idx) ?? marks.set(idx, new Uint8Array(idx.vocabulary.length)).get(idx))!;
  const touched: number[] = [];
  for (const { list } of rare)
    for (let i = 0; i < list.length; i++) {
      const w = list[i]!;
      if (!held[w]) touched.push(w);
      held[w]!++;
    }
  // Candidates by how many of the typed word's trigrams they hold (0 to all).
  const byShared: string[][] = Array.from({ length: grams.size + 1 }, () => []);
  for (const w of touched) {
    let shared = held[w]!;
    held[w] = 0;
    for (const list of common) if (sortedHas(list, w)) shared++;
    if (shared < need) continue;
    // A word left by every product is '' in the vocabulary (still in its trigrams' lists): fewer than 3 letters.
    const word = idx.vocabulary[w]!;
    if (word.length >= 3) byShared[shared]!.push(word);
  }
  return nearestOfGroups(typed, byShared, threshold, limit);
}

/**
 * A search word of one or two Latin letters is found only as a word of its own (`ac`: the air conditioners' AC, not
 * the letters in black, pack or plasmacluster; `lg`, `hp`, `tv`), in the catalog index as in the database. Digits
 * are still found inside words: a model number is searched by a part of it (520 finds JBLT520BTBLK).
 */
export const wholeWordOnly = (word: string) => /^[a-z]{1,2}$/.test(word);

/** Per index: the catalog words holding a text (`wordsHolding`), bounded like `found`. */
const heldBy = new WeakMap<CatalogIndex, ListMemo>();
const WORDS_HELD = 2_000_000;
// A follow that changed no text keeps the vocabulary and its trigrams: the words holding a text are the same.
onIndexFollowed((from, to, what) => {
  const memo = heldBy.get(from);
  if (memo && !what.words && to.vocabulary === from.vocabulary) heldBy.set(to, memo);
});

/**
 * The catalog words (indexes into `vocabulary`, ascending) holding `text`: through the rarest of its trigrams,
 * else (1 or 2 letters) every word. Remembered per index: a search's words are asked again for its phrase.
 */
function wordsHolding(idx: CatalogIndex, text: string): Int32Array {
  let memo = heldBy.get(idx);
  if (!memo) heldBy.set(idx, (memo = new ListMemo(WORDS_HELD)));
  const hit = memo.use(text);
  if (hit) return hit;
  let out: Int32Array;
  if (text.length === 2) out = wordBigrams(idx).get(text) ?? new Int32Array(0);
  else if (text.length < 3) {
    const ids: number[] = [];
    for (let i = 0; i < idx.vocabulary.length; i++) if (idx.vocabulary[i]!.includes(text)) ids.push(i);
    out = Int32Array.from(ids);
  } else {
    // The two rarest trigrams' word lists (ascending): a word holding `text` is in both, told by a binary search in
    // the second before its letters are read (a word's letters are a read far away in memory, for each of hundreds).
    let rarest: Int32Array | undefined;
    let second: Int32Array | undefined;
    for (const g of wordTrigrams(text)) {
      const l = idx.trigrams.get(g);
      if (!l) {
        rarest = new Int32Array(0);
        second = undefined;
        break;
      }
      if (!rarest || l.length < rarest.length) {
        second = rarest;
        rarest = l;
      } else if (l !== rarest && (!second || l.length < second.length)) second = l;
    }
    const ids: number[] = [];
    for (let i = 0; i < rarest!.length; i++) {
      const w = rarest![i]!;
      if (second && !sortedHas(second, w)) continue;
      if (idx.vocabulary[w]!.includes(text)) ids.push(w);
    }
    out = Int32Array.from(ids);
  }
  memo.keep(text, out);
  return out;
}

/** Whether an ascending list holds `v` (a binary search). */
export function sortedHas(list: Int32Array, v: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === v;
}

export function union(lists: Int32Array[], size: number): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0]!;
  let all = 0;
  for (const l of lists) all += l.length;
  // Few positions: joined and sorted, without a pass over the whole catalog.
  if (all * 16 < size) {
    const joined = new Int32Array(all);
    let k = 0;
    for (const l of lists) {
      joined.set(l, k);
      k += l.length;
    }
    joined.sort();
    let n = 0;
    for (let i = 0; i < joined.length; i++)
      if (i === 0 || joined[i] !== joined[i - 1]) joined[n++] = joined[i]!;
    return joined.subarray(0, n);
  }
  // A mark per position, in one array kept for every union (each leaves it cleared): not 100 KB per call.
  if (unionMarks.length < size) unionMarks = new Uint8Array(size);
  const mark = unionMarks;
  let count = 0;
  for (const l of lists)
    for (let i = 0; i < l.length; i++) {
      const d = l[i]!;
      if (!mark[d]) {
        mark[d] = 1;
        count++;
      }
    }
  const out = new Int32Array(count);
  for (let d = 0, k = 0; d < size; d++)
    if (mark[d]) {
      mark[d] = 0;
      out[k++] = d;
    }
  return out;
}
let unionMarks = new Uint8Array(0);

/** The positions in both ascending lists. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
