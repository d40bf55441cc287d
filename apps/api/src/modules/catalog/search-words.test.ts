import { apiMessage, searchTokens } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, searchSynonyms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { productsOf, searchAnswer } from '../../test/search-kit.ts';
import { arabicKeys, francoIndex, francoKeys, francoReading } from './search/franco.ts';
import { isFillerWord, queryWords } from './search/query-words.ts';
import {
  asWritten,
  expandQuery,
  synonymPhraseNear,
  synonymRows,
  synonymTermNear,
  withinOneEdit,
  type SynonymMap,
} from './search/synonyms.ts';

/**
 * How a search reads its words (search/plan.ts and the files beside it): synonyms, typos, the words that tie the
 * others together, Franco. A search and the store's sections: search-sections.test.ts.
 */

/** Words as shoppers write them (issue 15): synonyms, joined and split words, plurals, model numbers, stock. */
describe('a query split into what it may stand for', () => {
  const map: SynonymMap = new Map();
  for (const r of synonymRows([
    { term: 'لابتوب', alternatives: ['لاب توب', 'laptop'], twoWay: true },
    { term: 'مكيف', alternatives: ['تكييف'] },
  ])) {
    if (!map.has(r.term)) map.set(r.term, new Set());
    map.get(r.term)!.add(r.alternative);
    if (r.twoWay) {
      if (!map.has(r.alternative)) map.set(r.alternative, new Set());
      map.get(r.alternative)!.add(r.term);
    }
  }
  const groups = (q: string) => expandQuery(searchTokens(q), map).map((g) => g.alternatives);

  it('a phrase that is a synonym, or two words that are one written apart, stay one group', () => {
    expect(groups('لاب توب جيمنج')[0]).toEqual(expect.arrayContaining(['لاب توب', 'لابتوب']));
    expect(groups('لاب توب جيمنج')[1]).toEqual(['جيمنج']);
    expect(groups('لابتوب')[0]).toEqual(expect.arrayContaining(['لابتوب', 'لاب توب', 'laptop']));
  });

  it('a word one edit from a word of the synonyms is read as it; a short word or two edits is not', () => {
    expect(withinOneEdit('تلفزبون', 'تلفزيون')).toBe(true); // a letter changed
    expect(withinOneEdit('غسله', 'غساله')).toBe(true); // left out
    expect(withinOneEdit('مكييف', 'مكيف')).toBe(true); // added
    expect(withinOneEdit('لاتپوب', 'لاتوپب')).toBe(true); // two swapped
    expect(withinOneEdit('ثلحه', 'تلاجه')).toBe(false);
    expect(synonymTermNear('مكيب', map)).toBe('مكيف');
    expect(synonymTermNear('تكيبف', map)).toBe('تكييف'); // what a term finds counts too
    expect(synonymTermNear('laptp', map)).toBe('laptop');
    expect(synonymTermNear('لاب', map)).toBeNull(); // under four letters
    expect(synonymTermNear('ثلاجه', map)).toBeNull();
  });

  it('two words one edit from a phrase of the synonyms are read as it; a phrase as typed, or too short, is not', () => {
    const seed: SynonymMap = new Map();
    for (const r of synonymRows()) {
      if (!seed.has(r.term)) seed.set(r.term, new Set());
      seed.get(r.term)!.add(r.alternative);
    }
    expect(synonymPhraseNear(['اير', 'فرير'], seed)).toBe('اير فراير'); // a letter left out
    expect(synonymPhraseNear(['اير', 'فريير'], seed)).toBe('اير فراير'); // a letter added
    expect(synonymPhraseNear(['لاب', 'توت'], seed)).toBe('لاب توب'); // written together, one edit from لابتوب
    expect(synonymPhraseNear(['اير', 'فراير'], seed)).toBeNull(); // the phrase itself
    expect(synonymPhraseNear(['شاشه', 'سامسونج'], seed)).toBeNull();
    expect(synonymPhraseNear(['لا', 'تب'], seed)).toBeNull(); // under six letters
  });

  it('a suggestion is shown as the products found write it, never with a guessed spelling', () => {
    const texts = [
      'غسالة توشيبا 8 كيلو',
      'الغسالة الأوتوماتيك من شارب',
      'Fresh Washing Machine',
      'غساله فريش',
    ];
    // The catalog's most frequent spelling, article or not; Latin stays lower case, as typed.
    expect(asWritten('غساله', texts)).toBe('غسالة');
    expect(asWritten('اوتوماتيك', texts)).toBe('أوتوماتيك');
    expect(asWritten('washing', texts)).toBe('washing');
    // A word the texts do not write stays as read: مياه is not مياة.
    expect(asWritten('فلتر مياه', texts)).toBe('فلتر مياه');
    expect(asWritten('غساله شارب', texts)).toBe('غسالة شارب');
  });

  it('one-way synonyms go one way; a singular in ة also finds the plural in ات and back', () => {
    expect(groups('مكيف')[0]).toEqual(['مكيف', 'تكييف']);
    expect(groups('تكييف')[0]).toEqual(['تكييف']);
    expect(groups('شاشة')[0]).toEqual(['شاشه', 'شاشات']);
    expect(groups('الشاشات')[0]).toEqual(['شاشات', 'شاشه']);
  });
});

/** A search on the shop's list: the titles found, in order, and what the answer says of the search. */
describe('search on the API', () => {
  let t: TestApp;
  let fridges: number;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const cat = await addCategory(db, 'Refrigerators', 'ثلاجات');
    const ac = await addCategory(db, 'Air Conditioners', 'تكييفات');
    const brand = await addBrand(db, 'Sharp', 'شارب');
    fridges = cat.id;
    const make = (titleEn: string, titleAr: string, stock: number, model?: string, categoryId = cat.id) =>
      addProduct(db, { titleEn, titleAr, categoryId, brandId: brand.id, priceEgp: 20000, stock, model });
    await make('Sharp Fridge 450 L', 'ثلاجة شارب 450 لتر', 0, 'SJ-GV58G-BK');
    await make('Sharp Fridge 380 L', 'ثلاجة شارب 380 لتر', 4);
    await make('Sharp Split AC 1.5 HP', 'تكييف شارب سبليت 1.5 حصان', 3, 'AY-A12YSE', ac.id);
    await db.insert(searchSynonyms).values(synonymRows([{ term: 'تلاجه', alternatives: ['ثلاجه'] }]));
  });
  afterAll(() => t?.close());

  const search = async (q: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/products?locale=en&query=${encodeURIComponent(q)}${extra}`,
    });
    return res;
  };
  const titles = async (q: string) =>
    ((await search(q)).json().products as { title: string }[]).map((p) => p.title);

  it('an everyday word finds the formal one; a model with or without its dashes', async () => {
    expect(await titles('تلاجة')).toHaveLength(2);
    expect(await titles('sjgv58gbk')).toEqual(['Sharp Fridge 450 L']);
    expect(await titles('SJ-GV58G-BK')).toEqual(['Sharp Fridge 450 L']);
  });

  it('a synonym added (as the back office will) works at once', async () => {
    expect(await titles('مكيف')).toEqual([]);
    await t.database.db
      .insert(searchSynonyms)
      .values(synonymRows([{ term: 'مكيف', alternatives: ['تكييف'] }]));
    expect(await titles('مكيف')).toEqual(['Sharp Split AC 1.5 HP']);
  });

  it('in stock before sold out; a word naming a category ranks its products first', async () => {
    expect(await titles('شارب ثلاجه')).toEqual(['Sharp Fridge 380 L', 'Sharp Fridge 450 L']);
    const all = await titles('شارب');
    expect(all.indexOf('Sharp Fridge 450 L')).toBe(all.length - 1);
    // Sold out no more: back in its place.
    await t.database.db.update(products).set({ stock: 9 }).where(eq(products.titleEn, 'Sharp Fridge 450 L'));
    expect((await titles('ثلاجات')).length).toBe(2);
    const cat = await search('ثلاجات', `&category_id=${fridges}`);
    expect(cat.json().meta.total_entries).toBe(2);
  });

  it('counts per category and brand come with the results; the brand counts ignore the brand filter', async () => {
    const res = await search('شارب');
    const facets = res.json().meta.facets as {
      categories: { name: string; count: number }[];
      brands: { name: string; count: number }[];
    };
    expect(facets.categories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Refrigerators', count: 2 }),
        expect.objectContaining({ name: 'Air Conditioners', count: 1 }),
      ]),
    );
    expect(facets.brands).toEqual([expect.objectContaining({ name: 'Sharp', count: 3 })]);
    const ar = await t.app.inject({
      method: 'GET',
      url: `/v1/products?locale=ar&query=${encodeURIComponent('شارب')}`,
    });
    expect(ar.json().meta.facets.categories.map((c: { name: string }) => c.name)).toContain('ثلاجات');
  });

  it('a typo is read as the nearest catalog word and says so; nothing found offers the nearest categories', async () => {
    const typo = await search('ثلاجت');
    expect(typo.json().meta.total_entries).toBeGreaterThan(0);
    // Read as the normalised word (ثلاجه), shown as the products found write it.
    expect(typo.json().meta.did_you_mean).toBe('ثلاجة');
    expect((await search('ثلاجه')).json().meta.did_you_mean).toBeUndefined();
    const none = await search('qqqzzz');
    expect(none.json().meta.total_entries).toBe(0);
    const near = none.json().meta.nearest_categories as { name: string }[];
    expect(near.length).toBeGreaterThan(0);
    // Two words found nowhere whichever word is left out: nothing, and the nearest categories, closest first.
    const close = await search('refrigerator qqqzzz xyzzy');
    expect(close.json().meta.total_entries).toBe(0);
    expect((close.json().meta.nearest_categories as { name: string }[])[0]!.name).toBe('Refrigerators');
  });

  it('a search none of whose products has every word shows the search without one, last word first, and offers the others', async () => {
    const meta = async (q: string) => (await search(q)).json().meta;
    // The store has Sharp fridges, none of 999 litres: the fridges, said as the search they were found by.
    expect(await titles('sharp fridge 999')).toEqual(['Sharp Fridge 380 L', 'Sharp Fridge 450 L']);
    expect((await meta('sharp fridge 999')).showing_for).toBe('sharp fridge');
    expect((await meta('sharp fridge 999')).other_searches).toBeUndefined();
    expect((await meta('ثلاجة شارب نوفروست')).showing_for).toBe('ثلاجة شارب');
    // The other searches without one word that find something are offered too (no order suits every search).
    const split = await meta('sharp fridge split');
    expect([split.showing_for, split.other_searches]).toEqual(['sharp fridge', ['sharp split']]);
    // The last word dropped still finds nothing: the one before it is dropped instead.
    expect((await meta('sharp qqqzzz fridge')).showing_for).toBe('sharp fridge');
    expect((await meta('sharp qqqzzz fridge')).total_entries).toBe(2);
    // A typo among the words kept is said as it was read, once (not also as "did you mean").
    const typo = await meta('sharpp fridge 999');
    expect(typo.showing_for).toBe('sharp fridge');
    expect(typo.did_you_mean).toBeUndefined();
    // A search that finds something, or of one word, is answered as it is.
    expect((await meta('sharp fridge')).showing_for).toBeUndefined();
    const one = await meta('qqqzzz');
    expect([one.total_entries, one.showing_for]).toEqual([0, undefined]);
    // Words none of which finds anything: nothing, and the nearest categories, as before.
    const none = await meta('qqqzzz xxxyyy');
    expect([none.total_entries, none.showing_for]).toEqual([0, undefined]);
    expect(none.nearest_categories.length).toBeGreaterThan(0);
    // The box's suggestions read it as the results page does (issue 43: they said the store had nothing).
    const suggested = await t.app.inject({
      method: 'GET',
      url: `/v1/products/suggestions?locale=en&query=${encodeURIComponent('sharp fridge 999')}`,
    });
    expect((suggested.json().suggestions as { title: string }[]).map((x) => x.title)).toEqual([
      'Sharp Fridge 380 L',
      'Sharp Fridge 450 L',
    ]);
  });

  it('a typo is read as one edit from a word shoppers use, and names the categories of the word it was read as', async () => {
    // One edit from a word of the synonyms, where trigrams find no catalog word near: a word ending in ة too.
    // Shown as the products write it (ثلاجة), or as read where none writes it (تلاجه).
    for (const [typo, read] of [
      ['ثلجة', 'ثلاجة'],
      ['تلاجا', 'تلاجه'],
    ] as const) {
      const res = await search(typo);
      expect(res.json().meta.did_you_mean, typo).toBe(read);
      expect((res.json().products as { title: string }[]).map((p) => p.title).sort(), typo).toEqual([
        'Sharp Fridge 380 L',
        'Sharp Fridge 450 L',
      ]);
    }
    // laptp is read as laptop: the category named "laptop" first, before a newer product that only mentions it.
    const db = t.database.db;
    const computers = await addCategory(db, 'Computers & Laptops', 'كمبيوتر ولابتوبات');
    const laptops = await addCategory(db, 'Laptop Computers', 'لابتوب', computers.id);
    const flash = await addCategory(db, 'Flash Drives', 'فلاشات', computers.id);
    const hp = await addBrand(db, 'HP', 'اتش بي');
    const add = productsOf(db, hp.id, 900, 5);
    await add('HP 15 Laptop Core i5', 'لابتوب اتش بي 15', laptops.id);
    await add('HP Flash Drive 64GB for a Laptop', 'فلاشة اتش بي 64 جيجا للابتوب', flash.id);
    // Two words, one found nowhere, one edit from a phrase of the synonyms: read as it, not word by word.
    await db
      .insert(searchSynonyms)
      .values(synonymRows([{ term: 'لابتوب', alternatives: ['لاب توب', 'laptop'], twoWay: true }]));
    const split = await search('لاب توت');
    expect(split.json().meta.did_you_mean).toBe('لاب توب');
    expect((split.json().products as { title: string }[]).map((p) => p.title)).toEqual([
      'HP 15 Laptop Core i5',
      'HP Flash Drive 64GB for a Laptop',
    ]);
    const typo = await search('laptp');
    expect(typo.json().meta.did_you_mean).toBe('laptop');
    expect((typo.json().products as { title: string }[]).map((p) => p.title)).toEqual([
      'HP 15 Laptop Core i5',
      'HP Flash Drive 64GB for a Laptop',
    ]);
    // Monitors are not laptops because their department is called Computers & Laptops (issue 43: they padded
    // `laptop` with 14 monitors and 11 printers): the filters offer the laptops' section first, then the flash drive
    // that says it is for a laptop.
    const monitors = await addCategory(db, 'Monitors', 'شاشات كمبيوتر', computers.id);
    await add('HP 24 Inch Monitor', 'شاشة كمبيوتر اتش بي 24 بوصة', monitors.id);
    await add('HP 27 Inch Monitor', 'شاشة كمبيوتر اتش بي 27 بوصة', monitors.id);
    const facets = (await search('laptp')).json().meta.facets.categories as { name: string; count: number }[];
    expect(facets).toEqual([
      expect.objectContaining({ name: 'Laptop Computers', count: 1 }),
      expect.objectContaining({ name: 'Flash Drives', count: 1 }),
    ]);
  });

  it('the words a store seeded before also gets (drizzle/0024): fridge, oven and فرن, airfryer; a typo one edit from them', async () => {
    const db = t.database.db;
    // The migration's rows are the seed's (synonyms.ts), so a new store and an old one read these words alike.
    const terms = ['فرن', 'oven', 'stove', 'fridge', 'fridges', 'ac'];
    const seeded = synonymRows()
      .filter((r) => terms.includes(r.term) || r.alternative === 'airfryer')
      .map((r) => `${r.term} ${r.alternative} ${r.twoWay}`)
      .sort();
    const stored = await db.select().from(searchSynonyms);
    expect(
      stored
        .filter((r) => terms.includes(r.term) || r.alternative === 'airfryer')
        .map((r) => `${r.term} ${r.alternative} ${r.twoWay}`)
        .sort(),
    ).toEqual(seeded);
    const kitchen = await addCategory(db, 'Kitchen', 'مطبخ');
    const brand = await addBrand(db, 'Fresh', 'فريش');
    const add = productsOf(db, brand.id, 5000, 3);
    await add('Fresh Refrigerator 300 L', 'ثلاجة فريش 300 لتر', kitchen.id);
    await add('Fresh Gas Cooker 5 Burners', 'بوتاجاز فريش 5 شعلة', kitchen.id);
    await add('Fresh Digital Air Fryer 5 L', 'قلاية هوائية فريش 5 لتر', kitchen.id);
    expect(await titles('fridge')).toContain('Fresh Refrigerator 300 L');
    expect(await titles('oven')).toEqual(['Fresh Gas Cooker 5 Burners']);
    expect(await titles('فرن')).toEqual(['Fresh Gas Cooker 5 Burners']);
    // A store seeded before holds the air fryer's group; airfryer now belongs to it.
    await db
      .insert(searchSynonyms)
      .values(synonymRows().filter((r) => r.term === 'ايرفراير'))
      .onConflictDoNothing();
    expect(await titles('airfryer')).toEqual(['Fresh Digital Air Fryer 5 L']);
    // A typo one edit from a word of the synonyms is read as it, though the trigrams find a catalog word nearer
    // (اير, which headphones have too): one edit says more.
    await add('Fresh Air Pods Headphones', 'سماعة فريش اير بودز', kitchen.id);
    const typo = await search('ايرفرير');
    expect((typo.json().products as { title: string }[]).map((p) => p.title)).toEqual([
      'Fresh Digital Air Fryer 5 L',
    ]);
    expect(typo.json().meta.did_you_mean).toBe('اير فراير');
  });

  it('an English word names a section in its plural (freezer: Deep Freezers first), not a broader one', async () => {
    const db = t.database.db;
    const cold = await addCategory(db, 'Refrigerators & Freezers', 'ثلاجات وفريزرات');
    const doors = await addCategory(db, 'Two-Door Refrigerators', 'ثلاجات بابين', cold.id);
    const deep = await addCategory(db, 'Deep Freezers', 'ديب فريزر', cold.id);
    const brand = await addBrand(db, 'Kiriazi', 'كريازي');
    const add = productsOf(db, brand.id, 9000, 4);
    await add('Kiriazi Deep Freezer 250 L', 'ديب فريزر كريازي 250 لتر', deep.id);
    await add('Freezer on Top Refrigerator Kiriazi 400 L', 'ثلاجة كريازي 400 لتر بفريزر علوي', doors.id);
    expect((await titles('freezer kiriazi'))[0]).toBe('Kiriazi Deep Freezer 250 L');
    // The search's own section first among the filters; the broader section is not the search's.
    const res = await search('freezer kiriazi');
    expect((res.json().meta.facets.categories as { name: string }[]).map((c) => c.name)).toEqual([
      'Deep Freezers',
      'Two-Door Refrigerators',
    ]);
  });

  it('a lowest price above the highest is explained, in the shopper’s language, not an empty list', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/products?locale=${locale}&min_price=5000&max_price=100`,
      });
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain(apiMessage('min_price_above_max', locale));
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/products?min_price=100&max_price=100' })).statusCode,
    ).toBe(200);
  });

  it('a word of one or two Latin letters is found as a word of its own, not inside other words', async () => {
    const db = t.database.db;
    const bags = await addCategory(db, 'Bags', 'شنط');
    const targus = await addBrand(db, 'Targus', 'تارجس');
    await productsOf(
      db,
      targus.id,
      1500,
      5,
    )('Targus Black Backpack 15.6 Inch TBB943', 'شنطة ظهر تارجس سوداء 15.6 بوصة TBB943', bags.id);
    // `ac` is the air conditioner's AC, not the letters in Black and Backpack (catalog-index.test.ts holds the
    // database's answer to `ac` the same as the index's).
    expect(await titles('ac')).toEqual(['Sharp Split AC 1.5 HP']);
    // Three letters and more, and digits, are still found inside words: a part of a word or a model number.
    expect(await titles('pack')).toEqual(['Targus Black Backpack 15.6 Inch TBB943']);
    expect(await titles('943')).toEqual(['Targus Black Backpack 15.6 Inch TBB943']);
  });
});

describe('a search with words that tie the others together, and the thing it is after', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const chargers = await addCategory(db, 'Chargers & Cables', 'شواحن وكابلات');
    const iphones = await addCategory(db, 'iPhone', 'آيفون');
    const anker = await addBrand(db, 'Anker', 'انكر');
    const apple = await addBrand(db, 'Apple', 'ابل');
    await productsOf(db, anker.id, 900, 5)('Anker Nano Charger 20W', 'شاحن انكر نانو 20 وات', chargers.id);
    await productsOf(
      db,
      apple.id,
      1200,
      5,
    )('Apple 20W USB-C Charger', 'شاحن ابل 20 وات تايب سي', chargers.id);
    await productsOf(db, apple.id, 45000, 3)('Apple iPhone 15 128GB', 'ابل ايفون 15 128 جيجا', iphones.id);
  });
  afterAll(() => t?.close());

  const answer = (q: string) => searchAnswer(t, q);

  it('the words are read without the ones that only tie them, and a search of those alone is kept', () => {
    expect(queryWords('charger for the iphone')).toEqual(['charger', 'iphone']);
    expect(queryWords('شاحن بتاع ايفون')).toEqual(['شاحن', 'ايفون']);
    expect(queryWords('سماعة على الأذن')).toEqual(['سماعه', 'اذن']);
    // لل joined to a word: for the.
    expect(queryWords('شاحن للايفون')).toEqual(['شاحن', 'ايفون']);
    // Model letters and inches stay.
    expect(queryWords('galaxy a 55')).toEqual(['galaxy', 'a', '55']);
    expect(queryWords('tv 55 in')).toEqual(['tv', '55', 'in']);
    expect(queryWords('for the')).toEqual(['for', 'the']);
    // While typing, the last word may be the start of another (home the → home theater).
    expect(queryWords('home the', { typing: true })).toEqual(['home', 'the']);
    expect(queryWords('charger for ip', { typing: true })).toEqual(['charger', 'ip']);
    expect(isFillerWord('With')).toBe(true);
    expect(isFillerWord('بتاعة')).toBe(true);
    expect(isFillerWord('iphone')).toBe(false);
  });

  it('a search in English whose last word names a section shows that section; one with "for" the thing before it', async () => {
    // The store has chargers and an iPhone, no charger named for the iPhone.
    const named = await answer('iphone charger');
    expect([named.meta.showing_for, named.meta.other_searches]).toEqual(['charger', ['iphone']]);
    expect(named.titles.sort()).toEqual(['Anker Nano Charger 20W', 'Apple 20W USB-C Charger']);
    // Of three words, the first goes first: Apple's charger.
    const apple = await answer('apple iphone charger');
    expect([apple.meta.showing_for, apple.titles]).toEqual(['apple charger', ['Apple 20W USB-C Charger']]);
    // "for" is not a word a product must have, and says the thing is before it.
    const forIt = await answer('charger for iphone');
    expect([forIt.meta.showing_for, forIt.meta.other_searches]).toEqual(['charger', ['iphone']]);
    expect((await answer('iphone with charger')).meta.showing_for).toBe('iphone');
    // Two words in either order: the one finding what costs a fraction of the other's is the thing wanted.
    const reversed = await answer('charger iphone');
    expect([reversed.meta.showing_for, reversed.meta.other_searches]).toEqual(['charger', ['iphone']]);
    expect(reversed.titles.sort()).toEqual(['Anker Nano Charger 20W', 'Apple 20W USB-C Charger']);
    // A last word with digits is a model: the last word goes first, as before.
    expect((await answer('iphone 15 pro')).meta.showing_for).toBe('iphone 15');
    // A search that finds something with those words left out is answered as it is.
    const the = await answer('the iphone');
    expect([the.titles, the.meta.showing_for]).toEqual([['Apple iPhone 15 128GB'], undefined]);
  });

  it('in Arabic the thing comes first, with or without ل, لل or بتاع before what it is for, and the cheaper thing after it', async () => {
    for (const q of ['شاحن ايفون', 'شاحن ل ايفون', 'شاحن للايفون', 'شاحن بتاع ايفون', 'ايفون شاحن']) {
      const a = await answer(q);
      expect([q, a.meta.showing_for, a.titles.length]).toEqual([q, 'شاحن', 2]);
    }
  });

  it('the box suggests what the words left say: charger for', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/products/suggestions?locale=en&query=${encodeURIComponent('charger for')}`,
    });
    expect((res.json().suggestions as { title: string }[]).map((s) => s.title).sort()).toEqual([
      'Anker Nano Charger 20W',
      'Apple 20W USB-C Charger',
    ]);
  });
});

describe('Arabic written in Latin letters (Franco)', () => {
  const words = [
    'ثلاجه',
    'ثلاجات',
    'شاشه',
    'شارب',
    'مكواه',
    'ماك',
    'ساعه',
    'سعه',
    'غساله',
    'شاحن',
    'سماعه',
    'بوتاجاز',
  ];
  const index = francoIndex(words, ['تلاجه', 'مكيف']);

  it('reads a word by its consonants as Egyptians write them, whatever its vowels and doubled letters', () => {
    for (const typed of ['talaga', 'tallaga', 'tlaga', 'eltalaga'])
      expect(francoReading(typed, index), typed).toEqual(['ثلاجه']);
    expect(francoReading('ghassala', index)).toEqual(['غساله']);
    expect(francoReading('8asala', index)).toEqual(['غساله']);
    expect(francoReading('sha7en', index)).toEqual(['شاحن']);
    expect(francoReading('sama3a', index)).toEqual(['سماعه']);
    expect(francoReading('botagaz', index)).toEqual(['بوتاجاز']);
    // -at is ة before another word (makwat sha3r), and the plural's ات when the catalog writes it (tallagat).
    expect(francoReading('makwat', index)).toEqual(['مكواه']);
    expect(francoReading('tallagat', index)).toEqual(['ثلاجات']);
    // شاشة is sh-sh: a vowel between two letters keeps both.
    expect(francoReading('shasha', index)).toEqual(['شاشه']);
    // Two consonants must agree on w and y too: makwa is the iron, not ماك.
    expect(francoReading('makwa', index)).toEqual(['مكواه']);
    // Of two words with the same letters, the one that reads closer: sa3a is ساعة (a watch), not سعة (capacity).
    expect(francoReading('sa3a', index)).toEqual(['ساعه']);
    // A word of the synonyms is read too (مكيف finds the air conditioners); the products' own word comes first.
    expect(francoReading('mekyaf', index)).toEqual(['مكيف']);
    expect(arabicKeys('تلاجه')[0]).toEqual(arabicKeys('ثلاجه')[0]);
  });

  it('leaves alone what is not Franco: short words, model numbers, words nothing sounds like', () => {
    expect(francoKeys('tv')).toEqual([]);
    expect(francoKeys('qa65q60')).toEqual([]);
    expect(francoReading('xyzzyq', index)).toEqual([]);
    expect(francoReading('charger', index)).toEqual([]);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const fridges = await addCategory(db, 'Refrigerators', 'ثلاجات');
    const tvs = await addCategory(db, 'Televisions', 'شاشات');
    const sharp = await addBrand(db, 'Sharp', 'شارب');
    const add = productsOf(db, sharp.id, 20000, 4);
    await add('Sharp No Frost Refrigerator 450 L', 'ثلاجة شارب نوفروست 450 لتر', fridges.id);
    await add('Sharp 55 Inch 4K Smart TV', 'شاشة شارب 55 بوصة سمارت 4K', tvs.id);
  });
  afterAll(() => t?.close());

  const answer = (q: string, locale = 'en') => searchAnswer(t, q, locale);

  it('finds the products and says how it read the word, as the products write it', async () => {
    const fridge = await answer('talaga');
    expect([fridge.titles, fridge.meta.did_you_mean]).toEqual([
      ['Sharp No Frost Refrigerator 450 L'],
      'ثلاجة',
    ]);
    // With a brand in English; the screen is شاشة, not the nearest-looking Latin word (sharp).
    const tv = await answer('shasha sharp');
    expect([tv.titles, tv.meta.did_you_mean]).toEqual([['Sharp 55 Inch 4K Smart TV'], 'شاشة sharp']);
    // The article written apart, and in the Arabic shop.
    const ar = await answer('el talaga', 'ar');
    expect([ar.titles, ar.meta.did_you_mean]).toEqual([['ثلاجة شارب نوفروست 450 لتر'], 'ثلاجة']);
    // An English typo is still read as the English word one letter away.
    expect((await answer('refrigerater')).meta.did_you_mean).toBe('refrigerator');
  });

  it('a Franco search nothing has every word of keeps Arabic order: the thing first (talaga toshiba → the fridges)', async () => {
    const a = await answer('talaga toshiba');
    expect([a.meta.showing_for, a.titles]).toEqual(['ثلاجة', ['Sharp No Frost Refrigerator 450 L']]);
  });
});
