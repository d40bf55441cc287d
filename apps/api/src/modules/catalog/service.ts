import {
  installmentQuote,
  lowestMonthly,
  planOffered,
  normalizeSearchText,
  type PlanTerms,
  type ProductInstallments,
  DEFAULT_PRODUCT_PER_PAGE,
  toEgp,
  type Category,
  type Locale,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
} from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { WORD_SIMILARITY_THRESHOLD, executeNamed, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/locale.ts';
import { CATALOG_VERSION_COLUMN, catalogView, readVersion, type CatalogView } from './catalog-memo.ts';

export { readVersion as catalogVersion };
import {
  catalogIndexAt,
  containing,
  inOrder,
  isFeatured,
  match,
  mayHoldPhrase,
  phraseTest,
  nearWordsInIndex,
  partition,
  popularityRank,
  readVersions,
  rememberOrder,
  seenVersions,
  sawVersions,
  soldOutMarks,
  startsWithAt,
  wholeWordOnly,
  type CatalogIndex,
  type SearchGroup,
  type Versions,
} from './catalog-index.ts';
import { francoIndex, francoReading, writesLettersAsDigits } from './franco.ts';
import { isFillerWord, queryWords } from './query-words.ts';
import { nearestWords, similarityTo, wordsWithinEdits } from './search-text.ts';
import {
  asWritten,
  expandQuery,
  loadSynonyms,
  numberForms,
  synonymPhraseNear,
  synonymTermNear,
  synonymVocabulary,
  withinOneEdit,
  type QueryGroup,
} from './synonyms.ts';

type Row = Record<string, unknown>;
const rows = async <T = Row>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A json_agg column: parsed already by node-postgres, text from some drivers, null when nothing matched. */
const jsonRows = (v: unknown): Row[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as Row[];

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();

/* ---------------- products ---------------- */

/** Default: what can be bought first, newest first (a search without a sort ranks by relevance instead). */
const DEFAULT_ORDER = sql`(p.stock > 0) desc, p.id desc`;
/** How many of a search's best cheap-ranked matches are ranked by word similarity too. */
const RANKED_CANDIDATES = 300;
/**
 * Lists matching at most this many products are sorted after taking every match; larger ones walk the sort's
 * index, where matches are dense enough to meet a page quickly.
 */
const SORT_IN_MEMORY_BELOW = 20_000;

/** The sort a list asked for: the first flag set, in contracts' PRODUCT_SORTS order. */
function orderBy(q: ProductListQuery): SQL {
  if (q.latest_to_oldest) return sql`p.created_at desc, p.id desc`;
  if (q.lowest_price || q.lowest_to_highest_price) return sql`p.current_price_piastres asc, p.id asc`;
  if (q.highest_price || q.highest_to_lowest_price) return sql`p.current_price_piastres desc, p.id desc`;
  if (q.featured_first) return sql`p.featured desc, p.id desc`;
  return DEFAULT_ORDER;
}

interface ListOptions {
  locale: Locale;
  userId?: number | null;
  now: Date;
  /** Overrides SORT_IN_MEMORY_BELOW (tests compare both ways of sorting). */
  sortInMemoryBelow?: number;
  /** Overrides RANKED_CANDIDATES (tests page past the ranked list). */
  rankedCandidates?: number;
  /** Overrides PHRASE_TESTS_ALL_BELOW (tests compare testing every text with testing as far as needed). */
  phraseTestsAllBelow?: number;
  /** false: answer from the database even when the catalog index could (tests compare both). */
  catalogIndex?: boolean;
  /** A search that finds nothing is answered without one of its words (`withFewerWords`): the shop's lists. */
  fewerWords?: boolean;
  /**
   * A search's products of these brands first, each part in its own ranked order (`withFewerWords`: the brand of
   * the word it left out). The list's matches, counts and facets are the same.
   */
  preferBrands?: number[];
}

/** Words a search may have for `withFewerWords` to try it without each (beyond, a search is left as it is). */
const FEWER_WORDS_UP_TO = 6;
/** How many other searches without one word a search that found nothing offers besides the one it shows. */
const OTHER_SEARCHES = 2;
/** A search's products all cost under 1/this of another's cheapest: they go with it (a charger, an iPhone). */
const ACCESSORY_PRICE_RATIO = 5;

const subtree = (categoryId: number) => sql`(
  with recursive sub(id) as (
    select id from categories where id = ${categoryId}
    union all select c.id from categories c join sub on c.parent_id = sub.id
  ) select id from sub)`;

/**
 * A category and all its descendants, as ids. Lists filter on these literally: PostgreSQL cannot estimate a
 * recursive sub-query, and planned a 100,000-row scan for a category of 1,500 products.
 */
async function categorySubtree(db: DbOrTx, categoryId: number): Promise<number[]> {
  return (await rows<{ id: number }>(db, subtree(categoryId))).map((r) => Number(r.id));
}

interface CategoryName {
  id: number;
  parentId: number | null;
  /** Both languages' names, normalised, with a space on each side (whole-word lookups). */
  names: string;
  /** Each language's name as a search reads it, word by word (`sectionsNamedWhole`). */
  wholeNames: string[][];
}

async function categoryNames(db: DbOrTx): Promise<CategoryName[]> {
  const list = await rows<{ id: number; parent_id: number | null; name_en: string; name_ar: string }>(
    db,
    sql`select id, parent_id, name_en, name_ar from categories where active`,
  );
  return list.map((c) => ({
    id: Number(c.id),
    parentId: c.parent_id === null ? null : Number(c.parent_id),
    names: ` ${normalizeSearchText(c.name_en)} ${normalizeSearchText(c.name_ar)} `.replace(
      / ال(\S{3,})/g,
      ' $1 ال$1',
    ),
    wholeNames: [queryWords(c.name_en), queryWords(c.name_ar)].filter((words) => words.length > 0),
  }));
}

/** The categories given and every category under them. */
function withSubtrees(cats: CategoryName[], ids: Iterable<number>): number[] {
  const out = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of cats)
      if (c.parentId !== null && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
  }
  return [...out];
}

/**
 * The categories (and their sub-categories) whose name holds one of the query's words or their synonyms, the most
 * specific when a section and one under it both do. An English word names a section without sections under it in its
 * plural too (`freezer` names Deep Freezers, `fan` Fans,
 * `blender` Blenders), not a broader one: `laptop` does not name Computers & Laptops, whose Monitors and Printers
 * it finds only through that name.
 */
function categoriesNamed(cats: CategoryName[], groups: QueryGroup[]): number[] {
  const words = groups.flatMap((g) => g.alternatives).filter((w) => w.length >= 3);
  const plurals = words.filter((w) => /^[a-z][a-z ]*$/.test(w)).flatMap((w) => [`${w}s`, `${w}es`]);
  const parents = new Set(cats.map((c) => c.parentId));
  const names = (c: CategoryName, ws: string[]) => ws.some((w) => c.names.includes(` ${w} `));
  const direct = cats
    .filter((c) => names(c, words) || (!parents.has(c.id) && names(c, plurals)))
    .map((c) => c.id);
  // A section named along with a section under it is named by a name of two things (الشاشات والصوتيات: screens and
  // audio), and the one under it is what was asked for (شاشات التليفزيون): شاشات ranks the TVs first, not earbuds.
  // Its other sections are not named.
  const parentOf = new Map(cats.map((c) => [c.id, c.parentId]));
  const above = new Set<number>();
  for (const id of direct)
    for (let p = parentOf.get(id); p != null && !above.has(p); p = parentOf.get(p)) above.add(p);
  const out = new Set(
    withSubtrees(
      cats,
      direct.filter((id) => !above.has(id)),
    ),
  );
  // Such a section's own products (not under any section of it) still count as named.
  for (const id of direct) out.add(id);
  return [...out];
}

/**
 * Whether two words of a search are one word, or one in the other's grammatical number: شاشه ⇄ شاشات (Arabic, as
 * a query's word finds its other number), television ⇄ televisions, box ⇄ boxes (English).
 */
function sameWord(a: string, b: string): boolean {
  if (a === b || numberForms(a).includes(b) || numberForms(b).includes(a)) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return /^[a-z]+$/.test(long) && (long === `${short}s` || long === `${short}es`);
}

/**
 * The sections each part of a search names whole, with the sections under them: the part, or something it also
 * finds, is all of a section's name in either language, word for word, each word as written or in its other number
 * (`television` → Televisions, `غسالة` → its `washing machine` → Washing Machines, `مكاوي`), or neighbouring parts
 * together are (`mobile phones`, `personal care`, `smart tv`). A product is found by such a part also by being in
 * one of them: its search text holds its own section's name and not its ancestors' (search-text.ts), so this is how
 * a search finds what is under a section it names. A name of two things (الموبايلات والتابلت, Refrigerators &
 * Freezers) is named whole only by both: `تابلت` finds the tablets, not every phone under "Mobiles & Tablets".
 */
function sectionsNamedWhole(cats: CategoryName[], groups: QueryGroup[]): number[][] {
  const named = (words: string[]) =>
    cats
      .filter((c) =>
        c.wholeNames.some(
          (name) => name.length === words.length && name.every((w, i) => sameWord(w, words[i]!)),
        ),
      )
      .map((c) => c.id);
  const found = groups.map((g) => new Set(g.alternatives.flatMap((a) => named(queryWords(a)))));
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) {
      const ids = named(groups.slice(i, j + 1).flatMap((g) => g.typed.split(' ')));
      for (let k = i; k <= j; k++) for (const id of ids) found[k]!.add(id);
    }
  return found.map((ids) => (ids.size ? withSubtrees(cats, ids) : []));
}

/** How a search word is matched: as typed when some product has it, else as its nearest catalog words. */
type WordMatch = { asTyped: true } | { asTyped: false; near: string[] };

/** How many catalog words a word found nowhere may stand for (the typo case). */
const NEAR_WORDS = 5;

/**
 * The catalog words closest to a word found in no product: the trigram index of the distinct words finds those
 * alike enough, and `nearestWords` orders them as the catalog index does (the same function on both paths).
 */
async function nearWords(db: DbOrTx, t: string): Promise<string[]> {
  const near = await rows<{ word: string }>(
    db,
    sql`select word from search_words where ${t} <% word
        order by word_similarity(${t}, word) desc, length(word), word limit ${NEAR_WORDS * 10}`,
  );
  return nearestWords(
    t,
    near.map((r) => r.word),
    WORD_SIMILARITY_THRESHOLD,
    NEAR_WORDS,
  );
}

/**
 * A search text holding a word or a phrase: anywhere in it, but a first or last word of one or two Latin letters
 * as a word of its own (`wholeWordOnly`, as the catalog index finds it: `ac`, and `usb c` not in `usb cable`). The
 * substring test stays first, for the trigram index.
 */
const holdsWord = (text: SQL, w: string) => {
  const words = w.split(' ');
  const [first, last] = [wholeWordOnly(words[0]!), wholeWordOnly(words[words.length - 1]!)];
  return first || last
    ? sql`(${text} like ${'%' + w + '%'} and (' ' || ${text} || ' ') like ${`${first ? '% ' : '%'}${w}${last ? ' %' : '%'}`})`
    : sql`${text} like ${'%' + w + '%'}`;
};

async function matchWords(db: DbOrTx, tokens: string[]): Promise<WordMatch[]> {
  // One round trip asks, for every word, whether some product has it as typed.
  const [asTyped] = await rows<Record<string, boolean>>(
    db,
    sql`select ${sql.join(
      tokens.map(
        (t, i) =>
          sql`exists (select 1 from products where active and ${holdsWord(sql`search_text`, t)}) as ${sql.raw(`w${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  return Promise.all(
    tokens.map(async (t, i): Promise<WordMatch> => {
      if (asTyped?.[`w${i}`]) return { asTyped: true };
      // A typo: the closest words of the catalog (trigram word similarity over a table of a few thousand
      // words, not over every product), each then searched as typed.
      return { asTyped: false, near: await nearWords(db, t) };
    }),
  );
}

/** What a search asks for, resolved: every group must match one of its texts (none: nothing matches). */
interface SearchPlan {
  /** The query as it was read (a typo as the word it was read as): what matches are ranked by. */
  phrase: string;
  groups: SearchGroup[];
  didYouMean: string | null;
  /** The categories the query names (with their sub-categories): ranked first. */
  named: number[];
}

async function planSearch(
  db: DbOrTx,
  view: CatalogView,
  tokens: string[],
  words: (plain: string[]) => Promise<WordMatch[]>,
  vocabulary: () => readonly string[] | Promise<readonly string[]>,
  depth = 0,
): Promise<SearchPlan> {
  const phrase = tokens.join(' ');
  // Words as shoppers write them: a word or phrase with synonyms (مكيف → تكييف, لاب توب ⇄ لابتوب ⇄ laptop) or
  // another grammatical number (شاشه ⇄ شاشات) finds any of them (synonyms.ts).
  const synonyms = await view.remember('synonyms', () => loadSynonyms(db));
  const expanded = expandQuery(tokens, synonyms);
  const cats = await view.remember('category names', () => categoryNames(db));
  // The sections each part names whole (television, mobile phones): a part naming one is found in it.
  const sectioned = sectionsNamedWhole(cats, expanded);
  const sectionsOf = new Map(expanded.map((g, i) => [g, sectioned[i]!]));
  // A word with no synonym must appear, as typed or in its other number (شاشه ⇄ شاشات), when some product has it;
  // else it is a typo: one of the catalog words closest to it. Comparing a typo with every product's text took
  // seconds on a large catalog; comparing it with the catalog's distinct words takes milliseconds (decision 003).
  const own = (g: QueryGroup) => !g.typed.includes(' ') && !synonyms.has(g.typed);
  const plain = expanded.filter(own);
  const matches = plain.length ? await words(plain.map((g) => g.typed)) : [];
  // Its other number is asked about only when the word as typed is found nowhere (a plural the catalog writes in
  // the singular, or a typo).
  const unfound = plain.filter((g, i) => !matches[i]!.asTyped && g.alternatives.length > 1);
  const otherNumbers = unfound.length ? await words(unfound.map((g) => g.alternatives[1]!)) : [];
  // The words found nowhere, in either number, nor naming a section: typos.
  const nowhere = new Set(
    plain.filter(
      (g, i) =>
        !matches[i]!.asTyped && !otherNumbers[unfound.indexOf(g)]?.asTyped && !sectionsOf.get(g)!.length,
    ),
  );
  // Two neighbouring words, one found nowhere, that are one edit from a phrase of the synonyms (اير فرير): read as
  // that phrase, then planned again as if typed so, and said as a correction.
  if (depth < tokens.length) {
    for (let e = 0; e + 1 < expanded.length; e++) {
      const [a, b] = [expanded[e]!, expanded[e + 1]!];
      if (a.typed.includes(' ') || b.typed.includes(' ') || !(nowhere.has(a) || nowhere.has(b))) continue;
      const near = synonymPhraseNear([a.typed, b.typed], synonyms);
      if (!near) continue;
      const before = expanded.slice(0, e).map((g) => g.typed);
      const after = expanded.slice(e + 2).map((g) => g.typed);
      const reread = [...before, near, ...after].join(' ').split(' ');
      const plan = await planSearch(db, view, reread, words, vocabulary, depth + 1);
      return { ...plan, didYouMean: plan.didYouMean ?? reread.join(' ') };
    }
  }
  const catalogWords = () => view.remember('vocabulary', async () => vocabulary());
  const readingOf = async (typed: string): Promise<string[]> => {
    const edits = (n: number) =>
      view.remember(`edits ${n} ${typed}`, async () =>
        wordsWithinEdits(typed, await catalogWords(), n, NEAR_WORDS),
      );
    const franco = francoReading(
      typed,
      await view.remember('franco', async () =>
        francoIndex(await catalogWords(), synonymVocabulary(synonyms)),
      ),
    );
    // A letter written as a digit (sa3a, sha7en) is Franco: read so before a Latin word one edit away (sata).
    if (franco.length && writesLettersAsDigits(typed)) return franco;
    if (typed.length >= 4) {
      const one = await edits(1);
      if (one.length) return one;
    }
    if (franco.length) return franco;
    return typed.length >= 7 ? edits(2) : [];
  };
  let k = 0;
  let corrected = false;
  const meant: string[] = [];
  const groups: SearchGroup[] = [];
  // A part read as other words (a typo) is found in the sections any of them names whole.
  const readAs = (alternatives: string[], readings: QueryGroup[]): SearchGroup => ({
    texts: alternatives,
    sections: withSubtrees(
      cats,
      readings.flatMap((r) => sectionsNamedWhole(cats, [r])[0]!),
    ),
  });
  // What each part is read as, for the categories it names: a typo names what it was read as (laptp → laptop).
  const read: QueryGroup[] = [];
  for (const g of expanded) {
    if (!own(g)) {
      groups.push({ texts: g.alternatives, sections: sectionsOf.get(g)! });
      meant.push(g.typed);
      read.push(g);
      continue;
    }
    const m = matches[k++]!;
    // Found as typed, or in its other number, or naming a section whole.
    if (m.asTyped || !nowhere.has(g)) {
      groups.push({ texts: g.alternatives, sections: sectionsOf.get(g)! });
      meant.push(g.typed);
      read.push(g);
      continue;
    }
    // Found nowhere, and no catalog word one edit from it: maybe one edit from a word shoppers use (تلفزبون →
    // تلفزيون, ايرفرير → ايرفراير). One edit says more than the trigrams' nearest (ايرفرير → اير, which AirPods have).
    const oneEdit = m.near.some((w) => withinOneEdit(g.typed, w));
    const term = oneEdit ? null : synonymTermNear(g.typed, synonyms);
    // Then, before the nearest by trigrams, which only look alike: a catalog word one edit away that the trigrams
    // missed (speeker → speaker, not speed); Arabic in Latin letters, the catalog's Arabic word that sounds the same
    // (talaga, sha7en; franco.ts: shasha was sharp, makwa maker); a catalog word two edits from a long word
    // (hedphons → headphones).
    const better = oneEdit || term ? [] : await readingOf(g.typed);
    if (better.length) {
      const asWords = better.map((w) => expandQuery([w], synonyms)[0]!);
      groups.push(readAs([...new Set(asWords.flatMap((a) => a.alternatives))], asWords));
      meant.push(better[0]!);
      read.push(...asWords);
      corrected = true;
    } else if (term) {
      const asTerm = expandQuery([term], synonyms)[0]!;
      groups.push(readAs(asTerm.alternatives, [asTerm]));
      // Said as the synonyms also write it apart, when they do (ايرفراير → اير فراير).
      meant.push(asTerm.alternatives.find((w) => w.includes(' ') && w.replaceAll(' ', '') === term) ?? term);
      read.push(asTerm);
      corrected = true;
    } else {
      groups.push(readAs(m.near, m.near.length ? [{ typed: m.near[0]!, alternatives: m.near }] : []));
      meant.push(m.near[0] ?? g.typed);
      if (m.near.length) {
        corrected = true;
        read.push(expandQuery([m.near[0]!], synonyms)[0]!);
      }
    }
  }
  const asRead = meant.join(' ');
  return {
    // Ranked by the query as it was read: by how closely products match `laptop`, not `laptp`.
    phrase: corrected ? asRead : phrase,
    groups,
    // A word found nowhere was read as the nearest catalog word: say so, with that query one tap away.
    didYouMean: corrected && asRead !== phrase ? asRead : null,
    // A query that names a category (شاشه → the TV and monitor sections) ranks that category's products first, and
    // so do the sections it names whole.
    named: [...new Set([...categoriesNamed(cats, read), ...groups.flatMap((g) => g.sections)])],
  };
}

type Remember = <T>(what: string, compute: () => Promise<T>) => Promise<T>;

/**
 * A page of a search whose products of some brands come first (`ListOptions.preferBrands`): the page of those
 * products, ranked among themselves, then of the others, as the catalog index orders them (`listFromIndexAt`).
 */
async function preferredFirst(
  db: DbOrTx,
  o: { all: SQL; offset: number; perPage: number; brands?: number[]; remember: Remember },
  page: (part: { all: SQL; offset: number; perPage: number; remember: Remember }) => Promise<number[]>,
): Promise<number[]> {
  if (!o.brands?.length) return page(o);
  const brands = o.brands;
  const part = (all: SQL, name: string, offset: number, perPage: number) =>
    page({
      all,
      offset,
      perPage,
      remember: (what, compute) => o.remember(`${what} ${name} ${brands}`, compute),
    });
  const first = sql`${o.all} and p.brand_id in ${brands}`;
  const firstCount = await o.remember(`count of brands ${brands}`, async () =>
    Number(
      (await rows<{ n: number }>(db, sql`select count(*) as n from products p where ${first}`))[0]?.n ?? 0,
    ),
  );
  const ids = o.offset < firstCount ? await part(first, 'brands', o.offset, o.perPage) : [];
  if (ids.length < o.perPage)
    ids.push(
      ...(await part(
        sql`${o.all} and p.brand_id not in ${brands}`,
        'other brands',
        Math.max(0, o.offset - firstCount),
        o.perPage - ids.length,
      )),
    );
  return ids;
}

/**
 * A page of search results, best first. The best RANKED_CANDIDATES matches by the cheap rank are ordered by word
 * similarity too; that list does not depend on stock, so it is remembered per catalog version and every page
 * slices the same list (pages never repeat or skip a product). Matches beyond it follow in the cheap order.
 */
async function rankedPage(
  db: DbOrTx,
  o: {
    all: SQL;
    relevance: { phrase: string; cheap: SQL };
    offset: number;
    perPage: number;
    candidates: number;
    remember: Remember;
  },
): Promise<number[]> {
  const remembered = await o.remember(`ranked ${o.candidates}`, async () => {
    const head = await rows<{ id: number; search_text: string; r0: number | string }>(
      db,
      sql`select p.id, p.search_text, ${o.relevance.cheap} as r0 from products p where ${o.all}
          order by r0 desc, p.id desc limit ${o.candidates}`,
    );
    const similarity = similarityTo(o.relevance.phrase);
    const score = new Map(head.map((r) => [Number(r.id), Number(r.r0) + similarity(r.search_text)]));
    return head.map((r) => Number(r.id)).sort((a, b) => score.get(b)! - score.get(a)! || b - a);
  });
  const ranked = [...remembered];
  // In stock before sold out, each in the ranked order. Stock is read now (it changes without the catalog's
  // version, so the remembered list cannot hold it).
  if (ranked.length) {
    const soldOut = new Set(
      (await rows<{ id: number }>(db, sql`select id from products where id in ${ranked} and stock <= 0`)).map(
        (r) => Number(r.id),
      ),
    );
    if (soldOut.size) ranked.sort((a, b) => Number(soldOut.has(a)) - Number(soldOut.has(b)));
  }
  const page = ranked.slice(o.offset, o.offset + o.perPage);
  const end = o.offset + o.perPage;
  if (ranked.length === o.candidates && end > o.candidates) {
    const from = Math.max(o.offset, o.candidates);
    const more = await rows<{ id: number }>(
      db,
      sql`select p.id from products p where ${o.all}
          order by ${o.relevance.cheap} desc, p.id desc limit ${end - from} offset ${from}`,
    );
    page.push(...more.map((r) => Number(r.id)));
  }
  return page;
}

export async function listProducts(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
): Promise<ProductListResponse> {
  const answer = await listOnce(db, q, opts);
  return opts.fewerWords ? withFewerWords(db, q, opts, answer) : answer;
}

/**
 * A search of two words or more that found nothing, although each word is in some product (iphone 15 pro: the
 * store has the iPhone 15, not its Pro; شاحن ايفون: chargers, none named for the iPhone): answered as the same
 * search without one of its words, said in `showing_for`, instead of a page of nothing. The other searches without
 * one word that find something are offered in `other_searches`, since no order is right for every search. Only when
 * nothing was found, so it costs a search that found something nothing.
 *
 * Which word goes first is the one that least says what the shopper is after:
 * - Mostly the last: what narrows a search is mostly typed last (iphone 15 pro, samsung galaxy s99), and Arabic
 *   names the thing first and what it is for after it (شاحن ايفون).
 * - But a search in English whose last word names a section of the store names the thing last (iphone charger,
 *   apple iphone charger: a charger): there the first word goes first.
 * - A word that only ties the others together (`for`, `with`, `ل`, `بتاع`: `queryWords`) is never one of them, and
 *   says the thing comes before it: `charger for iphone` is a charger, `iphone with charger` an iPhone.
 * - Of two words with nothing between them, one that finds only things costing a fraction of what the other finds is
 *   the thing, in either order (`charger iphone`, `ايفون شاحن`: the chargers).
 */
async function withFewerWords(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
  answer: ProductListResponse,
): Promise<ProductListResponse> {
  const typed = q.query?.trim().split(/\s+/) ?? [];
  const meaningful = typed.filter((w) => !isFillerWord(w));
  const words = meaningful.length ? meaningful : typed;
  if (answer.meta.total_entries > 0 || words.length < 2 || words.length > FEWER_WORDS_UP_TO) return answer;
  const order = words.map((_, i) => words.length - 1 - i);
  // Read as Arabic written in Latin letters (sha7en iphone: شاحن), it is in Arabic's order.
  const readAsArabic = /[\u0600-\u06FF]/.test(answer.meta.did_you_mean ?? '');
  if (meaningful.length === typed.length && !readAsArabic && (await namesThingLast(db, words)))
    order.reverse();
  let shown: ProductListResponse | null = null;
  const said: string[] = [];
  const found: { fewer: string; left: string; meta: ProductListResponse['meta'] }[] = [];
  for (const i of order) {
    const fewer = words.filter((_, j) => j !== i).join(' ');
    if (!queryWords(fewer).length) continue;
    // The one shown in full; the others only counted (one card).
    const other = await listOnce(
      db,
      shown ? { ...q, query: fewer, page: 1, per_page: 1 } : { ...q, query: fewer },
      opts,
    );
    if (other.meta.total_entries === 0) continue;
    // A typo among the words left is read as the catalog's word (laptp → laptop): said as read, once.
    const read = other.meta.did_you_mean ?? fewer;
    if (said.includes(read)) continue;
    said.push(read);
    found.push({ fewer, left: words[i]!, meta: other.meta });
    shown ??= other;
  }
  if (!shown) return answer;
  let chosen = found[0]!;
  // Two words, a thing and what it goes with, in either order (charger iphone, ايفون شاحن): the thing is what is
  // wanted, and it costs a fraction of what it goes with. Every one of them under a fifth of the other's cheapest.
  if (
    found.length === 2 &&
    words.length === 2 &&
    meaningful.length === typed.length &&
    !words.some((w) => /\d/.test(w)) &&
    found[1]!.meta.max_price * ACCESSORY_PRICE_RATIO <= found[0]!.meta.min_price
  ) {
    chosen = found[1]!;
    shown = await listOnce(db, { ...q, query: chosen.fewer }, opts);
    said.reverse();
  }
  // The word left out still ranks: when what it finds is mostly one brand's (iphone: Apple's), that brand's products
  // come first among those shown (Apple's own chargers for `iphone charger`). No product shown holds the word itself
  // (it would have every word of the search); in a sort the shopper chose, the order is that sort's.
  const brands = orderBy(q) === DEFAULT_ORDER ? await brandOf(db, chosen.left, opts) : [];
  if (brands.length)
    shown = await listOnce(db, { ...q, query: chosen.fewer }, { ...opts, preferBrands: brands });
  const { did_you_mean: _read, ...meta } = shown.meta;
  return {
    ...shown,
    meta: {
      ...meta,
      showing_for: said[0]!,
      ...(said.length > 1 ? { other_searches: said.slice(1, 1 + OTHER_SEARCHES) } : {}),
    },
  };
}

/** The brand of most of what a word finds alone, when one brand has more than half of it (iphone: Apple). */
async function brandOf(db: DbOrTx, word: string, opts: ListOptions): Promise<number[]> {
  const alone = await listOnce(db, { query: word, per_page: 1 }, { ...opts, preferBrands: undefined });
  const [top] = alone.meta.facets?.brands ?? [];
  return top && top.count * 2 > alone.meta.total_entries ? [top.id] : [];
}

/**
 * A search in Latin letters whose last word names a section of the store (charger: Chargers & Cables; fridge:
 * Refrigerators): English names the thing last (iphone charger). A last word with digits is a model (galaxy s99).
 */
async function namesThingLast(db: DbOrTx, words: string[]): Promise<boolean> {
  const tokens = queryWords(words.join(' '));
  const last = tokens.at(-1);
  if (!last || tokens.length < 2 || !tokens.every((w) => /^[a-z0-9]+$/.test(w)) || !/^[a-z]+$/.test(last))
    return false;
  const view = await catalogView(db);
  const synonyms = await view.remember('synonyms', () => loadSynonyms(db));
  const cats = await view.remember('category names', () => categoryNames(db));
  return categoriesNamed(cats, expandQuery([last], synonyms)).length > 0;
}

async function listOnce(db: DbOrTx, q: ProductListQuery, opts: ListOptions): Promise<ProductListResponse> {
  // A list not asked before is answered from the catalog index in this process's memory when it is at the
  // catalog's version now (catalog-index.ts, decision 022); a shopper's favorites, or a large catalog whose index
  // is being rebuilt, come from the database.
  if (!q.favorites && opts.catalogIndex !== false) {
    const fromIndex = await listFromIndex(db, q, opts);
    if (fromIndex) return fromIndex;
  }
  // Totals, price ranges, sub-trees and search words depend only on the catalog's version: remembered per
  // version, recomputed when the catalog changes (catalog-memo.ts, decision 009). First with the newest version
  // this instance has seen, checked by the query that reads the page; when the catalog has changed since, once
  // more with the version read now.
  return (
    (await listAt(db, await catalogView(db, { assume: true }), q, opts)) ??
    (await listAt(db, await catalogView(db), q, opts))!
  );
}

/** The list's filters other than search and price, resolved against the catalog at the view's version. */
async function listFilters(db: DbOrTx, view: CatalogView, q: ProductListQuery) {
  const categoryId = q.category_id;
  const slug = q.promotion_slug;
  return {
    categories: categoryId
      ? await view.remember(`subtree ${categoryId}`, () => categorySubtree(db, categoryId))
      : null,
    promotionBySlug: slug
      ? await view.remember(`promotion ${slug}`, async () => {
          const [r] = await rows<{ id: number }>(db, sql`select id from promotions where slug = ${slug}`);
          return r ? Number(r.id) : -1;
        })
      : null,
  };
}

/** Everything the totals and a search's ranking depend on (not a shopper's favorites: never remembered). */
const filterKey = (q: ProductListQuery, tokens: string[]) =>
  JSON.stringify([
    q.category_id ?? null,
    [...(q.brand_id ?? [])].sort((a, b) => a - b),
    !!q.featured,
    !!q.in_active_promotion,
    !!q.in_dedicated_page,
    q.promotion_id ?? null,
    q.promotion_slug ?? null,
    tokens,
    q.min_price ?? null,
    q.max_price ?? null,
  ]);

/**
 * The list from the catalog index; null when the index is not at the catalog's version (the database answers).
 * First at the versions this instance saw last, without a query: the statement that reads the page's stock reads
 * the versions too, and when the catalog or its sold-out products have moved since, the list is made again at the
 * versions read now (as decision 009's lists do). A list then costs one statement.
 */
async function listFromIndex(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
): Promise<ProductListResponse | null> {
  const seen = seenVersions(db);
  if (seen) {
    const answer = await listFromIndexAt(db, q, opts, seen, true);
    if (answer) return answer;
  }
  return listFromIndexAt(db, q, opts, await readVersions(db), false);
}

async function listFromIndexAt(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
  versions: Versions,
  assumed: boolean,
): Promise<ProductListResponse | null> {
  const idx = await catalogIndexAt(db, versions.version);
  if (!idx) return null;
  const view = await catalogView(db, { at: idx.version });
  const perPage = q.per_page ?? DEFAULT_PRODUCT_PER_PAGE;
  const page = q.page ?? 1;
  const { categories, promotionBySlug } = await listFilters(db, view, q);
  const tokens = q.query ? queryWords(q.query) : [];
  const search = tokens.length
    ? await planSearch(
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
      )
    : null;
  const promotionId =
    q.promotion_id !== undefined && promotionBySlug !== null
      ? q.promotion_id === promotionBySlug
        ? q.promotion_id
        : -1
      : (q.promotion_id ?? promotionBySlug);
  const found = match(idx, {
    categories: categories ? new Set(categories) : null,
    brands: q.brand_id?.length ? new Set(q.brand_id) : null,
    featured: !!q.featured,
    onOffer: !!q.in_active_promotion,
    special: !!q.in_dedicated_page,
    promotionId,
    groups: search?.groups ?? [],
    minPiastres: q.min_price === undefined ? null : q.min_price * 100,
    maxPiastres: q.max_price === undefined ? null : q.max_price * 100,
  });
  const total = found.total;
  const offset = (page - 1) * perPage;
  const key = filterKey(q, tokens);
  let pageIds: number[] = [];
  if (offset < total) {
    const soldOut = await soldOutMarks(db, idx, versions.soldOut);
    const sorted = (order: Int32Array, reverse = false) => inOrder(idx, found.matches, order, reverse);
    let list: Int32Array;
    if (q.latest_to_oldest) list = rememberOrder(idx, `created ${key}`, () => sorted(idx.byCreated));
    else if (q.lowest_price || q.lowest_to_highest_price)
      list = rememberOrder(idx, `price asc ${key}`, () => sorted(idx.byPrice));
    else if (q.highest_price || q.highest_to_lowest_price)
      list = rememberOrder(idx, `price desc ${key}`, () => sorted(idx.byPrice, true));
    else if (q.featured_first)
      list = rememberOrder(idx, `featured ${key}`, () =>
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
        list = rememberOrder(idx, `ranked ${candidates} ${whole} ${lazy} ${versions.soldOut} ${key}`, order);
      } else {
        // The products of the brands preferred first, each part ranked on its own (as `preferredFirst` pages them).
        const first = found.matches.filter((d) => brands.has(idx.brand[d]!));
        const others = found.matches.filter((d) => !brands.has(idx.brand[d]!));
        const [wholeFirst, orderFirst] = ranked(first, 0);
        const [wholeOthers, orderOthers] = ranked(others, first.length);
        list = rememberOrder(
          idx,
          `ranked ${candidates} ${wholeFirst} ${wholeOthers} ${lazy} ${versions.soldOut} brands ${[...brands]} ${key}`,
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
      list = rememberOrder(idx, `default ${versions.soldOut} ${key}`, () =>
        partition(found.matches, (d) => soldOut[d] === 1),
      );
    pageIds = Array.from(list.subarray(offset, offset + perPage), (d) => idx.ids[d]!);
  }
  // A search that found nothing shows the categories nearest to it: read with the versions, in one statement.
  const none = total === 0 && tokens.length ? await nearestWithVersions(db, view, tokens) : null;
  const cards = none
    ? { rows: [], live: [], versions: none.versions }
    : await indexCards(db, idx, pageIds, opts);
  if (
    assumed &&
    !(cards.versions.version === versions.version && cards.versions.soldOut === versions.soldOut)
  )
    return null;
  const products = await withMonthly(
    db,
    cards.rows.map((r, i) => toCard(r, opts.locale, opts.now, cards.live[i])),
    view,
  );
  // The search's own sections come first among the category filters, kept among the twelve however few products
  // they hold: `laptop` offers its laptop sections before Monitors and Printers (found through Computers & Laptops,
  // and fuller), `ac` its air conditioners' sections, not the twelve holding the most words with "ac" in them.
  // listFacets orders the database's answer alike.
  const own = new Set(search?.named ?? []);
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
  const facets = {
    categories: named(found.categoryCounts, idx.categoryNames, 12, own),
    brands: named(found.brandCounts, idx.brandNames, 30),
  };
  return listAnswer({
    products,
    perPage,
    page,
    total,
    min: found.min,
    max: found.max,
    facets,
    didYouMean: search?.didYouMean ?? null,
    nearest: none ? none.nearest : await nearestIfNone(db, view, total, tokens),
    locale: opts.locale,
  });
}

/**
 * The categories nearest to a search that found nothing (`nearestIfNone`), and the versions now: when they are not
 * remembered yet, one statement reads both (a search the catalog has no words for costs a statement, as one with
 * results does, instead of three).
 */
async function nearestWithVersions(db: DbOrTx, view: CatalogView, tokens: string[]) {
  let versions: Versions | null = null;
  const phrase = tokens.join(' ');
  const nearest = await view.remember(`nearest ${phrase}`, () =>
    nearestCategories(db, phrase, view, (v) => (versions = v)),
  );
  if (versions) sawVersions(db, versions);
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
  const above: number[] = [];
  for (let i = 0; i < matches.length; i++) if (cheap[i]! > floor && cheap[i]! < UNTESTED) above.push(i);
  above.sort((a, b) => cheap[b]! - cheap[a]! || byTie[matches[a]!]! - byTie[matches[b]!]!);
  const cheapOrder = above.map((i) => matches[i]!);
  const need = candidates - above.length;
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
  const similarity = similarityTo(phrase);
  // Sorted by score, then by the cheap order (a head position's index). The head's cheap ranks are those counted
  // above (the first ones', then the floor's), not looked for again in its texts.
  const score = new Float64Array(head.length);
  for (let i = 0; i < head.length; i++) {
    const c = i < above.length ? cheap[above[i]!]! : floor;
    score[i] = c / 2 + similarity(idx.texts[head[i]!]!);
  }
  const byScore = Int32Array.from({ length: head.length }, (_, i) => i).sort(
    (a, b) => score[b]! - score[a]! || a - b,
  );
  // The rest is wanted only with the whole order (below the floor nothing was kept otherwise).
  return {
    top: byScore.map((i) => head[i]!),
    rest: whole ? Int32Array.from(cheapOrder.slice(candidates)) : new Int32Array(0),
  };
}

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
    const marked: number[] = [];
    each((d, value) => {
      marks[d] = value;
      marked.push(d);
    });
    const byTie = popularityRank(idx);
    marked.sort((a, b) => byTie[a]! - byTie[b]!);
    try {
      for (const d of marked) if (visit(d, marks[d]!)) return;
    } finally {
      for (const d of marked) marks[d] = 0;
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

interface Facet {
  id: number;
  en: string;
  ar: string;
  count: number;
}

/** Nothing found for a search: the categories nearest to what was typed, so the page is no dead end. */
async function nearestIfNone(db: DbOrTx, view: CatalogView, total: number, tokens: string[]) {
  if (total !== 0 || !tokens.length) return undefined;
  const phrase = tokens.join(' ');
  return view.remember(`nearest ${phrase}`, () => nearestCategories(db, phrase));
}

/** The list's answer, the same from the index and from the database. */
function listAnswer(a: {
  products: Product[];
  perPage: number;
  page: number;
  total: number;
  min: number | null;
  max: number | null;
  facets?: { categories: Facet[]; brands: Facet[] };
  didYouMean: string | null;
  nearest?: { id: number; en: string; ar: string }[];
  locale: Locale;
}): ProductListResponse {
  return {
    products: a.products,
    meta: {
      per_page: a.perPage,
      total_entries: a.total,
      current_page: a.page,
      next_page: a.page * a.perPage < a.total ? a.page + 1 : null,
      min_price: toEgp(Number(a.min ?? 0)),
      max_price: toEgp(Number(a.max ?? 0)),
      ...(a.facets ? { facets: localFacets(a.facets, a.locale) } : {}),
      ...(a.didYouMean
        ? {
            did_you_mean: asWritten(
              a.didYouMean,
              a.products.flatMap((p) => [p.title_ar, p.title_en, p.category.name_ar, p.category.name_en]),
            ),
          }
        : {}),
      ...(a.nearest
        ? { nearest_categories: a.nearest.map((c) => ({ id: c.id, name: pick(a.locale, c.en, c.ar) })) }
        : {}),
    },
  };
}

/** A list as of this view of the catalog, or null when the catalog is no longer at the view's version. */
async function listAt(
  db: DbOrTx,
  view: CatalogView,
  q: ProductListQuery,
  opts: ListOptions,
): Promise<ProductListResponse | null> {
  const perPage = q.per_page ?? DEFAULT_PRODUCT_PER_PAGE;
  const page = q.page ?? 1;
  const where: SQL[] = [sql`p.active`];
  const { categories, promotionBySlug } = await listFilters(db, view, q);
  if (categories) where.push(categories.length ? sql`p.category_id in ${categories}` : sql`false`);
  // Brands are applied last (below), so the brand facet can count the other brands of the same list.
  const brandCond = q.brand_id?.length ? sql`p.brand_id in ${q.brand_id}` : null;
  if (q.featured) where.push(sql`p.featured`);
  if (q.in_active_promotion)
    where.push(sql`p.promotion_id is not null and p.current_price_piastres < p.price_piastres`);
  if (q.in_dedicated_page) where.push(sql`p.special_offer`);
  if (q.promotion_id) where.push(sql`p.promotion_id = ${q.promotion_id}`);
  if (promotionBySlug !== null) where.push(sql`p.promotion_id = ${promotionBySlug}`);
  if (q.favorites) {
    where.push(
      opts.userId
        ? sql`exists (select 1 from favorites f where f.user_id = ${opts.userId} and f.product_id = p.id)`
        : sql`false`,
    );
  }

  const tokens = q.query ? queryWords(q.query) : [];
  let relevance: { phrase: string; cheap: SQL } | null = null;
  const search = tokens.length
    ? await planSearch(
        db,
        view,
        tokens,
        (plain) => view.remember(`words ${plain.join(' ')}`, () => matchWords(db, plain)),
        async () => (await rows<{ word: string }>(db, sql`select word from search_words`)).map((r) => r.word),
      )
    : null;
  if (search) {
    // A group matches a product holding one of its texts, or in one of the sections it names whole.
    const anyOf = (g: SearchGroup) => {
      const conditions = g.texts.map((w) => holdsWord(sql`p.search_text`, w));
      if (g.sections.length) conditions.push(sql`p.category_id in ${g.sections}`);
      return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
    };
    for (const g of search.groups) where.push(anyOf(g));
    const { phrase, named } = search;
    // Best first: a named category, then the whole phrase as typed, then the phrase at the start (titles lead
    // the search text), then how closely the words match (word similarity, for the best candidates only). In
    // stock before sold out is applied to each page (rankedPage): stock moves without the catalog's version.
    relevance = {
      phrase,
      // The whole phrase held as the index holds it (one or two Latin letters: as a word of its own), and at the
      // start of a text that holds it.
      cheap: sql`(${named.length ? sql`case when p.category_id in ${named} then 2 else 0 end` : sql`0`}
        + case when ${holdsWord(sql`p.search_text`, phrase)}
            then 1 + case when p.search_text like ${phrase + '%'} then 0.5 else 0 end else 0 end)`,
    };
  }
  const facetWhere = sql.join(where, sql` and `);
  if (brandCond) where.push(brandCond);
  const priceWhere: SQL[] = [];
  if (q.min_price !== undefined) priceWhere.push(sql`p.current_price_piastres >= ${q.min_price * 100}`);
  if (q.max_price !== undefined) priceWhere.push(sql`p.current_price_piastres <= ${q.max_price * 100}`);

  const base = sql.join(where, sql` and `);
  const all = sql.join([...where, ...priceWhere], sql` and `);
  const priceCond = priceWhere.length ? sql.join(priceWhere, sql` and `) : sql`true`;

  type Meta = { total: string | number; min: number | null; max: number | null };
  const computeMeta = async () =>
    (
      await rows<Meta>(
        db,
        sql`select count(*) filter (where ${priceCond}) as total, min(p.current_price_piastres) as min,
            max(p.current_price_piastres) as max from products p where ${base}`,
      )
    )[0];
  const key = filterKey(q, tokens);
  const remember = <T>(what: string, compute: () => Promise<T>) =>
    q.favorites ? compute() : view.remember(`${what} ${key}`, compute);
  const meta = await remember('meta', computeMeta);
  const total = Number(meta?.total ?? 0);
  const offset = (page - 1) * perPage;
  const explicitSort = orderBy(q) !== DEFAULT_ORDER;
  let found: Row[] = [];
  if (offset < total) {
    // Past the last page (or nothing matches) there is nothing to read.
    const source: CardSource =
      relevance && !explicitSort
        ? await preferredFirst(db, { all, offset, perPage, brands: opts.preferBrands, remember }, (part) =>
            rankedPage(db, {
              ...part,
              relevance: relevance!,
              candidates: opts.rankedCandidates ?? RANKED_CANDIDATES,
            }),
          )
        : total <= (opts.sortInMemoryBelow ?? SORT_IN_MEMORY_BELOW)
          ? // A few thousand matches: take them all (for a category or brand, from its covering index alone)
            // and sort. Walking a sort's index instead can pass most of the catalog before it meets them:
            // 125 ms for a category whose products all sit at one end of the price index.
            sql`select p.id from (
                  select p.id, p.current_price_piastres, p.stock, p.created_at, p.featured
                  from products p where ${all} offset 0
                ) p order by ${orderBy(q)} limit ${perPage} offset ${offset}`
          : sql`select p.id from products p where ${all} order by ${orderBy(q)} limit ${perPage} offset ${offset}`;
    // The page's cards, and in the same statement the catalog version they are read at.
    found = await cardRows(db, source, opts, sql`${CATALOG_VERSION_COLUMN} as catalog_version`);
  }
  if (!(await view.settle(found[0] ? (found[0].catalog_version as number | string | null) : undefined)))
    return null;
  const products = await withMonthly(
    db,
    found.map((r) => toCard(r, opts.locale, opts.now)),
    view,
  );
  // What the list's filters show: how many of these products each category and brand holds (the brand counts
  // over the list without its brand filter, so a shopper sees the other brands too); favorites are not counted.
  const facets = q.favorites
    ? undefined
    : await remember('facets', () =>
        listFacets(db, { all: base, withoutBrands: facetWhere, priceCond, named: search?.named ?? [] }),
      );
  return listAnswer({
    products,
    perPage,
    page,
    total,
    min: meta?.min ?? null,
    max: meta?.max ?? null,
    facets,
    didYouMean: search?.didYouMean ?? null,
    nearest: await nearestIfNone(db, view, total, tokens),
    locale: opts.locale,
  });
}

/** Counts per category (the product's own) and per brand, most first; one round trip. */
async function listFacets(db: DbOrTx, o: { all: SQL; withoutBrands: SQL; priceCond: SQL; named: number[] }) {
  // The search's own sections are kept among the twelve, however few products they hold.
  const own = o.named.length ? sql`(c.id in ${o.named}) desc,` : sql``;
  const list = await rows<{ kind: string; id: number; name_en: string; name_ar: string; n: string }>(
    db,
    sql`(select 'category' as kind, c.id, c.name_en, c.name_ar, count(*) as n
          from products p join categories c on c.id = p.category_id
          where ${o.all} and ${o.priceCond} group by c.id order by ${own} n desc, c.id limit 12)
        union all
        (select 'brand' as kind, b.id, b.name_en, b.name_ar, count(*) as n
          from products p join brands b on b.id = p.brand_id
          where ${o.withoutBrands} and ${o.priceCond} group by b.id order by n desc, b.id limit 30)`,
  );
  const of = (kind: string): Facet[] =>
    list
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: Number(r.id), en: String(r.name_en), ar: String(r.name_ar), count: Number(r.n) }));
  return { categories: of('category'), brands: of('brand') };
}

/** The list's filters in the shopper's language. */
const localFacets = (f: { categories: Facet[]; brands: Facet[] }, locale: Locale) => {
  const named = (xs: Facet[]) =>
    xs.map((x) => ({ id: x.id, name: pick(locale, x.en, x.ar), count: x.count }));
  return { categories: named(f.categories), brands: named(f.brands) };
};

/**
 * The categories whose names are nearest to a query that found nothing (trigram word similarity), at most 4.
 * With `versions`, the statement reads the catalog versions too and hands them over (none read: no active
 * category); the departments then come from `view` (remembered per version).
 */
async function nearestCategories(
  db: DbOrTx,
  phrase: string,
  view?: CatalogView,
  versions?: (v: Versions) => void,
) {
  const list = await rows<{ id: number; name_en: string; name_ar: string; score: number } & Row>(
    db,
    sql`select id, name_en, name_ar, greatest(word_similarity(${phrase}, lower(name_en)),
          word_similarity(${phrase}, name_ar)) as score ${versions ? sql`, ${VERSIONS_COLUMNS}` : sql``}
        from categories where active order by score desc, id limit 4`,
  );
  const first = list[0];
  if (versions && first)
    versions({
      version: first.catalog_version == null ? null : Number(first.catalog_version),
      soldOut: Number(first.sold_out_version ?? 0),
    });
  const near = list.filter((c) => Number(c.score) >= 0.3);
  // Nothing close: the departments, to browse from.
  const departments = () =>
    rows<{ id: number; name_en: string; name_ar: string }>(
      db,
      sql`select id, name_en, name_ar from categories where active and parent_id is null order by position, id limit 8`,
    );
  const out = near.length
    ? near
    : view
      ? await view.remember('departments', departments)
      : await departments();
  return out.map((c) => ({ id: Number(c.id), en: String(c.name_en), ar: String(c.name_ar) }));
}

/* ---------------- installments (issue 16) ---------------- */

interface Plan extends PlanTerms {
  id: number;
  bankId: number;
  bankEn: string;
  bankAr: string;
  titleEn: string;
  titleAr: string;
}

/**
 * The active plans of active banks, remembered per catalog version (banks and plans move it: migration 0015).
 * `view`: a catalog version the caller has checked against its answer; else the version is read now (one small
 * query), as a plan switched off must leave the very next card.
 */
async function activePlans(db: DbOrTx, checked?: CatalogView): Promise<Plan[]> {
  const view = checked ?? (await catalogView(db));
  return view.remember('installment plans', async () =>
    (
      await rows<Record<string, unknown>>(
        db,
        sql`select i.id, i.bank_id, b.name_en as bank_en, b.name_ar as bank_ar, i.title_en, i.title_ar, i.months,
              i.interest_basis_points, i.fee_basis_points, i.minimum_piastres
            from bank_installments i join banks b on b.id = i.bank_id
            where i.active and b.active order by b.position, b.id, i.months, i.id`,
      )
    ).map((r) => ({
      id: Number(r.id),
      bankId: Number(r.bank_id),
      bankEn: String(r.bank_en),
      bankAr: String(r.bank_ar),
      titleEn: String(r.title_en),
      titleAr: String(r.title_ar),
      months: Number(r.months),
      interestBasisPoints: Number(r.interest_basis_points),
      feeBasisPoints: Number(r.fee_basis_points),
      minimumPiastres: Number(r.minimum_piastres),
    })),
  );
}

/** Cards with their lowest monthly amount ("from … a month") over the plans, for what the shopper pays now. */
async function withMonthly(db: DbOrTx, cards: Product[], checked?: CatalogView): Promise<Product[]> {
  if (!cards.length) return cards;
  const plans = await activePlans(db, checked);
  return cards.map((c) => {
    const m = lowestMonthly(Math.round(c.checkout_price * 100), plans);
    return { ...c, monthly_from: m === null ? null : toEgp(m) };
  });
}

/** Every bank's plans offered for a price (from their minimum amount): the product page's table. */
function installmentTable(pricePiastres: number, plans: Plan[], L: Locale): ProductInstallments {
  const banks = new Map<number, ProductInstallments[number]>();
  for (const p of plans) {
    if (!planOffered(pricePiastres, p)) continue;
    let bank = banks.get(p.bankId);
    if (!bank)
      banks.set(p.bankId, (bank = { bank_id: p.bankId, bank_name: pick(L, p.bankEn, p.bankAr), plans: [] }));
    const q = installmentQuote(pricePiastres, p);
    bank.plans.push({
      id: p.id,
      title: pick(L, p.titleEn, p.titleAr),
      months: p.months,
      interest_percent: p.interestBasisPoints / 100,
      monthly: toEgp(q.monthlyPiastres),
      fee: toEgp(q.feePiastres),
      total: toEgp(q.totalPiastres),
    });
  }
  return [...banks.values()];
}

/**
 * What a card shows that moves without the catalog version: the stock (every order), the rating (every rating) and
 * the shopper's favorite. Everything else on a card moves the version (migration 0020).
 */
const liveColumns = (userId?: number | null) =>
  sql`p.stock,
      (select json_build_object('sum', r.rating_sum, 'count', r.rating_count)
         from product_ratings r where r.product_id = p.id) as rating,
      ${
        userId
          ? sql`exists (select 1 from favorites f where f.user_id = ${userId} and f.product_id = p.id)`
          : sql`false`
      } as is_favorite`;
const VERSIONS_COLUMNS = sql`(select version from catalog_state where id = 1) as catalog_version,
  (select sold_out_version from catalog_state where id = 1) as sold_out_version`;

/** Cards kept per catalog index (so per catalog version), without their live columns; bounded. */
const keptCards = new WeakMap<CatalogIndex, Map<number, Row>>();
const CARDS_KEPT = 20_000;

/**
 * The page's card rows for a list from the catalog index, and the versions read by the same statement. Cards seen
 * before at this catalog version are kept with the index: then only their live columns are read (a few primary key
 * lookups, shared by the guests' lists waiting at once); a page holding any card not kept reads whole cards, and
 * keeps them. (About half of new searches' pages at 100,000 products read whole cards, joins and pictures:
 * PostgreSQL's largest cost per new search; nearly all of them cards never shown before, so keeping more than
 * 20,000 did not make them fewer in the bench.) A kept card is a row made without its live columns (not a copy with
 * keys deleted, which V8 turns into a slower, larger dictionary object).
 */
async function indexCards(
  db: DbOrTx,
  idx: CatalogIndex,
  ids: number[],
  opts: ListOptions,
): Promise<{ rows: Row[]; live: Row[]; versions: Versions }> {
  if (!ids.length) return { rows: [], live: [], versions: await readVersions(db) };
  let kept = keptCards.get(idx);
  if (!kept) {
    keptCards.set(idx, (kept = new Map()));
    warmCards(db, idx, kept, opts);
  }
  // Taken now: other requests may push these out of the bounded map while this one waits for its query.
  const cards = ids.map((id) => kept.get(id));
  let list: Row[];
  // Each row's live columns: the row itself when read whole, else its kept card's live read (not merged into a copy
  // of the card: copying a card and adding them allocated about 4 KB a card, the largest garbage of a new search).
  let live: Row[];
  let first: Row | undefined;
  if (cards.some((c) => !c)) {
    // One statement for the page, live columns included: a second statement for the cards not kept, beside the
    // shared live read, cost the server's thread more than it saved PostgreSQL (the thread is what saturates).
    list = await cardRows(db, ids, opts, VERSIONS_COLUMNS);
    live = list;
    first = list[0];
    for (const r of list) {
      const { card, version } = withoutLive(r);
      // Kept only when read at the index's version (a catalog changed meanwhile fails the list's version check).
      if (version !== idx.version) continue;
      if (kept.size >= CARDS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(Number(r.id), card);
    }
  } else {
    const found = opts.userId
      ? new Map(
          (
            await rows(
              db,
              sql`select p.id, ${liveColumns(opts.userId)}, ${VERSIONS_COLUMNS} from products p where p.id in ${ids}`,
            )
          ).map((r) => [Number(r.id), r]),
        )
      : await guestLive(db, ids);
    first = found.values().next().value;
    list = [];
    live = [];
    ids.forEach((id, i) => {
      const l = found.get(id);
      if (!l) return;
      list.push(cards[i]!);
      live.push(l);
    });
  }
  const versions: Versions = first
    ? {
        version: first.catalog_version == null ? null : Number(first.catalog_version),
        soldOut: Number(first.sold_out_version ?? 0),
      }
    : await readVersions(db);
  sawVersions(db, versions);
  return { rows: list, live, versions };
}

/**
 * A card row as kept with the index: made without its live columns (not a copy with keys deleted, which V8 turns
 * into a slower, larger dictionary object), and the catalog version it was read at.
 */
function withoutLive(r: Row): { card: Row; version: number } {
  const {
    stock: _stock,
    rating: _rating,
    is_favorite: _favorite,
    catalog_version: version,
    sold_out_version: _soldOut,
    ...card
  } = r;
  return { card, version: Number(version) };
}

/** How many of the most popular products' cards an index's first list starts reading in the background. */
const CARDS_WARMED = 10_000;
const WARM_SLICE = 500;

/**
 * Reads the cards of the index's most popular products (its tie-breakers' order: a search's first page is mostly
 * made of them) in the background, in slices, and keeps them: a new search's page then mostly finds its cards kept
 * and reads only their live columns. Without it, a new search's page read twelve whole cards about half the time
 * during the first minutes of an index (cards never shown before), PostgreSQL's largest cost per new search. Stops
 * at the first slice read at another catalog version (that index is then no longer used); errors only stop it.
 */
function warmCards(db: DbOrTx, idx: CatalogIndex, kept: Map<number, Row>, list: ListOptions) {
  const ids = Array.from(idx.byPopularity.subarray(0, Math.min(CARDS_WARMED, idx.size)), (d) => idx.ids[d]!);
  // As a guest's: a shopper's favorite is a live column, left out of kept cards anyway.
  const opts: ListOptions = { ...list, userId: null };
  void (async () => {
    for (let i = 0; i < ids.length; i += WARM_SLICE) {
      // Whole slices (a named statement per size of slice: filtering out the cards kept meanwhile made many).
      for (const r of await cardRows(db, ids.slice(i, i + WARM_SLICE), opts, VERSIONS_COLUMNS)) {
        const { card, version } = withoutLive(r);
        if (version !== idx.version) return;
        if (kept.size >= CARDS_KEPT) return;
        if (!kept.has(Number(r.id))) kept.set(Number(r.id), card);
      }
    }
  })().catch(() => undefined);
}

/**
 * Guests' live columns, for every list waiting at once, in one statement: while one such statement runs, the lists
 * arriving join the next one, which starts when it ends. Each list's read still starts after the list arrived,
 * so nothing is older than a read of its own; on the embedded database, where statements take turns, fifty lists
 * cost one statement instead of fifty.
 */
interface LiveBatch {
  ids: Set<number>;
  done: Promise<Map<number, Row>>;
}
const liveBatches = new WeakMap<object, { next: LiveBatch | null; running: Promise<unknown> | null }>();

function guestLive(db: DbOrTx, ids: number[]): Promise<Map<number, Row>> {
  let st = liveBatches.get(db);
  if (!st) liveBatches.set(db, (st = { next: null, running: null }));
  const state = st;
  if (!state.next) {
    const batch: LiveBatch = { ids: new Set(), done: null! };
    batch.done = (state.running ?? Promise.resolve()).then(async () => {
      // From here on, lists arriving wait for the next statement.
      if (state.next === batch) state.next = null;
      const read = rows(
        db,
        sql`select p.id, ${liveColumns()}, ${VERSIONS_COLUMNS}
              from products p where p.id in ${[...batch.ids]}`,
      ).then((found) => new Map(found.map((r) => [Number(r.id), r])));
      const running = read.catch(() => undefined);
      state.running = running;
      try {
        return await read;
      } finally {
        if (state.running === running) state.running = null;
      }
    });
    state.next = batch;
  }
  for (const id of ids) state.next.ids.add(id);
  return state.next.done;
}

/** Where product cards come from: these ids, or a query that returns `id`s in the order wanted. */
type CardSource = number[] | SQL;

/**
 * The rows of product cards, in the source's order, in one query (each round trip costs more than the work
 * itself: a few milliseconds on the embedded database, a system call that wakes the server on PostgreSQL).
 * `extra` adds columns to every row (the catalog version, a product page's category path).
 */
async function cardRows(db: DbOrTx, source: CardSource, opts: ListOptions, extra?: SQL): Promise<Row[]> {
  const byIds = Array.isArray(source);
  if (byIds && !source.length) return [];
  // By ids, the statement's text depends only on how many (and on the shopper and `extra`): a named statement,
  // planned once per connection (planning it cost PostgreSQL more than running it, on every page of new lists).
  const run = (q: SQL) =>
    byIds ? executeNamed(db, q).then((r) => (r as { rows: Row[] }).rows) : rows(db, q);
  const found = await run(
    sql`select p.id, p.title_en, p.title_ar, p.description_en, p.description_ar, p.category_id, p.brand_id,
          p.model, p.series, p.price_piastres, p.current_price_piastres, p.maximum_per_order,
          p.featured, p.special_offer, p.created_at,
          c.name_en as c_name_en, c.name_ar as c_name_ar,
          b.name_en as b_name_en, b.name_ar as b_name_ar, b.icon_url as b_icon_url,
          pr.id as pr_id, pr.name_en as pr_name_en, pr.name_ar as pr_name_ar, pr.slug as pr_slug,
          pr.active as pr_active, pr.starts_at as pr_starts_at, pr.ends_at as pr_ends_at,
          coalesce((select json_agg(json_build_object('id', i.id, 'original_url', i.original_url,
                      'thumbnail_url', i.thumbnail_url, 'medium_url', i.medium_url, 'is_3d', i.is_3d)
                      order by i.position, i.id)
                    from product_images i where i.product_id = p.id), '[]'::json) as images,
          ${liveColumns(opts.userId)}
          ${extra ? sql`, ${extra}` : sql``}
        from ${
          byIds
            ? sql`products p`
            : // row_number() over () numbers the rows in the order the ordered sub-query returns them.
              sql`(select o.id, row_number() over () as ord from (${source}) o) page
                  join products p on p.id = page.id`
        }
        join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
        left join promotions pr on pr.id = p.promotion_id
        ${byIds ? sql`where p.id in ${source}` : sql`order by page.ord`}`,
  );
  if (!byIds) return found;
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return source.map((id) => byId.get(id)).filter((r): r is Row => !!r);
}

const time = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).getTime();

/** A product's card from its row; its live columns (stock, rating, favorite) from `live` when read apart. */
function toCard(r: Row, L: Locale, now: Date, live: Row = r): Product {
  const price = Number(r.price_piastres);
  const current = Number(r.current_price_piastres);
  // The promotion's name shows while it runs (a card kept with the catalog index is shown later than it was read).
  const running =
    r.pr_id != null &&
    Boolean(r.pr_active) &&
    (r.pr_starts_at == null || time(r.pr_starts_at) <= now.getTime()) &&
    (r.pr_ends_at == null || time(r.pr_ends_at) > now.getTime());
  return {
    id: Number(r.id),
    title: pick(L, String(r.title_en), String(r.title_ar)),
    title_en: String(r.title_en),
    title_ar: String(r.title_ar),
    description: pick(L, String(r.description_en), String(r.description_ar)),
    description_en: String(r.description_en),
    description_ar: String(r.description_ar),
    category: {
      id: Number(r.category_id),
      name: pick(L, String(r.c_name_en), String(r.c_name_ar)),
      name_en: String(r.c_name_en),
      name_ar: String(r.c_name_ar),
    },
    brand: {
      id: Number(r.brand_id),
      name: pick(L, String(r.b_name_en), String(r.b_name_ar)),
      name_en: String(r.b_name_en),
      name_ar: String(r.b_name_ar),
      icon_url: (r.b_icon_url as string | null) ?? null,
    },
    images: jsonRows(r.images).map((im) => ({
      id: Number(im.id),
      photo_url: String(im.original_url),
      original: String(im.original_url),
      is_3d_image: Boolean(im.is_3d),
      versions: { thumbnail: String(im.thumbnail_url), medium: String(im.medium_url) },
    })),
    price: toEgp(price),
    promotion:
      running && r.pr_id != null
        ? {
            id: Number(r.pr_id),
            name: pick(L, String(r.pr_name_en), String(r.pr_name_ar)),
            name_en: String(r.pr_name_en),
            name_ar: String(r.pr_name_ar),
            slug: String(r.pr_slug),
            starts_at: iso(r.pr_starts_at),
            ends_at: iso(r.pr_ends_at),
          }
        : null,
    price_after_promotion: current < price ? toEgp(current) : null,
    checkout_price: toEgp(current),
    favorite: Boolean(live.is_favorite),
    created_at: iso(r.created_at) ?? '',
    stock: Number(live.stock),
    model: (r.model as string | null) ?? null,
    series: (r.series as string | null) ?? null,
    maximum_number_per_order: r.maximum_per_order == null ? null : Number(r.maximum_per_order),
    featured: Boolean(r.featured),
    special_offer: Boolean(r.special_offer),
    // Filled in by withMonthly (it needs the banks' plans).
    monthly_from: null,
    rating: ratingOf(live.rating),
  };
}

/** The product's rating from its row: the average to one decimal and how many orders rated it. */
function ratingOf(value: unknown): Product['rating'] {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { sum: number; count: number } | null;
  if (!v || !(Number(v.count) > 0)) return null;
  return { average: Math.round((Number(v.sum) / Number(v.count)) * 10) / 10, count: Number(v.count) };
}

/** Full product cards for these ids, in this order (unknown ids are left out). */
export async function loadProducts(db: DbOrTx, ids: number[], opts: ListOptions): Promise<Product[]> {
  return withMonthly(
    db,
    (await cardRows(db, ids, opts)).map((r) => toCard(r, opts.locale, opts.now)),
  );
}

export async function getProduct(db: DbOrTx, id: number, opts: ListOptions): Promise<ProductDetail> {
  // The card, its category path (root first) and its specifications, in one round trip.
  const [row] = await cardRows(
    db,
    [id],
    opts,
    sql`(with recursive up(id, parent_id, name_en, name_ar, depth) as (
           select id, parent_id, name_en, name_ar, 0 from categories where id = p.category_id
           union all select c.id, c.parent_id, c.name_en, c.name_ar, up.depth + 1 from categories c join up on c.id = up.parent_id
         ) select json_agg(json_build_object('id', id, 'parent_id', parent_id, 'name_en', name_en, 'name_ar', name_ar)
                  order by depth desc) from up) as path,
        (select json_agg(json_build_object('id', s.id, 'key_en', s.key_en, 'key_ar', s.key_ar,
                  'value_en', s.value_en, 'value_ar', s.value_ar) order by s.position, s.id)
         from specifications s where s.product_id = p.id) as specs`,
  );
  if (!row) throw AppError.notFound('product_not_found');
  const [product] = await withMonthly(db, [toCard(row, opts.locale, opts.now)]);
  const installments = installmentTable(
    Number(row.current_price_piastres),
    await activePlans(db),
    opts.locale,
  );
  const path = jsonRows(row.path);
  const specs = jsonRows(row.specs);
  const L = opts.locale;
  const self = path[path.length - 1];
  return {
    ...product!,
    installments,
    category: {
      ...product!.category,
      parent_id: self?.parent_id == null ? null : Number(self.parent_id),
      path: path.map((c) => ({ id: Number(c.id), name: pick(L, String(c.name_en), String(c.name_ar)) })),
    },
    specifications: specs.map((s) => ({
      id: Number(s.id),
      key: pick(L, String(s.key_en), String(s.key_ar)),
      value: pick(L, String(s.value_en), String(s.value_ar)),
      key_en: String(s.key_en),
      key_ar: String(s.key_ar),
      value_en: String(s.value_en),
      value_ar: String(s.value_ar),
    })),
  };
}

/**
 * What the HTML of /products/{id} says about the product before any script runs: title, description and first
 * image (share metadata), and the facts of its JSON-LD (price, stock, model, brand, category path).
 */
/** Whether a category a shopper can browse has this id (an unknown one's list answers 404, issue 16). */
export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from categories where id = ${id} and active`)).length > 0;
}

export async function productShareMeta(db: DbOrTx, id: number, locale: Locale) {
  const [r] = await rows(
    db,
    sql`select p.title_en, p.title_ar, p.description_en, p.description_ar, p.model, p.stock,
          p.current_price_piastres, b.name_en as brand_en, b.name_ar as brand_ar,
          c.id as c_id, c.name_en as c_en, c.name_ar as c_ar,
          c1.id as c1_id, c1.name_en as c1_en, c1.name_ar as c1_ar,
          c2.id as c2_id, c2.name_en as c2_en, c2.name_ar as c2_ar,
          (select medium_url from product_images i where i.product_id = p.id and not i.is_3d order by position, id limit 1) as image,
          (select original_url from product_images i where i.product_id = p.id and not i.is_3d order by position, id limit 1) as original_image
        from products p
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        left join categories c1 on c1.id = c.parent_id
        left join categories c2 on c2.id = c1.parent_id
        where p.id = ${id} and p.active`,
  );
  if (!r) return null;
  const description = pick(locale, String(r.description_en), String(r.description_ar));
  // Top level first: grandparent, parent, the product's own category.
  const categories = (['c2', 'c1', 'c'] as const)
    .filter((k) => r[`${k}_id`] != null)
    .map((k) => ({
      id: Number(r[`${k}_id`]),
      name: pick(locale, String(r[`${k}_en`]), String(r[`${k}_ar`])),
    }));
  return {
    title: pick(locale, String(r.title_en), String(r.title_ar)),
    description: description.length > 200 ? `${description.slice(0, 197)}...` : description,
    image: (r.image as string | null) ?? null,
    originalImage: (r.original_image as string | null) ?? null,
    model: (r.model as string | null) ?? null,
    brand: r.brand_en == null ? null : pick(locale, String(r.brand_en), String(r.brand_ar)),
    pricePiastres: Number(r.current_price_piastres),
    stock: Number(r.stock),
    categories,
  };
}

/* ---------------- categories ---------------- */

export interface CategoryQuery {
  show_all?: boolean;
  show_on_homepage?: boolean;
  dedicated_page?: boolean;
  category_id?: number;
  brand_id?: number;
}

/**
 * GET /v1/categories. Without parameters: the root categories with their children nested (three levels).
 * show_all: every category, flat. show_on_homepage: the home page's categories. category_id: that category's
 * children (nested). dedicated_page: categories holding special-offer products. brand_id: categories holding
 * that brand's products (flat).
 */
export async function listCategories(db: DbOrTx, q: CategoryQuery, locale: Locale): Promise<Category[]> {
  const all = await rows(db, sql`select * from categories where active order by position, id`);
  const make = (r: Row): Category => ({
    id: Number(r.id),
    name: pick(locale, String(r.name_en), String(r.name_ar)),
    name_en: String(r.name_en),
    name_ar: String(r.name_ar),
    icon_url: (r.icon_url as string | null) ?? null,
    parent_id: r.parent_id == null ? null : Number(r.parent_id),
    children: [],
  });
  const nodes = new Map(all.map((r) => [Number(r.id), make(r)]));
  const tree = () => {
    for (const n of nodes.values()) if (n.parent_id != null) nodes.get(n.parent_id)?.children.push(n);
  };
  const flat = (ids: Set<number>) => all.filter((r) => ids.has(Number(r.id))).map(make);
  if (q.brand_id || q.dedicated_page) {
    const cond = q.brand_id ? sql`brand_id = ${q.brand_id}` : sql`special_offer`;
    const used = await rows(db, sql`select distinct category_id from products where active and ${cond}`);
    return flat(new Set(used.map((u) => Number(u.category_id))));
  }
  if (q.show_all) return [...nodes.values()];
  tree();
  if (q.category_id) {
    const node = nodes.get(q.category_id);
    if (!node) return [];
    return node.children;
  }
  const roots = [...nodes.values()].filter((n) => n.parent_id == null);
  if (q.show_on_homepage) {
    return all
      .filter((r) => r.show_on_homepage)
      .map((r) => nodes.get(Number(r.id))!)
      .slice(0, 10);
  }
  return roots;
}

/* ---------------- brands ---------------- */

const brandOut = (r: Row, locale: Locale) => ({
  id: Number(r.id),
  name: pick(locale, String(r.name_en), String(r.name_ar)),
  name_en: String(r.name_en),
  name_ar: String(r.name_ar),
  featured: Boolean(r.featured),
  icon_url: (r.icon_url as string | null) ?? null,
});

export async function listBrands(
  db: DbOrTx,
  q: {
    page?: number;
    per_page?: number;
    show_all?: boolean;
    show_on_homepage?: boolean;
    category_id?: number;
  },
  locale: Locale,
) {
  const where: SQL[] = [sql`b.active`];
  if (q.show_on_homepage) where.push(sql`b.show_on_homepage`);
  if (q.category_id) {
    where.push(
      sql`exists (select 1 from products p where p.brand_id = b.id and p.active and p.category_id in ${subtree(q.category_id)})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const [{ total }] = (await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from brands b where ${cond}`,
  )) as [{ total: number | string }];
  const count = Number(total);
  const perPage = q.show_all ? Math.max(count, 1) : (q.per_page ?? DEFAULT_PRODUCT_PER_PAGE);
  const page = q.show_all ? 1 : (q.page ?? 1);
  const list = await rows(
    db,
    sql`select b.* from brands b where ${cond} order by b.position, b.id limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return {
    brands: list.map((r) => brandOut(r, locale)),
    meta: {
      per_page: perPage,
      total_entries: count,
      current_page: page,
      next_page: page * perPage < count ? page + 1 : null,
    },
  };
}

export async function getBrand(db: DbOrTx, id: number, locale: Locale) {
  const [r] = await rows(db, sql`select * from brands where id = ${id} and active`);
  if (!r) throw AppError.notFound('brand_not_found');
  return brandOut(r, locale);
}

/* ---------------- promotions ---------------- */

const running = (now: Date) =>
  sql`active and (starts_at is null or starts_at <= ${now.toISOString()}::timestamptz)
      and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)`;

const promotionOut = (r: Row, locale: Locale) => ({
  id: Number(r.id),
  name: pick(locale, String(r.name_en), String(r.name_ar)),
  name_en: String(r.name_en),
  name_ar: String(r.name_ar),
  slug: String(r.slug),
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
});

/** The promotions running now. */
export async function listPromotions(db: DbOrTx, locale: Locale, now: Date) {
  const list = await rows(db, sql`select * from promotions where ${running(now)} order by id`);
  return list.map((r) => promotionOut(r, locale));
}

/** A promotion by id or slug, while it runs. */
export async function getPromotion(db: DbOrTx, idOrSlug: number | string, locale: Locale, now: Date) {
  const key = typeof idOrSlug === 'number' ? sql`id = ${idOrSlug}` : sql`slug = ${idOrSlug}`;
  const [r] = await rows(db, sql`select * from promotions where ${key} and ${running(now)}`);
  if (!r) throw AppError.notFound('promotion_not_found');
  return promotionOut(r, locale);
}
