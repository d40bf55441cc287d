import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';

/**
 * On the embedded database, a guest's page whose products' live columns (stock, rating) were read since the
 * database last ended a write that may change them is answered from memory (live-memo.ts): no statement, and no
 * wait behind a write under way. A bulk price change (an ERP's sync) does not forget them. Never anything older than
 * already shown (decision 009). On PostgreSQL every page reads them.
 */
let t: TestApp;
let embedded: boolean;
let catalog: Awaited<ReturnType<typeof ownerCatalogClerk>>['catalog'];
let sharpId: number;

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
  ] as const) {
    const p = await addProduct(db, {
      titleEn,
      titleAr,
      categoryId: fridges.id,
      brandId,
      priceEgp: 20000,
      stock: 10,
    });
    if (brandId === sharp.id) sharpId = p.id;
  }
  ({ catalog } = await ownerCatalogClerk(t, 'Live-columns-2026'));
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

/** The texts of the statements the app's database runs while `work` does (its client's queries). */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...a: unknown[]) {
    texts.push(String(a[0]));
    return query.apply(this, a);
  };
  try {
    return { result: await work(), texts };
  } finally {
    client.query = query;
  }
}
/** The statements among `texts` that read cards' live columns (`liveColumns`: the ratings). */
const liveReads = (texts: string[]) => texts.filter((q) => q.includes('product_ratings'));

const card = (cards: Card[], title: string) => cards.find((c) => c.title_en === title)!;
const setStock = (title: string, stock: number) =>
  t.database.db.execute(sql`update products set stock = ${stock} where title_en = ${title}`);
// A write that finds nothing to change, as the outbox's claim every second when nothing is due. The first since the
// database opened may log the pages it read (hint bits set after a checkpoint are logged), so it runs once first.
const nothingDue = () =>
  t.database.db.execute(sql`update domain_events set attempts = attempts + 1 where id = -1`);

describe("a guest's live columns (stock, rating)", () => {
  it('are answered again from memory while no write that may change them ended since they were read', async () => {
    await nothingDue();
    await ask('fridge');
    await nothingDue();
    // Another search, never asked, showing products whose live columns were just read.
    const { result, texts } = await statementsOf(() => ask('sharp fridge'));
    expect(result.map((c) => c.title_en)).toEqual(['Sharp no frost fridge']);
    expect(texts).toHaveLength(embedded ? 0 : 1);
  });

  it('a write that ended is shown by the next search: the stock an order left', async () => {
    expect(card(await ask('fridge'), 'Sharp no frost fridge').stock).toBe(10);
    await setStock('Sharp no frost fridge', 7);
    const { result, texts } = await statementsOf(() => ask('no frost'));
    expect(card(result, 'Sharp no frost fridge').stock).toBe(7);
    expect(liveReads(texts)).toHaveLength(1);
  });

  it('outlive a bulk price change: a search after it reads no stock or rating again', async () => {
    const shown = await ask('fridge');
    const sharp = card(shown, 'Sharp no frost fridge');
    const toshiba = card(shown, 'Toshiba double door fridge');
    const res = await call(t.app, 'POST', '/v1/admin/products/bulk?locale=en', catalog, {
      ids: [sharpId],
      action: 'price_percent',
      percent: 10,
    });
    expect(res.status).toBe(200);
    // The changed product's card is read whole (its stock and rating with it), at the new versions.
    expect(card(await ask('no frost'), 'Sharp no frost fridge').price).toBeCloseTo(sharp.price * 1.1, 0);
    // The other's card is kept, and so are its stock and rating: no statement reads them.
    const { result, texts } = await statementsOf(() => ask('double door'));
    expect(card(result, 'Toshiba double door fridge')).toMatchObject({
      stock: toshiba.stock,
      price: toshiba.price,
    });
    expect(liveReads(texts)).toHaveLength(embedded ? 0 : 1);
    // An order after it is shown by the next search.
    await setStock('Toshiba double door fridge', toshiba.stock - 2);
    expect(card(await ask('toshiba fridge'), 'Toshiba double door fridge').stock).toBe(toshiba.stock - 2);
  });

  it('while a write holds the database, a search is answered without waiting, as already shown; then the write shows', async () => {
    const title = 'Toshiba double door fridge';
    const before = card(await ask('fridge'), title).stock;
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
      expect(card(during!, title).stock).toBe(before);
    } finally {
      release();
      await tx;
    }
    expect(card(await ask('toshiba'), title).stock).toBe(before - 3);
  });
});
