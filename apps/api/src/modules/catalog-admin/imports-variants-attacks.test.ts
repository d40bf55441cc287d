/**
 * Attacks through the products file's variant rows (issue 49 item 2, decision 034), on PGlite and PostgreSQL:
 * variant values that a spreadsheet would run as formulas (=, +, -, @) come back in the export as text (a leading
 * '), and read back as they were; an endless variant_values cell is refused saying why and adds nothing.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv } from '../../test/imports.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { parseCsv } from './imports-csv.ts';

let t: TestApp;
let staff: StaffAuth;

const HEADER = 'id,sku,title_en,title_ar,category,brand,price,stock,variant_of,variant_values';

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Mobiles', 'موبايلات');
  await addBrand(t.database.db, 'Apple', 'أبل');
  staff = (await ownerCatalogClerk(t, 'Variant-attacks#2026')).catalog;
});
afterAll(() => t?.close());

describe('variant values in the products file', () => {
  it('values a spreadsheet would run (=, +, -, @) are exported as text and read back unchanged', async () => {
    const file = [
      HEADER,
      ',FX-1,Phone FX,فون,Mobiles,Apple,999,0,,',
      ',FX-1-A,,,,,1000,1,FX-1,"Model: =1+2 | الموديل: =1+2"',
      ',FX-1-B,,,,,1000,1,FX-1,"Model: +201000 | الموديل: +201000"',
      ',FX-1-C,,,,,1000,1,FX-1,"Model: -5 cm | الموديل: -5 سم"',
      ',FX-1-D,,,,,1000,1,FX-1,"Model: @SUM(A1) | الموديل: @SUM(A1)"',
    ].join('\r\n');
    const done = await importCsv(t, staff, file);
    expect(done.import).toMatchObject({ status: 'done', added: 5, refused: 0 });

    const csv = (await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: staff }))
      .body;
    const rows = parseCsv(csv.replace(/^\ufeff/, ''));
    const header = rows[0]!;
    const sku = header.indexOf('sku');
    const values = header.indexOf('variant_values');
    const cells = Object.fromEntries(
      rows.filter((r) => r[sku]?.startsWith('FX-1-')).map((r) => [r[sku], r[values]]),
    );
    expect(cells).toEqual({
      'FX-1-A': "'=1+2 | =1+2",
      'FX-1-B': "'+201000 | +201000",
      'FX-1-C': "'-5 cm | -5 سم",
      'FX-1-D': "'@SUM(A1) | @SUM(A1)",
    });

    // The exported file read back changes nothing: the guard is dropped, the values are the same.
    const back = await importCsv(t, staff, csv.replace(/^\ufeff/, ''), { dryRun: true });
    expect(back.import.refused).toBe(0);
    const stored = await t.database.db
      .select({ sku: products.sku, values: products.variantValues })
      .from(products)
      .where(inArray(products.sku, ['FX-1-A', 'FX-1-D']));
    expect(stored.map((r) => r.values?.[0]?.en).sort()).toEqual(['=1+2', '@SUM(A1)']);
  });

  it('an endless variant_values cell is refused with its reason in Arabic and adds nothing', async () => {
    const huge = `Model: ${'x'.repeat(200_000)} | الموديل: ${'س'.repeat(1000)}`;
    const file = [
      HEADER,
      ',HG-1,Phone HG,فون,Mobiles,Apple,999,0,,',
      `,HG-1-A,,,,,1000,1,HG-1,"${huge}"`,
    ].join('\r\n');
    const started = Date.now();
    const done = await importCsv(t, staff, file, { locale: 'ar' });
    expect(Date.now() - started).toBeLessThan(10_000);
    const row = done.rows.find((r) => r.row_number === 3);
    expect(row?.outcome ?? 'refused').toBe('refused');
    const reasons = JSON.stringify(row?.reasons ?? done);
    expect(reasons).toMatch(/[\u0600-\u06ff]/);
    const kept = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.sku, ['HG-1-A']));
    expect(kept).toEqual([]);
  });
});
