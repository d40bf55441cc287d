/**
 * The catalog's products trigger (migrations 0049, 0051, 0058) on one statement that changes many products, as a promotion
 * starting or ending, a price sync or refreshCurrentPrices does: it notes each changed product for the index to
 * follow, moves the sold-out version when a stock crosses zero, and keeps its time linear in the rows. Compared row
 * with row (its transition tables joined on id, and `= ANY` over the changed ids), 20,000 products took minutes.
 * On in-memory PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COPIES = 12_000;
const one = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

describe("the catalog's products trigger on one statement over many products", () => {
  it(`notes ${COPIES.toLocaleString('en')} repriced products in a few seconds, and a stock crossing zero`, async () => {
    const db = t.database.db;
    const category = await addCategory(db, 'Kettles', 'غلايات');
    const brand = await addBrand(db, 'Tornado', 'تورنيدو');
    const p = await addProduct(db, {
      titleEn: 'Kettle',
      titleAr: 'غلاية',
      categoryId: category.id,
      brandId: brand.id,
      priceEgp: 900,
      stock: 5,
    });
    await db.execute(sql`insert into products (title_en, title_ar, description_en, description_ar, category_id,
        brand_id, price_piastres, current_price_piastres, stock, search_text, sku)
      select title_en, title_ar, description_en, description_ar, category_id, brand_id, price_piastres,
        current_price_piastres, stock, search_text, 'COPY-' || g
      from products, generate_series(1, ${COPIES}) g where id = ${p.id}`);
    // Only the catalog's trigger: the others (the report's, the variants' stock) are measured by their own tests.
    const others = (
      (await db.execute(sql`select tgname from pg_trigger where tgrelid = 'products'::regclass
        and not tgisinternal and tgname <> 'products_catalog_update'`)) as unknown as {
        rows: { tgname: string }[];
      }
    ).rows;
    for (const o of others) await db.execute(sql.raw(`alter table products disable trigger "${o.tgname}"`));
    try {
      const before = await one<{ version: string; sold_out_version: string }>(
        sql`select version, sold_out_version from catalog_state where id = 1`,
      );
      const started = performance.now();
      await db.execute(sql`update products set price_piastres = price_piastres + 100,
          current_price_piastres = current_price_piastres + 100 where sku like 'COPY-%'`);
      const took = performance.now() - started;
      // Read once, this is well under a second on an idle machine; compared row with row it was over a minute.
      expect(took).toBeLessThan(8_000);

      const after = await one<{ version: string; sold_out_version: string }>(
        sql`select version, sold_out_version from catalog_state where id = 1`,
      );
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      const noted = await one<{ n: string }>(
        sql`select count(*) as n from catalog_changes c join products p on p.id = c.product_id
          where c.version = ${after.version} and p.sku like 'COPY-%'`,
      );
      expect(Number(noted.n)).toBe(COPIES);
      // A price change sells nothing out.
      expect(after.sold_out_version).toBe(before.sold_out_version);

      // Stock alone changes nothing the index holds, but one crossing zero moves the sold-out version.
      await db.execute(sql`update products set stock = 0 where sku = 'COPY-7'`);
      const soldOut = await one<{ version: string; sold_out_version: string }>(
        sql`select version, sold_out_version from catalog_state where id = 1`,
      );
      expect(soldOut.version).toBe(after.version);
      expect(Number(soldOut.sold_out_version)).toBe(Number(after.sold_out_version) + 1);

      // One statement: some prices change, some titles, some flags, some stock only, some nothing. The rows whose
      // prices changed are told by their price columns, the others by their whole rows (migration 0058): each
      // changed one is noted, once, and the stock-only and unchanged ones are not.
      await db.execute(sql`update products set
          price_piastres = price_piastres + case when sku in ('COPY-1', 'COPY-2') then 100 else 0 end,
          current_price_piastres = current_price_piastres + case when sku in ('COPY-1', 'COPY-2') then 100 else 0 end,
          title_en = case when sku in ('COPY-2', 'COPY-3') then title_en || ' 2' else title_en end,
          featured = case when sku = 'COPY-4' then not featured else featured end,
          stock = case when sku = 'COPY-5' then stock + 3 else stock end
        where sku in ('COPY-1', 'COPY-2', 'COPY-3', 'COPY-4', 'COPY-5', 'COPY-6')`);
      const mixed = await one<{ version: string }>(sql`select version from catalog_state where id = 1`);
      expect(Number(mixed.version)).toBe(Number(soldOut.version) + 1);
      const notes = (
        (await db.execute(sql`select p.sku from catalog_changes c join products p on p.id = c.product_id
          where c.version = ${mixed.version} order by p.sku`)) as unknown as { rows: { sku: string }[] }
      ).rows.map((r) => r.sku);
      expect(notes).toEqual(['COPY-1', 'COPY-2', 'COPY-3', 'COPY-4']);
    } finally {
      for (const o of others) await db.execute(sql.raw(`alter table products enable trigger "${o.tgname}"`));
    }
  });
});
