/**
 * The pieces of queries never asked before, shared by the benches that make them (bench:api, bench:million,
 * bench:index-follow, bench:drift): query strings, a deterministic shuffle, a title's words, typos, lists and the
 * prefixes a shopper types.
 */
import { mulberry32 } from '../apps/api/src/db/seed/rng.ts';

export const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A deterministic shuffle (the same run to run). */
export const shuffled = <T>(xs: T[]) =>
  xs
    .map((x, i) => ({ x, k: (i * 2654435761) % 4294967296 }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);

export const wordsOf = (title: string) =>
  title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !/^\d+$/.test(w));

/** A typo of a word: a letter dropped, doubled or two swapped (chosen by `n`). */
export function typo(w: string, n: number) {
  const i = 1 + (n % Math.max(1, w.length - 2));
  if (n % 3 === 0) return w.slice(0, i) + w.slice(i + 1);
  if (n % 3 === 1) return w.slice(0, i) + w[i] + w.slice(i);
  return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
}

/** The sorts a list never asked before takes in turn (the shop's default order first). */
export const LIST_SORTS = [
  '',
  'lowest_price=true',
  'highest_price=true',
  'latest_to_oldest=true',
  'featured_first=true',
];

/**
 * The `n`th list never asked before of bench:index-follow's and bench:drift's kind: a category or a brand or both,
 * a random price range, a sort and a page (`random` and `pick` from the caller's seeded generator).
 */
export function freshList(
  n: number,
  cats: number[],
  brands: number[],
  random: () => number,
  pick: <T>(xs: T[]) => T,
): string {
  const q: Record<string, string | number> = { per_page: 12, page: 1 + (n % 3) };
  if (n % 3 !== 2) q.category_id = pick(cats);
  if (n % 3 !== 0) q.brand_id = pick(brands);
  q.min_price = 100 + Math.floor(random() * 200) * 50;
  q.max_price = Number(q.min_price) + 1000 + Math.floor(random() * 400) * 100;
  const sort = LIST_SORTS[n % LIST_SORTS.length]!;
  return `/v1/products?${qs(q)}${sort ? `&${sort}` : ''}`;
}

/** What the header's search asks while a shopper types a word: its first 3, 4, 5… letters. */
export function freshPrefixes(titles: string[]) {
  const out = new Set<string>();
  for (const t of titles)
    for (const w of wordsOf(t)) for (let k = 3; k <= Math.min(w.length, 7); k++) out.add(w.slice(0, k));
  return shuffled([...out]);
}

/** A deterministic random number generator (the seed's mulberry32): the same queries run to run. */
export const randomFrom = mulberry32;

/** The kinds of search shoppers type that the catalog's own titles do not (issue 50 item 2). */
export const SHOPPER_KINDS = {
  pair: 'two catalog words paired at random',
  typo: 'a typo of a catalog word',
  'typo+word': 'a typo beside another catalog word',
} as const;
export type ShopperKind = keyof typeof SHOPPER_KINDS;

/**
 * A typo as `typo` makes them, or a letter typed as its neighbour in the word (dropped, doubled, swapped or
 * replaced: about four times as many typos of a word as `typo` alone).
 */
function shopperTypo(w: string, random: () => number) {
  const n = Math.floor(random() * 1000);
  if (random() < 0.75) return typo(w, n);
  const i = n % w.length;
  const other = w[(i + 1) % w.length]!;
  return other === w[i] ? typo(w, n) : w.slice(0, i) + other + w.slice(i + 1);
}

/**
 * Searches as shoppers type them, each different: words of the catalog's titles (either language) paired at
 * random, so mostly two words no product holds together; a typo of one (a letter dropped, doubled or two swapped);
 * a typo beside another word, before or after it. Up to `count` of each kind, none twice across the kinds.
 */
export function shopperSearches(titles: string[], count: number): Record<ShopperKind, string[]> {
  const words = [...new Set(titles.flatMap(wordsOf))].sort();
  const random = randomFrom(50);
  const pick = () => words[Math.floor(random() * words.length)]!;
  const seen = new Set<string>();
  const out: Record<ShopperKind, string[]> = { pair: [], typo: [], 'typo+word': [] };
  const make: Record<ShopperKind, () => string> = {
    pair: () => `${pick()} ${pick()}`,
    typo: () => shopperTypo(pick(), random),
    'typo+word': () => {
      const [a, b] = [shopperTypo(pick(), random), pick()];
      return random() < 0.5 ? `${a} ${b}` : `${b} ${a}`;
    },
  };
  for (const kind of Object.keys(make) as ShopperKind[])
    for (let tries = 0; out[kind].length < count && tries < count * 4; tries++) {
      const q = make[kind]();
      const [a, b] = q.split(' ');
      if (a === b || seen.has(q)) continue;
      seen.add(q);
      out[kind].push(q);
    }
  return out;
}

/** The kinds in turn: one of each, then the next of each. */
export const inTurn = (lists: string[][]) =>
  Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) =>
    lists.flatMap((l) => (i < l.length ? [l[i]!] : [])),
  ).flat();

/** Titles to make queries of: 20 pages of 100 products spread through the catalog, in both languages. */
export async function catalogTitles(base: string): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; page <= 20; page++)
    for (const locale of ['ar', 'en']) {
      const res = (await (
        await fetch(`${base}/v1/products?${qs({ per_page: 100, page: page * 37, locale })}`)
      ).json()) as { products: { title: string }[] };
      titles.push(...res.products.map((p) => p.title));
    }
  return titles;
}
