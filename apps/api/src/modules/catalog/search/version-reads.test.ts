import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../../test/fixtures.ts';
import { catalogIndexCounts, catalogIndexInfo, readVersions, versionsNow } from './catalog-index.ts';

/**
 * New searches waiting at once share their read of the catalog versions (catalog-index.ts `readVersions`), and a
 * search that finds nothing and is answered with fewer words reads no card it does not show (index-engine.ts): fewer
 * statements per search on the embedded database, whose statements take turns. Neither may show a shopper a price
 * older than one already shown (decision 009).
 */
let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const laptops = await addCategory(db, 'Laptops', 'لابتوبات');
  const washers = await addCategory(db, 'Washing Machines', 'غسالات');
  const dell = await addBrand(db, 'Dell', 'ديل');
  const sharp = await addBrand(db, 'Sharp', 'شارب');
  const toshiba = await addBrand(db, 'Toshiba', 'توشيبا');
  productId = (
    await addProduct(db, {
      titleEn: 'Dell Inspiron laptop',
      titleAr: 'لابتوب ديل انسبيرون',
      categoryId: laptops.id,
      brandId: dell.id,
      priceEgp: 30000,
    })
  ).id;
  await addProduct(db, {
    titleEn: 'Sharp top load washer',
    titleAr: 'غسالة شارب تحميل علوي',
    categoryId: washers.id,
    brandId: sharp.id,
    priceEgp: 12000,
  });
  await addProduct(db, {
    titleEn: 'Toshiba front load washer',
    titleAr: 'غسالة توشيبا تحميل امامي',
    categoryId: washers.id,
    brandId: toshiba.id,
    priceEgp: 15000,
  });
});
afterAll(() => t?.close());

/**
 * The app's database seen through a handle whose statements run at once but whose answers are held back while
 * `hold` is set, until `release()`: a read under way, already made, not yet answered. `ran` counts statements.
 */
function heldBack(db: DbOrTx) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const state = { hold: true, ran: 0, made: [] as Promise<unknown>[], release: () => open() };
  const handle = {
    execute(q: SQL) {
      state.ran++;
      const made = db.execute(q);
      state.made.push(made);
      return state.hold ? made.then((r) => gate.then(() => r)) : made;
    },
  } as unknown as DbOrTx;
  return { handle, state };
}

const versionNow = async () =>
  Number((await rows(t.database.db, sql`select version from catalog_state where id = 1`))[0]!.version);

describe('the catalog versions, read once for the searches waiting at once', () => {
  it('a read asked after a price change is never answered by a read that was under way before it', async () => {
    const { handle, state } = heldBack(t.database.db);
    const before = await versionNow();
    const first = readVersions(handle);
    // The first read has been made (at the version before) and is not answered yet.
    await new Promise((r) => setTimeout(r, 0));
    await state.made[0];
    state.hold = false;
    // A price edit commits, and a shopper is shown it; then a search asks for the versions.
    await t.database.db.execute(
      sql`update products set price_piastres = price_piastres + 100, current_price_piastres = current_price_piastres + 100
          where id = ${productId}`,
    );
    const after = await versionNow();
    expect(after).toBeGreaterThan(before);
    const second = readVersions(handle);
    state.release();
    expect((await first).version).toBe(before);
    // Joining the read under way would answer `before`: older than the price already shown.
    expect((await second).version).toBe(after);
    expect(state.ran).toBe(2);
  });

  it('the reads asked while one is under way share the next one: two statements for eleven searches', async () => {
    const { handle, state } = heldBack(t.database.db);
    const first = readVersions(handle);
    await new Promise((r) => setTimeout(r, 0));
    await state.made[0];
    const waiting = Array.from({ length: 10 }, () => readVersions(handle));
    state.release();
    const now = await versionNow();
    expect((await first).version).toBe(now);
    for (const v of await Promise.all(waiting)) expect(v.version).toBe(now);
    expect(state.ran).toBe(2);
  });
});

/** The statements the app's database runs while `work` does (its client's queries counted), and their texts. */
async function statementsOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; texts: string[] }> {
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...a: unknown[]) {
    // PGlite is given the text; PostgreSQL's pool a named statement ({ name, text, values }) or the text.
    texts.push(typeof a[0] === 'string' ? a[0] : String((a[0] as { text: string }).text));
    return query.apply(this, a);
  };
  try {
    const result = await work();
    return { result, statements: texts.length, texts };
  } finally {
    client.query = query;
  }
}

const ask = (query: string) =>
  t.app.inject({ method: 'GET', url: `/v1/products?${new URLSearchParams({ query, per_page: '12' })}` });

describe('a search answered with fewer words reads only the cards it shows', () => {
  it('a typo beside a word no product has with it: said as the products write it, one statement for the cards', async () => {
    // The index built, the versions seen: what a running store's new search finds.
    await ask('laptop');
    const { result: res, statements } = await statementsOf(() => ask('غسالت ديل'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      products: { title_en: string }[];
      meta: { showing_for?: string; other_searches?: string[] };
    };
    expect(body.meta.showing_for).toBe('غسالة');
    expect(body.meta.other_searches).toEqual(['ديل']);
    expect(body.products.map((p) => p.title_en).sort()).toEqual([
      'Sharp top load washer',
      'Toshiba front load washer',
    ]);
    // The page's cards, with the versions its lists were built on: not the versions first (the search found
    // nothing), nor the cards of the typo's own list.
    expect(statements).toBe(1);
  });

  it('two words no product holds together: one statement, the page of the search with fewer words', async () => {
    await ask('laptop');
    const { result: res, statements } = await statementsOf(() => ask('dell washer'));
    const body = res.json() as {
      products: { title_en: string }[];
      meta: { showing_for?: string; other_searches?: string[] };
    };
    expect(body.meta.showing_for).toBe('dell');
    expect(body.meta.other_searches).toEqual(['washer']);
    expect(body.products.map((p) => p.title_en)).toEqual(['Dell Inspiron laptop']);
    expect(statements).toBe(1);
  });

  it('a product added since the versions this instance saw last is found: the answer is made again at the versions read', async () => {
    await ask('laptop');
    // Added by another instance (or psql): this one has not read the versions since, and assumes the older ones.
    const db = t.database.db;
    const [cat] = await rows<{ id: number; brand: number }>(
      db,
      sql`select c.id, (select id from brands where name_en = 'Toshiba') as brand from categories c where c.name_en = 'Laptops'`,
    );
    await addProduct(db, {
      titleEn: 'Toshiba Satellite laptop',
      titleAr: 'لابتوب توشيبا ساتلايت',
      categoryId: Number(cat!.id),
      brandId: Number(cat!.brand),
      priceEgp: 20000,
    });
    const res = await ask('toshiba laptop');
    const body = res.json() as { products: { title_en: string }[]; meta: { showing_for?: string } };
    // Not the laptops and the Toshiba washer "with fewer words", as the catalog before the product was added says.
    expect(body.meta.showing_for).toBeUndefined();
    expect(body.products.map((p) => p.title_en)).toEqual(['Toshiba Satellite laptop']);
  });
});

describe('a list whose catalog moved while it read its page', () => {
  const raise = (title: string) =>
    t.database.db.execute(
      sql`update products set price_piastres = price_piastres + 100, current_price_piastres = current_price_piastres + 100
          where title_en = ${title}`,
    );
  type Shown = { products: { title_en: string; price: number }[] };

  it('is made again at the versions its page was read at, showing that page without reading it again', async () => {
    await ask('laptop');
    // Another instance (or an import's batch) changes a product not on the page: this instance still assumes the
    // versions before it, and learns them from the statement that reads the page.
    await raise('Sharp top load washer');
    const { result: res, statements } = await statementsOf(() => ask('inspiron'));
    expect((res.json() as Shown).products.map((p) => p.title_en)).toEqual(['Dell Inspiron laptop']);
    // The page (1) and the index following the change (1). Before: the versions and the page read once more.
    expect(statements).toBe(2);
  });

  it('a product on the page that changed is read again: never the card of the versions before', async () => {
    // The Toshiba washer's card, kept with the index at the versions this instance saw last.
    await ask('washer');
    await ask('laptop');
    await raise('Toshiba front load washer');
    const [now] = await rows<{ price: number }>(
      t.database.db,
      sql`select current_price_piastres / 100.0 as price from products where title_en = 'Toshiba front load washer'`,
    );
    const { result: res, statements } = await statementsOf(() => ask('front load'));
    const shown = (res.json() as Shown).products;
    expect(shown.map((p) => p.title_en)).toEqual(['Toshiba front load washer']);
    expect(shown[0]!.price).toBe(Number(now!.price));
    // The page, the follow, and the page again: its card changed.
    expect(statements).toBe(3);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)(
  'a list that waits behind a write which ends after it began (the embedded database)',
  () => {
    /** A transaction that changes a product's price and holds the one connection until `release()`. */
    const heldRaise = (title: string) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const done = t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update products set price_piastres = price_piastres + 100, current_price_piastres = current_price_piastres + 100
            where title_en = ${title}`,
        );
        await held;
      });
      return { release, done };
    };
    const tick = () => new Promise((r) => setTimeout(r, 20));
    type Shown = { products: { title_en: string; price: number }[] };

    it('answers as of the versions it began at, without waiting for the index to follow the write', async () => {
      const db = t.database.db;
      await ask('inspiron');
      const before = versionsNow(db);
      expect(before).not.toBeNull();
      const follows = catalogIndexCounts(db).follows;
      const write = heldRaise('Sharp top load washer');
      await tick();
      // Begun while the write holds the database: its page's statement runs after the COMMIT, and reads newer versions.
      const { result: res, statements } = await statementsOf(async () => {
        const asked = ask('inspiron');
        await tick();
        write.release();
        await write.done;
        return asked;
      });
      expect((res.json() as Shown).products.map((p) => p.title_en)).toEqual(['Dell Inspiron laptop']);
      // Its page (1); no follow. Before: the page, the follow, and the list made again at the newer versions.
      expect(statements).toBe(1);
      expect(catalogIndexCounts(db).follows).toBe(follows);
      // The write's version is known now: the next list, begun after the write ended, follows it.
      expect(versionsNow(db)!.version).toBeGreaterThan(before!.version!);
      await ask('inspiron');
      expect(catalogIndexCounts(db).follows).toBe(follows + 1);
    });

    it('shows a product on its page at its price when it began; a list begun after the write shows the new one', async () => {
      const db = t.database.db;
      const price = async () =>
        Number(
          (
            await rows<{ p: string }>(
              db,
              sql`select current_price_piastres / 100.0 as p from products where title_en = 'Dell Inspiron laptop'`,
            )
          )[0]!.p,
        );
      await ask('inspiron');
      const was = await price();
      await ask('inspiron');
      expect(versionsNow(db)).not.toBeNull();
      const write = heldRaise('Dell Inspiron laptop');
      await tick();
      const asked = ask('inspiron');
      await tick();
      write.release();
      await write.done;
      const shown = ((await asked).json() as Shown).products;
      const now = await price();
      expect(now).toBeGreaterThan(was);
      // The write ended after the list began, and nobody had been shown its price before.
      expect(shown.map((p) => p.price)).toEqual([was]);
      expect(((await ask('inspiron')).json() as Shown).products.map((p) => p.price)).toEqual([now]);
    });
  },
);

describe('the cards kept with the catalog index, when the index is built again', () => {
  it('a build at the same version (the 10-minute refresh) keeps them: the next page reads no whole card', async () => {
    const db = t.database.db;
    // The Sharp washer sells out: it goes after the Toshiba one, by the marks the new index carries over.
    await db.execute(sql`update products set stock = 0 where title_en = 'Sharp top load washer'`);
    const titles = (res: { json(): unknown }) =>
      (res.json() as { products: { title_en: string }[] }).products.map((p) => p.title_en);
    expect(titles(await ask('washer'))).toEqual(['Toshiba front load washer', 'Sharp top load washer']);
    const version = catalogIndexInfo(db)!.version;
    const builds = catalogIndexCounts(db).builds;
    // Eleven minutes on: the next list starts a whole build in the background, at the same catalog version.
    const realNow = Date.now;
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 11 * 60_000);
    try {
      await ask('washer');
    } finally {
      later.mockRestore();
    }
    await vi.waitFor(() => expect(catalogIndexCounts(db).builds).toBe(builds + 1), { timeout: 20_000 });
    expect(catalogIndexInfo(db)!.version).toBe(version);

    const { result: res, texts } = await statementsOf(async () => {
      const answer = await ask('washer');
      // The warming of a new index's cards would start in the background: give it its turn.
      await new Promise((r) => setTimeout(r, 50));
      return answer;
    });
    expect(titles(res)).toEqual(['Toshiba front load washer', 'Sharp top load washer']);
    // Only the live columns of the kept cards (stock, rating) with the versions. Before: the page's whole cards and
    // the warming of the 10,000 most popular, as for an index never seen, then the new index's sold-out marks.
    expect(texts.filter((q) => q.includes('product_images'))).toEqual([]);
    expect(texts.filter((q) => q.includes('stock <= 0'))).toEqual([]);
    expect(texts).toHaveLength(1);
  });
});
