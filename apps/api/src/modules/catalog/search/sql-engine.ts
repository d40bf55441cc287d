/**
 * The database's answer to a list (decision 009): the filters as SQL over `products`, a search's words through the
 * trigram index (a typo: the nearest of the catalog's distinct words, `search_words`), the best matches ranked by
 * word similarity (`rankedPage`), the counts and facets in one round trip, all remembered per catalog version.
 * Used for favorites, while a large catalog's index is rebuilt, and with SEARCH_INDEX=database.
 */
import { DEFAULT_PRODUCT_PER_PAGE, type ProductListQuery, type ProductListResponse } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { WORD_SIMILARITY_THRESHOLD, type DbOrTx } from '../../../db/client.ts';
import { rows, type Row } from '../../../db/rows.ts';
import { CATALOG_VERSION_COLUMN, catalogView, type CatalogView } from '../catalog-memo.ts';
import { cardRows, toCard, VERSIONS_COLUMNS, withMonthly, type CardSource } from '../cards.ts';
import { nearestWords, similarityTo } from '../search-text.ts';
import type { Versions } from './catalog-index.ts';
import {
  filterKey,
  listAnswer,
  listFilters,
  RANKED_CANDIDATES,
  sortChosen,
  type Facet,
  type ListOptions,
  type Remember,
  type SearchEngine,
} from './engine.ts';
import { wholeWordOnly } from './index-words.ts';
import { NEAR_WORDS, planSearch, type SearchGroup, type WordMatch } from './plan.ts';
import { queryWords } from './query-words.ts';

/** Default: what can be bought first, newest first (a search without a sort ranks by relevance instead). */
const DEFAULT_ORDER = sql`(p.stock > 0) desc, p.id desc`;
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
          sql`exists (select 1 from product_search_texts s join products p on p.id = s.product_id
            where p.active and ${holdsWord(sql`s.search_text`, t)}) as ${sql.raw(`w${i}`)}`,
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

/** Nothing found for a search: the categories nearest to what was typed, so the page is no dead end. */
export async function nearestIfNone(db: DbOrTx, view: CatalogView, total: number, tokens: string[]) {
  if (total !== 0 || !tokens.length) return undefined;
  const phrase = tokens.join(' ');
  return view.remember(`nearest ${phrase}`, () => nearestCategories(db, phrase));
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
    // A group matches a product holding one of its texts, or in one of the sections it names whole. Every group is
    // asked of product_search_texts in one scan (its trigram and category indexes, decision 039): products
    // carries no trigram index, so a price change writes none.
    const anyOf = (g: SearchGroup) => {
      const conditions = g.texts.map((w) => holdsWord(sql`search_text`, w));
      if (g.sections.length) conditions.push(sql`category_id in ${g.sections}`);
      return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
    };
    if (search.groups.length)
      where.push(
        sql`p.id in (select product_id from product_search_texts where ${sql.join(search.groups.map(anyOf), sql` and `)})`,
      );
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
  const explicitSort = sortChosen(q);
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

/**
 * The categories whose names are nearest to a query that found nothing (trigram word similarity), at most 4.
 * With `versions`, the statement reads the catalog versions too and hands them over (none read: no active
 * category); the departments then come from `view` (remembered per version).
 */
export async function nearestCategories(
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

/** The database's answer; `listOnce` asks it when the index cannot answer. */
export const sqlEngine: SearchEngine = {
  name: 'database',
  // Totals, price ranges, sub-trees and search words depend only on the catalog's version: remembered per
  // version, recomputed when the catalog changes (catalog-memo.ts, decision 009). First with the newest version
  // this instance has seen, checked by the query that reads the page; when the catalog has changed since, once
  // more with the version read now.
  list: async (db, q, opts) =>
    (await listAt(db, await catalogView(db, { assume: true }), q, opts)) ??
    (await listAt(db, await catalogView(db), q, opts))!,
};
