/**
 * The pieces of queries never asked before, shared by the benches that make them (bench:api, bench:million):
 * query strings, a deterministic shuffle, a title's words, typos and the prefixes a shopper types.
 */

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

/** What the header's search asks while a shopper types a word: its first 3, 4, 5… letters. */
export function freshPrefixes(titles: string[]) {
  const out = new Set<string>();
  for (const t of titles)
    for (const w of wordsOf(t)) for (let k = 3; k <= Math.min(w.length, 7); k++) out.add(w.slice(0, k));
  return shuffled([...out]);
}
