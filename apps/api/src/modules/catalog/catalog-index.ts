import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { nearestOfGroups } from './search-text.ts';

/**
 * The active catalog in this process's memory, for lists and searches asked for the first time (issue 15,
 * decision 022). The database stays the truth: the index is read from it in one statement, tagged with the catalog
 * version read by that same statement (decision 009), and used only while the catalog is still at that version.
 * What moves without the version (stock) is not in it: the sold-out products come with their own counter
 * (`catalog_state.sold_out_version`, raised only when a product sells out or comes back, migration 0019).
 *
 * A search asks, per word, for the catalog words that hold it (a scan of a few thousand distinct words, not of
 * every product) and joins their posting lists; the filters, counts, price range, facets and sorts of a list are
 * one pass over arrays in pre-sorted orders. The database still does what it does well on a handful of rows: the
 * word similarity of a search's best 300 matches, and the cards of the page.
 */

const FEATURED = 1;
const SPECIAL = 2;
/** In a promotion whose price is below the price (the "offers" lists). */
const ON_OFFER = 4;

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
const FOUND_POSITIONS = 4_000_000;
const ORDER_POSITIONS = 4_000_000;

interface State {
  index: CatalogIndex | null;
  building: Promise<CatalogIndex | null> | null;
  lastSize: number;
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

/** The index this instance answers from: its catalog version and when it was built (for /metrics); null if none. */
export function catalogIndexInfo(db: DbOrTx): { version: number; builtAt: number; products: number } | null {
  const idx = states.get(db)?.index;
  return idx ? { version: idx.version, builtAt: idx.builtAt, products: idx.ids.length } : null;
}

/** Whether this instance may answer from its index now: built at start-up, or the index is off (SEARCH_INDEX). */
export function catalogIndexReady(db: DbOrTx): boolean {
  return !enabled || warmed.has(db);
}

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

const yieldToRequests = () => new Promise<void>((r) => setImmediate(r));

async function build(db: DbOrTx): Promise<CatalogIndex | null> {
  const started = Date.now();
  // One statement: every row and the version they are at.
  const list = await rows(
    db,
    sql`select p.id, p.search_text, p.category_id, p.brand_id, p.current_price_piastres,
          (p.promotion_id is not null and p.current_price_piastres < p.price_piastres) as on_offer,
          p.featured, p.special_offer, coalesce(p.promotion_id, 0) as promotion_id,
          extract(epoch from p.created_at) * 1000 as created, coalesce(s.n, 0) as sold,
          (select version from catalog_state where id = 1) as catalog_version,
          p.title_en, p.title_ar, i.thumbnail_url
        from products p
        left join (select product_id, count(*) as n from order_products group by product_id) s
          on s.product_id = p.id
        left join (
          select distinct on (product_id) product_id, thumbnail_url from product_images
          where not is_3d order by product_id, position, id
        ) i on i.product_id = p.id
        where p.active order by p.id desc`,
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
  const created = new Float64Array(n);
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
const leadOf = (text: string) => ((text.charCodeAt(0) || 0) << 16) | (text.charCodeAt(1) || 0);

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
  if (!state) states.set(db, (state = { index: null, building: null, lastSize: 0 }));
  const s = state;
  const current = s.index;
  if (current && current.version === version) {
    if (Date.now() - current.builtAt > REFRESH_AFTER_MS) void rebuild(db, s);
    return current;
  }
  if (current && current.version > version) return null;
  const building = rebuild(db, s);
  if (s.lastSize >= BUILD_INLINE_BELOW) return null;
  const built = await building;
  return built && built.version === version ? built : null;
}

function rebuild(db: DbOrTx, s: State): Promise<CatalogIndex | null> {
  if (s.building) return s.building;
  s.building = build(db)
    .then((idx) => {
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
function positionsById(idx: CatalogIndex) {
  let m = byIdMaps.get(idx);
  if (!m) {
    m = new Map();
    for (let d = 0; d < idx.size; d++) m.set(idx.ids[d]!, d);
    byIdMaps.set(idx, m);
  }
  return m;
}

/**
 * Lists remembered by text, at most `bound` numbers in all (`found`, `wordsHolding`). The least recently used go
 * first when a new one does not fit: clearing them all made every common word's list again after each clear, a
 * few times a second under new searches.
 */
class ListMemo {
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

/** A word's trigrams padded as pg_trgm pads them ("  w "): its own pieces and its start and end. */
function paddedWordTrigrams(w: string): Set<string> {
  const p = `  ${w} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return out;
}

/**
 * Whether a word's padded trigrams (`paddedWordTrigrams`) hold `g`, without padding it: two spaces and a letter
 * are its first letter, a space and two letters its start, two letters and a space its end.
 */
function paddedTest(g: string): (word: string) => boolean {
  if (g.startsWith('  ')) return (word) => word[0] === g[2];
  if (g.startsWith(' ') && g.endsWith(' ')) return (word) => word === g[1];
  if (g.startsWith(' ')) return (word) => word.startsWith(g.slice(1));
  if (g.endsWith(' ')) return (word) => word.endsWith(g.slice(0, 2));
  return (word) => word.includes(g);
}

const marks = new WeakMap<CatalogIndex, Uint8Array>();

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
  // The common trigrams a candidate holds are looked for in its letters.
  const common = byRarity.slice(grams.size - need + 1).map((x) => paddedTest(x.g));
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
    const word = idx.vocabulary[w]!;
    if (word.length < 3) continue;
    for (const holds of common) if (holds(word)) shared++;
    if (shared >= need) byShared[shared]!.push(word);
  }
  return nearestOfGroups(typed, byShared, threshold, limit);
}

/**
 * Every two-letter piece of the vocabulary's words → the words holding it: a two-letter word ("tv", "lg", "4k", or
 * a three-letter one with a letter missing) is then found without a pass over every word. Made on first use.
 */
const bigramMaps = new WeakMap<CatalogIndex, Map<string, Int32Array>>();
function wordBigrams(idx: CatalogIndex): Map<string, Int32Array> {
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

/**
 * A search word of one or two Latin letters is found only as a word of its own (`ac`: the air conditioners' AC, not
 * the letters in black, pack or plasmacluster; `lg`, `hp`, `tv`), in the catalog index as in the database. Digits
 * are still found inside words: a model number is searched by a part of it (520 finds JBLT520BTBLK).
 */
export const wholeWordOnly = (word: string) => /^[a-z]{1,2}$/.test(word);

/** Per index: the catalog words holding a text (`wordsHolding`), bounded like `found`. */
const heldBy = new WeakMap<CatalogIndex, ListMemo>();
const WORDS_HELD = 2_000_000;

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
    let rarest: Int32Array | undefined;
    for (const g of wordTrigrams(text)) {
      const l = idx.trigrams.get(g);
      if (!l) {
        rarest = new Int32Array(0);
        break;
      }
      if (!rarest || l.length < rarest.length) rarest = l;
    }
    const ids: number[] = [];
    for (let i = 0; i < rarest!.length; i++)
      if (idx.vocabulary[rarest![i]!]!.includes(text)) ids.push(rarest![i]!);
    out = Int32Array.from(ids);
  }
  memo.keep(text, out);
  return out;
}

function union(lists: Int32Array[], size: number): Int32Array {
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
function intersect(a: Int32Array, b: Int32Array): Int32Array {
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

/**
 * A part of a search: a product matches it by holding one of its texts, or by being in one of its sections (a
 * section the search names whole, with those under it: a product's text holds only its own section's name).
 */
export interface SearchGroup {
  texts: string[];
  sections: number[];
}

/** What a list asks for, as the index applies it. */
export interface IndexFilter {
  categories: Set<number> | null;
  brands: Set<number> | null;
  featured: boolean;
  onOffer: boolean;
  special: boolean;
  promotionId: number | null;
  /** Every group must match: any of its texts, or any of its sections. */
  groups: SearchGroup[];
  minPiastres: number | null;
  maxPiastres: number | null;
}

export interface IndexMatch {
  /** Positions matching everything (price included), ascending. */
  matches: Int32Array;
  total: number;
  min: number | null;
  max: number | null;
  categoryCounts: Map<number, number>;
  brandCounts: Map<number, number>;
}

/** Each category's and each brand's positions (ascending), and each brand's prices (ascending). */
interface GroupLists {
  byCategory: Map<number, Int32Array>;
  byBrand: Map<number, Int32Array>;
  brandPrices: Map<number, Float64Array>;
}
const groupListsOf = new WeakMap<CatalogIndex, GroupLists>();

/** Made once per index, on the first list that needs them (about 16 bytes per product). */
function groupLists(idx: CatalogIndex): GroupLists {
  let lists = groupListsOf.get(idx);
  if (lists) return lists;
  const gather = (of: Int32Array) => {
    const counts = new Map<number, number>();
    for (let d = 0; d < idx.size; d++) counts.set(of[d]!, (counts.get(of[d]!) ?? 0) + 1);
    const out = new Map<number, Int32Array>();
    const fill = new Map<number, number>();
    for (const [id, c] of counts) {
      out.set(id, new Int32Array(c));
      fill.set(id, 0);
    }
    for (let d = 0; d < idx.size; d++) {
      const id = of[d]!;
      const k = fill.get(id)!;
      out.get(id)![k] = d;
      fill.set(id, k + 1);
    }
    return out;
  };
  const byBrand = gather(idx.brand);
  const brandPrices = new Map<number, Float64Array>();
  for (const [b, positions] of byBrand)
    brandPrices.set(b, Float64Array.from(positions, (d) => idx.price[d]!).sort());
  lists = { byCategory: gather(idx.category), byBrand, brandPrices };
  groupListsOf.set(idx, lists);
  return lists;
}

/** The first index in an ascending array whose value is at least `v` (`above`: more than `v`). */
function lowerBound(a: Float64Array, v: number, above = false) {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v || (above && a[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per brand id, its products priced within the range (two binary searches per brand). */
function brandsInPriceRange(idx: CatalogIndex, lists: GroupLists, min: number | null, max: number | null) {
  const tally = new Int32Array(idx.maxBrand + 1);
  for (const [b, prices] of lists.brandPrices) {
    const from = min === null ? 0 : lowerBound(prices, min);
    const to = max === null ? prices.length : lowerBound(prices, max, true);
    tally[b] = Math.max(0, to - from);
  }
  return tally;
}

/**
 * One pass: the matches, the total, the price range (without the price filter, as the list's filter shows it),
 * the counts per category (of the matches) and per brand (of the matches without the brand filter).
 */
export function match(idx: CatalogIndex, f: IndexFilter): IndexMatch {
  // The positions holding every group: each group's texts and sections joined, then the groups intersected (all
  // ascending).
  let candidates: Int32Array | null = null;
  for (const group of f.groups) {
    const lists = group.texts.map((text) => containing(idx, text));
    if (group.sections.length) {
      const { byCategory } = groupLists(idx);
      for (const c of group.sections) {
        const list = byCategory.get(c);
        if (list) lists.push(list);
      }
    }
    const any = union(lists, idx.size);
    candidates = candidates ? intersect(candidates, any) : any;
  }
  // Counted in arrays by id (ids are small serials; a Map per match cost more than the rest of the pass).
  const categoryTally = new Int32Array(idx.maxCategory + 1);
  let brandTally = new Int32Array(idx.maxBrand + 1);
  // Without a search, a category's or a brand's products only, from their position lists, instead of a pass over
  // the whole catalog. The brand facet counts every brand of the list but the brand filter: with brands alone,
  // those come from each brand's sorted prices (when no other filter applies), and the pass skips them.
  let brandsCounted = false;
  if (!candidates && (f.categories || f.brands)) {
    const lists = groupLists(idx);
    if (f.categories) {
      candidates = union(
        [...f.categories].flatMap((c) => lists.byCategory.get(c) ?? []),
        idx.size,
      );
    } else if (!f.featured && !f.onOffer && !f.special && f.promotionId === null) {
      candidates = union(
        [...f.brands!].flatMap((b) => lists.byBrand.get(b) ?? []),
        idx.size,
      );
      brandTally = brandsInPriceRange(idx, lists, f.minPiastres, f.maxPiastres);
      brandsCounted = true;
    }
  }
  const n = candidates ? candidates.length : idx.size;
  // The matches, in an array as long as the candidates (no array grown one push at a time, then copied).
  const out = new Int32Array(n);
  let total = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (let i = 0; i < n; i++) {
    const d = candidates ? candidates[i]! : i;
    if (f.categories && !f.categories.has(idx.category[d]!)) continue;
    const flags = idx.flags[d]!;
    if (f.featured && !(flags & FEATURED)) continue;
    if (f.onOffer && !(flags & ON_OFFER)) continue;
    if (f.special && !(flags & SPECIAL)) continue;
    if (f.promotionId !== null && idx.promotion[d] !== f.promotionId) continue;
    const price = idx.price[d]!;
    const priceOk =
      (f.minPiastres === null || price >= f.minPiastres) &&
      (f.maxPiastres === null || price <= f.maxPiastres);
    const brand = idx.brand[d]!;
    if (priceOk && !brandsCounted) brandTally[brand]!++;
    if (f.brands && !f.brands.has(brand)) continue;
    if (min === null || price < min) min = price;
    if (max === null || price > max) max = price;
    if (!priceOk) continue;
    out[total++] = d;
    const c = idx.category[d]!;
    categoryTally[c]!++;
  }
  const counted = (tally: Int32Array) => {
    const m = new Map<number, number>();
    for (let id = 0; id < tally.length; id++) if (tally[id]) m.set(id, tally[id]!);
    return m;
  };
  const categoryCounts = counted(categoryTally);
  const brandCounts = counted(brandTally);
  return { matches: out.subarray(0, total), total, min, max, categoryCounts, brandCounts };
}

/** The matches in the order of a pre-sorted list of positions (`reverse` reads it backwards). */
export function inOrder(idx: CatalogIndex, matches: Int32Array, order: Int32Array, reverse = false) {
  if (matches.length === idx.size) return reverse ? order.slice().reverse() : order;
  // Few matches: sorted by their place in the order, without a pass over the whole order.
  if (matches.length * 32 < idx.size) {
    const rank = rankIn(order);
    const out = Int32Array.from(matches);
    out.sort(reverse ? (a, b) => rank[b]! - rank[a]! : (a, b) => rank[a]! - rank[b]!);
    return out;
  }
  const mark = new Uint8Array(idx.size);
  for (let i = 0; i < matches.length; i++) mark[matches[i]!] = 1;
  const out = new Int32Array(matches.length);
  let k = 0;
  if (reverse) {
    for (let i = order.length - 1; i >= 0; i--) if (mark[order[i]!]) out[k++] = order[i]!;
  } else for (let i = 0; i < order.length; i++) if (mark[order[i]!]) out[k++] = order[i]!;
  return out;
}

/** Each position's place in a pre-sorted order (made once per order, so once per index). */
const ranks = new WeakMap<Int32Array, Int32Array>();
function rankIn(order: Int32Array): Int32Array {
  let rank = ranks.get(order);
  if (!rank) {
    rank = new Int32Array(order.length);
    for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
    ranks.set(order, rank);
  }
  return rank;
}

/** Each position's place in the tie-breakers' order of a search (popularity, then newest, then id). */
export const popularityRank = (idx: CatalogIndex) => rankIn(idx.byPopularity);

/** `list` with the positions for which `last` holds moved to the end, each part in its order. */
export function partition(list: Int32Array, last: (d: number) => boolean): Int32Array {
  const out = new Int32Array(list.length);
  let k = 0;
  for (let i = 0; i < list.length; i++) if (!last(list[i]!)) out[k++] = list[i]!;
  for (let i = 0; i < list.length; i++) if (last(list[i]!)) out[k++] = list[i]!;
  return out;
}

export const isFeatured = (idx: CatalogIndex, d: number) => (idx.flags[d]! & FEATURED) !== 0;

/** An ordered list remembered with the index (so per version), bounded. */
export function rememberOrder(idx: CatalogIndex, key: string, compute: () => Int32Array): Int32Array {
  const hit = idx.orders.get(key);
  if (hit) return hit;
  const value = compute();
  // The oldest go first until the new one fits.
  for (const [k, v] of idx.orders) {
    if (idx.orderPositions + value.length <= ORDER_POSITIONS) break;
    idx.orders.delete(k);
    idx.orderPositions -= v.length;
  }
  idx.orders.set(key, value);
  idx.orderPositions += value.length;
  return value;
}
