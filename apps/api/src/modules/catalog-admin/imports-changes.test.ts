/**
 * A changed import row says what it changes (staff checking a dry run of thousands of rows see that a row changes
 * only its price, as meant, or its title too, a mistake in the file), and the job counts the changed rows by field.
 * The same in the dry run and in the import that runs it for real (two batches of the real run: the counts add up).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv, type ImportDetail } from '../../test/imports.ts';
import { call } from '../../test/shoppers.ts';
import { addVariantPhone } from '../../test/variants.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

let t: TestApp;
let staff: StaffAuth;
/** More than a real run's batch (250 rows), so the counts of two batches add up. */
const N = 260;
const ids = new Map<string, number>();

type Change = {
  field: string;
  from?: number | boolean | string | null;
  to?: number | boolean | string | null;
};
type Detail = {
  import: ImportDetail['import'] & { changed_fields: { field: string; rows: number }[] };
  rows: (ImportDetail['rows'][number] & { changes: Change[] })[];
};

const sku = (i: number) => `KT-${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Kettles', 'غلايات');
  await addBrand(t.database.db, 'Tornado', 'تورنيدو');
  staff = (await ownerCatalogClerk(t, 'Changed-columns#2026')).catalog;
  const lines = ['sku,title_en,title_ar,category,brand,price,stock'];
  for (let i = 1; i <= N; i++) lines.push(`${sku(i)},Kettle ${i},غلاية ${i},Kettles,Tornado,1000,4`);
  const made = await importCsv(t, staff, lines.join('\r\n'));
  expect(made.import).toMatchObject({ status: 'done', added: N, refused: 0 });
  for (const p of await rows<{ id: number; sku: string }>(t.database.db, sql`select id, sku from products`))
    ids.set(p.sku, Number(p.id));
});
afterAll(() => t?.close());

/**
 * Every product's price 1,000 → 1,050 EGP, except: the second's title too, the third left as it is, the fourth's
 * stock only (4 → 7).
 */
function newPrices() {
  const lines = ['id,title_en,price,stock'];
  for (let i = 1; i <= N; i++) {
    const id = ids.get(sku(i));
    if (i === 2) lines.push(`${id},Kettle 2 XL,1050,4`);
    else if (i === 3) lines.push(`${id},Kettle 3,1000,4`);
    else if (i === 4) lines.push(`${id},Kettle 4,1000,7`);
    else lines.push(`${id},Kettle ${i},1050.00,4`);
  }
  return lines.join('\r\n');
}

const price = { field: 'price', from: 100_000, to: 105_000 };

function expectReport(d: Detail) {
  const byRow = new Map(d.rows.map((r) => [r.row_number, r]));
  expect(d.import).toMatchObject({ status: 'done', changed: N - 1, unchanged: 1, refused: 0 });
  expect(byRow.get(2)).toMatchObject({ outcome: 'changed', changes: [price] }); // the price only
  // A title is quoted before and after (staff see the mistake itself).
  expect(byRow.get(3)).toMatchObject({ outcome: 'changed', changes: [price, { field: 'title_en' }] });
  expect(byRow.get(3)!.changes[1]).toEqual({ field: 'title_en', from: 'Kettle 2', to: 'Kettle 2 XL' });
  expect(byRow.get(4)).toMatchObject({ outcome: 'unchanged', changes: [] });
  expect(byRow.get(5)).toMatchObject({ outcome: 'changed', changes: [{ field: 'stock', from: 4, to: 7 }] });
  expect(byRow.get(6)).toMatchObject({ outcome: 'changed', changes: [price] });
  expect(d.import.changed_fields).toEqual([
    { field: 'price', rows: N - 2 },
    { field: 'stock', rows: 1 },
    { field: 'title_en', rows: 1 },
  ]);
}

const priceOf = async (i: number) =>
  Number(
    (
      await rows<{ p: number }>(
        t.database.db,
        sql`select price_piastres as p from products where id = ${ids.get(sku(i))!}`,
      )
    )[0]!.p,
  );

describe('a changed import row', () => {
  let checked: Detail;

  it('says in the dry run which columns it changes (a price before and after), and the job counts them by column', async () => {
    checked = (await importCsv(t, staff, newPrices(), { dryRun: true })) as Detail;
    expectReport(checked);
    expect(await priceOf(1)).toBe(100_000); // a dry run writes nothing
  });

  it('says the same once the checked file is imported, the counts of its batches added up', async () => {
    const run = await call(t.app, 'POST', `/v1/admin/imports/${checked.import.id}/run?locale=en`, staff);
    expect(run.status).toBe(201);
    let done: Detail | null = null;
    for (let i = 0; i < 400 && !done; i++) {
      const r = await call(
        t.app,
        'GET',
        `/v1/admin/imports/${run.body.import.id}?locale=en&per_page=10`,
        staff,
      );
      if (r.body.import.status === 'done') done = r.body as Detail;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expectReport(done!);
    expect(await priceOf(1)).toBe(105_000);
    expect(await priceOf(3)).toBe(100_000);
    // The list of imports says the counts too.
    const recent = await call(t.app, 'GET', '/v1/admin/imports?locale=en', staff);
    expect(recent.body.imports[0].changed_fields).toEqual(done!.import.changed_fields);
  });
});

describe('a variant row that changes a variant by its SKU', () => {
  it('says which of its price, promotion price and stock it changes, in the dry run and the import', async () => {
    const { phone } = await addVariantPhone(t, staff, { model: 16 });
    const csv = [
      'id,sku,price,stock,variant_of,variant_values',
      `,IP16-BK-128,420,3,${phone},"Black | أسود ; 128 GB | 128 جيجا"`, // the price only
      `,IP16-BK-256,450,6,${phone},"Black | أسود ; 256 GB | 256 جيجا"`, // the stock only
    ].join('\r\n');
    for (const dryRun of [true, false]) {
      const d = (await importCsv(t, staff, csv, { dryRun })) as Detail;
      expect(d.rows.map((r) => [r.row_number, r.outcome, r.changes])).toEqual([
        [2, 'changed', [{ field: 'price', from: 40_000, to: 42_000 }]],
        [3, 'changed', [{ field: 'stock', from: 0, to: 6 }]],
      ]);
      expect(d.import.changed_fields).toEqual([
        { field: 'price', rows: 1 },
        { field: 'stock', rows: 1 },
      ]);
    }
  });
});

describe('a variant row that changes a variant’s pictures', () => {
  it('lists image_urls among its changes, as a product’s row does, and not when they are the variant’s already', async () => {
    const { phone } = await addVariantPhone(t, staff, { model: 17 });
    const row = (price: number, urls: string) =>
      [
        'id,sku,price,stock,image_urls,variant_of,variant_values',
        `,IP17-BK-128,${price},3,${urls},${phone},"Black | أسود ; 128 GB | 128 جيجا"`,
      ].join('\r\n');
    const pictures = '/uploads/ip17-black.jpg /uploads/ip17-black-back.jpg';
    for (const dryRun of [true, false]) {
      const d = (await importCsv(t, staff, row(400, pictures), { dryRun })) as Detail;
      expect(d.rows.map((r) => [r.outcome, r.changes])).toEqual([['changed', [{ field: 'image_urls' }]]]);
      expect(d.import.changed_fields).toEqual([{ field: 'image_urls', rows: 1 }]);
    }
    // The same pictures again, in another order: the main one changes.
    const again = (await importCsv(t, staff, row(420, pictures), { dryRun: true })) as Detail;
    expect(again.rows[0]!.changes).toEqual([{ field: 'price', from: 40_000, to: 42_000 }]);
    const swapped = pictures.split(' ').reverse().join(' ');
    const reordered = (await importCsv(t, staff, row(400, swapped), { dryRun: true })) as Detail;
    expect(reordered.rows[0]!.changes).toEqual([{ field: 'image_urls' }]);
  });
});

describe('a changed import row that changes short texts', () => {
  it('quotes its titles, model, series and SKU before and after, its category and brand by name in the reader’s language, and only names its description', async () => {
    const db = t.database.db;
    const phones = await addCategory(db, 'Phones', 'موبايلات');
    const tablets = await addCategory(db, 'Tablets', 'تابلت');
    // "Cases" twice: the new one is told by its path.
    await addCategory(db, 'Cases', 'جرابات', phones.id);
    await addCategory(db, 'Cases', 'جرابات', tablets.id);
    await addBrand(db, 'Samsung', 'سامسونج');
    await addBrand(db, 'Xiaomi', 'شاومي');
    const made = await importCsv(
      t,
      staff,
      [
        'sku,title_en,title_ar,description_en,category,brand,model,price,stock',
        'GA15,Galaxy A15,جالاكسي A15,A phone.,Phones,Samsung,SM-A155,7000,3',
      ].join('\r\n'),
    );
    const id = made.rows[0]!.product_id!;
    const csv = [
      'id,sku,title_en,title_ar,description_en,category,brand,model,series,price',
      `${id},GA15-5G,Galaxy A15 5G,جالاكسي A15 فايف جي,A faster phone.,Tablets > Cases,شاومي,SM-A156,A,7000`,
    ].join('\r\n');
    const checked = (await importCsv(t, staff, csv, { dryRun: true, locale: 'ar' })) as Detail;
    const texts = (from: string[], to: string[]) => [
      { field: 'title_en', from: 'Galaxy A15', to: 'Galaxy A15 5G' },
      { field: 'title_ar', from: 'جالاكسي A15', to: 'جالاكسي A15 فايف جي' },
      { field: 'description_en' },
      { field: 'category', from: from[0], to: to[0] },
      { field: 'brand', from: from[1], to: to[1] },
      { field: 'model', from: 'SM-A155', to: 'SM-A156' },
      { field: 'series', from: null, to: 'A' },
      { field: 'sku', from: 'GA15', to: 'GA15-5G' },
    ];
    expect(checked.rows.map((r) => [r.outcome, r.changes])).toEqual([
      ['changed', texts(['موبايلات', 'سامسونج'], ['تابلت > جرابات', 'شاومي'])],
    ]);
    const en = await call(t.app, 'GET', `/v1/admin/imports/${checked.import.id}?locale=en`, staff);
    expect(en.body.rows[0].changes).toEqual(texts(['Phones', 'Samsung'], ['Tablets > Cases', 'Xiaomi']));
    // The row keeps no description (its changes stay small on a file of thousands of rows).
    const [kept] = await rows<{ c: string }>(
      db,
      sql`select changes::text as c from import_rows where job_id = ${checked.import.id}`,
    );
    expect(kept!.c).toContain('Galaxy A15 5G');
    expect(kept!.c).not.toContain('faster');
    // A row checked before texts were quoted kept only their names: it still reads so.
    await t.database.db.execute(
      sql`update import_rows set changes = '{"title_en": null, "brand": null}'::jsonb where job_id = ${checked.import.id}`,
    );
    const old = await call(t.app, 'GET', `/v1/admin/imports/${checked.import.id}?locale=ar`, staff);
    expect(old.body.rows[0].changes).toEqual([{ field: 'title_en' }, { field: 'brand' }]);
  });
});
