import {
  SUGGESTIONS_DEFAULT,
  toEgp,
  type Locale,
  type SuggestionsQuery,
  type SuggestionsResponse,
} from '@store/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { pick } from '../../lib/locale.ts';
import {
  catalogIndexAt,
  readVersions,
  seenVersions,
  soldOutMarks,
  type CatalogIndex,
  type Versions,
} from './search/catalog-index.ts';
import { popularityRank } from './search/index-match.ts';
import { containing, sortedHas } from './search/index-words.ts';
import { queryWords } from './search/query-words.ts';
import { listProducts } from './service.ts';

/**
 * GET /v1/products/suggestions: what the header's search box shows while a shopper types, answered from the
 * catalog index in this process's memory (decision 022) without ranking every match as a search does. Each
 * letter typed is a question never asked before, so a suggestion must cost a fraction of a millisecond:
 *
 * - the words before the last are read as the search reads them (a catalog word holding each); the last word is
 *   being typed, so it is a catalog word's start (`غسا` for غسالة, `sams` for samsung);
 * - of the products holding them, those in stock first, then the most ordered, then the newest (the index's
 *   popularity order): a walk over the matching words' lists keeping the best few, with nothing sorted;
 * - the cards are only what the box shows (title, picture, price), kept with the index (a title, a picture or a
 *   price moves the catalog version, so the index's are the catalog's); whether it is in stock comes from the
 *   sold-out marks as of the sold-out version read at most a second ago. No statement at all, most of the time.
 *
 * When that finds nothing (a typo, an everyday word for the catalog's formal one, a brand in the other
 * alphabet, words no product has all of), or the index is not ready, the search itself answers with its first page
 * as the results page would show it: spelling variants, synonyms and typos, and a search nothing has every word of
 * without one of them (`iphone charger`: the chargers, Apple's first), ranked as the results page ranks them.
 */
export async function suggest(
  db: DbOrTx,
  q: SuggestionsQuery,
  opts: { locale: Locale; now: Date },
): Promise<SuggestionsResponse> {
  const limit = q.limit ?? SUGGESTIONS_DEFAULT;
  const tokens = queryWords(q.query, { typing: true });
  if (!tokens.length) return { suggestions: [] };
  const versions = await recentVersions(db);
  const idx = await catalogIndexAt(db, versions.version);
  if (idx) {
    const soldOut = await soldOutMarks(db, idx, versions.soldOut);
    const found = startingWith(idx, tokens, soldOut, limit);
    if (found.length)
      return {
        suggestions: found.map((d) => ({
          id: idx.ids[d]!,
          title: pick(opts.locale, idx.titlesEn[d]!, idx.titlesAr[d]!),
          thumbnail: idx.thumbnails[d]!,
          checkout_price: toEgp(idx.price[d]!),
          in_stock: soldOut[d] !== 1,
        })),
      };
  }
  const list = await listProducts(db, { query: q.query, per_page: limit }, { ...opts, fewerWords: true });
  return {
    suggestions: list.products.map((p) => ({
      id: p.id,
      title: p.title,
      thumbnail: p.images.find((i) => !i.is_3d_image)?.versions.thumbnail ?? null,
      checkout_price: p.checkout_price,
      in_stock: p.stock > 0,
    })),
  };
}

/** How long the catalog versions this instance saw may be assumed before a suggestion reads them again. */
const VERSIONS_FRESH_MS = 1000;
const versionsReadAt = new WeakMap<object, number>();

/**
 * The catalog versions as this instance saw them (every list reads them with its page), read again when this
 * function has not read them for a second: a product added or sold out shows in suggestions within a second.
 */
async function recentVersions(db: DbOrTx): Promise<Versions> {
  const seen = seenVersions(db);
  const at = versionsReadAt.get(db) ?? 0;
  if (seen && Date.now() - at < VERSIONS_FRESH_MS) return seen;
  versionsReadAt.set(db, Date.now());
  return readVersions(db);
}

/** The index's words in code-point order, to find the words starting with a prefix by binary search. */
const sortedWords = new WeakMap<readonly string[], string[]>();
function wordsInOrder(idx: CatalogIndex): string[] {
  // Per vocabulary: an index following a change that touched no text shares its vocabulary (index-follow.ts).
  let words = sortedWords.get(idx.vocabulary);
  if (!words) {
    words = idx.vocabulary.filter((w) => w !== '').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    sortedWords.set(idx.vocabulary, words);
  }
  return words;
}

/** The first index of a sorted list whose item is not before `x`. */
function lowerBound<T extends string | number>(list: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The positions of the best `limit` products holding every word but the last and a word starting with the last: in
 * stock first, then by the index's popularity order. Keeps the best few while walking, so a short prefix held
 * by thousands of products costs one pass over their positions.
 */
export function startingWith(
  idx: CatalogIndex,
  tokens: string[],
  soldOut: Uint8Array,
  limit: number,
): number[] {
  const last = tokens[tokens.length - 1]!;
  // The products holding every earlier word, as the search finds a word (a catalog word holding it).
  let before: Int32Array | null = null;
  for (const t of tokens.slice(0, -1)) {
    const list = containing(idx, t);
    before = before ? before.filter((d) => sortedHas(list, d)) : list;
    if (!before.length) return [];
  }
  const rank = popularityRank(idx);
  const worst = idx.size;
  const bestKey: number[] = [];
  const bestPos: number[] = [];
  const offer = (d: number) => {
    const key = (soldOut[d] === 1 ? worst : 0) + rank[d]!;
    if (bestKey.length === limit && key >= bestKey[limit - 1]!) return;
    if (bestPos.includes(d)) return;
    let i = bestKey.length;
    if (i === limit) i--;
    while (i > 0 && bestKey[i - 1]! > key) {
      bestKey[i] = bestKey[i - 1]!;
      bestPos[i] = bestPos[i - 1]!;
      i--;
    }
    bestKey[i] = key;
    bestPos[i] = d;
  };
  const words = wordsInOrder(idx);
  const from = lowerBound(words, last);
  let to = from;
  let held = 0;
  while (to < words.length && words[to]!.startsWith(last)) held += idx.postings.get(words[to++]!)!.length;
  if (before && before.length < held) {
    // Fewer products hold the earlier words: each one's text is looked at for a word starting with the last.
    const spaced = ` ${last}`;
    for (const d of before) {
      const text = idx.texts[d]!;
      if (text.startsWith(last) || text.includes(spaced)) offer(d);
    }
  } else
    for (let w = from; w < to; w++) {
      const list = idx.postings.get(words[w]!)!;
      for (let i = 0; i < list.length; i++) if (!before || sortedHas(before, list[i]!)) offer(list[i]!);
    }
  return bestPos;
}
