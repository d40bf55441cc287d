/**
 * Variants from the products file (issue 49 item 2, decision 034): an owner brings a phone in 2 colours × 2 sizes
 * in from a spreadsheet (the product's row, then a row per variant naming it in variant_of, its values in
 * variant_values), the dry run shows them as additions, the shop then sells each variant; an export edited and
 * imported back changes a variant and adds a new colour; a row that cannot be a variant is refused saying why, in
 * English and Arabic, and changes nothing.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importCsv, type ImportDetail } from '../../test/imports.ts';
import { addShopper, call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { csvLine, parseCsv } from './imports-csv.ts';

let t: TestApp;
let staff: StaffAuth;
let phone: number;

const HEADER =
  'id,sku,title_en,title_ar,category,brand,price,price_after_promotion,stock,image_urls,variant_of,variant_values';

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Mobiles', 'موبايلات');
  await addBrand(t.database.db, 'Apple', 'أبل');
  staff = (await ownerCatalogClerk(t, 'Variant-rows#2026')).catalog;
});
afterAll(() => t?.close());

const PHONE_FILE = [
  HEADER,
  ',PH-X,Phone X,فون إكس,Mobiles,Apple,999,,0,,,',
  // Each value after its option's name: the first variant names the product's options.
  ',PH-X-BK-128,,,,,1000,,3,https://cdn.example.com/bk.jpg,PH-X,' +
    '"Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
  ',PH-X-BK-256,,,,,1200,,0,,PH-X,"Colour: Black | اللون: أسود ; Storage: 256 GB | المساحة: 256 جيجا"',
  // The names in another order; then the values alone, in the options' order (as the export writes them).
  ',PH-X-BL-128,,,,,1050,,2,,PH-X,"Storage: 128 GB | المساحة: 128 جيجا ; Colour: Blue | اللون: أزرق"',
  ',PH-X-BL-256,,,,,1250,,1,,PH-X,"Blue | أزرق ; 256 GB | 256 جيجا"',
].join('\r\n');

type PageVariant = { id: number; sku: string; checkout_price: number; stock: number };
const outcomes = (d: ImportDetail) =>
  d.rows.map((r) => [r.row_number, r.outcome, r.reasons]).sort((a, b) => Number(a[0]) - Number(b[0]));
const page = async (id: number) =>
  (await call(t.app, 'GET', `/v1/products/${id}?locale=en`, {})).body.product;
const skusOf = async (list: string[]) =>
  t.database.db
    .select({ id: products.id, sku: products.sku, of: products.variantOf })
    .from(products)
    .where(inArray(products.sku, list));

describe('variants from the products file', () => {
  it('a product and its 4 variants: the dry run shows 5 additions and writes nothing, the import makes them, the shop sells a variant', async () => {
    const dry = await importCsv(t, staff, PHONE_FILE, { dryRun: true });
    expect(dry.rows.map((r) => [r.row_number, r.outcome, r.reasons])).toEqual(
      [2, 3, 4, 5, 6].map((n) => [n, 'added', {}]),
    );
    expect(dry.import).toMatchObject({ added: 5, refused: 0 });
    expect(await skusOf(['PH-X', 'PH-X-BK-128'])).toEqual([]);

    const done = await importCsv(t, staff, PHONE_FILE);
    expect(done.import).toMatchObject({ status: 'done', added: 5, refused: 0 });
    phone = done.rows[0]!.product_id!;
    const p = await page(phone);
    expect(p.options.map((o: { name: string }) => o.name)).toEqual(['Colour', 'Storage']);
    expect(p.options[0].values.map((x: { value: string }) => x.value)).toEqual(['Black', 'Blue']);
    expect(p.variants.map((x: PageVariant) => [x.sku, x.checkout_price, x.stock])).toEqual([
      ['PH-X-BK-128', 1000, 3],
      ['PH-X-BK-256', 1200, 0],
      ['PH-X-BL-128', 1050, 2],
      ['PH-X-BL-256', 1250, 1],
    ]);
    expect(p).toMatchObject({ stock: 6, checkout_price: 1000, price_max: 1250 });
    const blue = p.variants.find((x: PageVariant) => x.sku === 'PH-X-BL-128').id;
    expect(done.rows[3]!.product_id).toBe(blue);
    const black = done.rows[1]!.product_id!;
    const pictures = await t.database.db
      .select({ url: productImages.originalUrl })
      .from(productImages)
      .where(eq(productImages.productId, black));
    expect(pictures).toEqual([{ url: 'https://cdn.example.com/bk.jpg' }]);

    const s = await addShopper(t.database.db, t.clock.now());
    const cart = await call(t.app, 'PUT', '/v1/users/cart?locale=en', s.headers, {
      order_product: { product_id: phone, variant_id: blue, quantity: 2 },
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body.order.items[0]).toMatchObject({
      quantity: 2,
      line_total: 2100,
      product: { id: blue, variant_of: phone, sku: 'PH-X-BL-128', title_en: 'Phone X - Blue / 128 GB' },
    });
  });

  it('an export edited and imported back: a variant’s new price (the product follows it) and a copied row adding a new colour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: staff });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(res.body.replace(/^\ufeff/, ''));
    const col = (name: string) => header!.indexOf(name);
    const mine = lines.filter(
      (l) => l[col('id')] === String(phone) || l[col('variant_of')] === String(phone),
    );
    expect(mine).toHaveLength(5);
    const bk128 = mine.find((l) => l[col('sku')] === 'PH-X-BK-128')!;
    expect(bk128[col('variant_values')]).toBe('Black | أسود ; 128 GB | 128 جيجا');
    bk128[col('price')] = '900';
    const green = [...mine.find((l) => l[col('sku')] === 'PH-X-BL-128')!];
    green[col('id')] = '';
    green[col('updated_at')] = '';
    green[col('sku')] = 'PH-X-GR-128';
    green[col('stock')] = '4';
    green[col('variant_values')] = 'Green | أخضر ; 128 GB | 128 جيجا';
    const file = [header!, ...mine, green].map((cells) => csvLine(cells)).join('');

    const done = await importCsv(t, staff, file);
    expect(done.import).toMatchObject({ status: 'done', added: 1, changed: 1, unchanged: 4, refused: 0 });
    const p = await page(phone);
    expect(p.options[0].values.map((x: { value: string }) => x.value)).toEqual(['Black', 'Blue', 'Green']);
    expect(p.variants.map((x: PageVariant) => [x.sku, x.checkout_price, x.stock])).toEqual([
      ['PH-X-BK-128', 900, 3],
      ['PH-X-BK-256', 1200, 0],
      ['PH-X-BL-128', 1050, 2],
      ['PH-X-BL-256', 1250, 1],
      ['PH-X-GR-128', 1050, 4],
    ]);
    expect(p).toMatchObject({ stock: 10, checkout_price: 900 });
  });

  it('rows that cannot be variants are refused, each saying why in English and Arabic, and change nothing', async () => {
    const [bk128] = await skusOf(['PH-X-BK-128']);
    const file = [
      HEADER,
      ',NEW-1,,,,,100,,1,,NO-SUCH-SKU,"Colour: Red | اللون: أحمر"',
      `,NEW-2,,,,,100,,1,,${bk128!.id},"Colour: Red | اللون: أحمر"`,
      ',NEW-3,,,,,100,,1,,PH-X,"Black | أسود ; 128 GB | 128 جيجا"',
      `,NEW-4,,,,,100,,1,,${phone},"Size: XL | المقاس: XL"`,
      ',TAB-1,Tab,تابلت,Mobiles,Apple,500,,0,,,',
      ',NEW-5,,,,,500,,1,,TAB-1,"Small | صغير"',
      ',NEW-6,,,,,10,,1,,LATE-1,"Size: S | المقاس: S"',
      ',LATE-1,Late,متأخر,Mobiles,Apple,10,,0,,,',
      ',NEW-7,,,,,abc,,1,,PH-X,"Red | أحمر ; 128 GB | 128 جيجا"',
      ',NEW-8,,,,,100,,1,,PH-X,"Red ; 128 GB"',
      ',PH-X-RD-256,,,,,1300,,1,,PH-X,"Red | أحمر ; 256 GB | 256 جيجا"',
      ',NEW-9,,,,,1300,,1,,PH-X,"Red | أحمر ; 256 GB | 256 جيجا"',
      // A variant's own SKU: that variant changes (its stock here), none is added.
      ',PH-X-BK-256,,,,,1200,,5,,PH-X,"Black | أسود ; 256 GB | 256 جيجا"',
      // A product refused: its variants with it.
      ',BAD-1,Bad,وحش,Mobiles,Apple,xyz,,0,,,',
      ',BAD-1-A,,,,,10,,1,,BAD-1,"Size: S | المقاس: S"',
    ].join('\r\n');
    const expected: [number, string, Record<string, string[]>][] = [
      [
        2,
        'refused',
        { variant_of: [expect.stringContaining('No product has the number or SKU "NO-SUCH-SKU"')] },
      ],
      [
        3,
        'refused',
        {
          variant_of: [
            `variant_of: Product ${bk128!.id} is itself a variant: write the number of the product it belongs to`,
          ],
        },
      ],
      [
        4,
        'refused',
        { variant_values: [expect.stringMatching(/already has a variant with these values \(number \d+\)/)] },
      ],
      [
        5,
        'refused',
        { variant_values: [expect.stringContaining('only those: Colour / اللون, Storage / المساحة')] },
      ],
      [6, 'added', {}],
      [7, 'refused', { variant_values: [expect.stringContaining('The product has no options yet')] }],
      [
        8,
        'refused',
        { variant_of: [expect.stringContaining('The product is added by row 9, after this one')] },
      ],
      [9, 'added', {}],
      [10, 'refused', { price: [expect.stringMatching(/^price /)] }],
      [
        11,
        'refused',
        { variant_values: [expect.stringContaining('Each value needs its English and Arabic')] },
      ],
      [12, 'added', {}],
      [
        13,
        'refused',
        { variant_values: ['variant_values: Row 12 of this file already adds a variant with these values'] },
      ],
    ];
    const [bk256] = await skusOf(['PH-X-BK-256']);
    expected.push(
      [14, 'changed', {}],
      [15, 'refused', { price: [expect.stringMatching(/^price /)] }],
      [
        16,
        'refused',
        { variant_of: [expect.stringContaining('This variant’s product (row 15) was not imported')] },
      ],
    );
    const dry = await importCsv(t, staff, file, { dryRun: true });
    expect(outcomes(dry)).toEqual(expected);

    const before = (await page(phone)).variants.length;
    const done = await importCsv(t, staff, file);
    expect(outcomes(done)).toEqual(expected);
    const after = await page(phone);
    expect(after.variants.length).toBe(before + 1);
    expect(after.variants.find((x: PageVariant) => x.sku === 'PH-X-BK-256')).toMatchObject({
      id: bk256!.id,
      stock: 5,
    });
    expect(done.rows.find((r) => r.row_number === 14)!.product_id).toBe(bk256!.id);
    expect(after.options[0].values.map((x: { value: string }) => x.value)).toEqual([
      'Black',
      'Blue',
      'Green',
      'Red',
    ]);
    const made = await skusOf([
      'NEW-1',
      'NEW-2',
      'NEW-3',
      'NEW-4',
      'NEW-5',
      'NEW-6',
      'NEW-7',
      'NEW-8',
      'NEW-9',
      'BAD-1-A',
    ]);
    expect(made).toEqual([]);
    // The report in Arabic: the column's name, then the reason in the shop's words.
    const ar = await call(t.app, 'GET', `/v1/admin/imports/${done.import.id}?locale=ar&per_page=200`, staff);
    const reasons = (n: number) =>
      ar.body.rows.find((r: { row_number: number }) => r.row_number === n).reasons as Record<
        string,
        string[]
      >;
    expect(reasons(2).variant_of![0]).toContain('مفيش منتج رقمه أو كوده "NO-SUCH-SKU"');
    expect(reasons(3).variant_of![0]).toContain('هو نفسه نوع من منتج تاني');
    expect(reasons(4).variant_values![0]).toContain('المنتج عنده نوع بنفس القيم دي');
    expect(reasons(5).variant_values![0]).toContain('لازم يدي قيمة واحدة لكل اختيار');
    expect(reasons(7).variant_values![0]).toContain('المنتج لسه ملوش اختيارات');
    expect(reasons(8).variant_of![0]).toContain('حط صف المنتج قبل صفوف أنواعه');
  });
});
