import { normalizeSearchText } from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, searchSynonyms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { insertDefaultSynonyms, synonymRows } from './search/synonyms.ts';
import { productsOf, searchAnswer } from '../../test/search-kit.ts';

/**
 * A search and the store's sections (issue 43): a word naming a section and one under it, a section's name not
 * made every product's word, a section named whole finding what is under it, and the word a search without every
 * word leaves out. (Words as shoppers write them: search-words.test.ts.)
 */

describe('a word that names a section and a section under it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    // As the demo catalog has them: the TVs two sections down, the earbuds one.
    const department = await addCategory(db, 'TVs & Audio', 'الشاشات والصوتيات');
    const tvs = await addCategory(db, 'Televisions', 'شاشات التليفزيون', department.id);
    const smart = await addCategory(db, 'Smart TVs', 'شاشات سمارت', tvs.id);
    const earbuds = await addCategory(db, 'Headphones & Earbuds', 'سماعات هيدفون وإيربودز', department.id);
    const add = productsOf(db, (await addBrand(db, 'Xiaomi', 'شاومي')).id, 9000, 5);
    await add('Xiaomi 43 Inch Smart TV', 'شاشة شاومي 43 بوصة سمارت', smart.id);
    await add('Xiaomi Redmi Buds 5 Pro', 'سماعة إيربودز شاومي ريدمي بودز 5 برو لاسلكية', earbuds.id);
  });
  afterAll(() => t?.close());

  it('finds the section under it, not the department: شاشات is the TVs, not everything of screens and audio', async () => {
    for (const q of ['شاشات', 'الشاشات', 'شاشة']) {
      const { titles } = await searchAnswer(t, q, 'ar');
      // The earbuds' section is under the department, whose name of two things does not make them screens.
      expect([q, titles]).toEqual([q, ['شاشة شاومي 43 بوصة سمارت']]);
    }
  });
});

/** The sorts a shopper can choose for a search, besides its own order. */
const SORTS = ['', '&lowest_price=true', '&highest_price=true', '&latest_to_oldest=true'];

describe("a section's name does not make every product under it hold its words (issue 43)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await insertDefaultSynonyms(db);
    // As the demo catalog has them: a department named for two things, its sections and theirs.
    const department = await addCategory(db, 'Mobiles & Tablets', 'الموبايلات والتابلت');
    const phones = await addCategory(db, 'Mobile Phones', 'موبايلات', department.id);
    const iphones = await addCategory(db, 'iPhone', 'آيفون', phones.id);
    const android = await addCategory(db, 'Android Phones', 'موبايلات أندرويد', phones.id);
    const tablets = await addCategory(db, 'Tablets', 'تابلت', department.id);
    const accessories = await addCategory(db, 'Mobile Accessories', 'إكسسوارات الموبايل', department.id);
    const cables = await addCategory(db, 'Chargers & Cables', 'شواحن وكابلات', accessories.id);
    const apple = await addBrand(db, 'Apple', 'أبل');
    const samsung = await addBrand(db, 'Samsung', 'سامسونج');
    const anker = await addBrand(db, 'Anker', 'انكر');
    await productsOf(db, apple.id, 45000, 3)('Apple iPhone 15 128GB', 'ابل ايفون 15 128 جيجا', iphones.id);
    await productsOf(db, samsung.id, 15000, 3)('Samsung Galaxy A55 5G', 'سامسونج جالاكسي A55', android.id);
    await productsOf(db, samsung.id, 9000, 3)('Samsung Galaxy Tab A9', 'سامسونج جالاكسي تاب A9', tablets.id);
    const cable = productsOf(db, anker.id, 300, 9);
    await cable('Anker USB-C to USB-C Cable 1m', 'كابل انكر USB-C إلى USB-C متر', cables.id);
    await cable('Anker USB Car Charger 2 Ports', 'شاحن سيارة انكر USB بمنفذين', cables.id);
    await cable('Xiaomi Charger USB-A with Type-C Cable', 'شاحن شاومي USB-A مع كابل تايب سي', cables.id);
  });
  afterAll(() => t?.close());

  /** A search at one sort: its titles, how many it found, its price range and its sections (named in English). */
  const at = async (q: string, sort: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/products?locale=en&per_page=50&query=${encodeURIComponent(q)}${sort}`,
    });
    expect(res.statusCode).toBe(200);
    const { products, meta } = res.json() as {
      products: { title_en: string }[];
      meta: {
        total_entries: number;
        min_price: number;
        max_price: number;
        facets: { categories: { name: string }[] };
      };
    };
    return {
      titles: products.map((p) => p.title_en).sort(),
      total: meta.total_entries,
      prices: [meta.min_price, meta.max_price],
      sections: meta.facets.categories.map((c) => c.name).sort(),
    };
  };

  it('a word of a department named for two things finds its own section only, at every sort: تابلت is the tablets', async () => {
    for (const q of ['تابلت', 'tablet', 'tablets', 'التابلت'])
      for (const sort of SORTS)
        expect([q, sort, await at(q, sort)]).toEqual([
          q,
          sort,
          { titles: ['Samsung Galaxy Tab A9'], total: 1, prices: [9000, 9000], sections: ['Tablets'] },
        ]);
  });

  it('a section named whole finds what is under it, and nothing beside it: the phones, not the cables', async () => {
    const phones = {
      titles: ['Apple iPhone 15 128GB', 'Samsung Galaxy A55 5G'],
      total: 2,
      prices: [15000, 45000],
      sections: ['Android Phones', 'iPhone'],
    };
    // موبايل also names Mobile Accessories (إكسسوارات الموبايل) among other words: not the cables.
    for (const q of ['موبايلات', 'موبايل', 'mobile phones', 'mobile phone'])
      for (const sort of SORTS) expect([q, sort, await at(q, sort)]).toEqual([q, sort, phones]);
  });

  it('USB-C is found however it is written, and not in a USB car charger: type c, usb-c, تايب سي', async () => {
    const usbC = ['Anker USB-C to USB-C Cable 1m', 'Xiaomi Charger USB-A with Type-C Cable'];
    for (const q of ['type c', 'type-c', 'usb c', 'usb-c', 'USB-C', 'typec', 'تايب سي', 'تايب سى'])
      expect([q, (await at(q, '')).titles]).toEqual([q, usbC]);
  });
});

describe('the word a search leaves out still ranks, and the box suggests what the results page shows (issue 43)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const chargers = await addCategory(db, 'Chargers & Cables', 'شواحن وكابلات');
    const iphones = await addCategory(db, 'iPhone', 'آيفون');
    const apple = await addBrand(db, 'Apple', 'ابل');
    const anker = await addBrand(db, 'Anker', 'انكر');
    const samsung = await addBrand(db, 'Samsung', 'سامسونج');
    await productsOf(db, apple.id, 45000, 3)('Apple iPhone 15 128GB', 'ابل ايفون 15 128 جيجا', iphones.id);
    // Apple's charger is the oldest: as newer products rank first among equals, it came last.
    await productsOf(db, apple.id, 1200, 5)('Apple 20W USB-C Charger', 'شاحن ابل 20 وات', chargers.id);
    await productsOf(db, anker.id, 900, 5)('Anker Nano Charger 20W', 'شاحن انكر نانو 20 وات', chargers.id);
    await productsOf(db, samsung.id, 700, 5)('Samsung 25W Charger', 'شاحن سامسونج 25 وات', chargers.id);
  });
  afterAll(() => t?.close());

  const titles = async (url: string, key: 'products' | 'suggestions' = 'products') => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return (res.json()[key] as { title: string }[]).map((p) => p.title);
  };
  const list = (q: string, more = '') =>
    titles(`/v1/products?locale=en&query=${encodeURIComponent(q)}${more}`);
  const suggested = (q: string) =>
    titles(`/v1/products/suggestions?locale=en&query=${encodeURIComponent(q)}`, 'suggestions');

  it("iphone charger: the chargers, Apple's first, as the iPhones are Apple's; in both languages and in the box", async () => {
    for (const q of ['iphone charger', 'charger iphone', 'شاحن ايفون', 'شاحن للايفون']) {
      expect([q, (await list(q))[0]]).toEqual([q, 'Apple 20W USB-C Charger']);
      expect([q, await suggested(q)]).toEqual([
        q,
        ['Apple 20W USB-C Charger', 'Samsung 25W Charger', 'Anker Nano Charger 20W'],
      ]);
    }
    // Page by page, each charger once.
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await list('iphone charger', `&per_page=1&page=${page}`)));
    expect(pages).toEqual(['Apple 20W USB-C Charger', 'Samsung 25W Charger', 'Anker Nano Charger 20W']);
    // A sort the shopper chose is that sort.
    expect(await list('iphone charger', '&lowest_price=true')).toEqual([
      'Samsung 25W Charger',
      'Anker Nano Charger 20W',
      'Apple 20W USB-C Charger',
    ]);
  });
});

describe('a store seeded before (drizzle/0030)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("takes the ancestors' names out of its products' search texts and words, and gets the new synonyms", async () => {
    const db = t.database.db;
    const kitchen = await addCategory(db, 'Kitchen & Home Appliances', 'أجهزة المطبخ والمنزل');
    const cooking = await addCategory(db, 'Cooking (Ovens)', 'الطهي، والأفران', kitchen.id);
    const cookers = await addCategory(db, 'Gas Cookers', 'بوتاجازات', cooking.id);
    const fresh = await addBrand(db, 'Fresh', 'فريش');
    const made = [
      await addProduct(db, {
        titleEn: 'Fresh Cooker 5 Burners',
        titleAr: 'بوتاجاز فريش 5 شعلة',
        categoryId: cookers.id,
        brandId: fresh.id,
        priceEgp: 9000,
        model: 'FC-55 X',
      }),
      await addProduct(db, {
        titleEn: 'Fresh Cooker 4 Burners',
        titleAr: 'بوتاجاز فريش 4 شعلة',
        categoryId: cookers.id,
        brandId: fresh.id,
        priceEgp: 8000,
      }),
      await addProduct(db, {
        titleEn: 'Fresh Oven',
        titleAr: 'فرن فريش',
        categoryId: cooking.id,
        brandId: fresh.id,
        priceEgp: 7000,
        model: 'FO1',
      }),
    ];
    const now = new Map(made.map((p) => [p.id, p.searchText]));
    // As the store wrote them before: the category's ancestors' names after its own, before the model written as
    // one word.
    const ancestors = new Map([
      [
        cookers.id,
        ['Cooking (Ovens)', 'الطهي، والأفران', 'Kitchen & Home Appliances', 'أجهزة المطبخ والمنزل'],
      ],
      [cooking.id, ['Kitchen & Home Appliances', 'أجهزة المطبخ والمنزل']],
    ]);
    for (const p of made) {
      const compact = p.model?.includes(' ') ? ` ${normalizeSearchText(p.model).replace(/ /g, '')}` : '';
      const own = compact ? p.searchText.slice(0, -compact.length) : p.searchText;
      const before = `${own} ${normalizeSearchText(ancestors.get(p.categoryId)!.join(' '))}${compact}`;
      await db.update(products).set({ searchText: before }).where(eq(products.id, p.id));
    }
    await db.insert(searchSynonyms).values(synonymRows([{ term: 'تلفزيون', alternatives: ['شاشات', 'tv'] }]));
    await db.delete(searchSynonyms).where(eq(searchSynonyms.term, 'type c'));
    expect(await findIn('المطبخ')).toBe(true);

    const migration = await readFile(
      new URL('../../../drizzle/0030_search_text_own_category.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const texts = await db.select({ id: products.id, searchText: products.searchText }).from(products);
    expect(new Map(texts.map((p) => [p.id, p.searchText]))).toEqual(now);
    // The words of a typo's nearest are the texts' own.
    expect(await findIn('المطبخ')).toBe(false);
    expect(await findIn('بوتاجازات')).toBe(true);
    const stored = (await db.select().from(searchSynonyms)).map((r) => `${r.term} → ${r.alternative}`);
    expect(stored).not.toContain('تلفزيون → شاشات');
    expect(stored).toContain('تلفزيون → tv');
    // The seed's USB-C group, as a new store gets it (synonyms.ts).
    const seeded = synonymRows().filter((r) => r.term === 'type c');
    expect(seeded.length).toBeGreaterThan(2);
    for (const r of seeded) expect(stored).toContain(`${r.term} → ${r.alternative}`);
  });

  const findIn = async (word: string) =>
    (
      (await t.database.db.execute(sql`select 1 from search_words where word = ${word}`)) as unknown as {
        rows: unknown[];
      }
    ).rows.length > 0;
});
