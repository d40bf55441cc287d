import {
  FEATURED,
  ListMemo,
  ON_OFFER,
  SPECIAL,
  onIndexFollowed,
  positionsById,
  pricesOnly,
  type CatalogIndex,
} from './catalog-index.ts';
import { containing, intersect, union } from './index-words.ts';
import type { SearchGroup } from './plan.ts';

/**
 * A list's filters, counts and orders in the catalog index (catalog-index.ts): one pass gives the matches, the
 * total, the price range and the facets' counts (`match`); the sorts are pre-sorted orders of positions
 * (`inOrder`), and ordered lists are remembered with the index (`rememberOrder`).
 */

/** What a list asks for, as the index applies it. */
export interface IndexFilter {
  categories: Set<number> | null;
  brands: Set<number> | null;
  featured: boolean;
  onOffer: boolean;
  special: boolean;
  promotionId: number | null;
  /** Every group must match: any of its texts, or any of its sections. */
  groups: SearchGroup[];
  minPiastres: number | null;
  maxPiastres: number | null;
}

export interface IndexMatch {
  /** Positions matching everything (price included), ascending. */
  matches: Int32Array;
  total: number;
  min: number | null;
  max: number | null;
  categoryCounts: Map<number, number>;
  brandCounts: Map<number, number>;
}

/** Each category's and each brand's positions (ascending), and each brand's prices (ascending). */
interface GroupLists {
  byCategory: Map<number, Int32Array>;
  byBrand: Map<number, Int32Array>;
  brandPrices: Map<number, Float64Array>;
}
const groupListsOf = new WeakMap<CatalogIndex, GroupLists>();

/** Made once per index, on the first list that needs them (about 16 bytes per product). */
function groupLists(idx: CatalogIndex): GroupLists {
  let lists = groupListsOf.get(idx);
  if (lists) return lists;
  const gather = (of: Int32Array) => {
    const counts = new Map<number, number>();
    for (let d = 0; d < idx.size; d++) counts.set(of[d]!, (counts.get(of[d]!) ?? 0) + 1);
    const out = new Map<number, Int32Array>();
    const fill = new Map<number, number>();
    for (const [id, c] of counts) {
      out.set(id, new Int32Array(c));
      fill.set(id, 0);
    }
    for (let d = 0; d < idx.size; d++) {
      const id = of[d]!;
      const k = fill.get(id)!;
      out.get(id)![k] = d;
      fill.set(id, k + 1);
    }
    return out;
  };
  const byBrand = gather(idx.brand);
  const brandPrices = new Map<number, Float64Array>();
  for (const [b, positions] of byBrand)
    brandPrices.set(b, Float64Array.from(positions, (d) => idx.price[d]!).sort());
  lists = { byCategory: gather(idx.category), byBrand, brandPrices };
  groupListsOf.set(idx, lists);
  return lists;
}

// An index following a change that moved no product in or out and changed no category or brand keeps the
// category and brand lists (index-follow.ts); only the brands whose prices changed have their sorted prices
// followed: the old prices out and the new ones in, in one merge (sorting a brand's prices again, for the few
// hundred brands a sync of 250 prices touches, took tens of milliseconds of the thread at 100,000 products).
onIndexFollowed((from, to, what) => {
  const lists = groupListsOf.get(from);
  if (!lists || what.structural) return;
  const pos = positionsById(to);
  const moved = new Map<number, { out: number[]; in: number[] }>();
  for (const id of what.changedIds) {
    const d = pos.get(id);
    if (d === undefined) continue;
    if (from.category[d] !== to.category[d] || from.brand[d] !== to.brand[d]) return;
    if (from.price[d] === to.price[d]) continue;
    const b = to.brand[d]!;
    let m = moved.get(b);
    if (!m) moved.set(b, (m = { out: [], in: [] }));
    m.out.push(from.price[d]!);
    m.in.push(to.price[d]!);
  }
  const brandPrices = moved.size ? new Map(lists.brandPrices) : lists.brandPrices;
  for (const [b, m] of moved) {
    const old = lists.brandPrices.get(b);
    if (old) brandPrices.set(b, replacePrices(old, m.out, m.in));
  }
  groupListsOf.set(to, { byCategory: lists.byCategory, byBrand: lists.byBrand, brandPrices });
});

/** Ascending prices with `out` taken out (one each) and `into` put in, still ascending: one merge. */
export function replacePrices(sorted: Float64Array, out: number[], into: number[]): Float64Array {
  const gone = Float64Array.from(out).sort();
  const added = Float64Array.from(into).sort();
  const res = new Float64Array(sorted.length - gone.length + added.length);
  let k = 0;
  let g = 0;
  let a = 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    while (g < gone.length && gone[g]! < v) g++;
    if (g < gone.length && gone[g] === v) {
      g++;
      continue;
    }
    while (a < added.length && added[a]! < v) res[k++] = added[a++]!;
    res[k++] = v;
  }
  while (a < added.length) res[k++] = added[a++]!;
  if (k !== res.length) throw new Error("catalog index: a brand's followed prices do not add up");
  return res;
}

/** The first index in an ascending array whose value is at least `v` (`above`: more than `v`). */
function lowerBound(a: Float64Array, v: number, above = false) {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v || (above && a[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per brand id, its products priced within the range (two binary searches per brand). */
function brandsInPriceRange(idx: CatalogIndex, lists: GroupLists, min: number | null, max: number | null) {
  const tally = new Int32Array(idx.maxBrand + 1);
  for (const [b, prices] of lists.brandPrices) {
    const from = min === null ? 0 : lowerBound(prices, min);
    const to = max === null ? prices.length : lowerBound(prices, max, true);
    tally[b] = Math.max(0, to - from);
  }
  return tally;
}

/**
 * One pass: the matches, the total, the price range (without the price filter, as the list's filter shows it),
 * the counts per category (of the matches) and per brand (of the matches without the brand filter).
 */
export function match(idx: CatalogIndex, f: IndexFilter): IndexMatch {
  // The positions holding every group: each group's texts and sections joined, then the groups intersected (all
  // ascending).
  let candidates: Int32Array | null = null;
  for (const group of f.groups) {
    const lists = group.texts.map((text) => containing(idx, text));
    if (group.sections.length) {
      const { byCategory } = groupLists(idx);
      for (const c of group.sections) {
        const list = byCategory.get(c);
        if (list) lists.push(list);
      }
    }
    const any = lists.length > 1 ? groupUnion(idx, group, lists) : union(lists, idx.size);
    candidates = candidates ? intersect(candidates, any) : any;
  }
  // Counted in arrays by id (ids are small serials; a Map per match cost more than the rest of the pass).
  const categoryTally = new Int32Array(idx.maxCategory + 1);
  let brandTally = new Int32Array(idx.maxBrand + 1);
  // Without a search, a category's or a brand's products only, from their position lists, instead of a pass over
  // the whole catalog. The brand facet counts every brand of the list but the brand filter: with brands alone,
  // those come from each brand's sorted prices (when no other filter applies), and the pass skips them.
  let brandsCounted = false;
  if (!candidates && (f.categories || f.brands)) {
    const lists = groupLists(idx);
    if (f.categories) {
      candidates = union(
        [...f.categories].flatMap((c) => lists.byCategory.get(c) ?? []),
        idx.size,
      );
    } else if (!f.featured && !f.onOffer && !f.special && f.promotionId === null) {
      candidates = union(
        [...f.brands!].flatMap((b) => lists.byBrand.get(b) ?? []),
        idx.size,
      );
      brandTally = brandsInPriceRange(idx, lists, f.minPiastres, f.maxPiastres);
      brandsCounted = true;
    }
  }
  const n = candidates ? candidates.length : idx.size;
  // The matches, in an array as long as the candidates (no array grown one push at a time, then copied).
  const out = new Int32Array(n);
  let total = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (let i = 0; i < n; i++) {
    const d = candidates ? candidates[i]! : i;
    if (f.categories && !f.categories.has(idx.category[d]!)) continue;
    const flags = idx.flags[d]!;
    if (f.featured && !(flags & FEATURED)) continue;
    if (f.onOffer && !(flags & ON_OFFER)) continue;
    if (f.special && !(flags & SPECIAL)) continue;
    if (f.promotionId !== null && idx.promotion[d] !== f.promotionId) continue;
    const price = idx.price[d]!;
    const priceOk =
      (f.minPiastres === null || price >= f.minPiastres) &&
      (f.maxPiastres === null || price <= f.maxPiastres);
    const brand = idx.brand[d]!;
    if (priceOk && !brandsCounted) brandTally[brand]!++;
    if (f.brands && !f.brands.has(brand)) continue;
    if (min === null || price < min) min = price;
    if (max === null || price > max) max = price;
    if (!priceOk) continue;
    out[total++] = d;
    const c = idx.category[d]!;
    categoryTally[c]!++;
  }
  const counted = (tally: Int32Array) => {
    const m = new Map<number, number>();
    for (let id = 0; id < tally.length; id++) if (tally[id]) m.set(id, tally[id]!);
    return m;
  };
  const categoryCounts = counted(categoryTally);
  const brandCounts = counted(brandTally);
  return { matches: out.subarray(0, total), total, min, max, categoryCounts, brandCounts };
}

/**
 * A group's texts' and sections' lists joined, remembered per index (so per version: a followed index is another)
 * and group, bounded: a word searched with another word no product holds with it is matched again alone, and in the
 * next search's pair (a word with its other number or its synonyms is two lists or more, and joining them made an
 * array and a pass over the catalog each time).
 */
function groupUnion(idx: CatalogIndex, group: SearchGroup, lists: Int32Array[]): Int32Array {
  let memo = unionsKept.get(idx);
  if (!memo) unionsKept.set(idx, (memo = new ListMemo(UNION_POSITIONS)));
  const key = `${group.texts.join('\u0000')}\u0001${group.sections.join(',')}`;
  const hit = memo.use(key);
  if (hit) return hit;
  const out = union(lists, idx.size);
  memo.keep(key, out);
  return out;
}
const unionsKept = new WeakMap<CatalogIndex, ListMemo>();
// Words' and sections' lists read no price: the same after a change of prices only (`pricesOnly`).
onIndexFollowed((from, to, what) => {
  const memo = unionsKept.get(from);
  if (memo && pricesOnly(from, to, what)) unionsKept.set(to, memo);
});
/** Positions of joined lists kept per index at most (4 bytes each). */
const UNION_POSITIONS = 2_000_000;

/** The matches in the order of a pre-sorted list of positions (`reverse` reads it backwards). */
export function inOrder(idx: CatalogIndex, matches: Int32Array, order: Int32Array, reverse = false) {
  if (matches.length === idx.size) return reverse ? order.slice().reverse() : order;
  // Few matches: sorted by their place in the order, without a pass over the whole order.
  if (matches.length * 32 < idx.size) {
    const rank = rankIn(order);
    const out = Int32Array.from(matches);
    out.sort(reverse ? (a, b) => rank[b]! - rank[a]! : (a, b) => rank[a]! - rank[b]!);
    return out;
  }
  const mark = new Uint8Array(idx.size);
  for (let i = 0; i < matches.length; i++) mark[matches[i]!] = 1;
  const out = new Int32Array(matches.length);
  let k = 0;
  if (reverse) {
    for (let i = order.length - 1; i >= 0; i--) if (mark[order[i]!]) out[k++] = order[i]!;
  } else for (let i = 0; i < order.length; i++) if (mark[order[i]!]) out[k++] = order[i]!;
  return out;
}

/** Each position's place in a pre-sorted order (made once per order, so once per index). */
const ranks = new WeakMap<Int32Array, Int32Array>();
function rankIn(order: Int32Array): Int32Array {
  let rank = ranks.get(order);
  if (!rank) {
    rank = new Int32Array(order.length);
    for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
    ranks.set(order, rank);
  }
  return rank;
}

/** Each position's place in the tie-breakers' order of a search (popularity, then newest, then id). */
export const popularityRank = (idx: CatalogIndex) => rankIn(idx.byPopularity);

/** `list` with the positions for which `last` holds moved to the end, each part in its order. */
export function partition(list: Int32Array, last: (d: number) => boolean): Int32Array {
  const out = new Int32Array(list.length);
  let k = 0;
  for (let i = 0; i < list.length; i++) if (!last(list[i]!)) out[k++] = list[i]!;
  for (let i = 0; i < list.length; i++) if (last(list[i]!)) out[k++] = list[i]!;
  return out;
}

export const isFeatured = (idx: CatalogIndex, d: number) => (idx.flags[d]! & FEATURED) !== 0;

/**
 * An ordered list remembered with the index, bounded. One that reads prices (`readsPrices`: a sort by price, or a
 * list asking a price range) is kept per catalog version: the orders are shared by the indexes that followed
 * changes of prices only (index-engine.ts), for which the others stay right.
 */
export function rememberOrder(
  idx: CatalogIndex,
  key: string,
  readsPrices: boolean,
  compute: () => Int32Array,
): Int32Array {
  const at = readsPrices ? `${idx.version} ${key}` : key;
  const hit = idx.orders.use(at);
  if (hit) return hit;
  const value = compute();
  idx.orders.keep(at, value);
  return value;
}
