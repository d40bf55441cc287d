/**
 * Product cards (spec §7): read in one statement per page (`cardRows`), kept with the catalog index and warmed in
 * the background (`indexCards`, `warmCards`), with the columns that move without the catalog version read live
 * (`liveColumns`, shared by the guests waiting at once: `guestLive`), and the lowest monthly installment over the
 * banks' plans (`withMonthly`; the product page's table: `installmentTable`).
 */
import {
  installmentQuote,
  lowestMonthly,
  planOffered,
  toEgp,
  type Locale,
  type PlanTerms,
  type Product,
  type ProductInstallments,
} from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, type DbOrTx } from '../../db/client.ts';
import { rows, type Row } from '../../db/rows.ts';
import type { VariantOption, VariantValue } from '../../db/schema.ts';
import { pick } from '../../lib/locale.ts';
import { catalogView, type CatalogView } from './catalog-memo.ts';
import { iso, jsonRows } from './columns.ts';
import {
  onIndexFollowed,
  onIndexRebuilt,
  readVersions,
  sawVersions,
  type CatalogIndex,
  type Versions,
} from './search/catalog-index.ts';
import type { ListOptions } from './search/engine.ts';
import { runningPromotion } from './taxonomy-reads.ts';

export interface Plan extends PlanTerms {
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
export async function activePlans(db: DbOrTx, checked?: CatalogView): Promise<Plan[]> {
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
export async function withMonthly(db: DbOrTx, cards: Product[], checked?: CatalogView): Promise<Product[]> {
  if (!cards.length) return cards;
  const plans = await activePlans(db, checked);
  return cards.map((c) => {
    const m = lowestMonthly(Math.round(c.checkout_price * 100), plans);
    return { ...c, monthly_from: m === null ? null : toEgp(m) };
  });
}

/** Every bank's plans offered for a price (from their minimum amount): the product page's table. */
export function installmentTable(pricePiastres: number, plans: Plan[], L: Locale): ProductInstallments {
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
export const liveColumns = (userId?: number | null) =>
  sql`p.stock,
      (select json_build_object('sum', r.rating_sum, 'count', r.rating_count)
         from product_ratings r where r.product_id = p.id) as rating,
      ${
        userId
          ? sql`exists (select 1 from favorites f where f.user_id = ${userId} and f.product_id = p.id)`
          : sql`false`
      } as is_favorite`;
export const VERSIONS_COLUMNS = sql`(select version from catalog_state where id = 1) as catalog_version,
  (select sold_out_version from catalog_state where id = 1) as sold_out_version`;

/**
 * Cards kept with a catalog index and the indexes following it (search/index-follow.ts), without their live
 * columns; bounded. A card read at version `at` is an index's at version V while its product has not changed since
 * (the version of the follow that last changed it, `changedAt`, is at most both): a follow notes only the products it
 * changed (copying the 20,000 cards kept, less those, took milliseconds of the server's thread at every follow).
 * When full, the card shown least recently goes first, so the most popular products' cards (warmed first, shown on
 * most pages) stay. With the oldest kept going first, the cards of products shown once pushed them out: in the
 * bench's sync half the pages read whole cards instead of a third.
 */
export class KeptCards {
  private readonly cards = new Map<number, { card: Row; at: number }>();
  private readonly changedAt = new Map<number, number>();
  constructor(private readonly limit = CARDS_KEPT) {}
  get size() {
    return this.cards.size;
  }
  /** The card of `id` as of `version`, if kept: then it is the one shown most recently. */
  get(id: number, version: number): Row | undefined {
    const e = this.cards.get(id);
    if (!e) return undefined;
    const changed = this.changedAt.get(id);
    if (changed !== undefined && changed > Math.min(e.at, version)) return undefined;
    // Moved to the end of the map's order, the last to go.
    this.cards.delete(id);
    this.cards.set(id, e);
    return e.card;
  }
  has(id: number, version: number) {
    return this.get(id, version) !== undefined;
  }
  /** A card read at version `at` (the one shown least recently goes first when full). */
  set(id: number, card: Row, at: number) {
    if (!this.cards.delete(id) && this.cards.size >= this.limit)
      this.cards.delete(this.cards.keys().next().value!);
    this.cards.set(id, { card, at });
  }
  /** A follow to `version` changed these products. */
  changed(ids: Iterable<number>, version: number) {
    for (const id of ids) if ((this.changedAt.get(id) ?? -1) < version) this.changedAt.set(id, version);
  }
}
const keptCards = new WeakMap<CatalogIndex, KeptCards>();
const CARDS_KEPT = 20_000;
// An index following the catalog's changes keeps the cards of the products that did not change: they are still
// those of its version.
onIndexFollowed((from, to, what) => {
  const kept = keptCards.get(from);
  if (!kept) return;
  kept.changed(what.changedIds, to.version);
  keptCards.set(to, kept);
});
// A whole build at the same version (the 10-minute refresh) keeps them too: without it, every refresh read the
// 10,000 most popular cards again and new searches' pages read whole cards until then.
onIndexRebuilt((from, to) => {
  const kept = keptCards.get(from);
  if (kept && !keptCards.has(to)) keptCards.set(to, kept);
});

/**
 * The page's card rows for a list from the catalog index, and the versions read by the same statement. Cards seen
 * before at this catalog version are kept with the index: then only their live columns are read (a few primary key
 * lookups, shared by the guests' lists waiting at once); a page holding any card not kept reads whole cards, and
 * keeps them. (About half of new searches' pages at 100,000 products read whole cards, joins and pictures:
 * PostgreSQL's largest cost per new search; nearly all of them cards never shown before, so keeping more than
 * 20,000 did not make them fewer in the bench.) A kept card is a row made without its live columns (not a copy with
 * keys deleted, which V8 turns into a slower, larger dictionary object).
 */
export async function indexCards(
  db: DbOrTx,
  idx: CatalogIndex,
  ids: number[],
  opts: ListOptions,
): Promise<{ rows: Row[]; live: Row[]; versions: Versions }> {
  if (!ids.length) return { rows: [], live: [], versions: await readVersions(db) };
  let kept = keptCards.get(idx);
  if (!kept) {
    keptCards.set(idx, (kept = new KeptCards()));
    warmCards(db, idx, kept, opts);
  }
  // Taken now: other requests may push these out of the bounded map while this one waits for its query.
  const cards = ids.map((id) => kept.get(id, idx.version));
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
      kept.set(Number(r.id), card, version);
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
 * Whether the cards a list read (`indexCards`) are still the cards of `ids` at `idx`'s version, the version their
 * statement read: the same products in the same order, each read whole by it or kept and unchanged since. A list
 * made again at those versions (index-engine.ts) then shows them without reading them again.
 */
export function cardsStillRight(idx: CatalogIndex, ids: number[], cards: { rows: Row[]; live: Row[] }) {
  if (cards.rows.length !== ids.length) return false;
  const kept = keptCards.get(idx);
  return ids.every((id, i) => {
    const r = cards.rows[i]!;
    return Number(r.id) === id && (r === cards.live[i] || kept?.get(id, idx.version) === r);
  });
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
function warmCards(db: DbOrTx, idx: CatalogIndex, kept: KeptCards, list: ListOptions) {
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
        if (!kept.has(Number(r.id), version)) kept.set(Number(r.id), card, version);
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

export function guestLive(db: DbOrTx, ids: number[]): Promise<Map<number, Row>> {
  let st = liveBatches.get(db);
  if (!st) liveBatches.set(db, (st = { next: null, running: null }));
  const state = st;
  if (!state.next) {
    const batch: LiveBatch = { ids: new Set(), done: null! };
    batch.done = (state.running ?? Promise.resolve()).then(async () => {
      // From here on, lists arriving wait for the next statement.
      if (state.next === batch) state.next = null;
      // One text for any number of ids (their list as one parameter): a named statement, planned once.
      const read = executeNamed(
        db,
        sql`select p.id, ${liveColumns()}, ${VERSIONS_COLUMNS}
              from products p where p.id = any(string_to_array(${[...batch.ids].join(',')}, ',')::int[])`,
      ).then(({ rows: found }) => new Map(found.map((r) => [Number(r.id), r])));
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
export type CardSource = number[] | SQL;

/**
 * The rows of product cards, in the source's order, in one query (each round trip costs more than the work
 * itself: a few milliseconds on the embedded database, a system call that wakes the server on PostgreSQL).
 * `extra` adds columns to every row (the catalog version, a product page's category path).
 */
export async function cardRows(
  db: DbOrTx,
  source: CardSource,
  opts: ListOptions,
  extra?: SQL,
): Promise<Row[]> {
  const byIds = Array.isArray(source);
  if (byIds && !source.length) return [];
  // By ids, the statement's text depends only on how many (and on the shopper and `extra`): a named statement,
  // planned once per connection (planning it cost PostgreSQL more than running it, on every page of new lists).
  const run = (q: SQL) => (byIds ? executeNamed(db, q).then((r) => r.rows) : rows(db, q));
  const found = await run(
    sql`select p.id, p.title_en, p.title_ar, p.description_en, p.description_ar, p.category_id, p.brand_id,
          p.model, p.series, p.price_piastres, p.current_price_piastres, p.maximum_per_order, p.vat_rate_bp,
          p.featured, p.special_offer, p.created_at, p.sku, p.variant_of, p.variant_values,
          -- Variants (decision 034): a product's highest variant price now, a variant's product's options.
          case when p.variant_options is not null then
            (select max(v.current_price_piastres) from products v where v.variant_of = p.id) end as price_max,
          case when p.variant_of is not null then
            (select vp.variant_options from products vp where vp.id = p.variant_of) end as variant_options,
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

/** A product's card from its row; its live columns (stock, rating, favorite) from `live` when read apart. */
export function toCard(r: Row, L: Locale, now: Date, live: Row = r): Product {
  const price = Number(r.price_piastres);
  const current = Number(r.current_price_piastres);
  // The promotion's name shows while it runs (a card kept with the catalog index is shown later than it was read).
  const running =
    r.pr_id != null &&
    runningPromotion(now).holds({ active: r.pr_active, startsAt: r.pr_starts_at, endsAt: r.pr_ends_at });
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
    vat_rate: Number(r.vat_rate_bp ?? 1400) / 100,
    featured: Boolean(r.featured),
    special_offer: Boolean(r.special_offer),
    // Filled in by withMonthly (it needs the banks' plans).
    monthly_from: null,
    rating: ratingOf(live.rating),
    ...variantFields(r, L, current),
  };
}

/** A card's variant fields (issue 49): only on a product with variants (its range) and on a variant. */
function variantFields(r: Row, L: Locale, current: number): Partial<Product> {
  if (r.price_max != null) {
    // Set on every product sold in variants (the card then sends the shopper to choose one).
    return { price_max: toEgp(Math.max(Number(r.price_max), current)) };
  }
  if (r.variant_of == null) return {};
  const options = (jsonValue(r.variant_options) ?? []) as VariantOption[];
  const values = (jsonValue(r.variant_values) ?? []) as VariantValue[];
  return {
    variant_of: Number(r.variant_of),
    sku: (r.sku as string | null) ?? null,
    option_values: options.map((o, i) => ({
      name: pick(L, o.name_en, o.name_ar),
      value: pick(L, values[i]?.en ?? '', values[i]?.ar ?? ''),
      name_en: o.name_en,
      name_ar: o.name_ar,
      value_en: values[i]?.en ?? '',
      value_ar: values[i]?.ar ?? '',
    })),
  };
}

const jsonValue = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The product's rating from its row: the average to one decimal and how many orders rated it. */
function ratingOf(value: unknown): Product['rating'] {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { sum: number; count: number } | null;
  if (!v || !(Number(v.count) > 0)) return null;
  return { average: Math.round((Number(v.sum) / Number(v.count)) * 10) / 10, count: Number(v.count) };
}
