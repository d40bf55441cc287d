import { sql } from 'drizzle-orm';

/**
 * The catalog index's shape (decision 022): its arrays, flags and bounds, the columns a build and a follow read, and
 * what is kept beside an index and carried to the next. Shared by catalog-index.ts (the index's life: built,
 * followed, the versions it answers at) and index-follow.ts (a change applied product by product), so neither
 * imports the other.
 */

/** A product's flags (`flags`): featured, a special offer, in a promotion whose price is below the price. */
export const FEATURED = 1;
export const SPECIAL = 2;
/** In a promotion whose price is below the price (the "offers" lists). */
export const ON_OFFER = 4;

export interface CatalogIndex {
  version: number;
  builtAt: number;
  size: number;
  /** Documents are in id order, newest (highest id) first: a document's position is its rank by `id desc`. */
  ids: Int32Array;
  texts: string[];
  /**
   * Each text's first two UTF-16 code units (the first in the high half; 0 past the end): whether a text may start
   * with a search's phrase is told without reading the text (a search asks it of thousands of scattered texts).
   */
  leads: Int32Array;
  /** What a suggestion shows (suggestions.ts): the titles and the first picture's thumbnail (null: none). */
  titlesEn: string[];
  titlesAr: string[];
  thumbnails: (string | null)[];
  category: Int32Array;
  brand: Int32Array;
  price: Float64Array;
  flags: Uint8Array;
  promotion: Int32Array;
  /** How many orders hold the product (popularity, as of the build). */
  sold: Int32Array;
  /** When the product was made (ms): the date order, and the popularity order's tie-breaker. */
  created: Float64Array;
  /** Positions by price ascending (then id ascending): read backwards for price descending, id descending. */
  byPrice: Int32Array;
  /** Positions by created_at descending, then id descending. */
  byCreated: Int32Array;
  /** Positions by popularity, then created_at, then id (descending): the tie-breakers of a search's ranking. */
  byPopularity: Int32Array;
  /** Every distinct word of the search texts → the positions holding it, ascending. */
  postings: Map<string, Int32Array>;
  vocabulary: string[];
  /**
   * Each text's words in order, as indexes into `vocabulary` (-1: the nothing between two spaces in a row): the
   * words of the text at `d` are `words[wordStarts[d]]` up to `words[wordStarts[d + 1]]`. A phrase is then looked
   * for in a text's words (`phraseTest`), not in its letters (about 4 bytes a word: 16 MB at 100,000 products).
   */
  words: Int32Array;
  wordStarts: Int32Array;
  /** Every trigram of the vocabulary's words → the words (indexes into `vocabulary`) holding it, ascending. */
  trigrams: Map<string, Int32Array>;
  categoryNames: Map<number, { en: string; ar: string }>;
  brandNames: Map<number, { en: string; ar: string }>;
  /** The largest category and brand ids of the catalog's products (facets are counted in arrays by id). */
  maxCategory: number;
  maxBrand: number;
  /** Per text searched for: the positions whose search text holds it (bounded; per index, so per version). */
  found: ListMemo;
  /** Per sold-out version: a mark per position. */
  soldOut: { version: number; marks: Uint8Array } | null;
  /**
   * Ordered lists already computed (bounded): pages 2, 3… of a list reuse them. Shared with the indexes that follow
   * changes of prices only (`rememberOrder` keeps those reading prices per version).
   */
  orders: ListMemo;
}

/** Bounds on what an index remembers, in positions held (4 bytes each): about 16 MB each. */
export const FOUND_POSITIONS = 4_000_000;
export const ORDER_POSITIONS = 4_000_000;

/** The products the index holds (a full build and a follow read the same ones). */
export const INDEXED_PRODUCT = sql`p.active`;

/** The products' columns the index holds (a full build and a follow read the same). */
export const INDEX_COLUMNS = sql`p.id, p.search_text, p.category_id, p.brand_id, p.current_price_piastres,
  (p.promotion_id is not null and p.current_price_piastres < p.price_piastres) as on_offer,
  p.featured, p.special_offer, coalesce(p.promotion_id, 0) as promotion_id,
  extract(epoch from p.created_at) * 1000 as created, p.title_en, p.title_ar`;

/** A text's first two code units as `leads` keeps them. */
export const leadOf = (text: string) => ((text.charCodeAt(0) || 0) << 16) | (text.charCodeAt(1) || 0);

/** Whether the text at `d` starts with `prefix`: its first two letters compared first, without reading the text. */
export function startsWithAt(idx: CatalogIndex, d: number, prefix: string): boolean {
  const lead = idx.leads[d]!;
  if (
    prefix.length >= 2 ? lead !== leadOf(prefix) : prefix.length === 1 && lead >>> 16 !== prefix.charCodeAt(0)
  )
    return false;
  return idx.texts[d]!.startsWith(prefix);
}

const byIdMaps = new WeakMap<CatalogIndex, Map<number, number>>();
/** Each product id's position in the index (made once per index, kept along follows that move no position). */
export function positionsById(idx: CatalogIndex) {
  let m = byIdMaps.get(idx);
  if (!m) {
    m = new Map();
    for (let d = 0; d < idx.size; d++) m.set(idx.ids[d]!, d);
    byIdMaps.set(idx, m);
  }
  return m;
}

/** What a follow changed (index-follow.ts), for what is kept beside an index to be carried to the next. */
export interface Followed {
  /** Products joined or left the index: positions were renumbered. */
  structural: boolean;
  changedIds: Set<number>;
  /** The vocabulary's words added, brought back or left; null when no text changed. */
  words: WordsTouched | null;
  /** Only products were noted: synonyms, categories' names and the other settings are as they were. */
  productsOnly: boolean;
}

/**
 * Whether a follow changed prices only, of what a list's matches, counts, orders and ranking read: no product joined
 * or left (positions are the same), no text, no setting, and every product noted kept its category, brand, flags,
 * promotion, date and popularity (a stock change alone moves nothing here: the sold-out marks go by their own
 * version). During an import or a sync nearly every follow is one of these: what is kept beside the index for lists
 * is then shared with the next, less what reads prices (index-engine.ts, index-match.ts), instead of being made
 * again by every list after each batch. Worked out once per followed index.
 */
export function pricesOnly(from: CatalogIndex, to: CatalogIndex, what: Followed): boolean {
  const known = pricesOnlyOf.get(to);
  if (known && known.from === from.version) return known.only;
  let only = !what.structural && !what.words && what.productsOnly && from.size === to.size;
  if (only) {
    const pos = positionsById(to);
    for (const id of what.changedIds) {
      const d = pos.get(id);
      if (d === undefined) continue;
      if (
        from.ids[d] !== id ||
        from.category[d] !== to.category[d] ||
        from.brand[d] !== to.brand[d] ||
        from.flags[d] !== to.flags[d] ||
        from.promotion[d] !== to.promotion[d] ||
        from.created[d] !== to.created[d] ||
        from.sold[d] !== to.sold[d]
      ) {
        only = false;
        break;
      }
    }
  }
  pricesOnlyOf.set(to, { from: from.version, only });
  return only;
}
// By the version followed from, not the index: an index must not keep the one before it alive (nor that one its own).
const pricesOnlyOf = new WeakMap<CatalogIndex, { from: number; only: boolean }>();

/** What other modules keep per index and carry to the index following it (cards.ts keeps its card rows). */
const carriers: ((from: CatalogIndex, to: CatalogIndex, what: Followed) => void)[] = [];
export function onIndexFollowed(carry: (from: CatalogIndex, to: CatalogIndex, what: Followed) => void) {
  carriers.push(carry);
}

/**
 * What other modules keep per index that stays right for a whole build at the same catalog version (the 10-minute
 * refresh, for popularity): cards.ts's card rows, which are the products' rows at that version whatever their order.
 */
const rebuiltCarriers: ((from: CatalogIndex, to: CatalogIndex) => void)[] = [];
export function onIndexRebuilt(carry: (from: CatalogIndex, to: CatalogIndex) => void) {
  rebuiltCarriers.push(carry);
}

/** `to`, built whole at `from`'s catalog version, replaces `from`: what is kept beside it and still right moves. */
export function carryRebuilt(from: CatalogIndex, to: CatalogIndex) {
  if (from === to || from.version !== to.version) return;
  for (const carry of rebuiltCarriers) carry(from, to);
}

/** Carries what is kept beside `from` and still right for `to`: the id positions, the two-letter lists, cards. */
export function carryDerived(from: CatalogIndex, to: CatalogIndex, what: Followed) {
  if (!what.structural) {
    const m = byIdMaps.get(from);
    if (m) byIdMaps.set(to, m);
  }
  const bigrams = bigramMaps.get(from);
  if (bigrams) {
    const w = what.words;
    if (!w || (!w.fresh.length && !w.revived.length && !w.died.length)) bigramMaps.set(to, bigrams);
    else bigramMaps.set(to, followBigrams(bigrams, to.vocabulary, from.vocabulary, w));
  }
  for (const carry of carriers) carry(from, to, what);
}

/** The two-letter lists with the words a follow added or brought back (ascending numbers kept), less those left. */
function followBigrams(
  lists: Map<string, Int32Array>,
  vocabulary: string[],
  before: string[],
  w: WordsTouched,
): Map<string, Int32Array> {
  const out = new Map(lists);
  const change = new Map<string, { add: number[]; drop: Set<number> }>();
  const at = (b: string) => {
    let c = change.get(b);
    if (!c) change.set(b, (c = { add: [], drop: new Set() }));
    return c;
  };
  for (const id of [...w.fresh, ...w.revived]) for (const b of bigramsOf(vocabulary[id]!)) at(b).add.push(id);
  for (const id of w.died) for (const b of bigramsOf(before[id]!)) at(b).drop.add(id);
  for (const [b, c] of change) {
    // The list less the words dropped, merged with those added (both ascending): one pass, no sort of the list.
    const old = out.get(b) ?? new Int32Array(0);
    const add = Int32Array.from(c.add).sort();
    const merged = new Int32Array(old.length + add.length);
    let k = 0;
    let a = 0;
    for (let i = 0; i < old.length; i++) {
      const id = old[i]!;
      if (c.drop.size && c.drop.has(id)) continue;
      while (a < add.length && add[a]! < id) merged[k++] = add[a++]!;
      if (a < add.length && add[a] === id) a++;
      merged[k++] = id;
    }
    while (a < add.length) merged[k++] = add[a++]!;
    if (k) out.set(b, k === merged.length ? merged : merged.slice(0, k));
    else out.delete(b);
  }
  return out;
}

/** A word's distinct two-letter pieces. */
function bigramsOf(w: string): Set<string> {
  const out = new Set<string>();
  for (let k = 0; k + 2 <= w.length; k++) out.add(w.slice(k, k + 2));
  return out;
}

/**
 * Lists remembered by text, at most `bound` numbers in all (`found`, `wordsHolding`). The least recently used go
 * first when a new one does not fit: clearing them all made every common word's list again after each clear, a
 * few times a second under new searches.
 */
export class ListMemo {
  readonly lists = new Map<string, Int32Array>();
  private held = 0;
  constructor(private readonly bound: number) {}
  /** The list kept for `text`, now the most recently used (the Map's last). */
  use(text: string): Int32Array | undefined {
    const hit = this.lists.get(text);
    if (hit) {
      this.lists.delete(text);
      this.lists.set(text, hit);
    }
    return hit;
  }
  keep(text: string, list: Int32Array) {
    for (const [k, v] of this.lists) {
      if (this.held + list.length <= this.bound) break;
      this.lists.delete(k);
      this.held -= v.length;
    }
    this.lists.set(text, list);
    this.held += list.length;
  }
}

/**
 * Every two-letter piece of the vocabulary's words → the words holding it: a two-letter word ("tv", "lg", "4k", or
 * a three-letter one with a letter missing) is then found without a pass over every word. Made on first use.
 */
const bigramMaps = new WeakMap<CatalogIndex, Map<string, Int32Array>>();
export function wordBigrams(idx: CatalogIndex): Map<string, Int32Array> {
  let m = bigramMaps.get(idx);
  if (!m) {
    const lists = new Map<string, number[]>();
    for (let i = 0; i < idx.vocabulary.length; i++) {
      const w = idx.vocabulary[i]!;
      const seen = new Set<string>();
      for (let k = 0; k + 2 <= w.length; k++) {
        const b = w.slice(k, k + 2);
        if (seen.has(b)) continue;
        seen.add(b);
        const l = lists.get(b);
        if (l) l.push(i);
        else lists.set(b, [i]);
      }
    }
    m = new Map([...lists].map(([b, l]) => [b, Int32Array.from(l)]));
    bigramMaps.set(idx, m);
  }
  return m;
}

/** A word's trigrams padded as pg_trgm pads them ("  w "): its own pieces and its start and end. */
export function paddedWordTrigrams(w: string): Set<string> {
  const p = `  ${w} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return out;
}

/** The vocabulary's words that a followed index added, brought back or left (numbers into `vocabulary`). */
export interface WordsTouched {
  fresh: number[];
  revived: number[];
  died: number[];
}
