import type { Product } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The judged queries (issue 15, judged-queries.json): each query with the category or brand a shopper expects in
 * the top five. `judge` asks them through `list` and scores them; the test runs it on the demo catalog, the bench
 * (bench/judged-bench.ts) on the large generated one, each against its own floors.
 */
export interface Judged {
  q: string;
  category?: string;
  brand?: string;
  /**
   * Every result is in `category`, at every sort (issue 43: a section a search names narrows it, never pads it with
   * its department's other sections): the facets count all of them in it, and each sort's first page shows only it.
   */
  all?: boolean;
}
export interface Floors {
  zeroResults: number;
  meanPrecisionAt5: number;
  /** Queries marked `all` with a result outside their category. */
  outside: number;
}
export interface JudgedSet {
  floors: Floors;
  /** Floors for the 100,000-product generated catalog (bench:judged). */
  floorsLarge: Floors;
  queries: Judged[];
}

/** The sorts a shopper can ask a search for; `relevance` is the search's own order. */
export const JUDGED_SORTS = ['relevance', 'lowest_price', 'highest_price', 'latest_to_oldest'] as const;
export type JudgedSort = (typeof JUDGED_SORTS)[number];

/** A search's first page (five products), how many it found, and its category facets (id and count). */
export interface JudgedList {
  products: Pick<Product, 'category' | 'brand'>[];
  total: number;
  categories: { id: number; count: number }[];
}

export const loadJudged = async (): Promise<JudgedSet> =>
  JSON.parse(await readFile(new URL('./judged-queries.json', import.meta.url), 'utf8')) as JudgedSet;

/** Category English name → the ids of it and of everything under it. */
export async function categoriesUnder(db: DbOrTx): Promise<Map<string, Set<number>>> {
  const cats = (
    (await db.execute(sql`select id, parent_id, name_en from categories`)) as unknown as {
      rows: { id: number; parent_id: number | null; name_en: string }[];
    }
  ).rows;
  const under = new Map<string, Set<number>>();
  for (const c of cats) {
    const ids = new Set([c.id]);
    for (let grew = true; grew;) {
      grew = false;
      for (const d of cats)
        if (d.parent_id !== null && ids.has(d.parent_id) && !ids.has(d.id)) {
          ids.add(d.id);
          grew = true;
        }
    }
    under.set(c.name_en, ids);
  }
  return under;
}

/**
 * Every query asked, its precision in the top five, the count with no result and the mean precision; and, of the
 * queries marked `all`, how many have a result outside their category: in the facets (which count every result,
 * so they must add up to the total), or on the first page of any sort.
 */
export async function judge(
  queries: Judged[],
  under: Map<string, Set<number>>,
  list: (q: string, sort: JudgedSort) => Promise<JudgedList>,
) {
  const lines: string[] = [];
  let zero = 0;
  let sum = 0;
  let outside = 0;
  for (const j of queries) {
    if (j.category && !under.has(j.category)) throw new Error(`no category ${j.category}`);
    const inside = (categoryId: number) => under.get(j.category!)!.has(categoryId);
    const first = await list(j.q, 'relevance');
    const top = first.products;
    const good = top.filter((p) => (j.category ? inside(p.category.id) : p.brand.name_en === j.brand)).length;
    const precision = top.length ? good / top.length : 0;
    if (!top.length) zero++;
    sum += precision;
    let all = '';
    if (j.all) {
      if (!j.category) throw new Error(`${j.q}: "all" needs a category`);
      const wrong: string[] = [];
      const counted = first.categories.reduce((n, c) => n + c.count, 0);
      const elsewhere = first.categories.filter((c) => !inside(c.id)).reduce((n, c) => n + c.count, 0);
      if (elsewhere || counted !== first.total)
        wrong.push(`${first.total - counted + elsewhere} of ${first.total}`);
      for (const sort of JUDGED_SORTS) {
        const page = sort === 'relevance' ? first : await list(j.q, sort);
        const out = page.products.filter((p) => !inside(p.category.id)).length;
        if (out) wrong.push(`${out} of ${sort}'s first ${page.products.length}`);
      }
      if (wrong.length) outside++;
      all = wrong.length ? `; outside it: ${wrong.join(', ')}` : `; all ${first.total} in it at every sort`;
    }
    lines.push(`${precision.toFixed(2)}  ${j.q}  → ${j.category ?? j.brand} (${top.length} shown${all})`);
  }
  return { lines, zero, mean: sum / queries.length, outside };
}
