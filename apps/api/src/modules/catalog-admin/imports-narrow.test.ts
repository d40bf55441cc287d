/**
 * A changed row writes what it changes (issue 50: an import of 50,000 new prices while shoppers shop). A row that
 * changes only prices leaves its product's text and specification rows as they are; a row that changes the
 * specifications replaces them; a row that changes a title makes the search text again. What shoppers and staff
 * see after each is the file's values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv } from '../../test/imports.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { rows } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';

let t: TestApp;
let staff: StaffAuth;
const idOf = new Map<string, number>();

const SPECS = '"Power | القدرة | 2000 W | 2000 وات ; Capacity | السعة | 1.7 L | 1.7 لتر"';
const FILE = [
  'sku,title_en,title_ar,description_en,description_ar,category,brand,price,stock,specifications',
  ...['NK-1', 'NK-2', 'NK-3'].map(
    (sku, i) =>
      `${sku},Kettle ${sku},غلاية ${sku},Steel kettle,غلاية ستانلس,Kettles,Tornado,${900 + i},5,${SPECS}`,
  ),
].join('\r\n');

const specsOf = (id: number) =>
  rows<{ id: number; key_en: string; value_en: string }>(
    t.database.db,
    sql`select id, key_en, value_en from specifications where product_id = ${id} order by position`,
  );
const productOf = async (id: number) =>
  (
    await rows<{
      title_en: string;
      search_text: string;
      price_piastres: number;
      current_price_piastres: number;
    }>(
      t.database.db,
      sql`select title_en, search_text, price_piastres, current_price_piastres from products where id = ${id}`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Kettles', 'غلايات');
  await addBrand(t.database.db, 'Tornado', 'تورنيدو');
  staff = (await ownerCatalogClerk(t, 'Narrow-import#2026')).catalog;
  const made = await importCsv(t, staff, FILE);
  expect(made.import).toMatchObject({ status: 'done', added: 3, refused: 0 });
  for (const r of made.rows) idOf.set(`NK-${r.row_number - 1}`, r.product_id!);
});
afterAll(() => t?.close());

describe('an import row writes what it changes', () => {
  it('a new price leaves the text and the specification rows as they are, and shoppers see the price', async () => {
    const id = idOf.get('NK-1')!;
    const specsBefore = await specsOf(id);
    const before = await productOf(id);
    const done = await importCsv(t, staff, `id,price\r\n${id},1234.50`);
    expect(done.import).toMatchObject({ status: 'done', changed: 1, refused: 0 });

    expect(await specsOf(id)).toEqual(specsBefore);
    const after = await productOf(id);
    expect(after).toMatchObject({
      title_en: before.title_en,
      search_text: before.search_text,
      price_piastres: 123450,
      current_price_piastres: 123450,
    });
    const page = await call(t.app, 'GET', `/v1/products/${id}?locale=en`, {});
    expect(page.status).toBe(200);
    expect(page.body.product ?? page.body).toMatchObject({ title: 'Kettle NK-1' });
    expect(JSON.stringify(page.body)).toContain('1234.5');
  });

  it('new specifications replace the old ones', async () => {
    const id = idOf.get('NK-2')!;
    const done = await importCsv(
      t,
      staff,
      `id,price,specifications\r\n${id},990,"Power | القدرة | 2200 W | 2200 وات"`,
    );
    expect(done.import).toMatchObject({ status: 'done', changed: 1, refused: 0 });
    expect((await specsOf(id)).map((s) => [s.key_en, s.value_en])).toEqual([['Power', '2200 W']]);
    expect((await productOf(id)).price_piastres).toBe(99000);
  });

  it('a new title is written with its search text, and a search finds the product by it', async () => {
    const id = idOf.get('NK-3')!;
    const specsBefore = await specsOf(id);
    const done = await importCsv(t, staff, `id,title_en\r\n${id},Kettle Quasar`);
    expect(done.import).toMatchObject({ status: 'done', changed: 1, refused: 0 });
    const after = await productOf(id);
    expect(after.title_en).toBe('Kettle Quasar');
    expect(after.search_text).toContain('quasar');
    expect(await specsOf(id)).toEqual(specsBefore);
    const found = await call(t.app, 'GET', '/v1/products?query=quasar&locale=en', {});
    expect(found.status).toBe(200);
    expect(found.body.products.map((p: { id: number }) => p.id)).toEqual([id]);
  });
});
