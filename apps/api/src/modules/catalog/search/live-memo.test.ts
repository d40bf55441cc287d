import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../../test/fixtures.ts';

/**
 * On the embedded database, a new search's page whose products were read live since the database last ended a
 * write is answered from memory (live-memo.ts): no statement, and no wait behind a write under way. Never anything
 * older than already shown (decision 009). On PostgreSQL every read goes to the database.
 */
let t: TestApp;
let embedded: boolean;

beforeAll(async () => {
  t = await createTestApp();
  embedded = t.database.kind === 'pglite';
  const db = t.database.db;
  const fridges = await addCategory(db, 'Fridges', 'ثلاجات');
  const sharp = await addBrand(db, 'Sharp', 'شارب');
  const toshiba = await addBrand(db, 'Toshiba', 'توشيبا');
  for (const [titleEn, titleAr, brandId] of [
    ['Sharp no frost fridge', 'ثلاجة شارب نوفروست', sharp.id],
    ['Toshiba double door fridge', 'ثلاجة توشيبا بابين', toshiba.id],
  ] as const)
    await addProduct(db, { titleEn, titleAr, categoryId: fridges.id, brandId, priceEgp: 20000, stock: 10 });
});
afterAll(() => t?.close());

type Card = { title_en: string; stock: number; price: number };
const ask = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/products?${new URLSearchParams({ query, per_page: '12' })}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { products: Card[] }).products;
};

/** The statements the app's database runs while `work` does (its client's queries counted). */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...a: unknown[]) {
    statements++;
    return query.apply(this, a);
  };
  try {
    return { result: await work(), statements };
  } finally {
    client.query = query;
  }
}

const stockOf = (cards: Card[], title: string) => cards.find((c) => c.title_en === title)!.stock;
const setStock = (title: string, stock: number) =>
  t.database.db.execute(sql`update products set stock = ${stock} where title_en = ${title}`);

describe("a new search's live columns (stock, rating, the catalog's versions)", () => {
  it('are answered again from memory while no write ended since they were read (the embedded database)', async () => {
    // A write that finds nothing to change (as the outbox's claim every second when nothing is due) changes nothing.
    // The first one since the database opened may log the pages it read (PostgreSQL logs hint bits set first after
    // a checkpoint), so it runs once before.
    const nothingDue = () =>
      t.database.db.execute(sql`update domain_events set attempts = attempts + 1 where id = -1`);
    await nothingDue();
    await ask('fridge');
    await nothingDue();
    // Another search, never asked, showing products whose live columns were just read.
    const { result, statements } = await statementsOf(() => ask('sharp fridge'));
    expect(result.map((c) => c.title_en)).toEqual(['Sharp no frost fridge']);
    expect(statements).toBe(embedded ? 0 : 1);
  });

  it('a write that ended is shown by the next search: the stock an order left', async () => {
    expect(stockOf(await ask('fridge'), 'Sharp no frost fridge')).toBe(10);
    await setStock('Sharp no frost fridge', 7);
    const { result, statements } = await statementsOf(() => ask('no frost'));
    expect(stockOf(result, 'Sharp no frost fridge')).toBe(7);
    expect(statements).toBeGreaterThan(0);
  });

  it('while a write holds the database, a search is answered without waiting, as already shown; then the write shows', async () => {
    const title = 'Toshiba double door fridge';
    const before = stockOf(await ask('fridge'), title);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const tx = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set stock = ${before - 3} where title_en = ${title}`);
      wrote();
      await gate;
    });
    try {
      await written;
      // Not waiting behind the transaction: answered while it is still open (else this fails after 5 s).
      const during = await Promise.race([
        ask('double door'),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      expect(during).not.toBeNull();
      expect(stockOf(during!, title)).toBe(before);
    } finally {
      release();
      await tx;
    }
    expect(stockOf(await ask('toshiba'), title)).toBe(before - 3);
  });
});
