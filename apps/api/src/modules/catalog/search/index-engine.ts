/**
 * The catalog index's answer to a list (decision 022): the plan's groups matched in memory (index-match.ts), the
 * order made there (a sort's pre-sorted positions, or a search's ranking: `rankedFromIndex`) and remembered with
 * the index, and the page's cards from the database in one statement that also checks the versions.
 */
import { DEFAULT_PRODUCT_PER_PAGE, type ProductListQuery, type ProductListResponse } from '@store/contracts';
import { WORD_SIMILARITY_THRESHOLD, type DbOrTx } from '../../../db/client.ts';
import { catalogView, type CatalogView } from '../catalog-memo.ts';
import { cardsStillRight, indexCards, toCard, withMonthly } from '../cards.ts';
import type { Row } from '../../../db/rows.ts';
import {
  catalogIndexAt,
  onIndexFollowed,
  pricesOnly,
  readVersions,
  sawVersions,
  seenVersions,
  soldOutMarks,
  startsWithAt,
  versionsNow,
  type CatalogIndex,
  type Versions,
} from './catalog-index.ts';
import { positionsById } from './index-shape.ts';
import {
  filterKey,
  listAnswer,
  listFilters,
  RANKED_CANDIDATES,
  sameVersions,
  type Facet,
  type ListOptions,
  type SearchEngine,
} from './engine.ts';
import {
  isFeatured,
  inOrder,
  match,
  partition,
  popularityRank,
  rememberOrder,
  type IndexMatch,
} from './index-match.ts';
import {
  containing,
  mayHoldPhrase,
  nearWordsInIndex,
  phraseTest,
  similarityInIndex,
  sortedHas,
} from './index-words.ts';
import { NEAR_WORDS, planSearch, type SearchPlan, type WordMatch } from './plan.ts';
import { queryWords } from './query-words.ts';
import { nearestCategories, nearestIfNone } from './sql-engine.ts';

/**
 * The list from the catalog index; null when the index is not at the catalog's version (the database answers).
 * First at the versions this instance saw last, without a query: the statement that reads the page's stock reads
 * the versions too, and when the catalog or its sold-out products have moved since, the list is made again at the
 * versions that statement read (as decision 009's lists do: read by this request, after it began). A list then
 * costs one statement. Made again, it shows the cards already read when its page holds the same products, each
 * unchanged or read whole at those versions: during an import, whose every batch moves the catalog, a list that
 * waited behind a batch no longer reads the versions and its page a second time (two more turns on the embedded
 * database's one connection). On the embedded database, when the versions seen last were still the catalog's as the
 * request began (`ListOptions.current`), the list stands at them even if its statement reads newer ones: the write
 * that moved them ended after it began (decision 043).
 */
async function listFromIndex(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
): Promise<ProductListResponse | null> {
  const seen = seenVersions(db);
  if (seen) {
    const current = opts.current === undefined ? versionsNow(db) : opts.current;
    const answer = await listFromIndexAt(db, q, opts, seen, sameVersions(current, seen) ? 'current' : true);
    if (answer && 'moved' in answer)
      return answered(await listFromIndexAt(db, q, opts, answer.moved.versions, false, answer.moved));
    if (answer) return answer;
  }
  return answered(await listFromIndexAt(db, q, opts, await readVersions(db), false));
}

/** What a list built at versions assumed found when its statement read newer ones: those, and its page if read. */
interface Moved {
  versions: Versions;
  ids: number[];
  cards: { rows: Row[]; live: Row[] } | null;
}

/** A list built at versions read by this request is never made again. */
const answered = (answer: ProductListResponse | { moved: Moved } | null) =>
  answer && 'moved' in answer ? null : answer;

async function listFromIndexAt(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
  versions: Versions,
  /** Built on the versions seen last, not read by this request; 'current': known to be the catalog's when it began. */
  assumed: boolean | 'current',
  prior?: Moved,
): Promise<ProductListResponse | { moved: Moved } | null> {
  const idx = await catalogIndexAt(db, versions.version);
  if (!idx) return null;
  const view = await catalogView(db, { at: idx.version });
  const perPage = q.per_page ?? DEFAULT_PRODUCT_PER_PAGE;
  const page = q.page ?? 1;
  const { categories, promotionBySlug } = await listFilters(db, view, q);
  const tokens = q.query ? queryWords(q.query) : [];
  const search = tokens.length
    ? await planOnce(idx, tokens, () =>
        planSearch(
          db,
          view,
          tokens,
          async (plain) =>
            Promise.all(
              plain.map(async (t): Promise<WordMatch> =>
                containing(idx, t).length
                  ? { asTyped: true }
                  : {
                      asTyped: false,
                      near: await view.remember(`near ${t}`, async () =>
                        nearWordsInIndex(idx, t, WORD_SIMILARITY_THRESHOLD, NEAR_WORDS),
                      ),
                    },
              ),
            ),
          () => idx.vocabulary,
        ),
      )
    : null;
  const promotionId =
    q.promotion_id !== undefined && promotionBySlug !== null
      ? q.promotion_id === promotionBySlug
        ? q.promotion_id
        : -1
      : (q.promotion_id ?? promotionBySlug);
  const key = filterKey(q, tokens);
  // A list asking a price range: its matches, so its orders, read prices.
  const priced = q.min_price !== undefined || q.max_price !== undefined;
  const found = matchOnce(idx, key, priced, () =>
    match(idx, {
      categories: categories ? new Set(categories) : null,
      brands: q.brand_id?.length ? new Set(q.brand_id) : null,
      featured: !!q.featured,
      onOffer: !!q.in_active_promotion,
      special: !!q.in_dedicated_page,
      promotionId,
      groups: search?.groups ?? [],
      minPiastres: q.min_price === undefined ? null : q.min_price * 100,
      maxPiastres: q.max_price === undefined ? null : q.max_price * 100,
    }),
  );
  const total = found.total;
  const offset = (page - 1) * perPage;
  // Only the counts wanted (`withFewerWords`'s other searches, `brandOf`), or nothing found and the nearest
  // categories not wanted yet: no card read. The versions assumed are then checked by the request's last statement
  // when it read them (`opts.checked`), or by `listProducts` against its last statement's (`defer`), else by reading
  // them (a one-row statement: `countedVersions`). No order is made either, but
  // for a typo read as another word: its "did you mean" is written as the page's products write it, told from
  // their titles and sections' names in the index (as their cards would say them at the index's version).
  const countsOnly = total === 0 ? !!(opts.countsOnly || opts.nearestLater) : !!opts.countsOnly;
  let pageIds: number[] = [];
  let written: string[] | undefined;
  if (offset < total && (!countsOnly || search?.didYouMean)) {
    const soldOut = await soldOutMarks(db, idx, versions.soldOut);
    const sorted = (order: Int32Array, reverse = false) => inOrder(idx, found.matches, order, reverse);
    let list: Int32Array;
    if (q.latest_to_oldest) list = rememberOrder(idx, `created ${key}`, priced, () => sorted(idx.byCreated));
    else if (q.lowest_price || q.lowest_to_highest_price)
      list = rememberOrder(idx, `price asc ${key}`, true, () => sorted(idx.byPrice));
    else if (q.highest_price || q.highest_to_lowest_price)
      list = rememberOrder(idx, `price desc ${key}`, true, () => sorted(idx.byPrice, true));
    else if (q.featured_first)
      list = rememberOrder(idx, `featured ${key}`, priced, () =>
        partition(found.matches, (d) => !isFeatured(idx, d)),
      );
    else if (search) {
      const candidates = opts.rankedCandidates ?? RANKED_CANDIDATES;
      const lazy = opts.phraseTestsAllBelow ?? PHRASE_TESTS_ALL_BELOW;
      // Some matches ranked: their best first. Pages within the ranked best need only those (a shopper rarely goes
      // further): the order of every match is made when a page past them is asked (`from`: where they start in
      // the list). In stock before sold out: among the ranked best, then among the rest.
      const ranked = (matches: Int32Array, from: number) => {
        const whole = offset + perPage - from > candidates;
        return [
          whole,
          () => {
            const order = rankedFromIndex(idx, matches, search, candidates, whole, lazy);
            const top = partition(order.top, (d) => soldOut[d] === 1);
            const rest = partition(order.rest, (d) => soldOut[d] === 1);
            const out = new Int32Array(top.length + rest.length);
            out.set(top);
            out.set(rest, top.length);
            return out;
          },
        ] as const;
      };
      const brands = opts.preferBrands?.length ? new Set(opts.preferBrands) : null;
      if (!brands) {
        const [whole, order] = ranked(found.matches, 0);
        list = rememberOrder(
          idx,
          `ranked ${candidates} ${whole} ${lazy} ${versions.soldOut} ${key}`,
          priced,
          order,
        );
      } else {
        // The products of the brands preferred first, each part ranked on its own (as `preferredFirst` pages them).
        const { first, others } = byBrands(idx, found.matches, brands);
        const [wholeFirst, orderFirst] = ranked(first, 0);
        const [wholeOthers, orderOthers] = ranked(others, first.length);
        list = rememberOrder(
          idx,
          `ranked ${candidates} ${wholeFirst} ${wholeOthers} ${lazy} ${versions.soldOut} brands ${[...brands]} ${key}`,
          priced,
          () => {
            const a = orderFirst();
            const b = orderOthers();
            const out = new Int32Array(a.length + b.length);
            out.set(a);
            out.set(b, a.length);
            return out;
          },
        );
      }
    } else
      list = rememberOrder(idx, `default ${versions.soldOut} ${key}`, priced, () =>
        partition(found.matches, (d) => soldOut[d] === 1),
      );
    const onPage = list.subarray(offset, offset + perPage);
    if (countsOnly)
      written = Array.from(onPage).flatMap((d) => {
        const c = idx.categoryNames.get(idx.category[d]!) ?? { en: '', ar: '' };
        return [idx.titlesAr[d]!, idx.titlesEn[d]!, c.ar, c.en];
      });
    else pageIds = Array.from(onPage, (d) => idx.ids[d]!);
  }
  // A search that found nothing shows the categories nearest to it: read with the versions, in one statement.
  const none =
    total === 0 && tokens.length && !countsOnly ? await nearestWithVersions(db, view, tokens) : null;
  const cards = none
    ? { rows: [], live: [], versions: none.versions, read: true }
    : countsOnly
      ? {
          rows: [],
          live: [],
          ...(assumed ? await countedVersions(db, opts, versions) : { versions, read: true }),
        }
      : prior?.cards &&
          prior.versions.version === idx.version &&
          sameIds(prior.ids, pageIds) &&
          cardsStillRight(idx, pageIds, prior.cards)
        ? { ...prior.cards, versions: prior.versions, read: true }
        : { ...(await indexCards(db, idx, pageIds, opts)), read: true };
  if (opts.checked) Object.assign(opts.checked, { versions: cards.versions, read: cards.read });
  // Versions moved since those assumed: the list is made again at the versions read, unless they were the catalog's
  // when the request began and every card read whole shows the price the list was ordered and filtered by.
  if (
    assumed &&
    !sameVersions(cards.versions, versions) &&
    !(assumed === 'current' && pricedAsIndexed(idx, cards))
  )
    return {
      moved: {
        versions: cards.versions,
        ids: pageIds,
        cards: none || countsOnly ? null : { rows: cards.rows, live: cards.live },
      },
    };
  const products = await withMonthly(
    db,
    cards.rows.map((r, i) => toCard(r, opts.locale, opts.now, cards.live[i])),
    view,
  );
  // The search's own sections come first among the category filters, kept among the twelve however few products
  // they hold: `laptop` offers its laptop sections before Monitors and Printers (found through Computers & Laptops,
  // and fuller), `ac` its air conditioners' sections, not the twelve holding the most words with "ac" in them.
  // listFacets orders the database's answer alike.
  const facets = facetsOnce(found, search?.named ?? [], () => {
    const own = new Set(search?.named ?? []);
    return {
      categories: named(found.categoryCounts, idx.categoryNames, 12, own),
      brands: named(found.brandCounts, idx.brandNames, 30),
    };
  });
  return listAnswer({
    products,
    perPage,
    page,
    total,
    min: found.min,
    max: found.max,
    facets,
    didYouMean: search?.didYouMean ?? null,
    written,
    nearest: none ? none.nearest : countsOnly ? undefined : await nearestIfNone(db, view, total, tokens),
    locale: opts.locale,
  });
}

/** Whether each card read whole (not kept: its row is its live read) has the current price the index holds. */
function pricedAsIndexed(idx: CatalogIndex, cards: { rows: Row[]; live: Row[] }) {
  const pos = positionsById(idx);
  return cards.rows.every((r, i) => {
    if (r !== cards.live[i]) return true;
    const d = pos.get(Number(r.id));
    return d !== undefined && idx.price[d] === Number(r.current_price_piastres);
  });
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The matches of the brands preferred and the others, each ascending: one pass, a mark per brand id (two filters
 * with a set's lookup per match cost the server's thread about 2% of a never-asked search).
 */
function byBrands(idx: CatalogIndex, matches: Int32Array, brands: Set<number>) {
  const mark = new Uint8Array(idx.maxBrand + 1);
  for (const b of brands) if (b >= 0 && b <= idx.maxBrand) mark[b] = 1;
  const brand = idx.brand;
  let n = 0;
  for (let i = 0; i < matches.length; i++) n += mark[brand[matches[i]!]!]!;
  const first = new Int32Array(n);
  const others = new Int32Array(matches.length - n);
  for (let i = 0, f = 0, o = 0; i < matches.length; i++) {
    const d = matches[i]!;
    if (mark[brand[d]!]) first[f++] = d;
    else others[o++] = d;
  }
  return { first, others };
}

/** A facet's twelve (or thirty) fullest, the `first` ones before the others, with their names. */
const named = (
  counts: Map<number, number>,
  names: Map<number, { en: string; ar: string }>,
  limit: number,
  first = new Set<number>(),
) =>
  [...counts]
    .sort((a, b) => Number(first.has(b[0])) - Number(first.has(a[0])) || b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id, count]) => {
      const n = names.get(id) ?? { en: '', ar: '' };
      return { id, en: n.en, ar: n.ar, count };
    });

/**
 * A list's facets, remembered with its matches (`matchOnce`: per index and list) and the sections its search names:
 * a word of the never-asked searches is listed again alone (counted, for its brand, and for the page shown), and its
 * brands and sections were sorted again each time. `listAnswer` makes the answer's own copies of them.
 */
function facetsOnce(found: IndexMatch, own: number[], make: () => Facets): Facets {
  let memo = facetsKept.get(found);
  if (!memo) facetsKept.set(found, (memo = new Map()));
  const key = own.join(',');
  let facets = memo.get(key);
  if (!facets) memo.set(key, (facets = make()));
  return facets;
}
type Facets = { categories: Facet[]; brands: Facet[] };
const facetsKept = new WeakMap<IndexMatch, Map<string, Facets>>();

/**
 * A search's plan and a list's matches, remembered with the index (so per catalog version: both depend only on the
 * catalog and the list asked, `filterKey`), bounded; never the answer, whose cards and versions are read each time.
 * A search answered with fewer words asks its words' lists several times (each without the other, the brand of the
 * one left out, the one shown), and new searches are mostly words searched before in new pairs.
 */
async function planOnce(idx: CatalogIndex, tokens: string[], make: () => Promise<SearchPlan>) {
  let memo = plans.get(idx);
  if (!memo) plans.set(idx, (memo = new Map()));
  const key = tokens.join(' ');
  const hit = memo.get(key);
  if (hit) return hit;
  const plan = await make();
  if (memo.size >= PLANS_KEPT) memo.clear();
  memo.set(key, plan);
  return plan;
}
const plans = new WeakMap<CatalogIndex, Map<string, SearchPlan>>();
const PLANS_KEPT = 20_000;
// A plan reads the words (the vocabulary and which texts hold them), the synonyms and the categories' names: an
// index that followed changes of products' prices, stock or flags only keeps the plans of the one before. A list
// begun at one version and finished at the next (an import commits a batch meanwhile) is then made again without
// planning its search again.
onIndexFollowed((from, to, what) => {
  if (what.words || !what.productsOnly) return;
  const memo = plans.get(from);
  if (memo) plans.set(to, memo);
});
/** The plan an index keeps for a search's words (for tests). */
export const keptPlan = (idx: CatalogIndex, query: string) =>
  plans.get(idx)?.get(queryWords(query).join(' '));

/**
 * A list's matches kept with the index (`priced`: the list asks a price range, so its matches read prices).
 */
function matchOnce(idx: CatalogIndex, key: string, priced: boolean, make: () => IndexMatch): IndexMatch {
  let memo = matchesKept.get(idx);
  if (!memo) matchesKept.set(idx, (memo = { lists: new Map(), positions: 0 }));
  const hit = memo.lists.get(key);
  if (hit?.at === idx.version) return hit.found;
  if (hit && !priced) {
    // Kept from an index with other prices (its matches and counts are this one's): the price range again.
    const found: IndexMatch = { ...hit.found, ...priceRange(idx, hit.found.matches) };
    const facets = facetsKept.get(hit.found);
    if (facets) facetsKept.set(found, facets);
    memo.lists.set(key, { found, at: idx.version });
    return found;
  }
  if (hit) {
    memo.lists.delete(key);
    memo.positions -= hit.found.matches.length;
  }
  const found = make();
  // The oldest go first until the new one fits.
  for (const [k, v] of memo.lists) {
    if (memo.positions + found.matches.length <= MATCH_POSITIONS) break;
    memo.lists.delete(k);
    memo.positions -= v.found.matches.length;
  }
  memo.lists.set(key, { found, at: idx.version });
  memo.positions += found.matches.length;
  return found;
}
/**
 * Per index: each list's matches, and the version of the index whose prices they were read at (see below; a
 * version, not the index: a kept list must not keep an index of an import's first batches alive). Indexes sharing
 * these follow one another, so each has a version of its own.
 */
const matchesKept = new WeakMap<
  CatalogIndex,
  { lists: Map<string, { found: IndexMatch; at: number }>; positions: number }
>();
/** The matches an index keeps for a list (for tests). */
export const keptMatch = (idx: CatalogIndex, q: ProductListQuery) => {
  const kept = matchesKept.get(idx)?.lists.get(filterKey(q, q.query ? queryWords(q.query) : []));
  return kept && { ...kept, carried: kept.at !== idx.version };
};
/** At most this many positions of matches kept per index (4 bytes each), with their counts. */
const MATCH_POSITIONS = 2_000_000;

// An index that followed a change of prices only (`pricesOnly`: an import's or a sync's batch) shares the matches
// and the orders of the one before (the same objects, nothing copied: a follow costs no more for them). A list's
// matches, total and counts are the same when it asks no price range: its price range (min, max) is worked out
// again the first time the new index uses them; a list asking a price range is matched again. Orders that read
// prices are kept per version (`rememberOrder`); the others (date, featured, a search's ranking, the default) are
// shared. Without it, each batch's commit made every list after it match, rank and order again.
onIndexFollowed((from, to, what) => {
  if (!pricesOnly(from, to, what)) return;
  const memo = matchesKept.get(from);
  if (memo) matchesKept.set(to, memo);
  to.orders = from.orders;
});

/** The lowest and highest price among positions (a list asking no price range: `match`'s min and max). */
function priceRange(idx: CatalogIndex, positions: Int32Array): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  for (let i = 0; i < positions.length; i++) {
    const p = idx.price[positions[i]!]!;
    if (min === null || p < min) min = p;
    if (max === null || p > max) max = p;
  }
  return { min, max };
}

/**
 * What a count-only list built at the versions this instance saw last (`versions`) is checked against: the request's
 * last list's versions when the same; with `defer`, the first versions assumed so, which `listProducts` checks
 * against the versions its last statement reads (no statement here, decision 009); else the versions read now.
 */
async function countedVersions(
  db: DbOrTx,
  opts: ListOptions,
  versions: Versions,
): Promise<{ versions: Versions; read: boolean }> {
  const c = opts.checked;
  if (sameVersions(c?.versions, versions)) return { versions, read: false };
  if (c?.defer && (!c.unverified || sameVersions(c.unverified, versions))) {
    c.unverified ??= versions;
    return { versions, read: false };
  }
  return { versions: await readVersions(db), read: true };
}

/**
 * The categories nearest to a search that found nothing (`nearestIfNone`), and the versions now: when they are not
 * remembered yet, one statement reads both (a search the catalog has no words for costs a statement, as one with
 * results does, instead of three).
 */
async function nearestWithVersions(db: DbOrTx, view: CatalogView, tokens: string[]) {
  let versions: Versions | null = null;
  const phrase = tokens.join(' ');
  // Noted as the statement that read them answers (not after the departments' read that may follow it): what this
  // instance saw goes with the count of writes that answer carried (`versionsNow`).
  const nearest = await view.remember(`nearest ${phrase}`, () =>
    nearestCategories(db, phrase, view, (v) => {
      versions = v;
      sawVersions(db, v);
    }),
  );
  return { nearest, versions: versions ?? (await readVersions(db)) };
}

/**
 * A search's order from the index: the best RANKED_CANDIDATES by the cheap rank (a named category, the whole
 * phrase, the phrase at the start; ties by popularity, then newest) ordered by their similarity to the query too,
 * then (`whole`) the other matches in the cheap order. The caller remembers it with the index (bounded, per
 * version).
 */
function rankedFromIndex(
  idx: CatalogIndex,
  matches: Int32Array,
  search: SearchPlan,
  candidates: number,
  whole: boolean,
  testAllBelow: number,
): { top: Int32Array; rest: Int32Array } {
  // The named categories as a mark per category id (a lookup per match).
  const named = new Uint8Array(idx.maxCategory + 1);
  for (const c of search.named) if (c <= idx.maxCategory) named[c] = 1;
  const phrase = search.phrase;
  // Whether a text holds the whole phrase. For one word, the index's (remembered) list of the positions holding
  // it, walked beside the matches (both ascending), instead of a search in every match's text. A phrase of several
  // words is looked for only in the texts holding each of its words (the same walk over their lists' intersection):
  // none when a word was a typo, fewer when one matched through a synonym; and in their words, not their letters
  // (`phraseTest`).
  const single = !phrase.includes(' ');
  const holding = single ? containing(idx, phrase) : mayHoldPhrase(idx, phrase);
  const holdsPhrase = single ? null : phraseTest(idx, phrase);
  // The cheap rank takes 8 values (0 to 3.5 in halves): 4 for a named category, then 3 when the text starts with
  // the phrase (so holds it), 2 when it holds it elsewhere. One pass counts each value's matches. A text that may
  // hold a phrase of several words and does not start with it is left UNTESTED (its category's 4, or 0, plus 8)
  // for now: a pair of common words is held by thousands of texts, and the best 300 need only the first of them
  // in the tie-breakers' order (below).
  const cheap = new Uint8Array(matches.length);
  const counts = new Int32Array(8);
  const untested: number[][] = [[], []];
  for (let i = 0, j = 0; i < matches.length; i++) {
    const d = matches[i]!;
    while (j < holding.length && holding[j]! < d) j++;
    const listed = j < holding.length && holding[j] === d;
    const base = named[idx.category[d]!] ? 4 : 0;
    let c = base;
    if (listed) {
      if (single) c = base + (startsWithAt(idx, d, phrase) ? 3 : 2);
      // Starting with it holds it, but for a first or last word of one or two Latin letters, which must be whole.
      else if (startsWithAt(idx, d, phrase) && holdsPhrase!(d)) c = base + 3;
      else {
        untested[base >> 2]!.push(i);
        cheap[i] = base + UNTESTED;
        continue;
      }
    }
    cheap[i] = c;
    counts[c]!++;
  }
  const byTie = popularityRank(idx);
  // Tests the phrase in the untested matches of a category mark (0, or 1: named), in the tie-breakers' order,
  // until `want` of them hold it (all of them when `want` is Infinity): the rest stay untested.
  const resolve = (mark: number, want: number) => {
    const list = untested[mark]!;
    if (!list.length) return;
    const base = mark * 4;
    const test = (i: number) => {
      const holds = holdsPhrase!(matches[i]!);
      const c = holds ? base + 2 : base;
      cheap[i] = c;
      counts[c]!++;
      return holds;
    };
    let found = 0;
    if (want >= list.length) for (const i of list) test(i);
    else
      inTieOrder(
        idx,
        list.length,
        idx.size / 16,
        (mark) => {
          for (const i of list) mark(matches[i]!, i + 1);
        },
        (_, i) => test(i - 1) && ++found >= want,
      );
    untested[mark] = [];
  };
  if (whole || untested[0]!.length + untested[1]!.length < testAllBelow) {
    resolve(1, Infinity);
    resolve(0, Infinity);
  }
  // The lowest cheap rank that reaches into the best `candidates` (all of them when the whole order is wanted).
  // The untested are tested on the way down, as far as their value is reached: 6 (named, holding), 2 (holding).
  let floor = 7;
  for (let n = counts[7]!; floor > 0 && (whole || n < candidates);) {
    floor--;
    if (floor === 6) resolve(1, candidates - n);
    else if (floor === 2) resolve(0, candidates - n);
    n += counts[floor]!;
  }
  // Above the floor: fewer than `candidates` (or every match, for the whole order), sorted by cheap rank, then by
  // the tie-breakers (popularity, newest, id). At the floor only the first few by the tie-breakers are needed
  // (`inTieOrder`: a walk down the popularity order finds them without sorting, or gathering, a bucket of up to
  // every match). Matches still untested are below the floor, or at it but after the first ones needed there.
  // Each as one number, sorted without a comparison function: the cheap rank's place (highest first), then the
  // position's place in the tie-breakers' order (a position again through `byPopularity`).
  let aboveCount = 0;
  for (let c = floor + 1; c < UNTESTED; c++) aboveCount += counts[c]!;
  const keys = new Int32Array(aboveCount);
  const size = idx.size;
  for (let i = 0, k = 0; i < matches.length && k < aboveCount; i++)
    if (cheap[i]! > floor && cheap[i]! < UNTESTED)
      keys[k++] = (UNTESTED - 1 - cheap[i]!) * size + byTie[matches[i]!]!;
  keys.sort();
  const order = idx.byPopularity;
  const aboveCheap = new Uint8Array(aboveCount);
  const cheapOrder: number[] = new Array<number>(aboveCount);
  for (let k = 0; k < aboveCount; k++) {
    const key = keys[k]!;
    const place = key % size;
    aboveCheap[k] = UNTESTED - 1 - (key - place) / size;
    cheapOrder[k] = order[place]!;
  }
  const need = candidates - aboveCount;
  if (whole || need > 0)
    inTieOrder(
      idx,
      counts[floor]!,
      whole ? Infinity : 4 * need,
      (mark) => {
        for (let i = 0; i < matches.length; i++) if (cheap[i] === floor) mark(matches[i]!, 1);
      },
      (d) => cheapOrder.push(d) >= candidates && !whole,
    );
  const head = cheapOrder.length > candidates ? cheapOrder.slice(0, candidates) : cheapOrder;
  // A text holding a one-word phrase as one of its words holds every trigram of it: its similarity is 1, without
  // reading its words (in the shoppers' never-asked mix, about 5 of 6 texts scored; a search answered with fewer
  // words shows one catalog word).
  const exact = single ? idx.postings.get(phrase) : undefined;
  let similarity: ((d: number) => number) | null = null;
  // Sorted by score, then by the cheap order (a head position's index). The head's cheap ranks are those counted
  // above (the first ones', then the floor's), not looked for again in its texts.
  const score = new Float64Array(head.length);
  for (let i = 0; i < head.length; i++) {
    const c = i < aboveCount ? aboveCheap[i]! : floor;
    const d = head[i]!;
    score[i] = c / 2 + (exact && sortedHas(exact, d) ? 1 : (similarity ??= keptSimilarity(idx, phrase))(d));
  }
  const byScore = highestFirst(score);
  const top = new Int32Array(head.length);
  for (let k = 0; k < top.length; k++) top[k] = head[byScore[k]!]!;
  // The rest is wanted only with the whole order (below the floor nothing was kept otherwise).
  return {
    top,
    rest: whole ? Int32Array.from(cheapOrder.slice(candidates)) : new Int32Array(0),
  };
}

/**
 * The indexes of `score`, highest score first, equal scores in index order: as a sort by `score[b] - score[a] || a -
 * b` orders them, without a comparison function (300 scores a search). The distinct scores are sorted as numbers,
 * each index placed after those of higher scores (a count per distinct score), ascending within one.
 */
export function highestFirst(score: Float64Array): Int32Array {
  const n = score.length;
  const out = new Int32Array(n);
  if (!n) return out;
  // The distinct scores, highest first. Equal numbers are one (0 and -0 too, as the subtraction says).
  const sorted = score.slice().sort();
  // A score that is no number (none is: similarities are shares of trigrams) is ordered by the comparison as it was.
  if (Number.isNaN(sorted[n - 1])) return out.map((_, i) => i).sort((a, b) => score[b]! - score[a]! || a - b);
  const distinct = new Float64Array(n);
  let kinds = 0;
  for (let k = n - 1; k >= 0; k--) {
    const v = sorted[k]!;
    if (kinds === 0 || distinct[kinds - 1] !== v) distinct[kinds++] = v;
  }
  // Each index's place among them (a binary search: they are descending), and how many indexes each holds.
  const place = new Int32Array(n);
  const starts = new Int32Array(kinds + 1);
  for (let i = 0; i < n; i++) {
    const v = score[i]!;
    let lo = 0;
    let hi = kinds - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! > v) lo = mid + 1;
      else hi = mid;
    }
    place[i] = lo;
    starts[lo + 1]!++;
  }
  for (let k = 0; k < kinds; k++) starts[k + 1]! += starts[k]!;
  for (let i = 0; i < n; i++) out[starts[place[i]!]!++] = i;
  return out;
}

/**
 * `similarityInIndex(idx, phrase)`, remembered per index (so per version: a followed index is another) and phrase,
 * for the positions scored so far. A phrase is ranked again among other matches: a word shown for a search that found
 * nothing is ranked with each brand preferred (the brand's products, then the others: mostly the same best ones) and
 * for each search it is shown for. The oldest phrases go first past SCORES_KEPT scores.
 */
function keptSimilarity(idx: CatalogIndex, phrase: string): (d: number) => number {
  let memo = scoresKept.get(idx);
  if (!memo) scoresKept.set(idx, (memo = { phrases: new Map(), scores: 0 }));
  const all = memo;
  let kept = all.phrases.get(phrase);
  if (kept) {
    all.phrases.delete(phrase);
    all.phrases.set(phrase, kept);
  } else {
    for (const [p, old] of all.phrases) {
      if (all.scores < SCORES_KEPT) break;
      all.phrases.delete(p);
      all.scores -= old.size;
    }
    all.phrases.set(phrase, (kept = new Map()));
  }
  const scores = kept;
  // Made on the first position not scored yet, and used before anything else runs (`similarityInIndex`).
  let fresh: ((d: number) => number) | null = null;
  return (d) => {
    let v = scores.get(d);
    if (v === undefined) {
      fresh ??= similarityInIndex(idx, phrase);
      v = fresh(d);
      scores.set(d, v);
      all.scores++;
    }
    return v;
  };
}
const scoresKept = new WeakMap<CatalogIndex, { phrases: Map<string, Map<number, number>>; scores: number }>();
// How alike a text is to a phrase reads only texts: the same after a change of prices only.
onIndexFollowed((from, to, what) => {
  const memo = scoresKept.get(from);
  if (memo && pricesOnly(from, to, what)) scoresKept.set(to, memo);
});
/** Scores kept per index at most (about 40 bytes each: 16 MB). */
const SCORES_KEPT = 400_000;

/** Added to a match's cheap rank while its phrase is not tested yet (it is then no value of the rank). */
const UNTESTED = 8;
/**
 * A search whose phrase (of several words) may be held by fewer texts than this tests them all; more are tested
 * only as far as the best RANKED_CANDIDATES need (a pair of common words: 12,000-17,000 texts, 5-10 ms).
 */
const PHRASE_TESTS_ALL_BELOW = 1_500;

/**
 * Calls `visit` with each position `each` marks (with a number above 0, given back to `visit`), in the
 * tie-breakers' order (popularity, newest, id), until it returns true. `count` says how many `each` marks: up to
 * `sortUpTo` are sorted, more are met on a walk down the popularity order that stops as soon as `visit` has what
 * it needs (the caller knows which costs less: a few of many wanted, or testing each one visited).
 */
function inTieOrder(
  idx: CatalogIndex,
  count: number,
  sortUpTo: number,
  each: (mark: (d: number, value: number) => void) => void,
  visit: (d: number, value: number) => boolean,
) {
  // A number per position, kept with the index and left cleared: no catalog-sized array per search.
  let at = scratchMarks.get(idx);
  if (!at) scratchMarks.set(idx, (at = new Int32Array(idx.size)));
  const marks = at;
  if (count <= sortUpTo) {
    // Their places in the tie-breakers' order, sorted as numbers (no comparison function), read back as positions.
    const byTie = popularityRank(idx);
    const order = idx.byPopularity;
    let places = scratchPlaces.get(idx);
    if (!places) scratchPlaces.set(idx, (places = new Int32Array(idx.size)));
    const at = places;
    let n = 0;
    each((d, value) => {
      marks[d] = value;
      at[n++] = byTie[d]!;
    });
    const sorted = at.subarray(0, n).sort();
    try {
      for (let k = 0; k < n; k++) {
        const d = order[sorted[k]!]!;
        if (visit(d, marks[d]!)) return;
      }
    } finally {
      for (let k = 0; k < n; k++) marks[order[sorted[k]!]!] = 0;
    }
    return;
  }
  each((d, value) => {
    marks[d] = value;
  });
  try {
    const order = idx.byPopularity;
    for (let k = 0; k < order.length; k++) {
      const value = marks[order[k]!]!;
      if (value && visit(order[k]!, value)) return;
    }
  } finally {
    each((d) => {
      marks[d] = 0;
    });
  }
}
const scratchMarks = new WeakMap<CatalogIndex, Int32Array>();
const scratchPlaces = new WeakMap<CatalogIndex, Int32Array>();
// Left cleared after each use, and used without a wait: an index of the same size takes them over (two arrays of
// the catalog's size, not made again after each batch of an import).
onIndexFollowed((from, to) => {
  if (from.size !== to.size) return;
  const marks = scratchMarks.get(from);
  const places = scratchPlaces.get(from);
  if (marks) scratchMarks.set(to, marks);
  if (places) scratchPlaces.set(to, places);
});

/** The catalog index's answer; null when the index is not at the catalog's version (the database answers). */
export const indexEngine: SearchEngine = { name: 'index', list: listFromIndex };
