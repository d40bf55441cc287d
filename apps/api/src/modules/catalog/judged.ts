import type { Product } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The judged queries (issue 15, judged-queries.json): each query with the category or brand a shopper expects in
 * the top five. `judge` asks them through `top5` and scores them; the test runs it on the demo catalog, the bench
 * (bench/judged-bench.ts) on the large generated one, each against its own floors.
 */
export interface Judged {
  q: string;
  category?: string;
  brand?: string;
}
export interface Floors {
  zeroResults: number;
  meanPrecisionAt5: number;
}
export interface JudgedSet {
  floors: Floors;
  /** Floors for the 100,000-product generated catalog (bench:judged). */
  floorsLarge: Floors;
  queries: Judged[];
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

/** Every query asked, its precision in the top five, the count with no result and the mean precision. */
export async function judge(
  queries: Judged[],
  under: Map<string, Set<number>>,
  top5: (q: string) => Promise<Pick<Product, 'category' | 'brand'>[]>,
) {
  const lines: string[] = [];
  let zero = 0;
  let sum = 0;
  for (const j of queries) {
    if (j.category && !under.has(j.category)) throw new Error(`no category ${j.category}`);
    const top = await top5(j.q);
    const good = top.filter((p) =>
      j.category ? under.get(j.category)!.has(p.category.id) : p.brand.name_en === j.brand,
    ).length;
    const precision = top.length ? good / top.length : 0;
    if (!top.length) zero++;
    sum += precision;
    lines.push(`${precision.toFixed(2)}  ${j.q}  → ${j.category ?? j.brand} (${top.length} shown)`);
  }
  return { lines, zero, mean: sum / queries.length };
}
