import { productListQuerySchema, type Locale, type ProductListResponse } from '@store/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { seedDemo } from '../../../db/seed/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addPromotion } from '../../../test/fixtures.ts';
import { call } from '../../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../../test/staff.ts';
import { catalogView } from '../catalog-memo.ts';
import { refreshCurrentPrices } from '../prices.ts';
import {
  applyChanges,
  followPauses,
  setFollowSliceMs,
  trimCatalogChanges,
  type Changes,
} from './index-follow.ts';
import { replacePrices } from './index-match.ts';
import {
  buildCatalogIndex,
  catalogIndexAt,
  catalogIndexCounts,
  readVersions,
  setBuildSlice,
  wordBigrams,
  type CatalogIndex,
} from './catalog-index.ts';
import type { SearchEngine } from './engine.ts';
import { indexEngine, keptMatch, keptPlan } from './index-engine.ts';
import { sqlEngine } from './sql-engine.ts';

/**
 * The catalog index follows each change (issue 50 item 1, index-follow.ts): after a price edit, a new product, a
 * deleted or hidden one, a promotion starting or ending by the clock, the index answers the catalog as it is now
 * without being built whole (its whole builds are counted), as the database does, and is the index a whole build
 * makes now. A change the log cannot name product by product (a category renamed) builds it whole.
 */
let t: TestApp;
let uploads: string;
let catalog: Record<string, string>;
const opts = { locale: 'en' as Locale, now: new Date() };

beforeAll(async () => {
  t = await createTestApp();
  uploads = await mkdtemp(path.join(tmpdir(), 'index-follow-'));
  await seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() });
  ({ catalog } = await ownerCatalogClerk(t, 'Follow-the-log-2026'));
});
afterAll(async () => {
  await t?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

const db = () => t.database.db;
const answer = async (engine: SearchEngine, qs: string) => {
  const q = productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const a = await engine.list(db(), q, { ...opts, now: t.clock.now() });
  expect(a, `${engine.name}: ${qs}`).not.toBeNull();
  return a!;
};
/** What a shopper sees of a list: the products with their prices in order, the totals, range and facets. */
const seen = (r: ProductListResponse) => ({
  products: r.products.map((p) => [p.id, p.checkout_price, p.price_after_promotion, p.stock]),
  meta: r.meta,
});
/** The index's answer, which must be the database's. */
const fromIndex = async (qs: string) => {
  const a = await answer(indexEngine, qs);
  expect(seen(a), qs).toEqual(seen(await answer(sqlEngine, qs)));
  return a;
};
const current = async () => (await catalogIndexAt(db(), (await readVersions(db())).version))!;

/** An index as what it says, position-free: each product's entries, the orders, postings, trigrams and pairs. */
function described(idx: CatalogIndex) {
  const id = (d: number) => idx.ids[d]!;
  const live = (ws: Iterable<number>) =>
    [...ws]
      .map((w) => idx.vocabulary[w]!)
      .filter((w) => w !== '')
      .sort();
  const docs = Array.from(idx.ids, (pid, d) => ({
    id: pid,
    text: idx.texts[d],
    lead: idx.leads[d],
    titles: [idx.titlesEn[d], idx.titlesAr[d], idx.thumbnails[d]],
    entries: [idx.category[d], idx.brand[d], idx.price[d], idx.flags[d], idx.promotion[d], idx.sold[d]],
    created: idx.created[d],
    words: Array.from(idx.words.subarray(idx.wordStarts[d], idx.wordStarts[d + 1]), (w) =>
      w < 0 ? null : idx.vocabulary[w],
    ),
  }));
  const sortedMap = (m: Map<string, string[]>) =>
    [...m].filter(([, v]) => v.length).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    version: idx.version,
    size: idx.size,
    docs,
    byPrice: Array.from(idx.byPrice, id),
    byCreated: Array.from(idx.byCreated, id),
    byPopularity: Array.from(idx.byPopularity, id),
    postings: [...idx.postings]
      .map(([w, l]) => [w, Array.from(l, id)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    vocabulary: live(idx.vocabulary.keys()),
    trigrams: sortedMap(new Map([...idx.trigrams].map(([g, l]) => [g, live(l)]))),
    pairs: sortedMap(new Map([...wordBigrams(idx)].map(([g, l]) => [g, live(l)]))),
  };
}

/** The index answering now was followed, not built whole, and is what a whole build makes of the catalog now. */
async function followedAndWhole(before: { builds: number; follows: number }) {
  const idx = await current();
  const after = catalogIndexCounts(db());
  expect(after.builds, 'built whole').toBe(before.builds);
  expect(after.follows).toBeGreaterThan(before.follows);
  expect(described(idx)).toEqual(described((await buildCatalogIndex(db()))!));
}

const productRow = async (id: number) =>
  (
    await rows(
      db(),
      sql`select id, title_en, current_price_piastres, category_id from products where id = ${id}`,
    )
  )[0]!;
const bulk = (b: object) => call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', catalog, b);

describe('the catalog index follows each change without being built whole', () => {
  it('a price edit: lists, sorts and searches show the new price at once', async () => {
    const first = await fromIndex('lowest_price=true&per_page=5');
    const target = first.products[2]!;
    const brand = (await rows(db(), sql`select brand_id from products where id = ${target.id}`))[0]!.brand_id;
    await fromIndex(`brand_id=${brand}&min_price=1`);
    const before = catalogIndexCounts(db());
    expect(before.builds).toBeGreaterThan(0);
    const res = await bulk({ ids: [target.id], action: 'price_percent', percent: -90 });
    expect(res.status).toBe(200);
    const now = Number((await productRow(target.id)).current_price_piastres) / 100;
    expect(now).toBeLessThan(target.checkout_price);
    const cheapest = await fromIndex('lowest_price=true&per_page=5');
    expect(cheapest.products[0]!.id).toBe(target.id);
    expect(cheapest.products[0]!.checkout_price).toBe(now);
    const word = String((await productRow(target.id)).title_en)
      .split(' ')[0]!
      .toLowerCase();
    const search = await fromIndex(`query=${encodeURIComponent(word)}&per_page=50`);
    expect(search.products.find((p) => p.id === target.id)?.checkout_price).toBe(now);
    await fromIndex(`min_price=0&max_price=${Math.ceil(now)}`);
    // A brand alone counts its brands' products in the range from their sorted prices (kept along the follow).
    await fromIndex(`brand_id=${brand}&min_price=0&max_price=${Math.ceil(now)}`);
    await fromIndex(`brand_id=${brand}&min_price=${Math.ceil(now) + 1}`);
    await followedAndWhole(before);
  });

  it('a sync of many prices at once (up, down, onto each other): every order and brand count as a whole build', async () => {
    const all = await fromIndex('per_page=100');
    const ids = all.products.map((p) => p.id);
    const brands = [
      ...new Set(
        (await rows(db(), sql`select brand_id from products where id in ${ids}`)).map((r) =>
          Number(r.brand_id),
        ),
      ),
    ];
    // Every brand's sorted prices are made before the sync, so the follow carries them.
    for (const b of brands) await fromIndex(`brand_id=${b}&min_price=1`);
    const before = catalogIndexCounts(db());
    const up = ids.filter((_, i) => i % 3 === 0);
    const down = ids.filter((_, i) => i % 3 === 1);
    expect((await bulk({ ids: up, action: 'price_percent', percent: 37 })).status).toBe(200);
    expect((await bulk({ ids: down, action: 'price_percent', percent: -61 })).status).toBe(200);
    // Two products onto a third's price: ties are placed by id, as a whole sort places them.
    const [a, b, c] = ids.slice(-3) as [number, number, number];
    await db().execute(
      sql`update products set price_piastres = (select price_piastres from products where id = ${c})
          where id in (${a}, ${b})`,
    );
    await refreshCurrentPrices(db(), t.clock.now());
    await fromIndex('lowest_price=true&per_page=20');
    await fromIndex('highest_price=true&per_page=20');
    for (const brand of brands.slice(0, 6))
      for (const [min, max] of [
        [0, 300],
        [300, 3000],
        [3000, 1_000_000],
      ])
        await fromIndex(`brand_id=${brand}&min_price=${min}&max_price=${max}`);
    await followedAndWhole(before);
  });

  it('products placed by a follow land where a whole sort puts them, whatever their new prices', async () => {
    const base = await current();
    const random = (() => {
      let x = 7;
      return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    })();
    const position = new Map(Array.from(base.ids, (id, d) => [id, d]));
    const source = await rows(
      db(),
      sql`select p.id, p.search_text, p.category_id, p.brand_id, p.current_price_piastres,
            (p.promotion_id is not null and p.current_price_piastres < p.price_piastres) as on_offer,
            p.featured, p.special_offer, coalesce(p.promotion_id, 0) as promotion_id,
            extract(epoch from p.created_at) * 1000 as created, p.title_en, p.title_ar, p.stock, i.thumbnail_url
          from products p left join lateral (
            select thumbnail_url from product_images
            where product_id = p.id and not is_3d order by position, id limit 1
          ) i on true where p.active`,
    );
    for (let round = 0; round < 20; round++) {
      const picked = source.filter(() => random() < 0.2);
      const changes: Changes = {
        version: base.version + 1,
        soldOutVersion: 0,
        ids: picked.map((r) => Number(r.id)),
        rows: new Map(),
        productsOnly: true,
      };
      for (const r of picked) {
        // The cheapest or dearest of all, another product's price (a tie), or anything between.
        const k = random();
        const other = base.price[Math.floor(random() * base.size)]!;
        const price =
          k < 0.1 ? 1 : k < 0.2 ? 10_000_000_00 : k < 0.6 ? other : Math.round(random() * 5_000_000);
        changes.rows.set(Number(r.id), { ...r, current_price_piastres: price });
      }
      const next = await applyChanges(base, changes, new Map());
      for (const r of picked)
        expect(next.price[position.get(Number(r.id))!]).toBe(
          changes.rows.get(Number(r.id))!.current_price_piastres,
        );
      const whole = Int32Array.from({ length: next.size }, (_, i) => i).sort(
        (x, y) => next.price[x]! - next.price[y]! || y - x,
      );
      expect(Array.from(next.byPrice)).toEqual(Array.from(whole));
      expect(next.byCreated).toBe(base.byCreated);
    }
  });

  it("a brand's sorted prices followed: the old prices out and the new ones in, as a sort makes them", () => {
    const random = (() => {
      let x = 11;
      return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    })();
    for (let round = 0; round < 200; round++) {
      const prices = Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 20));
      const sorted = Float64Array.from(prices).sort();
      const changed = prices.filter(() => random() < 0.4);
      const into = changed.map(() => Math.floor(random() * 25) - 2);
      const after = [...prices];
      for (const v of changed) after.splice(after.indexOf(v), 1);
      after.push(...into);
      expect(Array.from(replacePrices(sorted, changed, into))).toEqual(after.sort((x, y) => x - y));
    }
  });

  it("what lists remember of no product (synonyms, sections) outlives a price change, and a synonym's change reaches the next search", async () => {
    const idx = await current();
    const at = async (version: number, key: string, value: string) =>
      (await catalogView(db(), { at: version })).remember(key, async () => value);
    // A sub-tree of sections no list asked for yet (remembered by key; sections change only with a whole build).
    const section = 'subtree 987654';
    expect(await at(idx.version, section, 'as read before')).toBe('as read before');
    // A list remembers per version the catalog's counts among others: those hold products.
    expect(await at(idx.version, 'meta x', 'as read before')).toBe('as read before');
    const [p] = (await fromIndex('per_page=1')).products;
    expect((await bulk({ ids: [p!.id], action: 'price_percent', percent: 3 })).status).toBe(200);
    const followed = await current();
    expect(followed.version).toBeGreaterThan(idx.version);
    expect(await at(followed.version, section, 'read again')).toBe('as read before');
    expect(await at(followed.version, 'meta x', 'read again')).toBe('read again');
    // A synonym added moves the version with a note of no product: read again, and the next search uses it.
    await db().execute(
      sql`insert into search_synonyms (term, alternative, two_way) values ('zorbulator', 'laptop', false)`,
    );
    const after = await current();
    expect(after.version).toBeGreaterThan(followed.version);
    expect(await at(after.version, section, 'read after the synonym')).toBe('read after the synonym');
    const laptops = await fromIndex('query=laptop&per_page=5');
    const viaSynonym = await fromIndex('query=zorbulator&per_page=5');
    expect(viaSynonym.meta.total_entries).toBe(laptops.meta.total_entries);
    expect(laptops.meta.total_entries).toBeGreaterThan(0);
  });

  it("a search's plan outlives a price change (a list begun before it is not planned again), not a synonym's", async () => {
    const typo = 'query=laptp&per_page=5';
    const before = await fromIndex(typo);
    expect(before.meta.total_entries).toBeGreaterThan(0);
    const idx = await current();
    const plan = keptPlan(idx, 'laptp');
    expect(plan?.phrase).toBe('laptop');
    expect((await bulk({ ids: [before.products[0]!.id], action: 'price_percent', percent: 2 })).status).toBe(
      200,
    );
    const followed = await current();
    expect(followed.version).toBeGreaterThan(idx.version);
    expect(keptPlan(followed, 'laptp')).toBe(plan);
    expect((await fromIndex(typo)).meta.total_entries).toBe(before.meta.total_entries);
    // A synonym moves the version with a note of no product: the plans are made again.
    await db().execute(
      sql`insert into search_synonyms (term, alternative, two_way) values ('laptp', 'kettle', false)`,
    );
    const after = await current();
    expect(after.version).toBeGreaterThan(followed.version);
    expect(keptPlan(after, 'laptp')).toBeUndefined();
    const kettles = await fromIndex('query=kettle&per_page=5');
    expect((await fromIndex(typo)).meta.total_entries).toBe(kettles.meta.total_entries);
    await db().execute(sql`delete from search_synonyms where term = 'laptp'`);
  });

  it("a list's matches, counts and orders outlive a change of prices (its price range is worked out again), not those that read prices", async () => {
    const parsed = (qs: string) => productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    const search = 'query=laptop&per_page=5';
    const ranked = await fromIndex(search);
    expect(ranked.products.length).toBeGreaterThan(1);
    const before = await current();
    const found = keptMatch(before, parsed(search))!.found;
    // The search's cheapest product: halving its price moves the search's price range.
    let cheapest = found.matches[0]!;
    for (const d of found.matches) if (before.price[d]! < before.price[cheapest]!) cheapest = d;
    const target = { id: before.ids[cheapest]!, price: before.price[cheapest]! };
    const brand = before.brand[cheapest]!;
    // A list of another brand, which the change leaves alone; a price range; a sort by price.
    const other = Number(
      (
        await rows(
          db(),
          sql`select brand_id from products where active and brand_id <> ${brand} order by id limit 1`,
        )
      )[0]!.brand_id,
    );
    const others = `brand_id=${other}&per_page=5`;
    const ranged = 'query=laptop&min_price=1&per_page=5';
    const byPrice = 'query=laptop&lowest_price=true&per_page=5';
    for (const qs of [others, ranged, byPrice]) await fromIndex(qs);
    const idx = await current();
    const keptRanged = keptMatch(idx, parsed(ranged))!.found;
    const byPriceKey = [...idx.orders.lists.keys()]
      .find((k) => k.startsWith(`${idx.version} price asc `))!
      .slice(`${idx.version} price asc `.length);
    const kept = {
      search: keptMatch(idx, parsed(search))!.found,
      others: keptMatch(idx, parsed(others))!.found,
    };
    expect(kept.search.matches.length).toBeGreaterThan(1);
    expect(kept.others).toBeDefined();
    const orders = [...idx.orders.lists.keys()];
    expect(orders.some((k) => k.startsWith('ranked ') && k.includes('laptop'))).toBe(true);
    expect(orders.some((k) => k.startsWith(`${idx.version} price asc `))).toBe(true);
    expect((await bulk({ ids: [target.id], action: 'price_percent', percent: -50 })).status).toBe(200);
    const followed = await current();
    expect(followed.version).toBeGreaterThan(idx.version);
    expect(followed.price[cheapest]).toBeLessThan(target.price);
    // Shared with the followed index: the matches kept and the orders (nothing copied by the follow).
    expect(keptMatch(followed, parsed(search))).toMatchObject({ found: kept.search, carried: true });
    expect(followed.orders).toBe(idx.orders);
    // Every list answers as the database does, the new price and range included.
    const after = await fromIndex(search);
    expect(after.meta).not.toEqual(ranked.meta);
    for (const qs of [others, ranged, byPrice]) await fromIndex(qs);
    // The search's matches and counts as they were, its price range worked out again; the other brand's list too.
    const again = keptMatch(followed, parsed(search))!;
    expect(again.carried).toBe(false);
    expect(again.found.matches).toBe(kept.search.matches);
    expect(again.found.categoryCounts).toBe(kept.search.categoryCounts);
    expect(again.found.min).toBe(followed.price[cheapest]);
    expect(again.found.min).toBeLessThan(kept.search.min!);
    expect(keptMatch(followed, parsed(others))!.found.matches).toBe(kept.others.matches);
    // A price range is matched again, and a sort by price ordered again at the new version.
    expect(keptMatch(followed, parsed(ranged))!.found.matches).not.toBe(keptRanged.matches);
    expect(followed.orders.lists.has(`${followed.version} price asc ${byPriceKey}`)).toBe(true);
    // A change of anything else a list reads (here a product's flag) carries nothing.
    const flagged = await current();
    expect(keptMatch(flagged, parsed(search))).toBeDefined();
    await db().execute(sql`update products set featured = not featured where id = ${target.id}`);
    const moved = await current();
    expect(moved.version).toBeGreaterThan(flagged.version);
    expect(keptMatch(moved, parsed(search))).toBeUndefined();
    expect(keptMatch(moved, parsed(others))).toBeUndefined();
    expect(moved.orders).not.toBe(flagged.orders);
    await fromIndex(search);
    await fromIndex('query=laptop&featured=true&per_page=5');
  });

  it('the lists arriving at a new version at once compute what they remember once', async () => {
    const view = await catalogView(db(), { at: (await current()).version });
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 20));
      return computed;
    };
    const values = await Promise.all([1, 2, 3, 4].map(() => view.remember('at once', compute)));
    expect(values).toEqual([1, 1, 1, 1]);
    expect(computed).toBe(1);
  });

  it("texts changed in one follow (a word added, words dropped, a word's last product gone): as a whole build", async () => {
    const list = await fromIndex('per_page=30');
    const before = catalogIndexCounts(db());
    const [a, b, c, ...rest] = list.products.map((p) => p.id);
    await db().execute(
      sql`update products set search_text = search_text || ' quasarwidget' where id in (${a}, ${b})`,
    );
    await db().execute(sql`update products set search_text = 'quasarwidget' where id = ${c}`);
    await db().execute(
      sql`update products set search_text = split_part(search_text, ' ', 1) where id in ${rest.slice(0, 10)}`,
    );
    expect((await fromIndex('query=quasarwidget')).meta.total_entries).toBe(3);
    await followedAndWhole(before);
  });

  it("a search's order follows a change of texts: how alike a text is to the search is not remembered from before it", async () => {
    // Two texts holding `zorblax`, neither at its start: the one holding the word whole is more alike to it (all its
    // trigrams) than the one holding `zorblaxes` (not `ax `), and comes first. Then they swap their words.
    const [a, b] = (await fromIndex('per_page=2')).products.map((p) => p.id);
    const texts = async (first: string, second: string) => {
      await db().execute(sql`update products set search_text = ${first} where id = ${a!}`);
      await db().execute(sql`update products set search_text = ${second} where id = ${b!}`);
    };
    await texts('kettle zorblax', 'kettle zorblaxes');
    expect((await fromIndex('query=zorblax')).products.map((p) => p.id)).toEqual([a, b]);
    await texts('kettle zorblaxes', 'kettle zorblax');
    expect((await fromIndex('query=zorblax')).products.map((p) => p.id)).toEqual([b, a]);
  });

  it('a word searched with its synonym finds a product that takes the synonym after a first search (the lists joined are not kept from before)', async () => {
    await db().execute(
      sql`insert into search_synonyms (term, alternative, two_way) values ('zorbifier', 'quuxotron', true)`,
    );
    const [a, b] = (await fromIndex('per_page=2&page=3')).products.map((p) => p.id);
    await db().execute(sql`update products set search_text = 'kettle zorbifier' where id = ${a!}`);
    expect((await fromIndex('query=zorbifier')).products.map((p) => p.id)).toEqual([a]);
    await db().execute(sql`update products set search_text = 'kettle quuxotron' where id = ${b!}`);
    expect((await fromIndex('query=zorbifier')).products.map((p) => p.id)).toEqual([a, b]);
    await db().execute(sql`delete from search_synonyms where term = 'zorbifier'`);
  });

  it("a list's facets follow a product moved to another brand: counted again, not kept from before the change", async () => {
    const [p] = (await fromIndex('per_page=1&page=7')).products;
    const row = (await rows(db(), sql`select brand_id, category_id from products where id = ${p!.id}`))[0]!;
    const other = (
      await rows(db(), sql`select id from brands where id <> ${row.brand_id} order by id limit 1`)
    )[0]!.id;
    const list = `category_id=${row.category_id}&brand_id=${row.brand_id}`;
    const count = (r: ProductListResponse) =>
      r.meta.facets?.categories.find((c) => c.id === Number(row.category_id))?.count ?? 0;
    const before = count(await fromIndex(list));
    expect(before).toBeGreaterThan(0);
    await db().execute(sql`update products set brand_id = ${other} where id = ${p!.id}`);
    expect(count(await fromIndex(list))).toBe(before - 1);
  });

  it('a follow made in slices: lists begun after a change never show a price from before it, and the index ends as a whole build', async () => {
    const list = await fromIndex('lowest_price=true&per_page=40');
    const before = catalogIndexCounts(db());
    const paused = followPauses;
    setFollowSliceMs(0);
    try {
      const ids = list.products.map((p) => p.id);
      // New texts and a product hidden: every posting list is renumbered, in many slices.
      await db().execute(
        sql`update products set search_text = search_text || ' slicedword', price_piastres = price_piastres + 700
            where id in ${ids}`,
      );
      await refreshCurrentPrices(db(), t.clock.now());
      await db().execute(sql`update products set active = false where id = ${ids[39]!}`);
      const now = new Map(
        (await rows(db(), sql`select id, current_price_piastres from products where id in ${ids}`)).map(
          (r) => [Number(r.id), Number(r.current_price_piastres) / 100],
        ),
      );
      // Lists asked one after the other while the follow runs: each shows the prices as they are now.
      const asked: Promise<ProductListResponse>[] = [];
      for (let i = 0; i < 8; i++) {
        asked.push(answer(indexEngine, `query=slicedword&per_page=50&page=1&lowest_price=${i % 2 === 0}`));
        await new Promise((r) => setImmediate(r));
      }
      for (const a of await Promise.all(asked)) {
        expect(a.meta.total_entries).toBe(39);
        for (const p of a.products) expect(p.checkout_price).toBe(now.get(p.id));
      }
      expect(followPauses).toBeGreaterThan(paused);
    } finally {
      setFollowSliceMs(10);
    }
    await followedAndWhole(before);
  });

  it('a new product: found by its own new word, and a typo of it', async () => {
    await fromIndex('');
    const before = catalogIndexCounts(db());
    const some = await productRow((await fromIndex('per_page=1')).products[0]!.id);
    const brand = (await rows(db(), sql`select id from brands order by id limit 1`))[0]!.id;
    const made = await call(t.app, 'POST', '/v1/admin/products?locale=en', catalog, {
      title_en: 'Zanzibarite kettle',
      title_ar: 'غلاية زنزباريت',
      description_en: 'Boils',
      description_ar: 'تغلي',
      category_id: Number(some.category_id),
      brand_id: Number(brand),
      model: 'ZK-1',
      price: '1234',
      stock: 3,
    });
    expect(made.status).toBe(201);
    const id = (made.body.product as { id: number }).id;
    const found = await fromIndex('query=zanzibarite');
    expect(found.products.map((p) => p.id)).toEqual([id]);
    expect(found.products[0]!.checkout_price).toBe(1234);
    const typo = await fromIndex('query=zanzibarit');
    expect(typo.products.map((p) => p.id)).toEqual([id]);
    expect((await fromIndex('per_page=3')).products[0]!.id).toBe(id);
    await followedAndWhole(before);
  });

  it('a deleted product and a hidden one leave every list, and their words with them', async () => {
    const make = async (title: string) => {
      const some = await productRow((await fromIndex('per_page=1')).products[0]!.id);
      const brand = (await rows(db(), sql`select id from brands order by id limit 1`))[0]!.id;
      const r = await call(t.app, 'POST', '/v1/admin/products?locale=en', catalog, {
        title_en: title,
        title_ar: title,
        description_en: 'x',
        description_ar: 'x',
        category_id: Number(some.category_id),
        brand_id: Number(brand),
        model: title,
        price: '99',
        stock: 1,
      });
      expect(r.status).toBe(201);
      return (r.body.product as { id: number }).id;
    };
    const gone = await make('Quokkaphone deleted');
    const hidden = await make('Wombatron hidden');
    expect((await fromIndex('query=quokkaphone')).products.map((p) => p.id)).toEqual([gone]);
    const before = catalogIndexCounts(db());
    expect((await call(t.app, 'DELETE', `/v1/admin/products/${gone}`, catalog)).status).toBe(200);
    expect((await bulk({ ids: [hidden], action: 'hide' })).status).toBe(200);
    expect((await fromIndex('query=quokkaphone')).meta.total_entries).toBe(0);
    expect((await fromIndex('query=wombatron')).meta.total_entries).toBe(0);
    const all = await fromIndex('per_page=50');
    expect(all.products.map((p) => p.id)).not.toContain(gone);
    expect(all.products.map((p) => p.id)).not.toContain(hidden);
    await followedAndWhole(before);
    // Shown again: back in the index, with its word.
    const back = catalogIndexCounts(db());
    const res = await call(t.app, 'GET', `/v1/admin/products/${hidden}`, catalog);
    expect(res.status).toBe(200);
    await db().execute(sql`update products set active = true where id = ${hidden}`);
    expect((await fromIndex('query=wombatron')).products.map((p) => p.id)).toEqual([hidden]);
    await followedAndWhole(back);
  });

  it('a stock change: a product sold out goes last, with no build and no follow', async () => {
    const list = await fromIndex('per_page=3');
    const first = list.products[0]!;
    const before = catalogIndexCounts(db());
    await db().execute(sql`update products set stock = 0 where id = ${first.id}`);
    const after = await fromIndex('per_page=3');
    expect(after.products.map((p) => p.id)).not.toContain(first.id);
    expect(catalogIndexCounts(db())).toEqual(before);
  });

  it('a promotion starting and ending by the clock: its price shows while it runs, then the price again', async () => {
    const now = t.clock.now();
    const promo = await addPromotion(
      db(),
      'follow-soon',
      new Date(now.getTime() + 3_600_000),
      new Date(now.getTime() + 7_200_000),
    );
    const target = (await fromIndex('highest_price=true&per_page=1')).products[0]!;
    expect(
      (await bulk({ ids: [target.id], action: 'promote', promotion_id: promo.id, percent: 50 })).status,
    ).toBe(200);
    // Not started: the price as it was.
    expect((await fromIndex('highest_price=true&per_page=1')).products[0]!.checkout_price).toBe(
      target.checkout_price,
    );
    const before = catalogIndexCounts(db());
    t.clock.advance(3_700_000);
    await refreshCurrentPrices(db(), t.clock.now());
    const running = await fromIndex(`in_active_promotion=true&per_page=50`);
    const promoted = running.products.find((p) => p.id === target.id)!;
    expect(promoted.checkout_price).toBe(target.checkout_price / 2);
    expect(promoted.price_after_promotion).toBe(target.checkout_price / 2);
    await followedAndWhole(before);
    const during = catalogIndexCounts(db());
    t.clock.advance(3_600_000);
    await refreshCurrentPrices(db(), t.clock.now());
    expect((await fromIndex('highest_price=true&per_page=1')).products[0]!.checkout_price).toBe(
      target.checkout_price,
    );
    expect((await fromIndex('in_active_promotion=true&per_page=50')).products.map((p) => p.id)).not.toContain(
      target.id,
    );
    await followedAndWhole(during);
    t.clock.advance(-7_300_000);
  });

  it('a change the log cannot name product by product (a category renamed) builds the index whole', async () => {
    await fromIndex('');
    const before = catalogIndexCounts(db());
    const category = (await rows(db(), sql`select id from categories order by id limit 1`))[0]!.id;
    await db().execute(sql`update categories set name_en = name_en || ' Renamed' where id = ${category}`);
    const list = await fromIndex(`category_id=${category}`);
    expect(list.meta).toBeDefined();
    expect(catalogIndexCounts(db()).builds).toBe(before.builds + 1);
  });

  it('the hourly purge trims the notes older than an hour, and only those', async () => {
    const [p] = (await fromIndex('per_page=1')).products;
    await db().execute(sql`update products set featured = not featured where id = ${p!.id}`);
    const notes = async () =>
      Number((await rows(db(), sql`select count(*) as n from catalog_changes`))[0]!.n);
    const all = await notes();
    const newest = (await rows(db(), sql`select max(version) as v from catalog_changes`))[0]!.v;
    await db().execute(
      sql`update catalog_changes set at = now() - interval '61 minutes' where version < ${newest}`,
    );
    await trimCatalogChanges(db());
    expect(all).toBeGreaterThan(1);
    expect(await notes()).toBe(1);
  });

  it('a version the log holds no note of (trimmed) builds the index whole', async () => {
    await fromIndex('');
    const before = catalogIndexCounts(db());
    const [p] = (await fromIndex('per_page=1')).products;
    await db().execute(sql`update products set featured = not featured where id = ${p!.id}`);
    await db().execute(sql`delete from catalog_changes`);
    await fromIndex('featured=true');
    expect(catalogIndexCounts(db()).builds).toBe(before.builds + 1);
  });
});

describe('a whole build reads the catalog in slices, each a statement of its own (decision 044)', () => {
  afterEach(() => setBuildSlice(2_500));
  const renameACategory = async () => {
    const category = (await rows(db(), sql`select id from categories order by id limit 1`))[0]!.id;
    await db().execute(sql`update categories set name_en = name_en || ' Again' where id = ${category}`);
    return Number(category);
  };
  const activeIds = async () =>
    (await rows(db(), sql`select id from products where active order by id desc`)).map((r) => Number(r.id));

  it('products changed, hidden and added between its slices: the index it installs is the catalog after them', async () => {
    await fromIndex('');
    const ids = await activeIds();
    const [first, later, hidden] = [ids[1]!, ids[ids.length - 2]!, ids[12]!];
    let slices = 0;
    setBuildSlice(7, async () => {
      if (++slices !== 1) return;
      // After the first slice: one of its products and one not read yet repriced, one not read yet hidden, and a
      // product added above every id read (each noted in the change log by the writers' triggers).
      await db().execute(
        sql`update products set price_piastres = price_piastres + 100, current_price_piastres = current_price_piastres + 100
            where id in (${first}, ${later})`,
      );
      await db().execute(sql`update products set active = false where id = ${hidden}`);
      await db().execute(
        sql`insert into products (title_en, title_ar, description_en, description_ar, category_id, brand_id,
              price_piastres, current_price_piastres, stock, search_text)
            select 'Sliced kettle', 'غلاية مقسمة', 'd', 'd', category_id, brand_id, 99900, 99900, 4, 'sliced kettle غلايه مقسمه'
            from products where id = ${first}`,
      );
    });
    const before = catalogIndexCounts(db());
    await renameACategory();
    const idx = await current();
    expect(slices).toBeGreaterThan(2);
    expect(catalogIndexCounts(db()).builds).toBe(before.builds + 1);
    expect(idx.version).toBe((await readVersions(db())).version);
    expect(described(idx)).toEqual(described((await buildCatalogIndex(db()))!));
    for (const id of [first, later])
      expect(idx.price[idx.ids.indexOf(id)]).toBe(Number((await productRow(id)).current_price_piastres));
    expect(idx.ids.indexOf(hidden)).toBe(-1);
    expect((await fromIndex('query=sliced')).products.map((p) => p.title)).toContain('Sliced kettle');
  });

  it('a change only a whole build makes, between its slices: it reads the catalog again', async () => {
    await fromIndex('');
    let slices = 0;
    let renamed = 0;
    setBuildSlice(7, async () => {
      if (++slices === 1) renamed = await renameACategory();
    });
    const before = catalogIndexCounts(db());
    await renameACategory();
    const idx = await current();
    expect(catalogIndexCounts(db()).builds).toBe(before.builds + 2);
    expect(idx.version).toBe((await readVersions(db())).version);
    expect(idx.categoryNames.get(renamed)!.en).toMatch(/ Again Again$/);
    expect(described(idx)).toEqual(described((await buildCatalogIndex(db()))!));
  });
});
