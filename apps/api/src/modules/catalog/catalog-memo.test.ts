import { productListQuerySchema, type Locale } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { listProducts } from './service.ts';

/**
 * A list's totals, price range, category sub-trees and search words are remembered per catalog version
 * (catalog-memo.ts). These tests change the catalog every way a shop would and check that lists follow at once.
 */
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const tv = await addCategory(db, 'TVs', 'تلفزيونات');
  const screens = await addCategory(db, 'Screens', 'شاشات', tv.id);
  const lg = await addBrand(db, 'LG', 'ال جي');
  Object.assign(ids, { tv: tv.id, screens: screens.id, lg: lg.id });
  for (const [i, price] of [4000, 9000, 15000].entries()) {
    await addProduct(db, {
      titleEn: `LG TV ${i}`,
      titleAr: `شاشة ال جي ${i}`,
      categoryId: screens.id,
      brandId: lg.id,
      priceEgp: price,
      stock: i === 1 ? 0 : 5,
      featured: i === 2,
      createdAt: new Date(Date.now() - i * 86_400_000),
    });
  }
});
afterAll(() => t?.close());

const list = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/products?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    products: { id: number; title_en: string }[];
    meta: { total_entries: number; min_price: number; max_price: number };
  };
};
const version = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select version from catalog_state`)) as unknown as {
        rows: { version: string | number }[];
      }
    ).rows[0]!.version,
  );

describe('list totals follow the catalog at once', () => {
  it('a new product, a price change and a hidden product change the totals on the next request', async () => {
    const db = t.database.db;
    const url = `category_id=${ids.tv}&per_page=1`;
    expect((await list(url)).meta).toMatchObject({ total_entries: 3, min_price: 4000, max_price: 15000 });
    const added = await addProduct(db, {
      titleEn: 'LG OLED',
      titleAr: 'شاشة ال جي اوليد',
      categoryId: ids.screens!,
      brandId: ids.lg!,
      priceEgp: 60000,
    });
    expect((await list(url)).meta).toMatchObject({ total_entries: 4, max_price: 60000 });
    await db.execute(
      sql`update products set price_piastres = 2500000, current_price_piastres = 2500000 where id = ${added.id}`,
    );
    expect((await list(url)).meta.max_price).toBe(25000);
    await db.execute(sql`update products set active = false where id = ${added.id}`);
    expect((await list(url)).meta).toMatchObject({ total_entries: 3, max_price: 15000 });
  });

  it('a page past the end shows a product as soon as it is added, and empties when it is hidden', async () => {
    // Past the last page no product is read, so the list must check the catalog version on its own.
    const db = t.database.db;
    const before = await list(`brand_id=${ids.lg}&per_page=1&page=1`);
    const pastEnd = `brand_id=${ids.lg}&per_page=1&page=${before.meta.total_entries + 1}`;
    expect((await list(pastEnd)).products).toEqual([]);
    const added = await addProduct(db, {
      titleEn: 'LG soundbar',
      titleAr: 'ساوند بار ال جي',
      categoryId: ids.screens!,
      brandId: ids.lg!,
      priceEgp: 8000,
    });
    const grown = await list(pastEnd);
    expect(grown.meta.total_entries).toBe(before.meta.total_entries + 1);
    expect(grown.products).toHaveLength(1);
    await db.execute(sql`update products set active = false where id = ${added.id}`);
    const shrunk = await list(pastEnd);
    expect(shrunk.meta.total_entries).toBe(before.meta.total_entries);
    expect(shrunk.products).toEqual([]);
  });

  it('a new sub-category counts in its parent at once', async () => {
    const db = t.database.db;
    const oled = await addCategory(db, 'OLED', 'اوليد', ids.screens);
    await addProduct(db, {
      titleEn: 'LG OLED evo',
      titleAr: 'شاشة ال جي اوليد ايفو',
      categoryId: oled.id,
      brandId: ids.lg!,
      priceEgp: 70000,
    });
    expect((await list(`category_id=${ids.tv}&per_page=1`)).meta.total_entries).toBe(4);
  });

  it('an order taking stock does not invalidate what lists remember; a catalog edit does', async () => {
    const db = t.database.db;
    const before = await version();
    await db.execute(sql`update products set stock = stock - 1, updated_at = now() where stock > 0`);
    expect(await version()).toBe(before);
    await db.execute(
      sql`update products set featured = not featured where id = (select min(id) from products)`,
    );
    expect(await version()).toBeGreaterThan(before);
  });

  it('a typo finds a word first added after start-up (the words table follows the catalog)', async () => {
    const db = t.database.db;
    expect((await list('query=panasinic')).meta.total_entries).toBe(0);
    const brand = await addBrand(db, 'Panasonic', 'باناسونيك');
    await addProduct(db, {
      titleEn: 'Panasonic Microwave 25 L',
      titleAr: 'ميكروويف باناسونيك 25 لتر',
      categoryId: ids.screens!,
      brandId: brand.id,
      priceEgp: 5200,
    });
    expect((await list('query=panasinic')).products.map((p) => p.title_en)).toEqual([
      'Panasonic Microwave 25 L',
    ]);
    expect((await list('query=باناسونك')).meta.total_entries).toBe(1);
  });
});

describe('both ways of sorting a list give the same pages', () => {
  it('taking every match then sorting equals walking the sort index, for every sort and page', async () => {
    const sorts = [
      '',
      'lowest_price=true',
      'highest_price=true',
      'latest_to_oldest=true',
      'featured_first=true',
    ];
    const filters = ['', `category_id=${ids.tv}`, `brand_id=${ids.lg}`, 'min_price=5000&max_price=80000'];
    for (const sort of sorts) {
      for (const filter of filters) {
        for (const page of [1, 2, 3]) {
          const q = productListQuerySchema.parse(
            Object.fromEntries(new URLSearchParams(`${sort}&${filter}&per_page=2&page=${page}`)),
          );
          const opts = { locale: 'en' as Locale, now: new Date(), catalogIndex: false };
          const inMemory = await listProducts(t.database.db, q, { ...opts, sortInMemoryBelow: 1e9 });
          const walked = await listProducts(t.database.db, q, { ...opts, sortInMemoryBelow: 0 });
          expect(
            walked.products.map((p) => p.id),
            `${sort} ${filter} page ${page}`,
          ).toEqual(inMemory.products.map((p) => p.id));
        }
      }
    }
  });
});

describe('search results page consistently', () => {
  it('every match appears exactly once across pages, also past the similarity-ranked best matches', async () => {
    for (const catalogIndex of [true, false]) {
      const opts = { locale: 'en' as Locale, now: new Date(), rankedCandidates: 3, catalogIndex };
      const all = await listProducts(
        t.database.db,
        productListQuerySchema.parse({ query: 'lg', per_page: '50' }),
        opts,
      );
      expect(all.meta.total_entries).toBeGreaterThanOrEqual(4); // more than the 3 ranked by similarity
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(all.meta.total_entries / 2); page++) {
        const res = await listProducts(
          t.database.db,
          productListQuerySchema.parse({ query: 'lg', per_page: '2', page: String(page) }),
          opts,
        );
        seen.push(...res.products.map((p) => p.id));
      }
      expect(seen).toEqual(all.products.map((p) => p.id));
      expect(new Set(seen).size).toBe(all.meta.total_entries);
    }
  });
});
