import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';
import { applyChanges, readChanges, soldCounts, type WordsTouched } from './index-follow.ts';

/**
 * The active catalog in this process's memory, for lists and searches asked for the first time (issue 15,
 * decision 022). The database stays the truth: the index is read from it in one statement, tagged with the catalog
 * version read by that same statement (decision 009), and used only while the catalog is still at that version;
 * a change moves it to the new version product by product, from the change log (index-follow.ts, decision 036).
 * What moves without the version (stock) is not in it: the sold-out products come with their own counter
 * (`catalog_state.sold_out_version`, raised only when a product sells out or comes back, migration 0019).
 *
 * A search asks, per word, for the catalog words that hold it (a scan of a few thousand distinct words, not of
 * every product) and joins their posting lists; the filters, counts, price range, facets and sorts of a list are
 * one pass over arrays in pre-sorted orders. The database still does what it does well on a handful of rows: the
 * word similarity of a search's best 300 matches, and the cards of the page.
 *
 * This file holds the index's data and its life (built, replaced, the versions it answers at); a search's words
 * are found in it by index-words.ts, and a list's filters, counts and orders are applied by index-match.ts.
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
  /** Ordered lists already computed (bounded): pages 2, 3… of a list reuse them. */
  orders: Map<string, Int32Array>;
  orderPositions: number;
}

/** Catalogs up to this size are indexed on the request that needs it; larger ones in the background. */
const BUILD_INLINE_BELOW = 20_000;
/** An index this old is rebuilt in the background even when the catalog has not changed (popularity moves). */
const REFRESH_AFTER_MS = 10 * 60_000;
/** Bounds on what an index remembers, in positions held (4 bytes each): about 16 MB each. */
export const FOUND_POSITIONS = 4_000_000;
export const ORDER_POSITIONS = 4_000_000;

interface State {
  index: CatalogIndex | null;
  building: Promise<CatalogIndex | null> | null;
  /** The index following the log from `index`'s version (index-follow.ts), at most one at a time. */
  following: Promise<CatalogIndex | null> | null;
  lastSize: number;
  /** Whole builds and follows made (for tests and /metrics). */
  builds: number;
  follows: number;
}
const states = new WeakMap<object, State>();

let enabled = true;
/** SEARCH_INDEX=database (config.ts) answers every list from the database, the path the index falls back to. */
export function enableCatalogIndex(on: boolean) {
  enabled = on;
}

/** Databases whose index was built at start-up (warmCatalogIndex ended), for /ready. */
const warmed = new WeakSet<object>();

/** Builds the index at start-up, so the first shopper does not wait for it (the server calls it once listening). */
export async function warmCatalogIndex(db: DbOrTx) {
  await catalogIndexAt(db, (await readVersions(db)).version);
  warmed.add(db);
}

/**
 * The index this instance answers from: its catalog version, when it was built whole, and how many whole builds and
 * follows made it so far (for /metrics); null if none.
 */
export function catalogIndexInfo(
  db: DbOrTx,
): { version: number; builtAt: number; products: number; builds: number; follows: number } | null {
  const s = states.get(db);
  const idx = s?.index;
  return idx
    ? {
        version: idx.version,
        builtAt: idx.builtAt,
        products: idx.ids.length,
        builds: s.builds,
        follows: s.follows,
      }
    : null;
}

/** How many times this instance built its index whole, and followed the change log (issue 50 item 1). */
export function catalogIndexCounts(db: DbOrTx): { builds: number; follows: number } {
  const s = states.get(db);
  return { builds: s?.builds ?? 0, follows: s?.follows ?? 0 };
}

/** Whether this instance may answer from its index now: built at start-up, or the index is off (SEARCH_INDEX). */
export function catalogIndexReady(db: DbOrTx): boolean {
  return !enabled || warmed.has(db);
}

const yieldToRequests = () => new Promise<void>((r) => setImmediate(r));

/** The products the index holds (a full build and a follow read the same ones). */
export const INDEXED_PRODUCT = sql`p.active`;

/** The products' columns the index holds (a full build and a follow read the same). */
export const INDEX_COLUMNS = sql`p.id, p.search_text, p.category_id, p.brand_id, p.current_price_piastres,
  (p.promotion_id is not null and p.current_price_piastres < p.price_piastres) as on_offer,
  p.featured, p.special_offer, coalesce(p.promotion_id, 0) as promotion_id,
  extract(epoch from p.created_at) * 1000 as created, p.title_en, p.title_ar`;

/** The index read whole from the database, not installed (tests compare a followed index with it). */
export const buildCatalogIndex = (db: DbOrTx) => build(db);

async function build(db: DbOrTx): Promise<CatalogIndex | null> {
  const started = Date.now();
  // One statement: every row and the version they are at.
  const list = await rows(
    db,
    sql`select ${INDEX_COLUMNS}, coalesce(s.n, 0) as sold,
          (select version from catalog_state where id = 1) as catalog_version, i.thumbnail_url
        from products p
        left join (select product_id, count(*) as n from order_products group by product_id) s
          on s.product_id = p.id
        left join (
          select distinct on (product_id) product_id, thumbnail_url from product_images
          where not is_3d order by product_id, position, id
        ) i on i.product_id = p.id
        where ${INDEXED_PRODUCT} order by p.id desc`,
  );
  const versionRow =
    list[0]?.catalog_version ??
    (await rows(db, sql`select version from catalog_state where id = 1`))[0]?.version;
  if (versionRow == null) return null;
  const names = await rows(
    db,
    sql`select 'c' as kind, id, name_en, name_ar from categories
        union all select 'b' as kind, id, name_en, name_ar from brands`,
  );
  const n = list.length;
  const idx: CatalogIndex = {
    version: Number(versionRow),
    builtAt: started,
    size: n,
    ids: new Int32Array(n),
    texts: new Array<string>(n),
    leads: new Int32Array(n),
    titlesEn: new Array<string>(n),
    titlesAr: new Array<string>(n),
    thumbnails: new Array<string | null>(n),
    category: new Int32Array(n),
    brand: new Int32Array(n),
    price: new Float64Array(n),
    flags: new Uint8Array(n),
    promotion: new Int32Array(n),
    sold: new Int32Array(n),
    created: new Float64Array(n),
    byPrice: new Int32Array(n),
    byCreated: new Int32Array(n),
    byPopularity: new Int32Array(n),
    postings: new Map(),
    vocabulary: [],
    words: new Int32Array(0),
    wordStarts: new Int32Array(n + 1),
    trigrams: new Map(),
    categoryNames: new Map(),
    brandNames: new Map(),
    maxCategory: 0,
    maxBrand: 0,
    found: new ListMemo(FOUND_POSITIONS),
    soldOut: null,
    orders: new Map(),
    orderPositions: 0,
  };
  const created = idx.created;
  // Each distinct word's number (its place in `vocabulary`: in the order first met) and positions.
  const wordIds = new Map<string, number>();
  const lists: number[][] = [];
  let words = new Int32Array(Math.max(1024, n * 48));
  let nWords = 0;
  for (let d = 0; d < n; d++) {
    const r = list[d]!;
    idx.ids[d] = Number(r.id);
    const text = String(r.search_text ?? '');
    idx.texts[d] = text;
    idx.leads[d] = leadOf(text);
    idx.titlesEn[d] = String(r.title_en);
    idx.titlesAr[d] = String(r.title_ar);
    idx.thumbnails[d] = (r.thumbnail_url as string | null) ?? null;
    idx.category[d] = Number(r.category_id);
    idx.brand[d] = Number(r.brand_id);
    idx.price[d] = Number(r.current_price_piastres);
    idx.flags[d] =
      (r.featured ? FEATURED : 0) | (r.special_offer ? SPECIAL : 0) | (r.on_offer ? ON_OFFER : 0);
    idx.promotion[d] = Number(r.promotion_id);
    idx.sold[d] = Number(r.sold);
    created[d] = Number(r.created);
    idx.wordStarts[d] = nWords;
    for (const w of text.split(' ')) {
      let id = -1;
      if (w) {
        const known = wordIds.get(w);
        if (known === undefined) {
          id = lists.length;
          wordIds.set(w, id);
          lists.push([d]);
        } else {
          id = known;
          const l = lists[id]!;
          if (l[l.length - 1] !== d) l.push(d);
        }
      }
      if (nWords === words.length) {
        const grown = new Int32Array(words.length * 2);
        grown.set(words);
        words = grown;
      }
      words[nWords++] = id;
    }
    // A large catalog is indexed in slices, so requests keep being answered meanwhile.
    if (d % 5000 === 4999) await yieldToRequests();
  }
  idx.wordStarts[n] = nWords;
  idx.words = words.slice(0, nWords);
  for (const [w, id] of wordIds) idx.postings.set(w, Int32Array.from(lists[id]!));
  for (let d = 0; d < n; d++) {
    if (idx.category[d]! > idx.maxCategory) idx.maxCategory = idx.category[d]!;
    if (idx.brand[d]! > idx.maxBrand) idx.maxBrand = idx.brand[d]!;
  }
  idx.vocabulary = [...idx.postings.keys()];
  const grams = new Map<string, number[]>();
  for (let i = 0; i < idx.vocabulary.length; i++) {
    for (const g of paddedWordTrigrams(idx.vocabulary[i]!)) {
      const l = grams.get(g);
      if (l) l.push(i);
      else grams.set(g, [i]);
    }
    if (i % 20_000 === 19_999) await yieldToRequests();
  }
  for (const [g, l] of grams) idx.trigrams.set(g, Int32Array.from(l));
  const positions = () => Int32Array.from({ length: n }, (_, i) => i);
  // Positions are in id-descending order, so `b - a` breaks ties by id descending and `a - b` by id ascending.
  idx.byPrice = positions().sort((a, b) => idx.price[a]! - idx.price[b]! || b - a);
  idx.byCreated = positions().sort((a, b) => created[b]! - created[a]! || a - b);
  idx.byPopularity = positions().sort(
    (a, b) => idx.sold[b]! - idx.sold[a]! || created[b]! - created[a]! || a - b,
  );
  wordBigrams(idx);
  for (const r of names) {
    const entry = { en: String(r.name_en), ar: String(r.name_ar) };
    (r.kind === 'c' ? idx.categoryNames : idx.brandNames).set(Number(r.id), entry);
  }
  return idx;
}

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

/**
 * The index at `version`, or null when the answer must come from the database: indexing is off, or a large
 * catalog's index is being rebuilt for a newer version (meanwhile the database answers, so nothing is stale).
 */
export async function catalogIndexAt(db: DbOrTx, version: number | null): Promise<CatalogIndex | null> {
  if (!enabled || version === null) return null;
  let state = states.get(db);
  if (!state)
    states.set(
      db,
      (state = { index: null, building: null, following: null, lastSize: 0, builds: 0, follows: 0 }),
    );
  const s = state;
  const current = s.index;
  // An index newer than the version asked answers too: what it shows is newer than anything the caller saw.
  if (current && current.version >= version) {
    if (Date.now() - current.builtAt > REFRESH_AFTER_MS) void rebuild(db, s);
    return current;
  }
  // Older: it follows the change log to the catalog's version now (one statement and the changed products).
  if (current) {
    const followed = await follow(db, s);
    if (followed && followed.version >= version) return followed;
    if (followed === current) return null;
  }
  const building = rebuild(db, s);
  if (s.lastSize >= BUILD_INLINE_BELOW) return null;
  const built = await building;
  return built && built.version >= version ? built : null;
}

/**
 * The index made from `s.index` and the changes since its version, installed; null when it cannot follow (then a
 * whole build starts, and the database answers meanwhile if the catalog is large). One follow at a time: lists
 * arriving meanwhile wait for it (it costs a statement).
 */
function follow(db: DbOrTx, s: State): Promise<CatalogIndex | null> {
  if (s.following) return s.following;
  const base = s.index;
  if (!base) return Promise.resolve(null);
  s.following = followFrom(db, base, s)
    .then((next) => {
      if (next === 'whole') {
        void rebuild(db, s);
        return null;
      }
      if (next && s.index && next.version > s.index.version) s.index = next;
      return next;
    })
    .catch((err: unknown) => {
      process.emitWarning(`catalog index not followed: ${String(err)}`);
      void rebuild(db, s);
      return null;
    })
    .finally(() => {
      s.following = null;
    });
  return s.following;
}

/** `base` followed to the catalog's version now; 'whole' when only a whole build can make it. */
async function followFrom(db: DbOrTx, base: CatalogIndex, s: State): Promise<CatalogIndex | 'whole' | null> {
  const changes = await readChanges(db, base.version);
  if (changes === null) return null;
  if (changes === 'whole') return 'whole';
  if (changes.version === base.version) return base;
  const known = positionsById(base);
  const fresh = [...changes.rows.keys()].filter((id) => !known.has(id));
  const next = applyChanges(base, changes, await soldCounts(db, fresh));
  s.follows++;
  return next;
}

function rebuild(db: DbOrTx, s: State): Promise<CatalogIndex | null> {
  if (s.building) return s.building;
  s.building = build(db)
    .then(async (built) => {
      let idx = built;
      if (idx) s.builds++;
      // Follows went on while it was built (a large catalog's build takes seconds): it catches up with them.
      while (idx && s.index && idx.version < s.index.version) {
        const next = await followFrom(db, idx, s);
        if (next === null || next === 'whole' || next === idx) break;
        idx = next;
      }
      if (idx && (!s.index || idx.version >= s.index.version)) {
        s.index = idx;
        s.lastSize = idx.size;
      }
      return idx;
    })
    .catch((err: unknown) => {
      // The database answers meanwhile; the next request tries again.
      process.emitWarning(`catalog index not built: ${String(err)}`);
      return null;
    })
    .finally(() => {
      s.building = null;
    });
  return s.building;
}

export interface Versions {
  version: number | null;
  soldOut: number;
}

/** The newest versions read through each database handle (both only grow). */
const seen = new WeakMap<object, { version: number; soldOut: number }>();

/** The versions this instance read last (none yet: null); a list assuming them checks them in its statement. */
export function seenVersions(db: DbOrTx): Versions | null {
  return seen.get(db) ?? null;
}

export function sawVersions(db: DbOrTx, v: Versions) {
  if (v.version === null) return;
  const s = seen.get(db);
  if (!s || v.version > s.version || (v.version === s.version && v.soldOut > s.soldOut))
    seen.set(db, { version: v.version, soldOut: v.soldOut });
}

/** The catalog version and the sold-out version now, in one small query. */
export async function readVersions(db: DbOrTx): Promise<Versions> {
  const [r] = await rows(db, sql`select version, sold_out_version from catalog_state where id = 1`);
  const v = {
    version: r?.version == null ? null : Number(r.version),
    soldOut: Number(r?.sold_out_version ?? 0),
  };
  sawVersions(db, v);
  return v;
}

/** A mark per position: 1 when the product is sold out (stock ≤ 0), as of `soldOutVersion`. */
export async function soldOutMarks(db: DbOrTx, idx: CatalogIndex, soldOutVersion: number) {
  if (idx.soldOut?.version === soldOutVersion) return idx.soldOut.marks;
  const marks = new Uint8Array(idx.size);
  const pos = positionsById(idx);
  for (const r of await rows(db, sql`select id from products where active and stock <= 0`)) {
    const d = pos.get(Number(r.id));
    if (d !== undefined) marks[d] = 1;
  }
  idx.soldOut = { version: soldOutVersion, marks };
  return marks;
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
}

/** What other modules keep per index and carry to the index following it (cards.ts keeps its card rows). */
const carriers: ((from: CatalogIndex, to: CatalogIndex, what: Followed) => void)[] = [];
export function onIndexFollowed(carry: (from: CatalogIndex, to: CatalogIndex, what: Followed) => void) {
  carriers.push(carry);
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
    const old = out.get(b) ?? new Int32Array(0);
    const merged = [...old.filter((id) => !c.drop.has(id)), ...c.add].sort((x, y) => x - y);
    if (merged.length) out.set(b, Int32Array.from(merged));
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
