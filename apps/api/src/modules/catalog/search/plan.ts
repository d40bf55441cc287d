/**
 * What a search asks for (issue 15, decision 020): its words as the shop reads them (query-words.ts), their
 * synonyms and other grammatical number (synonyms.ts), a typo read as the catalog's word (by its edits, Franco:
 * franco.ts, or the nearest words), and the sections it names. Both engines match and rank by this plan.
 * A search that found nothing is tried without one of its words (`withFewerWords`).
 */
import { normalizeSearchText, type ProductListQuery, type ProductListResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';
import { catalogView, type CatalogView } from '../catalog-memo.ts';
import { wordsWithinEdits } from '../search-text.ts';
import { sortChosen, type ListOptions } from './engine.ts';
import { francoIndex, francoReading, writesLettersAsDigits, type FrancoIndex } from './franco.ts';
import { isFillerWord, queryWords } from './query-words.ts';
import {
  expandQuery,
  loadSynonyms,
  isNumberFormOf,
  synonymPhraseNear,
  synonymTermNear,
  synonymVocabulary,
  withinOneEdit,
  type QueryGroup,
} from './synonyms.ts';

/** One engine's list, as `withFewerWords` asks it again (service.ts `listOnce`). */
export type Lister = (db: DbOrTx, q: ProductListQuery, opts: ListOptions) => Promise<ProductListResponse>;

/** Words a search may have for `withFewerWords` to try it without each (beyond, a search is left as it is). */
const FEWER_WORDS_UP_TO = 6;
/** How many other searches without one word a search that found nothing offers besides the one it shows. */
const OTHER_SEARCHES = 2;
/** A search's products all cost under 1/this of another's cheapest: they go with it (a charger, an iPhone). */
const ACCESSORY_PRICE_RATIO = 5;

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
  return namedOnce(cats, `named ${words.join('|')}`, () => categoriesNamedBy(cats, words));
}

/**
 * What a search's words name of the sections, remembered with the sections' names (one array per catalog version):
 * a pass over every section's names per word, and the words of new searches are mostly words searched before.
 */
function namedOnce(cats: CategoryName[], key: string, compute: () => number[]): number[] {
  let memo = sectionsNamed.get(cats);
  if (!memo) sectionsNamed.set(cats, (memo = new Map()));
  let ids = memo.get(key);
  if (!ids) {
    if (memo.size >= SECTIONS_NAMED) memo.clear();
    memo.set(key, (ids = compute()));
  }
  return ids;
}
const sectionsNamed = new WeakMap<CategoryName[], Map<string, number[]>>();
const SECTIONS_NAMED = 20_000;

function categoriesNamedBy(cats: CategoryName[], words: string[]): number[] {
  // The sections each word names (remembered per word: a new search's words were mostly searched before), in the
  // sections' order: as one pass over every section's names with every word finds them.
  const { parentOf } = sectionTree(cats);
  const mark = new Uint8Array(cats.length);
  for (const w of words) for (const k of namedByWord(cats, w)) mark[k] = 1;
  const direct: number[] = [];
  for (let k = 0; k < cats.length; k++) if (mark[k]) direct.push(cats[k]!.id);
  // A section named along with a section under it is named by a name of two things (الشاشات والصوتيات: screens and
  // audio), and the one under it is what was asked for (شاشات التليفزيون): شاشات ranks the TVs first, not earbuds.
  // Its other sections are not named.
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
 * The places (in `cats`) of the sections whose names hold the word whole; for an English word, also those of the
 * sections with none under them whose names hold its plural (`fan` → Fans).
 */
function namedByWord(cats: CategoryName[], w: string): number[] {
  return namedOnce(cats, `word ${w}`, () => {
    const { parents } = sectionTree(cats);
    const spaced = ` ${w} `;
    const plurals = /^[a-z][a-z ]*$/.test(w) ? [` ${w}s `, ` ${w}es `] : [];
    const places: number[] = [];
    for (let k = 0; k < cats.length; k++) {
      const c = cats[k]!;
      if (c.names.includes(spaced) || (!parents.has(c.id) && plurals.some((p) => c.names.includes(p))))
        places.push(k);
    }
    return places;
  });
}

/**
 * What the sections' names and tree give every search, made once per array of sections (per catalog version): the
 * sections with sections under them, each one's parent, and the sections with a whole name of each length in words
 * (`sectionsNamedWhole`).
 */
interface SectionTree {
  parents: Set<number>;
  parentOf: Map<number, number | null>;
  wholeByLength: Map<number, { id: number; names: string[][] }[]>;
}
function sectionTree(cats: CategoryName[]): SectionTree {
  let tree = sectionTrees.get(cats);
  if (tree) return tree;
  const wholeByLength = new Map<number, { id: number; names: string[][] }[]>();
  for (const c of cats) {
    const lengths = new Set(c.wholeNames.map((n) => n.length));
    for (const n of lengths) {
      let list = wholeByLength.get(n);
      if (!list) wholeByLength.set(n, (list = []));
      list.push({ id: c.id, names: c.wholeNames.filter((name) => name.length === n) });
    }
  }
  tree = {
    parents: new Set(cats.map((c) => c.parentId).filter((p): p is number => p !== null)),
    parentOf: new Map(cats.map((c) => [c.id, c.parentId])),
    wholeByLength,
  };
  sectionTrees.set(cats, tree);
  return tree;
}
const sectionTrees = new WeakMap<CategoryName[], SectionTree>();

/**
 * Whether two words of a search are one word, or one in the other's grammatical number: شاشه ⇄ شاشات (Arabic, as
 * a query's word finds its other number), television ⇄ televisions, box ⇄ boxes (English).
 */
function sameWord(a: string, b: string): boolean {
  // As `a === b || numberForms(a).includes(b) || numberForms(b).includes(a)` says, and `long` is `${short}s` or
  // `${short}es` in Latin letters, without making those words (every section's name is compared with a search's).
  if (a === b || isNumberFormOf(a, b) || isNumberFormOf(b, a)) return true;
  const short = a.length < b.length ? a : b;
  const long = a.length < b.length ? b : a;
  const plural =
    (long.length === short.length + 1 && long.endsWith('s')) ||
    (long.length === short.length + 2 && long.endsWith('es'));
  return plural && long.startsWith(short) && /^[a-z]+$/.test(long);
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
  // Only the sections with a whole name of as many words are compared (most have one or two words).
  const named = (words: string[]) =>
    namedOnce(cats, `whole ${words.join(' ')}`, () => {
      const ids: number[] = [];
      for (const { id, names } of sectionTree(cats).wholeByLength.get(words.length) ?? [])
        if (names.some((name) => name.every((w, i) => sameWord(w, words[i]!)))) ids.push(id);
      return ids;
    });
  // Each alternative as written, remembered: reading it into words again was a third of this function's garbage.
  const found = groups.map(
    (g) =>
      new Set(g.alternatives.flatMap((a) => namedOnce(cats, `alternative ${a}`, () => named(queryWords(a))))),
  );
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) {
      const ids = named(groups.slice(i, j + 1).flatMap((g) => g.typed.split(' ')));
      for (let k = i; k <= j; k++) for (const id of ids) found[k]!.add(id);
    }
  return found.map((ids) => (ids.size ? withSubtrees(cats, ids) : []));
}

/** How a search word is matched: as typed when some product has it, else as its nearest catalog words. */
export type WordMatch = { asTyped: true } | { asTyped: false; near: string[] };

/** How many catalog words a word found nowhere may stand for (the typo case). */
export const NEAR_WORDS = 5;

/**
 * A part of a search: a product matches it by holding one of its texts, or by being in one of its sections (a
 * section the search names whole, with those under it: a product's text holds only its own section's name).
 */
export interface SearchGroup {
  texts: string[];
  sections: number[];
}

/** What a search asks for, resolved: every group must match one of its texts (none: nothing matches). */
export interface SearchPlan {
  /** The query as it was read (a typo as the word it was read as): what matches are ranked by. */
  phrase: string;
  groups: SearchGroup[];
  didYouMean: string | null;
  /** The categories the query names (with their sub-categories): ranked first. */
  named: number[];
}

/**
 * The Franco index of a vocabulary and the synonyms' words, made again only when either changed: the catalog
 * index's vocabulary is one array along every version that changed no text (index-follow.ts), so a price sync
 * does not make it again at each version (it reads every catalog word).
 */
const francoIndexes = new WeakMap<readonly string[], { others: string; index: FrancoIndex }>();
function francoOf(words: readonly string[], others: string[]): FrancoIndex {
  const key = others.join('\n');
  const kept = francoIndexes.get(words);
  if (kept && kept.others === key) return kept.index;
  const index = francoIndex(words, others);
  francoIndexes.set(words, { others: key, index });
  return index;
}

export async function planSearch(
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
      await view.remember('franco', async () => francoOf(await catalogWords(), synonymVocabulary(synonyms))),
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
export async function withFewerWords(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
  answer: ProductListResponse,
  listOnce: Lister,
): Promise<ProductListResponse> {
  const typed = q.query?.trim().split(/\s+/) ?? [];
  const meaningful = typed.filter((w) => !isFillerWord(w));
  const words = meaningful.length ? meaningful : typed;
  if (answer.meta.total_entries > 0 || words.length < 2 || words.length > FEWER_WORDS_UP_TO) return answer;
  const order = words.map((_, i) => words.length - 1 - i);
  // Read as Arabic written in Latin letters (sha7en iphone: شاحن), it is in Arabic's order.
  const readAsArabic = /[\u0600-\u06FF]/.test(answer.meta.did_you_mean ?? '');
  if (
    meaningful.length === typed.length &&
    !readAsArabic &&
    (await namesThingLast(db, words, opts.checked?.versions?.version ?? null))
  )
    order.reverse();
  // The first found is shown, the others offered: each only counted here (no order made, no card read, unless a
  // typo makes it read its page for its "did you mean"), the first with the page asked for. The one shown is listed
  // in full once it is chosen and its brands known (the first's own answer when it has its page already).
  let first: ProductListResponse | null = null;
  const said: string[] = [];
  const found: { fewer: string; left: string; meta: ProductListResponse['meta'] }[] = [];
  for (const i of order) {
    const fewer = words.filter((_, j) => j !== i).join(' ');
    if (!queryWords(fewer).length) continue;
    const other = await listOnce(
      db,
      first ? { ...q, query: fewer, page: 1, per_page: 1 } : { ...q, query: fewer },
      { ...opts, countsOnly: true },
    );
    if (other.meta.total_entries === 0) continue;
    // A typo among the words left is read as the catalog's word (laptp → laptop): said as read, once.
    const read = other.meta.did_you_mean ?? fewer;
    if (said.includes(read)) continue;
    said.push(read);
    found.push({ fewer, left: words[i]!, meta: other.meta });
    first ??= other;
  }
  if (!first) return answer;
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
    said.reverse();
  }
  // The word left out still ranks: when what it finds is mostly one brand's (iphone: Apple's), that brand's products
  // come first among those shown (Apple's own chargers for `iphone charger`). No product shown holds the word itself
  // (it would have every word of the search); in a sort the shopper chose, the order is that sort's.
  const brands = sortChosen(q) ? [] : await brandOf(db, chosen.left, opts, listOnce);
  const shown =
    chosen === found[0] && !brands.length && first.products.length
      ? first
      : await listOnce(
          db,
          { ...q, query: chosen.fewer },
          brands.length ? { ...opts, preferBrands: brands } : opts,
        );
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
async function brandOf(db: DbOrTx, word: string, opts: ListOptions, listOnce: Lister): Promise<number[]> {
  const alone = await listOnce(
    db,
    { query: word, per_page: 1 },
    { ...opts, preferBrands: undefined, countsOnly: true },
  );
  const [top] = alone.meta.facets?.brands ?? [];
  return top && top.count * 2 > alone.meta.total_entries ? [top.id] : [];
}

/**
 * A search in Latin letters whose last word names a section of the store (charger: Chargers & Cables; fridge:
 * Refrigerators): English names the thing last (iphone charger). A last word with digits is a model (galaxy s99).
 * `checked`: the catalog version the request's last list was built on (read by its last statement, or checked by
 * `listProducts` against the versions its last statement reads; its sections' names are those of that version),
 * else it is read now.
 */
async function namesThingLast(db: DbOrTx, words: string[], checked: number | null): Promise<boolean> {
  const tokens = queryWords(words.join(' '));
  const last = tokens.at(-1);
  if (!last || tokens.length < 2 || !tokens.every((w) => /^[a-z0-9]+$/.test(w)) || !/^[a-z]+$/.test(last))
    return false;
  const view = await catalogView(db, checked === null ? {} : { at: checked });
  const synonyms = await view.remember('synonyms', () => loadSynonyms(db));
  const cats = await view.remember('category names', () => categoryNames(db));
  return categoriesNamed(cats, expandQuery([last], synonyms)).length > 0;
}
