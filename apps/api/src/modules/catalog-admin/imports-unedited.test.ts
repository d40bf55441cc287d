/**
 * A dry run of an export left as it is (the owner's check before changing one price): no row is "changed", so the
 * preview shows only what the file would really change. A product with images and specifications, a product sold
 * in variants and its variants are exported, dry-run as they are (every row unchanged), then one variant's price
 * is edited: exactly that row is changed. A specification whose value holds a bar ("Xbox Series X|S") reads back
 * as it was exported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv } from '../../test/imports.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { csvCell, csvLine, parseCsv } from './imports-csv.ts';

let t: TestApp;
let staff: StaffAuth;

const FILE = [
  'id,sku,title_en,title_ar,description_en,description_ar,category,brand,price,price_after_promotion,stock,' +
    'maximum_number_per_order,specifications,image_urls,variant_of,variant_values',
  ',KT-1,Kettle 1.7 L,غلاية 1.7 لتر,"Line one\nLine two",وصف,Mobiles,Apple,899.5,,4,2,' +
    // A specification's value holding a bar of its own, as the demo's Xbox controller's does.
    '"Power | القدرة | 2000 W | 2000 وات ; Platform | المنصة | Xbox Series X|S | إكس بوكس",' +
    'https://cdn.example.com/k1.jpg https://cdn.example.com/k2.jpg,,',
  ',PH-16,Phone 16,فون 16,,,Mobiles,Apple,49999,,0,,,,,',
  ',PH-16-BK-128,,,,,,,49999,,12,,,https://cdn.example.com/bk.jpg,PH-16,' +
    '"Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
  ',PH-16-BK-256,,,,,,,56999,,5,,,,PH-16,"Colour: Black | اللون: أسود ; Storage: 256 GB | المساحة: 256 جيجا"',
].join('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Mobiles', 'موبايلات');
  await addBrand(t.database.db, 'Apple', 'أبل');
  staff = (await ownerCatalogClerk(t, 'Unedited-export#2026')).catalog;
  const made = await importCsv(t, staff, FILE);
  expect(made.import).toMatchObject({ status: 'done', added: 4, refused: 0 });
});
afterAll(() => t?.close());

describe('a dry run of an unedited export', () => {
  it('shows every row unchanged, and only the row whose price was edited as changed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: staff });
    expect(res.statusCode).toBe(200);
    const csv = res.body.replace(/^\ufeff/, '');
    const lines = parseCsv(csv).filter((l) => l.some((c) => c !== ''));
    expect(lines.length).toBe(5); // the header, the kettle, the phone and its 2 variants

    const asIs = await importCsv(t, staff, csv, { dryRun: true });
    expect(asIs.import).toMatchObject({
      status: 'done',
      processed: 4,
      added: 0,
      changed: 0,
      unchanged: 4,
      refused: 0,
    });
    expect(asIs.rows.filter((r) => r.outcome !== 'unchanged')).toEqual([]);

    // One variant's price edited (56999 → 55999), the rest of the file as exported.
    const header = lines[0]!;
    const sku = header.indexOf('sku');
    const price = header.indexOf('price');
    const edited = lines.map((l) =>
      l[sku] === 'PH-16-BK-256' ? l.map((c, i) => (i === price ? '55999' : c)) : l,
    );
    const rowOf = edited.findIndex((l) => l[sku] === 'PH-16-BK-256') + 1;
    const dry = await importCsv(t, staff, edited.map((l) => csvLine(l.map((c) => csvCell(c)))).join(''), {
      dryRun: true,
    });
    expect(dry.import).toMatchObject({ status: 'done', added: 0, changed: 1, unchanged: 3, refused: 0 });
    expect(dry.rows.filter((r) => r.outcome !== 'unchanged').map((r) => [r.row_number, r.outcome])).toEqual([
      [rowOf, 'changed'],
    ]);
  });
});
