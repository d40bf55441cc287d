import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rows, type Row } from '../../../db/rows.ts';
import { carryPastProductChanges } from '../catalog-memo.ts';
import {
  FEATURED,
  INDEXED_PRODUCT,
  ListMemo,
  ON_OFFER,
  SPECIAL,
  FOUND_POSITIONS,
  ORDER_POSITIONS,
  INDEX_COLUMNS,
  carryDerived,
  leadOf,
  paddedWordTrigrams,
  positionsById,
  type CatalogIndex,
  type WordsTouched,
} from './index-shape.ts';

/**
 * The catalog index following each change (issue 50 item 1): the writers' triggers note, in the transaction of the
 * change, which products each raise of the catalog version touched (`catalog_changes`, migration 0049). An index at
 * version V reads, in one statement, the catalog's version now, the products noted since V and their rows, and
 * makes the index at that version from V's: only those products' words, trigrams, places in the sorted orders and
 * cards change. What it shares with V's (every array no change touched) is never written again, so a list still
 * answering from V's sees V whole.
 *
 * It cannot follow, and the index is built whole instead, when a version since V noted the whole catalog (a
 * category, brand or promotion changed), when a version has no note at all (trimmed from the log after an hour, or
 * raised by a writer that notes nothing), or when more products changed than `FOLLOW_AT_MOST`.
 */

/** More changed products than this since the index's version: the index is built whole (one read of everything). */
export const FOLLOW_AT_MOST = 20_000;

export interface Changes {
  version: number;
  soldOutVersion: number;
  /** Every product noted since the index's version. */
  ids: number[];
  /** The rows of those now in the index (active); a noted product missing here left it (hidden or deleted). */
  rows: Map<number, Row>;
  /** Every version since noted only products (no synonym, plan or other setting beside them). */
  productsOnly: boolean;
}

/**
 * What changed since `from`, in one statement (one snapshot: the version and its notes agree). `'whole'` when the
 * index must be built whole instead; null when the catalog has no version.
 */
export async function readChanges(db: DbOrTx, from: number): Promise<Changes | 'whole' | null> {
  const list = await rows(
    db,
    sql`with st as (select version, sold_out_version from catalog_state where id = 1),
      ch as (
        select c.version, c.product_id, c.whole from catalog_changes c
        where c.version > ${from} and c.version <= (select version from st)
      ),
      meta as (
        select st.version as catalog_version, st.sold_out_version,
          (select count(distinct version) from ch) as logged,
          (select coalesce(bool_or(whole), false) from ch) as whole,
          (select count(distinct product_id) from ch) as changed,
          (select coalesce(bool_or(product_id is null), false) from ch) as beside
        from st
      ),
      ids as (select distinct product_id as changed_id from ch where product_id is not null)
      select m.catalog_version, m.sold_out_version, m.logged, m.whole, m.changed, m.beside, x.changed_id,
        ${INDEX_COLUMNS}, p.stock, i.thumbnail_url
      from meta m
      left join ids x on not m.whole and m.changed <= ${FOLLOW_AT_MOST}
      left join products p on p.id = x.changed_id and ${INDEXED_PRODUCT}
      left join lateral (
        select thumbnail_url from product_images
        where product_id = p.id and not is_3d order by position, id limit 1
      ) i on true`,
  );
  const meta = list[0];
  if (!meta || meta.catalog_version == null) return null;
  const version = Number(meta.catalog_version);
  if (version < from) return 'whole';
  if (version === from)
    return {
      version,
      soldOutVersion: Number(meta.sold_out_version),
      ids: [],
      rows: new Map(),
      productsOnly: true,
    };
  if (
    meta.whole === true ||
    meta.whole === 't' ||
    Number(meta.logged) !== version - from ||
    Number(meta.changed) > FOLLOW_AT_MOST
  )
    return 'whole';
  // Only products changed: what lists remember that holds no product stays right (catalog-memo.ts).
  const productsOnly = !(meta.beside === true || meta.beside === 't');
  if (productsOnly) carryPastProductChanges(db, from, version);
  const changes: Changes = {
    version,
    soldOutVersion: Number(meta.sold_out_version),
    ids: [],
    rows: new Map(),
    productsOnly,
  };
  for (const r of list) {
    if (r.changed_id == null) continue;
    changes.ids.push(Number(r.changed_id));
    if (r.id != null) changes.rows.set(Number(r.id), r);
  }
  return changes;
}

/**
 * How many orders hold each of these products (a product's popularity): for the products new to a followed index, or
 * for every product (`null`: a whole build).
 */
export async function soldCounts(db: DbOrTx, ids: number[] | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids && !ids.length) return out;
  for (const r of await rows(
    db,
    sql`select product_id, count(*) as n from order_products
        ${ids ? sql`where product_id in ${ids}` : sql``} group by product_id`,
  ))
    out.set(Number(r.product_id), Number(r.n));
  return out;
}

type Typed = Int32Array | Float64Array | Uint8Array;

/**
 * A follow runs in slices of about this long, between which the server's thread answers the requests waiting
 * (issue 50 item 1: a follow that changes texts or moves products in or out renumbers every posting list, hundreds
 * of milliseconds at 100,000 products). The index it makes is installed only when whole: until then lists answer
 * from the index before it, at its own version, or wait for it (catalog-index.ts).
 */
let sliceMs = 10;
/** How many times follows paused for other requests (tests). */
export let followPauses = 0;
/** Tests make every follow pause at every turn (0 ms). */
export function setFollowSliceMs(ms: number) {
  sliceMs = ms;
}
function slicer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((r) => setImmediate(r));
    followPauses++;
    since = performance.now();
  };
}

/**
 * The index at `changes.version`, made from `base` (at an older version) and the changed products' rows. `sold`:
 * the popularity of products new to the index (those already in it keep theirs, as of the last full build).
 */
export async function applyChanges(
  base: CatalogIndex,
  changes: Changes,
  sold: Map<number, number>,
): Promise<CatalogIndex> {
  const pause = slicer();
  const pos = positionsById(base);
  const removed = new Set<number>(); // base positions
  const inserted: number[] = []; // ids
  const updated: number[] = []; // base positions
  for (const id of new Set(changes.ids)) {
    const d = pos.get(id);
    const row = changes.rows.get(id);
    if (d === undefined) {
      if (row) inserted.push(id);
    } else if (row) updated.push(d);
    else removed.add(d);
  }
  const structural = removed.size > 0 || inserted.length > 0;
  const n0 = base.size;
  // Positions are in id-descending order. `from[i]`: the base position of the new position i (-1: new to the
  // index); `to[d]`: the new position of the base position d (-1: left it). Both grow with i and d.
  let n = n0;
  let from: Int32Array | null = null;
  let to: Int32Array | null = null;
  let ids = base.ids;
  if (structural) {
    inserted.sort((a, b) => b - a);
    n = n0 - removed.size + inserted.length;
    from = new Int32Array(n);
    to = new Int32Array(n0).fill(-1);
    ids = new Int32Array(n);
    let i = 0;
    let k = 0;
    for (let d = 0; d <= n0; d++) {
      const id = d < n0 ? base.ids[d]! : -Infinity;
      while (k < inserted.length && inserted[k]! > id) {
        ids[i] = inserted[k++]!;
        from[i++] = -1;
      }
      if (d === n0) break;
      if (removed.has(d)) continue;
      ids[i] = id;
      from[i] = d;
      to[d] = i++;
    }
  }
  const at = (d: number) => (to ? to[d]! : d);
  // The new positions whose row was read: updated, then inserted.
  const changed: { d: number; row: Row; was: number }[] = updated.map((d) => ({
    d: at(d),
    row: changes.rows.get(base.ids[d]!)!,
    was: d,
  }));
  if (structural)
    for (let i = 0; i < n; i++)
      if (from![i] === -1) changed.push({ d: i, row: changes.rows.get(ids[i]!)!, was: -1 });

  /** A per-position array: the base's remapped (or the base's itself until a change writes it). */
  const remapTyped = <T extends Typed>(
    a: T,
    make: (len: number) => T,
  ): { get: () => T; set: (d: number, v: number) => void } => {
    let out: T | null = null;
    if (structural) {
      out = make(n);
      for (let i = 0; i < n; i++) if (from![i]! >= 0) out[i] = a[from![i]!]!;
    }
    return {
      get: () => out ?? a,
      set: (d, v) => {
        if (!out) {
          if (a[d] === v) return;
          out = a.slice() as T;
        }
        out[d] = v;
      },
    };
  };
  const remapArray = <T>(a: T[]): { get: () => T[]; set: (d: number, v: T) => void } => {
    let out: T[] | null = null;
    if (structural) {
      out = new Array<T>(n);
      for (let i = 0; i < n; i++) if (from![i]! >= 0) out[i] = a[from![i]!]!;
    }
    return {
      get: () => out ?? a,
      set: (d, v) => {
        if (!out) {
          if (a[d] === v) return;
          out = a.slice();
        }
        out[d] = v;
      },
    };
  };
  await pause();
  const category = remapTyped(base.category, (l) => new Int32Array(l));
  const brand = remapTyped(base.brand, (l) => new Int32Array(l));
  const price = remapTyped(base.price, (l) => new Float64Array(l));
  const flags = remapTyped(base.flags, (l) => new Uint8Array(l));
  const promotion = remapTyped(base.promotion, (l) => new Int32Array(l));
  const soldOf = remapTyped(base.sold, (l) => new Int32Array(l));
  const created = remapTyped(base.created, (l) => new Float64Array(l));
  const leads = remapTyped(base.leads, (l) => new Int32Array(l));
  const texts = remapArray(base.texts);
  const titlesEn = remapArray(base.titlesEn);
  const titlesAr = remapArray(base.titlesAr);
  const thumbnails = remapArray(base.thumbnails);
  await pause();
  // Docs whose place in a sorted order may move (their key changed, or they are new).
  const priceMoved: number[] = [];
  const createdMoved: number[] = [];
  const popularityMoved: number[] = [];
  // Docs whose words changed (new to the index included): their old words (base positions) and new ones.
  const wordsChanged = new Map<number, string>(); // new position → text
  const wordsDropped = new Set<number>(); // base positions whose words leave the postings
  for (const d of removed) wordsDropped.add(d);
  let maxCategory = base.maxCategory;
  let maxBrand = base.maxBrand;
  for (const { d, row: r, was } of changed) {
    const text = String(r.search_text ?? '');
    const c = Number(r.category_id);
    const b = Number(r.brand_id);
    const p = Number(r.current_price_piastres);
    const made = Number(r.created);
    category.set(d, c);
    brand.set(d, b);
    if (c > maxCategory) maxCategory = c;
    if (b > maxBrand) maxBrand = b;
    flags.set(d, (r.featured ? FEATURED : 0) | (r.special_offer ? SPECIAL : 0) | (r.on_offer ? ON_OFFER : 0));
    promotion.set(d, Number(r.promotion_id));
    titlesEn.set(d, String(r.title_en));
    titlesAr.set(d, String(r.title_ar));
    thumbnails.set(d, (r.thumbnail_url as string | null) ?? null);
    if (was === -1 || base.price[was] !== p) priceMoved.push(d);
    price.set(d, p);
    if (was === -1 || base.created[was] !== made) {
      createdMoved.push(d);
      popularityMoved.push(d);
    }
    created.set(d, made);
    if (was === -1) {
      soldOf.set(d, sold.get(Number(r.id)) ?? 0);
      // New to the index: already among createdMoved's (its `was` is -1), so among popularityMoved's too.
    }
    if (was === -1 || base.texts[was] !== text) {
      wordsChanged.set(d, text);
      if (was !== -1) wordsDropped.add(was);
      texts.set(d, text);
      leads.set(d, leadOf(text));
    }
  }
  const next: CatalogIndex = {
    ...base,
    version: changes.version,
    size: n,
    ids,
    texts: texts.get(),
    leads: leads.get(),
    titlesEn: titlesEn.get(),
    titlesAr: titlesAr.get(),
    thumbnails: thumbnails.get(),
    category: category.get(),
    brand: brand.get(),
    price: price.get(),
    flags: flags.get(),
    promotion: promotion.get(),
    sold: soldOf.get(),
    created: created.get(),
    maxCategory,
    maxBrand,
    found: structural || wordsChanged.size ? new ListMemo(FOUND_POSITIONS) : base.found,
    soldOut: null,
    orders: new ListMemo(ORDER_POSITIONS),
  };
  const words =
    structural || wordsChanged.size
      ? await followWords(base, next, from, to, wordsChanged, wordsDropped, pause)
      : null;
  await pause();
  // The sorted orders: the base's (less what moved or left, renumbered) merged with what moved, sorted alike.
  next.byPrice = reorder(base.byPrice, base, next, to, priceMoved, BY_PRICE);
  await pause();
  next.byCreated = reorder(base.byCreated, base, next, to, createdMoved, BY_CREATED);
  await pause();
  next.byPopularity = reorder(base.byPopularity, base, next, to, popularityMoved, BY_POPULARITY);
  await pause();
  // Sold-out marks stay right while the sold-out version has not moved: a product selling out moves it. Products
  // new to the index are marked from the stock read with their row.
  if (base.soldOut && base.soldOut.version === changes.soldOutVersion) {
    let marks = base.soldOut.marks;
    if (structural) {
      marks = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const d = from![i]!;
        marks[i] = d >= 0 ? base.soldOut.marks[d]! : Number(changes.rows.get(ids[i]!)!.stock) <= 0 ? 1 : 0;
      }
    }
    next.soldOut = { version: changes.soldOutVersion, marks };
  }
  carryDerived(base, next, {
    structural,
    changedIds: new Set(changes.ids),
    words,
    productsOnly: changes.productsOnly,
  });
  return next;
}

/** How one of the sorted orders compares two positions: `a` with `A`'s values, `b` with `B`'s. */
type OrderCmp = (A: CatalogIndex, a: number, B: CatalogIndex, b: number) => number;
// Positions are in id-descending order, so `b - a` breaks ties by id descending and `a - b` by id ascending.
const BY_PRICE: OrderCmp = (A, a, B, b) => A.price[a]! - B.price[b]! || b - a;
const BY_CREATED: OrderCmp = (A, a, B, b) => B.created[b]! - A.created[a]! || a - b;
const BY_POPULARITY: OrderCmp = (A, a, B, b) =>
  B.sold[b]! - A.sold[a]! || B.created[b]! - A.created[a]! || a - b;

/**
 * A sorted order of positions, followed: the base's order without the positions that left (`to`: -1) or moved,
 * renumbered (`to`), merged with the moved positions (new numbering) sorted by `cmp`. Unchanged: the base's own.
 * When no position was renumbered, each moved position's old and new places are found by binary search and the
 * runs between them are copied whole: a follow of a few hundred prices costs microseconds per product and one copy
 * of the order, not a comparison per product of the catalog.
 */
function reorder(
  order: Int32Array,
  base: CatalogIndex,
  next: CatalogIndex,
  to: Int32Array | null,
  moved: number[],
  cmp: OrderCmp,
): Int32Array {
  if (!to && !moved.length) return order;
  const sortedMoved = moved.slice().sort((a, b) => cmp(next, a, next, b));
  if (!to) {
    const placed = placeMoved(order, base, next, sortedMoved, cmp);
    if (placed) return placed;
  }
  const n = next.size;
  const isMoved = new Uint8Array(n);
  for (const d of moved) isMoved[d] = 1;
  const out = new Int32Array(n);
  let k = 0;
  let m = 0;
  for (let i = 0; i < order.length; i++) {
    const b = order[i]!;
    const d = to ? to[b]! : b;
    if (d < 0 || isMoved[d]) continue;
    while (m < sortedMoved.length && cmp(next, sortedMoved[m]!, next, d) < 0) out[k++] = sortedMoved[m++]!;
    out[k++] = d;
  }
  while (m < sortedMoved.length) out[k++] = sortedMoved[m++]!;
  if (k !== n) throw new Error(`catalog index: a followed order holds ${k} positions, not ${n}`);
  return out;
}

/**
 * The order with the moved positions (no position renumbered) taken from their old places and put in their new
 * ones, both found by binary search in `order`: it is sorted by the base's values, which are the new ones for every
 * position but the moved. Null if a moved position is not where its old values say (then the caller's full pass).
 */
function placeMoved(
  order: Int32Array,
  base: CatalogIndex,
  next: CatalogIndex,
  sortedMoved: number[],
  cmp: OrderCmp,
): Int32Array | null {
  const size = order.length;
  // The first place in `order` whose position comes at or after `d` (valued by `of`).
  const lowerBound = (of: CatalogIndex, d: number) => {
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(base, order[mid]!, of, d) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const count = sortedMoved.length;
  const oldAt = new Int32Array(count);
  const newAt = new Int32Array(count);
  for (let j = 0; j < count; j++) {
    const d = sortedMoved[j]!;
    const at = lowerBound(base, d);
    if (order[at] !== d) return null;
    oldAt[j] = at;
    newAt[j] = lowerBound(next, d);
  }
  oldAt.sort();
  const out = new Int32Array(size);
  let k = 0;
  let pos = 0;
  let r = 0;
  let j = 0;
  while (pos < size || j < count) {
    const cut = Math.min(j < count ? newAt[j]! : size, r < count ? oldAt[r]! : size);
    if (cut > pos) {
      out.set(order.subarray(pos, cut), k);
      k += cut - pos;
      pos = cut;
    }
    if (j < count && newAt[j] === pos) out[k++] = sortedMoved[j++]!;
    else if (r < count && oldAt[r] === pos) {
      pos++;
      r++;
    } else if (pos >= size && j >= count) break;
  }
  if (k !== size) throw new Error(`catalog index: a followed order holds ${k} positions, not ${size}`);
  return out;
}

/**
 * The postings, words and vocabulary followed: the texts that changed leave their old words' posting lists and join
 * their new words' (a word no text holds any more stays in the vocabulary as '' so numbers keep their meaning, and
 * leaves the two-letter lists; a word new to the vocabulary gets the next number and its trigrams).
 */
async function followWords(
  base: CatalogIndex,
  next: CatalogIndex,
  from: Int32Array | null,
  to: Int32Array | null,
  changedTexts: Map<number, string>,
  dropped: Set<number>,
  pause: () => Promise<void>,
): Promise<WordsTouched> {
  const n = next.size;
  let vocabulary = base.vocabulary;
  const wordIds = wordIdsOf(base);
  const copyVocabulary = () => {
    if (vocabulary === base.vocabulary) vocabulary = base.vocabulary.slice();
  };
  const fresh: number[] = []; // word numbers new to the vocabulary
  const revived: number[] = [];
  const idOf = (w: string) => {
    const known = wordIds.get(w);
    if (known !== undefined && known < vocabulary.length) {
      if (vocabulary[known] === w) return known;
      if (vocabulary[known] === '') {
        copyVocabulary();
        vocabulary[known] = w;
        revived.push(known);
        return known;
      }
    }
    copyVocabulary();
    const id = vocabulary.length;
    vocabulary.push(w);
    wordIds.set(w, id);
    fresh.push(id);
    return id;
  };
  // The words of every text, as numbers: the base's slices for texts that did not change, read again for the rest.
  const starts = new Int32Array(n + 1);
  const tokens = new Map<number, Int32Array>();
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (i % 8192 === 0) await pause();
    starts[i] = total;
    const t = changedTexts.get(i);
    if (t !== undefined) {
      const ws = t.split(' ');
      const nums = new Int32Array(ws.length);
      for (let j = 0; j < ws.length; j++) nums[j] = ws[j] ? idOf(ws[j]!) : -1;
      tokens.set(i, nums);
      total += nums.length;
    } else {
      const d = from ? from[i]! : i;
      total += base.wordStarts[d + 1]! - base.wordStarts[d]!;
    }
  }
  starts[n] = total;
  const words = new Int32Array(total);
  await pause();
  for (let i = 0; i < n;) {
    const own = tokens.get(i);
    if (own) {
      words.set(own, starts[i]!);
      i++;
      continue;
    }
    // A run of texts kept as they were, consecutive in the base too: one copy.
    const d0 = from ? from[i]! : i;
    let j = i + 1;
    while (j < n && !tokens.has(j) && (from ? from[j]! : j) === d0 + (j - i)) j++;
    const d1 = d0 + (j - i);
    words.set(base.words.subarray(base.wordStarts[d0]!, base.wordStarts[d1]!), starts[i]!);
    i = j;
  }
  next.words = words;
  next.wordStarts = starts;
  // Postings: per word, the positions leaving and joining.
  const leaving = new Map<number, number[]>(); // word number → base positions
  for (const d of dropped)
    for (let k = base.wordStarts[d]!; k < base.wordStarts[d + 1]!; k++) {
      const w = base.words[k]!;
      if (w < 0) continue;
      const l = leaving.get(w);
      if (!l) leaving.set(w, [d]);
      else if (l[l.length - 1] !== d) l.push(d);
    }
  const joining = new Map<number, number[]>(); // word number → new positions
  for (const [d, nums] of tokens)
    for (const w of nums) {
      if (w < 0) continue;
      const l = joining.get(w);
      if (!l) joining.set(w, [d]);
      else if (l[l.length - 1] !== d) l.push(d);
    }
  const postings = new Map(base.postings);
  const died: number[] = [];
  const rewrite = (w: number) => {
    const word = vocabulary[w]!;
    const old = base.postings.get(word) ?? new Int32Array(0);
    if (to && !joining.has(w) && !leaving.has(w)) {
      // Only renumbered: the numbering keeps the order, so the list stays ascending.
      const out = new Int32Array(old.length);
      let k = 0;
      for (let i = 0; i < old.length; i++) {
        const m = to[old[i]!]!;
        if (m >= 0) out[k++] = m;
      }
      if (!k) {
        postings.delete(word);
        died.push(w);
      } else postings.set(word, k === old.length ? out : out.slice(0, k));
      return;
    }
    // The list less the positions leaving, renumbered, merged with those joining: all three ascending, one pass
    // (pushing them into an array and sorting it took seconds for a few hundred texts' common words).
    const join = joining.get(w);
    const leave = leaving.get(w);
    const gone = leave ? Int32Array.from(leave).sort() : null;
    const out = new Int32Array(old.length + (join?.length ?? 0));
    let k = 0;
    let g = 0;
    let j = 0;
    for (let i = 0; i < old.length; i++) {
      const d = old[i]!;
      if (gone) {
        while (g < gone.length && gone[g]! < d) g++;
        if (g < gone.length && gone[g] === d) {
          g++;
          continue;
        }
      }
      const m = to ? to[d]! : d;
      if (m < 0) continue;
      if (join) {
        while (j < join.length && join[j]! < m) out[k++] = join[j++]!;
        if (j < join.length && join[j] === m) j++;
      }
      out[k++] = m;
    }
    if (join) while (j < join.length) out[k++] = join[j++]!;
    if (!k) {
      postings.delete(word);
      died.push(w);
      return;
    }
    postings.set(word, k === out.length ? out : out.slice(0, k));
  };
  await pause();
  let rewritten = 0;
  const next1 = async (w: number) => {
    rewrite(w);
    if (++rewritten % 1024 === 0) await pause();
  };
  if (to) {
    // Every position may have a new number: every list is renumbered.
    for (const word of base.postings.keys()) await next1(wordIds.get(word)!);
    for (const w of joining.keys()) if (!base.postings.has(vocabulary[w]!)) await next1(w);
  } else for (const w of new Set([...leaving.keys(), ...joining.keys()])) await next1(w);
  if (died.length) {
    copyVocabulary();
    for (const w of died) vocabulary[w] = '';
  }
  next.postings = postings;
  next.vocabulary = vocabulary;
  // New words join their trigrams' lists (at the end: their numbers are the largest).
  if (fresh.length) {
    const trigrams = new Map(base.trigrams);
    const add = new Map<string, number[]>();
    for (const w of fresh)
      for (const g of paddedWordTrigrams(vocabulary[w]!)) {
        const l = add.get(g);
        if (l) l.push(w);
        else add.set(g, [w]);
      }
    for (const [g, more] of add) {
      const old = trigrams.get(g) ?? new Int32Array(0);
      const out = new Int32Array(old.length + more.length);
      out.set(old);
      out.set(more, old.length);
      trigrams.set(g, out);
    }
    next.trigrams = trigrams;
  }
  wordIdMaps.set(vocabulary, wordIds);
  return { fresh, revived, died };
}

/** Each vocabulary word's number (made once per built index, then kept along the indexes following it). */
const wordIdMaps = new WeakMap<readonly string[], Map<string, number>>();
function wordIdsOf(idx: CatalogIndex): Map<string, number> {
  let m = wordIdMaps.get(idx.vocabulary);
  if (!m) {
    m = new Map();
    for (let i = 0; i < idx.vocabulary.length; i++) if (idx.vocabulary[i]) m.set(idx.vocabulary[i]!, i);
    wordIdMaps.set(idx.vocabulary, m);
  }
  return m;
}

/**
 * The change log's notes older than an hour go (jobs.ts, hourly). An index whose version is older than the notes
 * left is built whole (a version with no note): that happens only to an instance that answered no list for an hour.
 */
export async function trimCatalogChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from catalog_changes where at < now() - interval '1 hour'`);
}
