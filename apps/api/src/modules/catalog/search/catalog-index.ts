import { sql } from 'drizzle-orm';
import { writesEnded, type DbOrTx } from '../../../db/client.ts';
import { rows, type Row } from '../../../db/rows.ts';
import { applyChanges, readChanges, soldCounts } from './index-follow.ts';
import {
  carryRebuilt,
  onIndexRebuilt,
  FEATURED,
  FOUND_POSITIONS,
  ORDER_POSITIONS,
  INDEX_COLUMNS,
  INDEXED_PRODUCT,
  leadOf,
  ListMemo,
  ON_OFFER,
  paddedWordTrigrams,
  positionsById,
  SPECIAL,
  wordBigrams,
  type CatalogIndex,
} from './index-shape.ts';

// The index's shape is index-shape.ts's; its importers here read it through this file too.
export * from './index-shape.ts';

/**
 * The active catalog in this process's memory, for lists and searches asked for the first time (issue 15,
 * decision 022). The database stays the truth: the index is read from it in slices of products (decision 044),
 * tagged with the catalog version the first slice read and followed from there to a version read after the last
 * (decision 009), and used only while the catalog is still at its version; a change moves it to the new version
 * product by product, from the change log (index-follow.ts, decision 036).
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

/** Catalogs up to this size are indexed on the request that needs it; larger ones in the background. */
const BUILD_INLINE_BELOW = 20_000;
/** An index this old is rebuilt in the background even when the catalog has not changed (popularity moves). */
const REFRESH_AFTER_MS = 10 * 60_000;
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

/**
 * The index read whole from the database in one statement, not installed (tests compare an index followed or read
 * in slices with it).
 */
export const buildCatalogIndex = async (db: DbOrTx) => (await build(db, true))?.idx ?? null;

/**
 * A whole build reads the catalog this many products at a time, each slice a statement of its own (decision 044):
 * on the embedded database one statement of 100,000 rows held the one connection about 4 s (the rows' text made and
 * read), and every shopper's read waited behind it, at start-up, at every change noted whole and every 10 minutes.
 * A slice of 2,500 holds it about 100 ms. The slices after the first may read newer versions than the first: the
 * index is then made at the first one's version and follows the change log from there (`rebuild`).
 */
let buildSlice = 2_500;
/** Tests: slices of `n` products, and `each` called after each slice is read (a write made there, say). */
export function setBuildSlice(n: number, each: (() => Promise<void>) | null = null) {
  buildSlice = n;
  afterSlice = each;
}
let afterSlice: (() => Promise<void>) | null = null;

/**
 * The index's products and the catalog version of the first statement that read them. `whole`: read in one
 * statement (its rows are all at that version); else the rows after the first slice may be newer, and the index
 * must follow the log from that version before it is used.
 */
async function readCatalog(db: DbOrTx, whole: boolean) {
  const list: Row[] = [];
  let version: unknown = null;
  let below: number | null = null;
  let statements = 0;
  // Popularity (how many orders hold each product) in a statement of its own: it is not versioned (a follow keeps
  // each product's), and a slice's share of it would read every order line again.
  const sold = await soldCounts(db, null);
  for (;;) {
    const slice: Row[] = await rows(
      db,
      sql`with page as (
            select ${INDEX_COLUMNS} from products p
            where ${INDEXED_PRODUCT} ${below === null ? sql`` : sql`and p.id < ${below}`}
            order by p.id desc ${whole ? sql`` : sql`limit ${buildSlice}`}
          )
          select page.*, (select version from catalog_state where id = 1) as catalog_version, i.thumbnail_url
          from page left join (
            select distinct on (product_id) product_id, thumbnail_url from product_images
            where not is_3d and product_id >= (select min(id) from page) and product_id <= (select max(id) from page)
            order by product_id, position, id
          ) i on i.product_id = page.id
          order by page.id desc`,
    );
    if (version === null)
      version =
        slice[0]?.catalog_version ??
        (await rows(db, sql`select version from catalog_state where id = 1`))[0]?.version;
    statements++;
    for (const r of slice) list.push(r);
    if (whole || slice.length < buildSlice) break;
    below = Number(slice[slice.length - 1]!.id);
    if (afterSlice) await afterSlice();
  }
  return { list, sold, version, inSlices: statements > 1 };
}

/**
 * The index read whole, at the version of its first statement. `inSlices`: read in more than one, so it must follow
 * the log to a version read after its last before it is used (`rebuild`).
 */
async function build(db: DbOrTx, whole = false): Promise<{ idx: CatalogIndex; inSlices: boolean } | null> {
  const started = Date.now();
  const { list, sold, version: versionRow, inSlices } = await readCatalog(db, whole);
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
    orders: new ListMemo(ORDER_POSITIONS),
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
    idx.sold[d] = sold.get(idx.ids[d]!) ?? 0;
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
  return { idx, inSlices };
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
  const next = await applyChanges(base, changes, await soldCounts(db, fresh));
  s.follows++;
  return next;
}

/**
 * How many times a whole build is read before it gives up: read in slices, a change only a whole build makes (a
 * category renamed, more products than a follow takes) between its first slice and its catch-up makes it read
 * again, and its last try reads in one statement.
 */
const BUILD_TRIES = 3;

function rebuild(db: DbOrTx, s: State): Promise<CatalogIndex | null> {
  if (s.building) return s.building;
  s.building = (async () => {
    for (let attempt = 1; ; attempt++) {
      const built = await build(db, attempt === BUILD_TRIES);
      if (!built) return null;
      s.builds++;
      // Read in slices: it follows the log from its first slice's version to a version read after its last before
      // it is used. And follows went on while it was built (a large catalog's build takes seconds): it catches up.
      let { idx, inSlices: settling } = built;
      while (settling || (s.index && idx.version < s.index.version)) {
        const next = await followFrom(db, idx, s);
        if (next === null || next === 'whole') break;
        settling = false;
        if (next === idx) break;
        idx = next;
      }
      if (settling) {
        if (attempt < BUILD_TRIES) continue;
        return null;
      }
      if (!s.index || idx.version >= s.index.version) {
        if (s.index) carryRebuilt(s.index, idx);
        s.index = idx;
        s.lastSize = idx.size;
      }
      return idx;
    }
  })()
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

/**
 * The newest versions read through each database handle (both only grow), and on the embedded database how many
 * writes had ended when the answer that read them was sent (`writesEnded`): while no other write has ended since,
 * they are the catalog's versions now (`versionsNow`).
 */
const seen = new WeakMap<object, { version: number; soldOut: number; writes: number | null }>();

/** The versions this instance read last (none yet: null); a list assuming them checks them in its statement. */
export function seenVersions(db: DbOrTx): Versions | null {
  const s = seen.get(db);
  return s ? { version: s.version, soldOut: s.soldOut } : null;
}

/** Versions a statement just read: called right after the await of the statement that read them. */
export function sawVersions(db: DbOrTx, v: Versions) {
  if (v.version === null) return;
  const writes = writesEnded(db)?.answer ?? null;
  const s = seen.get(db);
  if (!s || v.version > s.version || (v.version === s.version && v.soldOut > s.soldOut))
    seen.set(db, { version: v.version, soldOut: v.soldOut, writes });
  else if (v.version === s.version && v.soldOut === s.soldOut && writes !== null && writes > (s.writes ?? -1))
    s.writes = writes;
}

/**
 * The versions this instance read last when they are surely the catalog's versions now, else null. Only on the
 * embedded database, which one process holds: when no statement or transaction that may have written has ended
 * since the statement that read them, nothing can have moved them. Nobody can have been shown anything newer
 * either: every answer that read the database after a write arrives after that write's own (one thread answers
 * them in turn). So a request that finds them here may answer as of them, even if a write that ends while it waits
 * for its statement moves them meanwhile (decision 009 asks nothing older than what was shown before it began).
 */
export function versionsNow(db: DbOrTx): Versions | null {
  const s = seen.get(db);
  const writes = writesEnded(db);
  return s && writes && s.writes !== null && s.writes === writes.latest
    ? { version: s.version, soldOut: s.soldOut }
    : null;
}

/**
 * The catalog version and the sold-out version now, in one small query, shared by the calls waiting at once: while
 * one such read runs, the calls arriving join the next one, which starts when it ends (as the guests' live columns
 * are read: cards.ts `guestLive`). A call never joins a read already under way, which may have started before a
 * change this caller has already been shown: its read starts after it asked, so it is never older than anything
 * shown before (decision 009). On the embedded database, where statements take turns, the new searches waiting at
 * once cost one statement instead of one each.
 */
export function readVersions(db: DbOrTx): Promise<Versions> {
  let st = versionReads.get(db);
  if (!st) versionReads.set(db, (st = { next: null, running: null }));
  const s = st;
  if (s.next) return s.next;
  const next: Promise<Versions> = (s.running ?? Promise.resolve()).then(async () => {
    // From here on, calls arriving wait for the next read.
    if (s.next === next) s.next = null;
    const read = readVersionsNow(db);
    const running = read.catch(() => undefined);
    s.running = running;
    try {
      return await read;
    } finally {
      if (s.running === running) s.running = null;
    }
  });
  s.next = next;
  return next;
}
const versionReads = new WeakMap<
  object,
  { next: Promise<Versions> | null; running: Promise<unknown> | null }
>();

async function readVersionsNow(db: DbOrTx): Promise<Versions> {
  const [r] = await rows(db, sql`select version, sold_out_version from catalog_state where id = 1`);
  const v = {
    version: r?.version == null ? null : Number(r.version),
    soldOut: Number(r?.sold_out_version ?? 0),
  };
  sawVersions(db, v);
  return v;
}

// A whole build at the same catalog version holds the same products, maybe in another order: the marks at a sold-out
// version go with their products' ids (without it, the index after every 10-minute refresh read them again).
onIndexRebuilt((from, to) => {
  if (!from.soldOut || to.soldOut) return;
  const marks = new Uint8Array(to.size);
  const pos = positionsById(from);
  for (let d = 0; d < to.size; d++) {
    const was = pos.get(to.ids[d]!);
    if (was === undefined) return;
    marks[d] = from.soldOut.marks[was]!;
  }
  to.soldOut = { version: from.soldOut.version, marks };
});

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
