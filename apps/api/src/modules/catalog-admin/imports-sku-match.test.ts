/**
 * The same file of new products imported twice (issue 49 follow-up): a row without id whose SKU (any letter case)
 * is already exactly one product's changes that product, as shown in the dry run ("changed", its id), instead of
 * adding it a second time; a SKU that is a variant's still adds a product of its own.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv, type ImportDetail } from '../../test/imports.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

let t: TestApp;
let staff: StaffAuth;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Kitchen', 'مطبخ');
  await addBrand(t.database.db, 'Tornado', 'تورنيدو');
  staff = (await ownerCatalogClerk(t, 'Sku-match#2026')).catalog;
});
afterAll(() => t?.close());

const HEADER = 'id,sku,title_en,title_ar,category,brand,price,stock';
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const outcomes = (d: ImportDetail) =>
  d.rows
    .sort((a, b) => a.row_number - b.row_number)
    .map((r) => [r.row_number, r.outcome, r.product_id, r.reasons]);
const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;

describe('importing a file of new products again', () => {
  it('changes the products whose SKU it names (any letter case) instead of adding them twice; the dry run says so', async () => {
    const first = await importCsv(
      t,
      staff,
      file(',KT-100,Kettle,كاتل,Kitchen,Tornado,500,4', ',TS-200,Toaster,توستر,Kitchen,Tornado,600,2'),
    );
    expect(first.import).toMatchObject({ status: 'done', added: 2, refused: 0 });
    const [kettle, toaster] = first.rows
      .sort((a, b) => a.row_number - b.row_number)
      .map((r) => r.product_id!);
    const before = await productCount();

    const again = file(
      ',KT-100,Kettle,كاتل,Kitchen,Tornado,550,4',
      ', ts-200 ,Toaster,توستر,Kitchen,Tornado,600,3',
    );
    const dry = await importCsv(t, staff, again, { dryRun: true });
    expect(outcomes(dry)).toEqual([
      [2, 'changed', kettle, {}],
      [3, 'changed', toaster, {}],
    ]);
    expect(dry.import).toMatchObject({ added: 0, refused: 0 });
    const done = await importCsv(t, staff, again);
    expect(outcomes(done)).toEqual([
      [2, 'changed', kettle, {}],
      [3, 'changed', toaster, {}],
    ]);
    expect(await productCount()).toBe(before);
    const [k] = await t.database.db.select().from(products).where(eq(products.id, kettle!));
    expect(k).toMatchObject({ sku: 'KT-100', pricePiastres: 55000, stock: 4 });
    const [ts] = await t.database.db.select().from(products).where(eq(products.id, toaster!));
    expect(ts).toMatchObject({ sku: 'TS-200', stock: 3 });
    // The very first file once more: nothing is added (its rows change the products back, or leave them).
    const third = await importCsv(
      t,
      staff,
      file(',KT-100,Kettle,كاتل,Kitchen,Tornado,500,4', ',TS-200,Toaster,توستر,Kitchen,Tornado,600,2'),
    );
    expect(third.import).toMatchObject({ status: 'done', added: 0, refused: 0 });
    expect(await productCount()).toBe(before);
  });

  it('a row naming the same product by id comes first; a SKU two products share is taken for neither', async () => {
    const first = await importCsv(
      t,
      staff,
      file(
        ',MX-300,Mixer,خلاط,Kitchen,Tornado,900,1',
        ',DUP-1,Grill,شواية,Kitchen,Tornado,700,1',
        ',OV-1,Oven,فرن,Kitchen,Tornado,800,1',
      ),
    );
    expect(first.import).toMatchObject({ added: 3, refused: 0 });
    const [mixer, grill, oven] = first.rows
      .sort((a, b) => a.row_number - b.row_number)
      .map((r) => r.product_id!);
    // Another product given the same SKU (the back office never refused a repeated SKU).
    const other = await importCsv(t, staff, `id,sku\r\n${oven},dup-1`);
    expect(other.import).toMatchObject({ changed: 1, refused: 0 });
    const dry = await importCsv(
      t,
      staff,
      file(
        `${mixer},MX-300,Mixer,خلاط,Kitchen,Tornado,950,1`,
        ',MX-300,Mixer,خلاط,Kitchen,Tornado,990,1',
        ',DUP-1,Grill,شواية,Kitchen,Tornado,700,1',
      ),
      { dryRun: true },
    );
    expect(grill).not.toBe(oven);
    expect(outcomes(dry)).toEqual([
      [2, 'changed', mixer, {}],
      [3, 'refused', mixer, { sku: ['sku: This product is already changed by row 2 of the file'] }],
      [4, 'added', null, {}],
    ]);
  });
});
