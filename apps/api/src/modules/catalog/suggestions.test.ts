import { suggestionsResponseSchema } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { enableCatalogIndex } from './search/catalog-index.ts';

/**
 * The header's suggestions (GET /v1/products/suggestions): the last word is a word being typed, products in stock
 * come first, then the newest (no orders here); a typo is answered by the search itself; the cards hold what the
 * box shows in the shopper's language; and the database answers the same when the catalog index is off.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = t.clock.now().getTime();
  const washers = await addCategory(db, 'Washing Machines', 'غسالات');
  const ac = await addCategory(db, 'Air Conditioners', 'تكييفات');
  const samsung = await addBrand(db, 'Samsung', 'سامسونج');
  const sharp = await addBrand(db, 'Sharp', 'شارب');
  const add = async (
    key: string,
    titleEn: string,
    titleAr: string,
    c: number,
    b: number,
    stock: number,
    age: number,
  ) =>
    (ids[key] = (
      await addProduct(db, {
        titleEn,
        titleAr,
        categoryId: c,
        brandId: b,
        priceEgp: 10_000 + age,
        stock,
        createdAt: new Date(now - age * minute),
      })
    ).id);
  await add(
    'samsungWasher',
    'Samsung Washing Machine 8 kg',
    'غسالة سامسونج 8 كيلو',
    washers.id,
    samsung.id,
    5,
    30,
  );
  await add('sharpWasher', 'Sharp Washing Machine 10 kg', 'غسالة شارب 10 كيلو', washers.id, sharp.id, 0, 1);
  await add(
    'samsungAc',
    'Samsung Split Air Conditioner 1.5 HP',
    'تكييف سامسونج سبليت 1.5 حصان',
    ac.id,
    samsung.id,
    3,
    20,
  );
  await add('sharpDryer', 'Sharp Washer Dryer 9 kg', 'غسالة ومجفف شارب 9 كيلو', washers.id, sharp.id, 2, 10);
});
afterAll(() => t?.close());

async function suggestions(query: string, extra = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/products/suggestions?query=${encodeURIComponent(query)}${extra}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return suggestionsResponseSchema.parse(res.json()).suggestions;
}

describe('suggestions while typing', () => {
  it('takes a word cut short; in stock first, then the newest; titles in the shopper’s language', async () => {
    const found = await suggestions('غسا', '&locale=ar');
    expect(found.map((s) => s.id)).toEqual([ids.sharpDryer, ids.samsungWasher, ids.sharpWasher]);
    expect(found.map((s) => s.in_stock)).toEqual([true, true, false]);
    expect(found[0]).toMatchObject({ title: 'غسالة ومجفف شارب 9 كيلو', checkout_price: 10_010 });
    const en = await suggestions('wash', '&locale=en');
    expect(en.map((s) => s.title)).toEqual([
      'Sharp Washer Dryer 9 kg',
      'Samsung Washing Machine 8 kg',
      'Sharp Washing Machine 10 kg',
    ]);
  });

  it('reads the words before the last as whole words, in either alphabet, and keeps to the limit', async () => {
    expect((await suggestions('samsung was')).map((s) => s.id)).toEqual([ids.samsungWasher]);
    expect((await suggestions('سامسونج تك')).map((s) => s.id)).toEqual([ids.samsungAc]);
    expect(await suggestions('غسا', '&limit=1')).toHaveLength(1);
  });

  it('answers a typo as the search does (no word starts with it)', async () => {
    const found = await suggestions('samsong');
    expect(found.map((s) => s.id).sort()).toEqual([ids.samsungWasher, ids.samsungAc].sort());
  });

  it('refuses a missing query or a limit past 10, and answers an empty one with nothing', async () => {
    for (const url of ['/v1/products/suggestions', '/v1/products/suggestions?query=tv&limit=11']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
      expect(res.statusCode, url).toBe(422);
    }
    expect(await suggestions('  ')).toEqual([]);
  });

  it('answers the same from the database when the catalog index is off', async () => {
    enableCatalogIndex(false);
    try {
      const found = await suggestions('غسا', '&locale=ar');
      expect(found.map((s) => s.id).sort()).toEqual(
        [ids.sharpDryer, ids.samsungWasher, ids.sharpWasher].sort(),
      );
      // The search's own order also puts the sold-out one last.
      expect(found.at(-1)!.id).toBe(ids.sharpWasher);
    } finally {
      enableCatalogIndex(true);
    }
  });
});
