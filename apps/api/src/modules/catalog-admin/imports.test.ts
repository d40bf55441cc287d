import { apiMessage, IMPORT_COLUMNS, IMPORT_TEMPLATE_CSV } from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, importJobs, products, specifications, staff } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addPromotion } from '../../test/fixtures.ts';
import { staffSignIn } from '../../test/staff.ts';
import { call } from '../../test/shoppers.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { parseCsv } from './imports-csv.ts';
import { runImports } from './imports-service.ts';

/**
 * The products spreadsheet (issue 17): a dry run says row by row what would happen and changes nothing, the import
 * adds and changes products the store then shows, a bad row is skipped with its reason, an export imports back
 * unchanged, a wrong file is refused whole, and a job an instance left behind is finished by another.
 */
const PASSWORD = 'Spread-sheet-2024';
let t: TestApp;
let catalog: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const tv = await addCategory(db, 'TVs & Audio', 'الشاشات والصوتيات');
  await addCategory(db, 'Televisions', 'شاشات التليفزيون', tv.id);
  await addCategory(db, 'Accessories', 'إكسسوارات', tv.id);
  const kitchen = await addCategory(db, 'Kitchen Appliances', 'أجهزة المطبخ');
  await addCategory(db, 'Accessories', 'إكسسوارات المطبخ', kitchen.id);
  await addCategory(db, 'Kettles', 'غلايات', kitchen.id);
  await addBrand(db, 'Samsung', 'سامسونج');
  await addBrand(db, 'Tornado', 'تورنيدو');
  await addPromotion(db, 'summer-sale', null, null);
  for (const [email, role] of [
    ['sheets@store.example', 'catalog'],
    ['clerk@store.example', 'staff'],
  ] as const) {
    await ensureOwner(db, { email, password: PASSWORD }, t.clock.now());
    await db.update(staff).set({ role, name: role }).where(eq(staff.email, email));
  }
  catalog = await staffSignIn(t.app, 'sheets@store.example', PASSWORD);
  clerk = await staffSignIn(t.app, 'clerk@store.example', PASSWORD);
});
afterAll(() => t?.close());

/** A multipart body with one file. */
function fileForm(content: string | Buffer, fields: Record<string, string> = {}, name = 'products.csv') {
  const boundary = `----imports${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
        'content-type: text/csv\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  content: string | Buffer,
  dryRun: boolean,
  locale = 'en',
  headers = catalog,
  name?: string,
) {
  const form = fileForm(content, { dry_run: String(dryRun) }, name);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/imports?locale=${locale}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

type Detail = {
  import: { id: number; status: string; added: number; changed: number; refused: number; processed: number };
  rows: {
    row_number: number;
    outcome: string;
    product_id: number | null;
    reasons: Record<string, string[]>;
  }[];
};

/** Follows the job as the admin page does, until it is done (it runs in the background after the upload). */
async function finished(id: number, query = ''): Promise<Detail> {
  for (let i = 0; i < 400; i++) {
    const r = await call(t.app, 'GET', `/v1/admin/imports/${id}?locale=en&per_page=200${query}`, catalog);
    expect(r.status).toBe(200);
    if (r.body.import.status === 'done' || r.body.import.status === 'failed') return r.body as Detail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

const count = async (table: 'products' | 'import_jobs') =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*) as n from ${sql.identifier(table)}`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows[0]!.n,
  );

const GOOD_AND_BAD = [
  'title_en,title_ar,category,brand,price,stock,featured,specifications',
  '"Samsung 55"" Crystal UHD TV",شاشة سامسونج 55 بوصة كريستال,Televisions,Samsung,18999.99,5,yes,' +
    '"Size | المقاس | 55 inch | 55 بوصة ; Resolution | الدقة | 4K | فور كيه"',
  // The category by its Arabic name only, the brand too; specifications one per line inside the quoted cell.
  'Tornado Glass Kettle,غلاية تورنيدو زجاج,غلايات,تورنيدو,799,12,نعم,"Power | القدرة | 2200 W | 2200 وات\n' +
    'Capacity | السعة | 1.7 L | 1.7 لتر"',
  // "Accessories" is a name two categories have: the path says which.
  'Samsung HDMI Cable,كابل سامسونج HDMI,TVs & Audio > Accessories,Samsung,150.5,100,no,',
  'Broken Row Fridge,تلاجة مكسورة,Televisions,Samsung,abc,1,,',
].join('\r\n');

describe('a dry run, then the import', () => {
  let dryId: number;

  it('the dry run says 3 added and 1 refused (its price, in the staff member’s words) and writes no product', async () => {
    const before = await count('products');
    const r = await upload(GOOD_AND_BAD, true);
    expect(r.status).toBe(201);
    expect(r.body.import).toMatchObject({
      status: 'queued',
      dry_run: true,
      total: 4,
      file_name: 'products.csv',
    });
    dryId = r.body.import.id;
    const d = await finished(dryId);
    expect(d.import).toMatchObject({ status: 'done', added: 3, changed: 0, refused: 1, processed: 4 });
    // Refused rows first, with the spreadsheet's row number (the header is row 1).
    expect(d.rows[0]).toEqual({
      row_number: 5,
      outcome: 'refused',
      product_id: null,
      reasons: { price: [`price ${apiMessage('price_invalid', 'en')}`] },
      changes: [],
    });
    expect(d.rows.slice(1).map((x) => [x.row_number, x.outcome])).toEqual([
      [2, 'added'],
      [3, 'added'],
      [4, 'added'],
    ]);
    expect(await count('products')).toBe(before);
    const ar = await call(t.app, 'GET', `/v1/admin/imports/${dryId}?locale=ar&outcome=refused`, catalog);
    expect(ar.body.rows).toHaveLength(1);
    expect(ar.body.rows[0].reasons.price).toEqual([`السعر (price) ${apiMessage('price_invalid', 'ar')}`]);
  });

  it('the import adds the 3 good rows, skips the bad one, and the shop’s search finds them in both languages', async () => {
    const r = await call(t.app, 'POST', `/v1/admin/imports/${dryId}/run?locale=en`, catalog);
    expect(r.status).toBe(201);
    expect(r.body.import).toMatchObject({ dry_run: false, total: 4 });
    const d = await finished(r.body.import.id);
    expect(d.import).toMatchObject({ status: 'done', added: 3, refused: 1 });
    // It read the checked file where the dry run keeps it (gzipped, migration 0060): no second copy was written.
    const kept = await t.database.db
      .select({
        id: importJobs.id,
        hasFile: sql<boolean>`${importJobs.sourcePacked} is not null and ${importJobs.source} is null`,
      })
      .from(importJobs)
      .where(sql`${importJobs.id} in (${dryId}, ${r.body.import.id})`)
      .orderBy(importJobs.id);
    expect(kept).toEqual([
      { id: dryId, hasFile: true },
      { id: r.body.import.id, hasFile: false },
    ]);
    const kettleId = d.rows.find((x) => x.row_number === 3)!.product_id!;
    const search = async (q: string, locale: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/products?query=${encodeURIComponent(q)}&locale=${locale}`,
        })
      )
        .json()
        .products.map((p: { id: number }) => p.id);
    expect(await search('غلاية زجاج', 'ar')).toContain(kettleId);
    expect(await search('kettle', 'en')).toContain(kettleId);
    const tvId = d.rows.find((x) => x.row_number === 2)!.product_id!;
    expect(await search('كريستال', 'ar')).toContain(tvId);
    expect(await search('fridge', 'en')).toEqual([]);
    const shop = (await t.app.inject({ method: 'GET', url: `/v1/products/${kettleId}?locale=ar` })).json()
      .product;
    expect(shop).toMatchObject({ stock: 12, featured: true });
    const specs = await t.database.db
      .select()
      .from(specifications)
      .where(eq(specifications.productId, kettleId))
      .orderBy(specifications.position);
    expect(specs.map((s) => [s.keyEn, s.keyAr, s.valueEn, s.valueAr])).toEqual([
      ['Power', 'القدرة', '2200 W', '2200 وات'],
      ['Capacity', 'السعة', '1.7 L', '1.7 لتر'],
    ]);
    const [started] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'import' and ${auditLog.targetId} = ${String(r.body.import.id)}`)
      .orderBy(auditLog.id);
    expect(started!.action).toBe('import.started');
    const [end] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'import.finished' and ${auditLog.targetId} = ${String(r.body.import.id)}`,
      );
    expect(end!.details).toMatchObject({ added: 3, changed: 0, refused: 1, dry_run: false });
    const recent = await call(t.app, 'GET', '/v1/admin/imports?locale=en', catalog);
    expect(recent.body.imports[0]).toMatchObject({ id: r.body.import.id, status: 'done', progress: 100 });
  });
});

describe('a refused row’s reasons', () => {
  it('name the column and the rule in the staff member’s language (a negative stock, a half unit, a zero limit, an empty title, a specification part, an unknown category)', async () => {
    const csv = [
      'title_en,title_ar,category,brand,price,stock,maximum_number_per_order,specifications',
      'Minus Kettle,غلاية سالب,Kettles,Tornado,100,-5,,',
      'Half Kettle,غلاية نص,Kettles,Tornado,100,1.5,,',
      'Zero Kettle,غلاية صفر,Kettles,Tornado,100,3,0,',
      ',غلاية من غير اسم,Kettles,Tornado,100,3,,',
      'Spec Kettle,غلاية مواصفة,Kettles,Tornado,100,3,,"Power | | 2200 W | 2200 وات"',
      'Lost Kettle,غلاية تايهة,No Such Category,Tornado,100,3,,',
    ].join('\r\n');
    const id = (await upload(csv, true)).body.import.id;
    const en = await finished(id);
    expect(en.import).toMatchObject({ refused: 6, added: 0 });
    const byRow = (d: Detail) => Object.fromEntries(d.rows.map((r) => [r.row_number, r.reasons]));
    expect(byRow(en)).toEqual({
      2: { stock: ['stock must be a whole number, 0 or more'] },
      3: { stock: ['stock must be a whole number, 0 or more'] },
      4: { maximum_number_per_order: ['maximum_number_per_order must be a whole number, 1 or more'] },
      5: { title_en: ['title_en is required'] },
      6: {
        specifications: [
          'specifications: Specification 1 has an empty part (each needs key_en | key_ar | value_en | value_ar)',
        ],
      },
      7: { category: ['category: Category not found'] },
    });
    const ar = await call(t.app, 'GET', `/v1/admin/imports/${id}?locale=ar&per_page=200`, catalog);
    expect(ar.status).toBe(200);
    expect(byRow(ar.body as Detail)).toEqual({
      2: { stock: ['المخزون (stock) لازم يكون رقم صحيح من 0 أو أكتر'] },
      3: { stock: ['المخزون (stock) لازم يكون رقم صحيح من 0 أو أكتر'] },
      4: {
        maximum_number_per_order: [
          'أقصى عدد في الطلب (maximum_number_per_order) لازم يكون رقم صحيح من 1 أو أكتر',
        ],
      },
      5: { title_en: ['الاسم بالإنجليزي (title_en) مطلوب'] },
      6: {
        specifications: [
          'المواصفات (specifications): المواصفة رقم 1 فيها جزء فاضي (كل مواصفة محتاجة key_en | key_ar | value_en | value_ar)',
        ],
      },
      7: { category: ['القسم (category): القسم ده مش موجود'] },
    });
    // No reason is zod's own English.
    expect(JSON.stringify(ar.body.rows)).not.toMatch(/Invalid input|expected/i);
  });
});

const snapshot = async () =>
  (
    (await t.database.db.execute(sql`select p.id, p.title_en, p.title_ar, p.description_en, p.description_ar,
      p.category_id, p.brand_id, p.model, p.series, p.sku, p.price_piastres, p.promotion_id,
      p.promoted_price_piastres, p.stock, p.maximum_per_order, p.vat_rate_bp, p.featured, p.special_offer, p.active,
      (select json_agg(json_build_array(s.key_en, s.key_ar, s.value_en, s.value_ar) order by s.position)
        from specifications s where s.product_id = p.id) as specs,
      (select json_agg(i.original_url order by i.position) from product_images i where i.product_id = p.id) as images
      from products p order by p.id`)) as unknown as { rows: unknown[] }
  ).rows;

describe('export', () => {
  it('an export imported back leaves every row unchanged and writes nothing', async () => {
    // A product with everything: a promotion, a limit, a formula-looking title, images, a multi-line description.
    const extra = [
      'title_en,title_ar,description_en,description_ar,category,brand,model,series,sku,price,price_after_promotion,' +
        'promotion,stock,maximum_number_per_order,special_offer,active,image_urls',
      '"=Promo, ""best"" kettle",غلاية العرض,"Line one\nLine two",وصف,Kettles,Tornado,TK-1,Glass,SKU-9,1000,' +
        '899.5,summer-sale,3,2,true,false,/uploads/products/a.webp https://cdn.example.com/b.jpg',
    ].join('\n');
    const added = await finished((await upload(extra, false)).body.import.id);
    expect(added.import).toMatchObject({ added: 1, refused: 0 });

    const before = await snapshot();
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: catalog });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-.*\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = res.body;
    expect(csv.slice(1).split('\r\n')[0]).toBe(IMPORT_COLUMNS.join(','));
    // A spreadsheet would run "=..." as a formula: it is written as text.
    expect(csv).toContain(`"'=Promo, ""best"" kettle"`);

    const again = await upload(Buffer.from(csv, 'utf8'), false);
    expect(again.status).toBe(201);
    const d = await finished(again.body.import.id);
    expect(d.import).toMatchObject({
      status: 'done',
      added: 0,
      changed: 0,
      unchanged: before.length,
      refused: 0,
    });
    expect(await snapshot()).toEqual(before);
    // And the export of the re-imported catalog is the same file.
    const second = await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: catalog });
    expect(second.body).toBe(csv);
  });

  it('follows the list’s filters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/products/export?query=${encodeURIComponent('غلاية')}`,
      headers: catalog,
    });
    const lines = parseCsv(res.body).slice(1);
    expect(lines.length).toBe(2);
    expect(lines.every((l) => /غلاية/.test(l[IMPORT_COLUMNS.indexOf('title_ar')]!))).toBe(true);
  });
});

describe('reading the file', () => {
  it('a BOM, CRLF line ends, a quoted newline and quotes inside quotes are read as a spreadsheet means them', () => {
    const rows = parseCsv('\ufeffa,b,c\r\n"x, y","line 1\r\nline 2","say ""hi"""\r\n,,\n5" TV,,last');
    expect(rows).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'line 1\r\nline 2', 'say "hi"'],
      ['', '', ''],
      ['5" TV', '', 'last'],
    ]);
  });

  it('an upload with a BOM and a quoted newline imports; the template is a valid file', async () => {
    const csv =
      '\ufeffid,title_en,title_ar,category,brand,price,description_ar\r\n' +
      ',Tornado Kettle 2,غلاية 2,Kettles,Tornado,300,"سطر أول\r\nسطر تاني"\r\n';
    const d = await finished((await upload(csv, false)).body.import.id);
    expect(d.import).toMatchObject({ added: 1, refused: 0 });
    const [p] = await t.database.db
      .select({ d: products.descriptionAr })
      .from(products)
      .where(eq(products.id, d.rows[0]!.product_id!));
    expect(p!.d).toBe('سطر أول\nسطر تاني');
    const template = await upload(IMPORT_TEMPLATE_CSV, true);
    expect(template.status).toBe(201);
  });

  it('a wrong header is refused whole, in Arabic, and makes no job', async () => {
    const jobs = await count('import_jobs');
    const r = await upload(
      'title_en,title_ar,colour,category,brand,price\r\nA,ب,red,Kettles,Tornado,5\r\n',
      true,
      'ar',
    );
    expect(r.status).toBe(422);
    expect(r.body.errors.file).toEqual([apiMessage('import_unknown_columns', 'ar', { values: 'colour' })]);
    for (const bad of [
      '',
      'title_en,title_en\r\nx,y\r\n',
      'title_en,title_ar\r\nx,y\r\n',
      'id,title_en\r\n',
      'a,"b\r\n',
    ]) {
      expect((await upload(bad, true, 'ar')).status, JSON.stringify(bad)).toBe(422);
    }
    const notText = await upload(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]), true, 'en');
    expect(notText.body.errors.file).toEqual([apiMessage('import_file_unreadable', 'en')]);
    expect(await count('import_jobs')).toBe(jobs);
  });

  it('reads the first sheet of an XLSX file', async () => {
    const d = await finished(
      (
        await upload(
          xlsx([
            ['title_en', 'title_ar', 'category', 'brand', 'price', 'stock'],
            ['Sheet Kettle', 'غلاية الشيت', 'غلايات', 'Tornado', 450.25, 7],
          ]),
          false,
          'en',
          catalog,
          'products.xlsx',
        )
      ).body.import.id,
    );
    expect(d.import).toMatchObject({ added: 1, refused: 0 });
    const [p] = await t.database.db.select().from(products).where(eq(products.id, d.rows[0]!.product_id!));
    expect(p).toMatchObject({ titleAr: 'غلاية الشيت', pricePiastres: 45025, stock: 7 });
    // A sheet that says it unpacks to gigabytes is refused unread.
    const bomb = xlsx([['title_en'], ['x']]);
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, central + 24);
    const refused = await upload(bomb, true, 'en', catalog, 'big.xlsx');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.file).toEqual([apiMessage('import_file_unreadable', 'en')]);
  });
});

describe('updates', () => {
  it('a file of id, price and stock changes only those; an unknown id, category or promotion is refused', async () => {
    const [tv] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.titleEn, 'Samsung HDMI Cable'));
    // The same product twice: the second row is refused; an unknown product number too.
    const d2 = await finished(
      (await upload(`id,price,stock\n${tv!.id},175,90\n999999,10,1\n${tv!.id},1,1\n`, false)).body.import.id,
    );
    expect(d2.import).toMatchObject({ changed: 1, refused: 2 });
    expect(d2.rows.map((r) => [r.row_number, r.outcome, Object.keys(r.reasons)])).toEqual([
      [3, 'refused', ['id']],
      [4, 'refused', ['id']],
      [2, 'changed', []],
    ]);
    expect(d2.rows[0]!.reasons.id).toEqual(['id: Product not found']);
    expect(d2.rows[1]!.reasons.id).toEqual([`id: ${apiMessage('import_duplicate_id', 'en', { n: 2 })}`]);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, tv!.id));
    expect(after).toMatchObject({
      pricePiastres: 17500,
      stock: 90,
      titleEn: tv!.titleEn,
      categoryId: tv!.categoryId,
    });
    const d3 = await finished(
      (await upload(`id,category,promotion\n${tv!.id},No Such Category,no-such-sale\n`, true)).body.import.id,
    );
    expect(d3.rows[0]!.reasons).toEqual({
      category: ['category: Category not found'],
      promotion: ['promotion: Promotion not found'],
    });
    const d4 = await finished((await upload(`id,category\n${tv!.id},Accessories\n`, true)).body.import.id);
    expect(d4.rows[0]!.reasons.category).toEqual([`category: ${apiMessage('category_ambiguous', 'en')}`]);
  });

  it('a tax_class column sets the VAT inside the price (standard, exempt, another rate), refuses a bad one, and the export writes it', async () => {
    const [tv] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.titleEn, 'Samsung HDMI Cable'));
    expect(tv!.vatRateBp).toBe(1400); // standard unless the file says otherwise
    const d = await finished(
      (await upload(`id,tax_class\n${tv!.id},exempt\n${tv!.id},5%\n`, false)).body.import.id,
    );
    // The second row names the same product: refused; the first makes it exempt.
    expect(d.import).toMatchObject({ changed: 1, refused: 1 });
    const rate = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, tv!.id)))[0]!.vatRateBp;
    expect(await rate()).toBe(0);
    await finished((await upload(`id,tax_class\n${tv!.id},5%\n`, false)).body.import.id);
    expect(await rate()).toBe(500);
    const bad = await finished((await upload(`id,tax_class\n${tv!.id},lots\n`, false)).body.import.id);
    expect(bad.rows[0]!.reasons).toEqual({
      tax_class: [`tax_class ${apiMessage('import_tax_class_invalid', 'en')}`],
    });
    expect(await rate()).toBe(500);
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/products/export', headers: catalog });
    const lines = res.body.split('\r\n');
    const col = lines[0]!
      .replace(/^\ufeff/, '')
      .split(',')
      .indexOf('tax_class');
    const row = lines.find((l) => l.startsWith(`${tv!.id},`))!;
    expect(row.split(',')[col]).toBe('5');
    await finished((await upload(`id,tax_class\n${tv!.id},standard\n`, false)).body.import.id);
    expect(await rate()).toBe(1400);
  });

  it('only owners and catalog staff may import or export', async () => {
    expect((await upload(GOOD_AND_BAD, true, 'en', clerk)).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/admin/products/export', clerk)).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/admin/imports', {})).status).toBe(401);
  });
});

describe('the stored file', () => {
  it('is kept gzipped (a fraction of a large file) and read back whole: every row of it is checked', async () => {
    const lines = Array.from(
      { length: 1_500 },
      (_, i) => `Packed Kettle ${i},غلاية مضغوطة رقم ${i} من الستانلس,Kettles,Tornado,${400 + i}`,
    );
    const file = `title_en,title_ar,category,brand,price\r\n${lines.join('\r\n')}\r\n`;
    const r = await upload(file, true);
    expect(r.status).toBe(201);
    const id = r.body.import.id as number;
    const [kept] = (
      (await t.database.db.execute(
        sql`select source is null as no_text, octet_length(source_packed) as bytes,
          encode(substring(source_packed from 1 for 2), 'hex') as magic
          from import_jobs where id = ${id}`,
      )) as unknown as { rows: { no_text: boolean; bytes: number; magic: string }[] }
    ).rows;
    expect(kept).toMatchObject({ no_text: true, magic: '1f8b' });
    expect(Number(kept!.bytes)).toBeLessThan(Buffer.byteLength(file) / 4);
    const d = await finished(id);
    expect(d.import).toMatchObject({
      status: 'done',
      total: 1_500,
      processed: 1_500,
      added: 1_500,
      refused: 0,
    });
    // The last row, as written (its Arabic title whole): nothing lost in the packing.
    const last = await finished(id, '&page=8');
    expect(last.rows.at(-1)).toMatchObject({ row_number: 1_501, outcome: 'added' });
  });
});

describe('the background runner', () => {
  it('finishes a job whose instance died (its lease ran out), and leaves a live one alone', async () => {
    const now = t.clock.now();
    const source =
      'title_en,title_ar,category,brand,price\r\nOrphan Kettle,غلاية يتيمة,Kettles,Tornado,120\r\n';
    const [dead] = await t.database.db
      .insert(importJobs)
      .values({
        fileName: 'left.csv',
        dryRun: false,
        source,
        total: 1,
        status: 'running',
        claimedUntil: new Date(now.getTime() - 1000),
      })
      .returning();
    const [alive] = await t.database.db
      .insert(importJobs)
      .values({
        fileName: 'busy.csv',
        dryRun: false,
        source,
        total: 1,
        status: 'running',
        claimedUntil: new Date(now.getTime() + 60_000),
      })
      .returning();
    // Whatever else the upload kicks has finished first (the runner is one per process).
    for (let i = 0; i < 5; i++) await runImports({ db: t.database.db, clock: t.clock });
    const done = await finished(dead!.id);
    expect(done.import).toMatchObject({ status: 'done', added: 1 });
    const [still] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, alive!.id));
    expect(still).toMatchObject({ status: 'running', processed: 0 });
    // Its lease runs out too: then it is taken over.
    t.clock.advance(61_000);
    expect(await runImports({ db: t.database.db, clock: t.clock })).toBe(1);
    const [taken] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, alive!.id));
    expect(taken).toMatchObject({ status: 'done', added: 1, processed: 1 });
  });
});

describe('the answers cache', () => {
  it('is told after each imported batch lands (so the store shows it at once), not after a dry run', async () => {
    const source =
      'title_en,title_ar,category,brand,price\r\nCache Kettle,غلاية الكاش,Kettles,Tornado,130\r\n';
    // Whatever the uploads above kicked has finished first (the runner is one per process).
    for (let i = 0; i < 5; i++) await runImports({ db: t.database.db, clock: t.clock });
    const onWritten = vi.fn();
    const queue = (dryRun: boolean) =>
      t.database.db
        .insert(importJobs)
        .values({ fileName: 'cache.csv', dryRun, source, total: 1 })
        .returning();
    const [dry] = await queue(true);
    expect(await runImports({ db: t.database.db, clock: t.clock, onWritten })).toBe(1);
    expect((await finished(dry!.id)).import.status).toBe('done');
    expect(onWritten).not.toHaveBeenCalled();
    const [real] = await queue(false);
    expect(await runImports({ db: t.database.db, clock: t.clock, onWritten })).toBe(1);
    expect((await finished(real!.id)).import).toMatchObject({ status: 'done', added: 1 });
    expect(onWritten).toHaveBeenCalledTimes(1);
  });
});

/** A minimal XLSX file (stored, not compressed): a workbook with one sheet of inline strings and numbers. */
function xlsx(rows: (string | number)[][]): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rows
      .map(
        (r, ri) =>
          `<row r="${ri + 1}">` +
          r
            .map((v, ci) =>
              typeof v === 'number'
                ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>`
                : `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
            )
            .join('') +
          '</row>',
      )
      .join('') +
    '</sheetData></worksheet>';
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text, 'utf8');
    const fname = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fname.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fname.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fname, data);
    centrals.push(central, fname);
    offset += 30 + fname.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
