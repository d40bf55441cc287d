/**
 * The two ways a list of products is answered (decision 022): from the catalog index in this process's memory
 * (index-engine.ts) or from the database (sql-engine.ts). Both take the same plan of a search (plan.ts) and give
 * the same answer: the matches with their counts (total, price range, facets) and an order (relevance, or the sort
 * asked for), as one page of cards. The contract test (engine-contract.test.ts) asks both the same lists.
 */
import {
  toEgp,
  type Locale,
  type Product,
  type ProductListQuery,
  type ProductListResponse,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';
import { pick } from '../../../lib/locale.ts';
import type { CatalogView } from '../catalog-memo.ts';
import { subtree } from '../taxonomy-reads.ts';
import type { Versions } from './catalog-index.ts';
import { asWritten } from './synonyms.ts';

/**
 * An engine answers a list (`ListOptions` say for whom and how), or null when it cannot now: the index is not at
 * the catalog's version, or is being rebuilt; the next engine is then asked (service.ts `listOnce`).
 */
export interface SearchEngine {
  name: 'index' | 'database';
  list(db: DbOrTx, q: ProductListQuery, opts: ListOptions): Promise<ProductListResponse | null>;
}

/** How many of a search's best cheap-ranked matches are ranked by word similarity too. */
export const RANKED_CANDIDATES = 300;

/** Whether the list asked for a sort (else: what can be bought first, newest first; a search by relevance). */
export const sortChosen = (q: ProductListQuery) =>
  !!(
    q.latest_to_oldest ||
    q.lowest_price ||
    q.lowest_to_highest_price ||
    q.highest_price ||
    q.highest_to_lowest_price ||
    q.featured_first
  );

export interface ListOptions {
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
  /**
   * Only the answer's counts are read (total, price range, facets, did you mean): `withFewerWords`'s other searches
   * and `brandOf`. The index then reads no card, and makes no order unless a typo was read as another word (its
   * "did you mean" is written as the page's products write it: their titles in the index). The database engine
   * answers in full.
   */
  countsOnly?: boolean;
  /**
   * A list that finds nothing is answered without the categories nearest to it, reading nothing (`listProducts`
   * first tries such a search with fewer words, and asks again in full only when those find nothing either).
   */
  nearestLater?: boolean;
  /**
   * The versions of the request's last list (`listProducts` asks several lists; `countsOnly`): `read` when its last
   * statement read them. With `defer`, a count-only list builds on the versions this instance saw last without
   * reading them (`unverified`: the first such versions), and `listProducts` checks them against the versions its
   * last statement reads: a search that finds nothing and is answered with fewer words costs one statement.
   */
  checked?: {
    versions: Versions | null;
    read?: boolean;
    defer?: boolean;
    unverified?: Versions | null;
  };
  /**
   * The versions known, when the request began, to be the catalog's then (catalog-index.ts `versionsNow`: the
   * embedded database only), or null. A list built on them stands when its statement reads newer ones, moved by a
   * write that ended after the request began (unless a product on its page was read at another price).
   */
  current?: Versions | null;
}

/** Whether two reads of the versions are the same versions. */
export const sameVersions = (a: Versions | null | undefined, b: Versions | null | undefined) =>
  !!a && !!b && a.version === b.version && a.soldOut === b.soldOut;

export type Remember = <T>(what: string, compute: () => Promise<T>) => Promise<T>;

/**
 * A category and all its descendants, as ids. Lists filter on these literally: PostgreSQL cannot estimate a
 * recursive sub-query, and planned a 100,000-row scan for a category of 1,500 products.
 */
async function categorySubtree(db: DbOrTx, categoryId: number): Promise<number[]> {
  return (await rows<{ id: number }>(db, subtree(categoryId))).map((r) => Number(r.id));
}

/** The list's filters other than search and price, resolved against the catalog at the view's version. */
export async function listFilters(db: DbOrTx, view: CatalogView, q: ProductListQuery) {
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
export const filterKey = (q: ProductListQuery, tokens: string[]) =>
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

export interface Facet {
  id: number;
  en: string;
  ar: string;
  count: number;
}

/** The list's answer, the same from the index and from the database. */
export function listAnswer(a: {
  products: Product[];
  perPage: number;
  page: number;
  total: number;
  min: number | null;
  max: number | null;
  facets?: { categories: Facet[]; brands: Facet[] };
  didYouMean: string | null;
  /** The texts "did you mean" is written as (`asWritten`) when no card is read; else the cards' titles and sections. */
  written?: string[];
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
              a.written ??
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

/** The list's filters in the shopper's language. */
const localFacets = (f: { categories: Facet[]; brands: Facet[] }, locale: Locale) => {
  const named = (xs: Facet[]) =>
    xs.map((x) => ({ id: x.id, name: pick(locale, x.en, x.ar), count: x.count }));
  return { categories: named(f.categories), brands: named(f.brands) };
};
