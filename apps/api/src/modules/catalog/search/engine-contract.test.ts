import { productListQuerySchema, type Locale, type ProductListResponse } from '@store/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seed/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { WORD_SIMILARITY_THRESHOLD } from '../../../db/client.ts';
import { catalogIndexAt, readVersions } from './catalog-index.ts';
import { amongPhraseHolders, nearWordsInIndex, phraseTest, similarityInIndex } from './index-words.ts';
import { categoriesUnder } from '../judged.ts';
import { editsWithin, nearestWords, similarityTo, wordSimilarity, wordsWithinEdits } from '../search-text.ts';
import { listProducts } from '../service.ts';
import type { ListOptions, SearchEngine } from './engine.ts';
import { indexEngine } from './index-engine.ts';
import { sqlEngine } from './sql-engine.ts';

/**
 * The contract of a search engine (engine.ts, decision 022): the catalog index (index-engine.ts) answers lists and
 * searches from memory, the database (sql-engine.ts) when the index cannot. Each must answer every list of the demo
 * catalog, and give a shopper the same list as the other: the same products, totals, prices and facets, the same
 * "did you mean", the same best five of a search; a search naming a section finds only what is in it. A third
 * engine (a search server) would be asked beside them (`both`) and pass the same tests.
 */
let t: TestApp;
let uploads: string;
const opts = { locale: 'ar' as Locale, now: new Date() };

beforeAll(async () => {
  t = await createTestApp();
  uploads = await mkdtemp(path.join(tmpdir(), 'catalog-index-'));
  await seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() });
});
afterAll(async () => {
  await t?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** An engine's answer: it must answer (the index is at the catalog's version: the demo catalog is built inline). */
const answer = async (engine: SearchEngine, qs: string, more: Partial<ListOptions> = {}) => {
  const q = productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const a = await engine.list(t.database.db, q, { ...opts, ...more });
  expect(a, `${engine.name}: ${qs}`).not.toBeNull();
  return a!;
};
const both = async (qs: string) => {
  const [fromIndex, fromDb] = [await answer(indexEngine, qs), await answer(sqlEngine, qs)];
  return { fromIndex, fromDb };
};
const ids = (r: ProductListResponse) => r.products.map((p) => p.id);

describe('every engine answers the same lists', () => {
  it('filters, sorts and pages: the same products in the same order, the same totals, prices and facets', async () => {
    const db = t.database.db;
    const some = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const categories = await some(sql`select id from categories order by id limit 4`);
    const brands = await some(sql`select id from brands order by id limit 3`);
    const filters = [
      '',
      `category_id=${categories[0]}`,
      `category_id=${categories[3]}&brand_id=${brands[0]}`,
      `brand_id=${brands[1]}&brand_id=${brands[2]}`,
      // A brand or a category alone is read from its own positions; the brand facet then counts every brand of
      // the price range from the brands' sorted prices (with another filter, the whole catalog is walked).
      `brand_id=${brands[0]}&min_price=1000&max_price=20000`,
      `brand_id=${brands[1]}&max_price=15000`,
      `brand_id=${brands[0]}&featured=true`,
      `category_id=${categories[1]}&min_price=2000`,
      'min_price=1000&max_price=20000',
      'featured=true',
      'in_active_promotion=true',
      'in_dedicated_page=true',
      'category_id=99999',
    ];
    const sorts = [
      '',
      'lowest_price=true',
      'highest_price=true',
      'latest_to_oldest=true',
      'featured_first=true',
    ];
    let compared = 0;
    for (const filter of filters)
      for (const sort of sorts)
        for (const page of [1, 3]) {
          const { fromIndex, fromDb } = await both(`${filter}&${sort}&per_page=7&page=${page}`);
          expect(ids(fromIndex), `${filter} ${sort} ${page}`).toEqual(ids(fromDb));
          expect(fromIndex.meta, `${filter} ${sort} ${page}`).toEqual(fromDb.meta);
          compared += fromIndex.products.length;
        }
    expect(compared).toBeGreaterThan(200);
    // …and the index did answer: it holds every active product, at the catalog's version.
    const index = await catalogIndexAt(db, (await readVersions(db)).version);
    const [active] = await some(sql`select count(*) as id from products where active`);
    expect(index?.size).toBe(active);
  });

  it('searches: the same matches, facets and "did you mean", the best first', async () => {
    for (const query of [
      'شاشه',
      'مكيف',
      'لابتوب',
      'samsng',
      'lg',
      'tv 55',
      'lenvo',
      'ثلاجا',
      'تلفزيزن',
      'ثلاجة توشيبا',
      'iphone 15',
      'xyzzyq',
      '٥٥ بوصه',
      // A phrase with a typo, a typo one edit from a synonym, an English plural naming a section, a search finding
      // more sections than the filters show, a suggestion spelled as the products write it.
      'اير فرير',
      'ايرفرير',
      'freezer',
      'fan',
      'ac',
      'laptop',
      'غسلة',
      // Words of two Latin letters, found as words of their own (`hp` also as a horsepower), alone and with others;
      // a search found in more sections than the filters show.
      'lg',
      'hp',
      'tv 55',
      'lg oled',
      'air',
      // Arabic in Latin letters (Franco), alone and with a brand; words that only tie the others together.
      'talaga',
      'ghassala toshiba',
      'shasha',
      'sha7en',
      'makwa',
      'mekyaf',
      'charger for iphone',
      'شاحن بتاع ايفون',
      // A word naming a department and a section under it (الشاشات والصوتيات, شاشات التليفزيون).
      'شاشات',
      'موبايلات',
      // Sections named whole, alone or by two words (issue 43); USB-C as written; a typo of a section's name.
      'تابلت',
      'personal care',
      'washing machine',
      'غسالة',
      'usb c',
      'televisons',
    ]) {
      const { fromIndex, fromDb } = await both(`query=${encodeURIComponent(query)}&per_page=100`);
      expect(fromIndex.meta, query).toEqual(fromDb.meta);
      // The same matches; the order may differ only where the database breaks a tie by id and the index by
      // popularity and recency first.
      expect([...ids(fromIndex)].sort(), query).toEqual([...ids(fromDb)].sort());
      expect(ids(fromIndex).slice(0, 5), query).toEqual(ids(fromDb).slice(0, 5));
    }
  });

  it("a search's results all belong to the section it names, at every sort, on both (issue 43)", async () => {
    const under = await categoriesUnder(t.database.db);
    for (const [query, section] of [
      ['تلفزيون', 'Televisions'],
      ['تابلت', 'Tablets'],
      ['laptop', 'Laptops'],
      ['موبايلات', 'Mobile Phones'],
      ['mobile phones', 'Mobile Phones'],
      ['televisions', 'Televisions'],
      ['ديب فريزر', 'Deep Freezers'],
    ] as const)
      for (const sort of ['', 'lowest_price=true', 'highest_price=true', 'latest_to_oldest=true']) {
        const { fromIndex, fromDb } = await both(`query=${encodeURIComponent(query)}&${sort}&per_page=100`);
        expect(fromIndex.meta, `${query} ${sort}`).toEqual(fromDb.meta);
        expect(ids(fromIndex), `${query} ${sort}`).toEqual(ids(fromDb));
        for (const [engine, found] of [
          ['index', fromIndex],
          ['database', fromDb],
        ] as const) {
          expect(found.products.length, `${engine} ${query}`).toBeGreaterThan(4);
          const outside = found.products.filter((p) => !under.get(section)!.has(p.category.id));
          expect([engine, query, sort, outside.map((p) => p.title)]).toEqual([engine, query, sort, []]);
        }
      }
    // USB-C however it is written: the same products on both, each of them USB-C.
    for (const query of ['type c', 'usb-c', 'تايب سي']) {
      const { fromIndex, fromDb } = await both(`query=${encodeURIComponent(query)}&per_page=100`);
      expect(fromIndex.meta, query).toEqual(fromDb.meta);
      expect([...ids(fromIndex)].sort(), query).toEqual([...ids(fromDb)].sort());
      expect(fromIndex.meta.total_entries, query).toBeGreaterThan(10);
      for (const p of [...fromIndex.products, ...fromDb.products])
        expect(`${p.title_en} ${p.title_ar}`).toMatch(/usb-c|type-c|تايب سي/i);
    }
    // A search nothing has every word of: the chargers, Apple's first (the iPhones are Apple's), on both.
    for (const query of ['iphone charger', 'شاحن ايفون']) {
      const q = productListQuerySchema.parse({ query, per_page: '5' });
      const fromIndex = await listProducts(t.database.db, q, { ...opts, fewerWords: true });
      const fromDb = await listProducts(t.database.db, q, { ...opts, fewerWords: true, catalogIndex: false });
      expect(ids(fromIndex), query).toEqual(ids(fromDb));
      expect(fromIndex.meta, query).toEqual(fromDb.meta);
      for (const found of [fromIndex, fromDb]) {
        expect(
          found.products.slice(0, 3).map((p) => p.brand.name_en),
          query,
        ).toEqual(['Apple', 'Apple', 'Apple']);
        expect(
          found.products.every((p) => p.category.name_en === 'Chargers & Cables'),
          query,
        ).toBe(true);
      }
    }
  });

  it('a typo the trigrams miss is read by its edits, on both: one in a short word, two in a long one; Franco with a digit first', async () => {
    for (const [typed, read] of [
      ['speeker', 'speaker'], // the trigrams' nearest was `speed`
      ['hedphons', 'headphones'], // nothing near enough by trigrams: no result
      ['refrijerater', 'refrigerator'],
      // A letter written as a digit is Franco, not a typo of the Latin word one edit away (sata).
      ['sa3a', 'ساعة'],
    ]) {
      const { fromIndex, fromDb } = await both(`query=${encodeURIComponent(typed!)}&locale=en&per_page=100`);
      expect([typed, fromIndex.meta.did_you_mean, fromDb.meta.did_you_mean]).toEqual([typed, read, read]);
      expect(fromIndex.meta.total_entries, typed).toBeGreaterThan(0);
      expect(fromDb.meta.total_entries, typed).toBeGreaterThan(0);
      expect([...ids(fromIndex)].sort(), typed).toEqual([...ids(fromDb)].sort());
    }
  });

  it('a phrase of several words tested only as far as the best need it: the order of testing every text', async () => {
    const db = t.database.db;
    const idx = (await catalogIndexAt(db, (await readVersions(db)).version))!;
    // Pairs of neighbouring words of the texts (common pairs: many texts hold them), a pair naming a category, a
    // pair whose words are far apart, a typo beside a word, three words.
    const queries = new Set(['شاشه سامسونج', 'سامسونج شاشه', 'tv samsung', 'ثلاجه توشيبا', 'lg 55 بوصه']);
    for (let d = 0; d < idx.size; d += 97) {
      const w = idx.texts[d]!.split(' ');
      const i = d % Math.max(1, w.length - 2);
      queries.add(`${w[i]} ${w[i + 1]}`);
      queries.add(`${w[i + 1]} ${w[i]}`);
      queries.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
    }
    let compared = 0;
    for (const query of queries)
      for (const rankedCandidates of [3, 10, 40])
        for (const page of [1, 2]) {
          const q = productListQuerySchema.parse({ query, per_page: '5', page: String(page) });
          const all = await listProducts(db, q, { ...opts, rankedCandidates, phraseTestsAllBelow: Infinity });
          const lazy = await listProducts(db, q, { ...opts, rankedCandidates, phraseTestsAllBelow: 0 });
          expect(ids(lazy), `${query} ${rankedCandidates} ${page}`).toEqual(ids(all));
          expect(lazy.meta).toEqual(all.meta);
          compared += all.products.length;
        }
    expect(compared).toBeGreaterThan(300);
  });

  it('a product that sells out goes after those in stock on the next request, and comes back when restocked', async () => {
    const db = t.database.db;
    const first = async () =>
      ids(await listProducts(db, productListQuerySchema.parse({ per_page: '3' }), opts));
    const before = await first();
    const top = before[0]!;
    const soldOutBefore = (await readVersions(db)).soldOut;
    await db.execute(sql`update products set stock = 0 where id = ${top}`);
    expect((await readVersions(db)).soldOut).toBe(soldOutBefore + 1);
    expect(await first()).not.toContain(top);
    // An order taking one of many does not cross zero: the sold-out version stays.
    await db.execute(sql`update products set stock = stock - 1 where id = ${before[1]!}`);
    expect((await readVersions(db)).soldOut).toBe(soldOutBefore + 1);
    await db.execute(sql`update products set stock = 4 where id = ${top}`);
    expect(await first()).toEqual(before);
  });

  it('a new product is found by search on the next request', async () => {
    const db = t.database.db;
    const query = productListQuerySchema.parse({ query: 'زرقلوني' });
    expect((await listProducts(db, query, opts)).meta.total_entries).toBe(0);
    const [any] = (
      (await db.execute(sql`select category_id, brand_id from products limit 1`)) as unknown as {
        rows: { category_id: number; brand_id: number }[];
      }
    ).rows;
    await db.execute(sql`insert into products (title_en, title_ar, category_id, brand_id, price_piastres,
        current_price_piastres, stock, search_text)
      values ('Zarqaloni kettle', 'غلاية زرقلوني', ${any!.category_id}, ${any!.brand_id}, 100000, 100000, 3,
        'zarqaloni kettle غلايه زرقلوني')`);
    const after = await listProducts(db, query, opts);
    expect(after.meta.total_entries).toBe(1);
    expect(after.products[0]!.title).toBe('غلاية زرقلوني');
  });

  it('lists asked at the same moment share their stock reads and each still gets its own cards right', async () => {
    const db = t.database.db;
    const qs = Array.from(
      { length: 24 },
      (_, i) => `per_page=5&page=${1 + (i % 6)}&${i % 2 ? 'lowest_price=true' : ''}`,
    );
    // Once each, so their cards are kept with the index (then only stock and ratings are read, shared).
    for (const q of qs)
      await listProducts(db, productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))), opts);
    const top = (await listProducts(db, productListQuerySchema.parse({ per_page: '1' }), opts)).products[0]!;
    await db.execute(sql`update products set stock = stock + 3 where id = ${top.id}`);
    const together = await Promise.all(
      qs.map((q) =>
        listProducts(db, productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))), opts),
      ),
    );
    for (const [i, q] of qs.entries()) {
      const { fromDb } = await both(q);
      expect(together[i], q).toEqual(fromDb);
    }
    expect(together[0]!.products.find((p) => p.id === top.id)?.stock).toBe(top.stock + 3);
  });

  it('a card kept with the index shows the stock and rating of now, and a new title, picture or brand name at once', async () => {
    const db = t.database.db;
    const q = productListQuerySchema.parse({ per_page: '4' });
    const first = async () => (await listProducts(db, q, opts)).products[0]!;
    const card = await first();
    await first(); // now kept
    const version = (await readVersions(db)).version!;
    // Stock and ratings move without the catalog version.
    await db.execute(sql`update products set stock = stock + 7 where id = ${card.id}`);
    expect((await readVersions(db)).version).toBe(version);
    expect((await first()).stock).toBe(card.stock + 7);
    // Everything else on the card moves it (migration 0020): a description, a picture, a brand's name.
    await db.execute(sql`update products set description_ar = 'وصف جديد' where id = ${card.id}`);
    expect((await first()).description).toBe('وصف جديد');
    await db.execute(sql`insert into product_images (product_id, original_url, thumbnail_url, medium_url, position)
      values (${card.id}, '/new.png', '/new-t.png', '/new-m.png', -1)`);
    expect((await first()).images[0]!.photo_url).toBe('/new.png');
    await db.execute(sql`update brands set name_ar = 'اسم جديد' where id = ${card.brand.id}`);
    expect((await first()).brand.name).toBe('اسم جديد');
    expect((await readVersions(db)).version).toBe(version + 3);
  });
});

describe("a typo's nearest words", () => {
  it("the index's word similarity is the database's own (pg_trgm word_similarity)", async () => {
    const db = t.database.db;
    const words = (
      (await db.execute(sql`select word from search_words order by md5(word) limit 80`)) as unknown as {
        rows: { word: string }[];
      }
    ).rows.map((r) => r.word);
    // Typos a thumb makes: a letter dropped, two swapped, one doubled, one replaced; and the first three letters.
    const typos = words.flatMap((w, i) => {
      const k = 1 + (i % Math.max(1, w.length - 2));
      return [
        w.slice(0, k) + w.slice(k + 1),
        w.slice(0, k - 1) + w[k] + w[k - 1] + w.slice(k + 1),
        w.slice(0, k) + w[k - 1] + w.slice(k),
        w.slice(0, k) + 'q' + w.slice(k + 1),
        w.slice(0, 3),
      ];
    });
    let compared = 0;
    for (const typo of typos.slice(0, 400)) {
      const res = (await db.execute(
        sql`select word, word_similarity(${typo}, word) as s from search_words where ${typo} <% word`,
      )) as unknown as { rows: { word: string; s: number | string }[] };
      for (const r of res.rows) {
        expect(wordSimilarity(typo, r.word), `${typo} / ${r.word}`).toBeCloseTo(Number(r.s), 5);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });
});

describe("a typo's nearest words from the index", () => {
  it('are those of scoring every catalog word, though most candidates are not scored', async () => {
    const db = t.database.db;
    const idx = (await catalogIndexAt(db, (await readVersions(db)).version))!;
    // The database's table of words holds those of 3 letters or more (search_words).
    const catalogWords = idx.vocabulary.filter((w) => w.length >= 3);
    const words = catalogWords.filter((w, i) => w.length >= 4 && i % 7 === 0).slice(0, 300);
    let found = 0;
    for (const [i, w] of words.entries()) {
      const k = 1 + (i % Math.max(1, w.length - 2));
      for (const typo of [
        w.slice(0, k) + w.slice(k + 1),
        w.slice(0, k - 1) + w[k] + w[k - 1] + w.slice(k + 1),
        w.slice(0, k) + w[k - 1] + w.slice(k),
        w.slice(0, 3),
      ]) {
        const every = nearestWords(typo, catalogWords, WORD_SIMILARITY_THRESHOLD, 5);
        expect(nearWordsInIndex(idx, typo, WORD_SIMILARITY_THRESHOLD, 5), typo).toEqual(every);
        found += every.length;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });
});

/**
 * Whether a text holds a phrase, read in its letters, as the database asks it (`holdsWord`): a first or last word
 * of one or two Latin letters as a word of its own (`usb c` is not in `usb cable`).
 */
function inTheLetters(text: string, phrase: string): boolean {
  const words = phrase.split(' ');
  if (words.length < 2 || words.some((w) => !w)) return text.includes(phrase);
  const short = (w: string) => /^[a-z]{1,2}$/.test(w);
  return ` ${text} `.includes(`${short(words[0]!) ? ' ' : ''}${phrase}${short(words.at(-1)!) ? ' ' : ''}`);
}

describe("a search's phrase, read from the texts' words", () => {
  it("says what a search in the texts' letters says, for every product of the demo catalog", async () => {
    const db = t.database.db;
    const idx = (await catalogIndexAt(db, (await readVersions(db)).version))!;
    expect(idx).not.toBeNull();
    // Phrases as shoppers type them: two or three neighbouring words of a text, cut at either end (a phrase may
    // start inside a word and end inside another), single letters, words of other texts; and some odd spacing.
    const phrases = new Set<string>(['a b', 'ال جديد', '4k 55', 'x  y', ' lg', 'tv ']);
    for (let d = 0; d < idx.size; d += 5) {
      const w = idx.texts[d]!.split(' ');
      const i = d % Math.max(1, w.length - 3);
      const [a = '', b = '', c = '', e = ''] = w.slice(i, i + 4);
      phrases.add(`${a} ${b}`);
      phrases.add(`${a.slice(1)} ${b.slice(0, 2)}`);
      phrases.add(`${a.slice(-1)} ${b} ${c.slice(0, 1)}`);
      phrases.add(`${a.slice(-2)} ${b} ${c} ${e.slice(0, 3)}`);
      phrases.add(`${b} ${idx.texts[(d * 31) % idx.size]!.split(' ')[0]}`);
    }
    // The texts a phrase is looked for in (`amongPhraseHolders`, by the rarest of its places) hold every text
    // holding it.
    const every = Int32Array.from({ length: idx.size }, (_, d) => d);
    let held = 0;
    let narrowed = 0;
    for (const phrase of phrases) {
      const holds = phraseTest(idx, phrase);
      const holders = amongPhraseHolders(idx, phrase, every);
      const among = new Set(holders);
      if (holders.length < idx.size / 2) narrowed++;
      for (let d = 0; d < idx.size; d++) {
        const text = idx.texts[d]!;
        const inLetters = inTheLetters(text, phrase);
        if (holds(d) !== inLetters)
          expect(`${phrase} in ${text}: ${!inLetters}`).toBe(`${phrase} in ${text}: ${inLetters}`);
        if (inLetters && !among.has(d)) expect(`${phrase} in ${text}`).toBe('among its holders');
        if (inLetters) held++;
      }
    }
    expect(held).toBeGreaterThan(phrases.size);
    expect(narrowed).toBeGreaterThan(phrases.size / 2);
  });
});

describe("a search's similarity and a typo's edits, read from the catalog's words", () => {
  it('score every product of the demo catalog as its letters do, and find the words a scan of every word finds', async () => {
    const db = t.database.db;
    const idx = (await catalogIndexAt(db, (await readVersions(db)).version))!;
    expect(idx).not.toBeNull();
    // Queries as read: words of the texts whole and cut, pairs, a letter alone, Latin and Arabic, and typos.
    const queries = new Set<string>(['a', 'tv', 'usb c', 'ثلاجه شارب', 'samsng galaxy', 'لاب توب 15']);
    for (let d = 0; d < idx.size; d += 17) {
      const w = idx.texts[d]!.split(' ').filter(Boolean);
      const [a = 'x', b = 'y'] = w.slice(d % Math.max(1, w.length - 2));
      queries.add(`${a} ${b}`);
      queries.add(`${a.slice(1)} ${b.slice(0, -1)}`);
      queries.add(a.length > 3 ? a.slice(0, 2) + a.slice(3) : a);
    }
    let scored = 0;
    for (const query of queries) {
      const fromWords = similarityInIndex(idx, query);
      const fromLetters = similarityTo(query);
      for (let d = 0; d < idx.size; d++) {
        const [w, l] = [fromWords(d), fromLetters(idx.texts[d]!)];
        if (w !== l) expect(`${query} in ${idx.texts[d]}: ${w}`).toBe(`${query} in ${idx.texts[d]}: ${l}`);
        if (l > 0) scored++;
      }
    }
    expect(scored).toBeGreaterThan(queries.size * 10);
    // A typo's words within one or two edits, skipping the words whose letters differ too much, are those of
    // comparing the typo with every word.
    let found = 0;
    for (const query of [...queries].filter((q) => !q.includes(' ') && q.length >= 4).slice(0, 40))
      for (const edits of [1, 2]) {
        const all = idx.vocabulary
          .map((w) => ({ w, e: editsWithin(query, w, edits) }))
          .filter((x) => x.e <= edits && x.w !== query);
        const got = wordsWithinEdits(query, idx.vocabulary, edits, 1000);
        expect(new Set(got), `${query}, ${edits}`).toEqual(new Set(all.map((x) => x.w)));
        found += got.length;
      }
    expect(found).toBeGreaterThan(20);
  });

  it('is 1 for a one-word search in every text holding the word as a word (the ranking takes it so unread)', async () => {
    const db = t.database.db;
    const idx = (await catalogIndexAt(db, (await readVersions(db)).version))!;
    let holders = 0;
    for (let w = 0; w < idx.vocabulary.length; w += 3) {
      const word = idx.vocabulary[w]!;
      const fromWords = similarityInIndex(idx, word);
      const fromLetters = similarityTo(word);
      for (const d of idx.postings.get(word)!) {
        const [a, b] = [fromWords(d), fromLetters(idx.texts[d]!)];
        if (a !== 1 || b !== 1)
          expect(`${word} in ${idx.texts[d]}: ${a}, ${b}`).toBe(`${word} in ${idx.texts[d]}: 1, 1`);
        holders++;
      }
    }
    expect(holders).toBeGreaterThan(idx.vocabulary.length);
  });
});
