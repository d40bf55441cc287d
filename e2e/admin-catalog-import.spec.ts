import { mkdirSync } from 'node:fs';
import { openSignedIn, type StaffSession } from './admin-session';
import { expect, test, type APIRequestContext } from './fixtures';

/**
 * The products spreadsheet import (issue 17) in a real Chromium against the built app on the real API: the owner
 * uploads a CSV with one bad row, the dry run shows that row with its reason (in Arabic), the import skips it, and
 * the good products are in the store's search. A screenshot at 1366 px goes to e2e/artifacts.
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

test('the owner checks a CSV with one bad row, imports it, and the good products are in the store', async ({
  page,
  request,
}) => {
  // A word only these products have, so the store's search finds exactly them.
  const word = `ايمبورت${Date.now().toString(36).replace(/\d/g, '')}`;
  const csv = [
    'title_en,title_ar,category,brand,price,stock,specifications',
    // The category by its Arabic name; specifications in both languages, one per line.
    `Carrier split AC ${word},تكييف كاريير سبليت ${word},تكييفات سبليت,Carrier,21999,4,` +
      '"Power | القدرة | 1.5 HP | 1.5 حصان\nColor | اللون | White | أبيض"',
    `Samsung split AC ${word},تكييف سامسونج سبليت ${word},Split Air Conditioners,سامسونج,23999.5,7,`,
    `Broken AC ${word},تكييف بايظ ${word},Split Air Conditioners,Carrier,abc,1,`,
  ].join('\r\n');

  await openSignedIn(page, request);
  await page.goto('/admin/imports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الاستيراد والتصدير');
  await page.getByTestId('import-file').setInputFiles({
    name: 'new-acs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByTestId('import-file-name')).toContainText('new-acs.csv');

  // The dry run: 2 to add, 1 refused, the bad row first with its reason on the price.
  await page.getByTestId('import-check').click();
  const job = page.getByTestId('import-job');
  await expect(job.getByTestId('import-status')).toHaveText('خلص', { timeout: 30_000 });
  await expect(job.getByTestId('import-count-added')).toHaveText('2');
  await expect(job.getByTestId('import-count-refused')).toHaveText('1');
  const first = job.getByTestId('import-row').first();
  await expect(first).toContainText('4');
  await expect(first).toContainText('مرفوض');
  await expect(first).toContainText('price');
  await expect(first).toContainText('لازم يكون مبلغ بالجنيه');
  await page.screenshot({ path: `${ARTIFACTS}/admin-import-check-ar-1366.png`, fullPage: true });

  // Nothing is in the store yet.
  const shop = await page.context().newPage();
  await shop.goto(`/products?search=${encodeURIComponent(word)}`);
  await expect(shop.getByTestId('product-card')).toHaveCount(0);

  // The import: the two good rows are added, the bad one is skipped.
  await page.getByTestId('import-run').click();
  await expect(job.getByTestId('import-status')).toHaveText('خلص', { timeout: 30_000 });
  await expect(job).toContainText('استيراد new-acs.csv');
  await expect(job.getByTestId('import-count-added')).toHaveText('2');
  await expect(job.getByTestId('import-count-refused')).toHaveText('1');
  await expect(page.getByTestId('import-recent')).toContainText('new-acs.csv');

  // The store's search (Arabic) finds both.
  await shop.goto(`/products?search=${encodeURIComponent(word)}`);
  const cards = shop.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'كاريير' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'بايظ' })).toHaveCount(0);
});

/** An import through the API, as the page sends it, followed until it is done; answers its rows. */
async function importByApi(request: APIRequestContext, session: StaffSession, csv: string) {
  const res = await request.post('/v1/admin/imports?locale=en', {
    headers: session.headers,
    multipart: {
      dry_run: 'false',
      file: { name: 'setup.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { import: job } = (await res.json()) as { import: { id: number } };
  let detail: { import: { status: string }; rows: { row_number: number; product_id: number }[] } | null =
    null;
  await expect
    .poll(
      async () => {
        const r = await request.get(`/v1/admin/imports/${job.id}?locale=en&per_page=50`, {
          headers: session.headers,
        });
        detail = (await r.json()) as typeof detail;
        return detail!.import.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return detail!.rows;
}

test('a checked file’s changed rows say what they change, and the check counts the rows by column @phone', async ({
  page,
  request,
}, testInfo) => {
  // Arabic on a phone (375 px), English on a desktop.
  const ar = testInfo.project.name === 'phone';
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const session = await openSignedIn(page, request, ar ? 'ar' : 'en');
  const made = await importByApi(
    request,
    session,
    [
      'title_en,title_ar,category,brand,price,stock',
      ...[1, 2, 3].map((i) => `Kettle ${i} ${tag},غلاية ${i} ${tag},Split Air Conditioners,Carrier,1000,4`),
    ].join('\r\n'),
  );
  const id = (row: number) => made.find((r) => r.row_number === row)!.product_id;
  // The first kettle's price, as meant; the second's price and, by mistake, its titles (the Arabic one long);
  // the third as it is.
  const longAr = `غلاية 2 ${tag} ستانلس ستيل سعة 1.7 لتر بقاعدة بتلف 360 درجة وفصل أوتوماتيك لما المية تغلي ونور أزرق`;
  const csv = [
    'id,title_en,title_ar,price',
    `${id(2)},Kettle 1 ${tag},غلاية 1 ${tag},1049.50`,
    `${id(3)},Kettle 2 ${tag} (copy),${longAr},1049.50`,
    `${id(4)},Kettle 3 ${tag},غلاية 3 ${tag},1000`,
  ].join('\r\n');

  await page.goto('/admin/imports');
  await page.getByTestId('import-file').setInputFiles({
    name: `prices-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByTestId('import-check').click();
  const job = page.getByTestId('import-job');
  await expect(job.getByTestId('import-status')).toHaveText(ar ? 'خلص' : 'Done', { timeout: 30_000 });
  await expect(job.getByTestId('import-count-changed')).toHaveText('2');
  await expect(job.getByTestId('import-count-unchanged')).toHaveText('1');

  // At a glance: 2 rows change their price, 1 its titles.
  const summary = job.getByTestId('import-changed-fields');
  await expect(summary).toContainText(
    ar ? 'الصفوف اللي هتتعدّل، حسب الخانة' : 'Rows that will change, by column',
  );
  await expect(summary.getByTestId('import-changed-field')).toHaveText(
    ar
      ? ['السعر: 2', 'الاسم (إنجليزي): 1', 'الاسم (عربي): 1']
      : ['Price: 2', 'Title (English): 1', 'Title (Arabic): 1'],
  );

  // Row by row: the price and the titles before and after (a long title clipped, whole in its tooltip).
  const rows = job.getByTestId('import-row');
  const priceChange = ar ? 'السعر: من 1,000 ج.م لـ 1,049.50 ج.م' : 'Price: 1,000 EGP → 1,049.50 EGP';
  const titleChange = ar
    ? `الاسم (إنجليزي): من Kettle 2 ${tag} لـ Kettle 2 ${tag} (copy)`
    : `Title (English): Kettle 2 ${tag} → Kettle 2 ${tag} (copy)`;
  const arabicTitle = ar ? `الاسم (عربي): من غلاية 2 ${tag} لـ ` : `Title (Arabic): غلاية 2 ${tag} → `;
  await expect(rows.nth(0).getByTestId('import-change')).toHaveText([priceChange]);
  const second = rows.nth(1).getByTestId('import-change');
  await expect(second).toHaveText([
    priceChange,
    titleChange,
    new RegExp(`^${arabicTitle.replace(/[()]/g, '\\$&')}.{60,}…$`),
  ]);
  const clipped = second.nth(2).getByTestId('import-change-text').nth(1);
  await expect(clipped).toHaveAttribute('title', longAr);
  await expect(clipped).toHaveText(`${[...longAr].slice(0, 79).join('')}…`);
  await expect(rows.nth(2)).toContainText(ar ? 'من غير تغيير' : 'Unchanged');
  await expect(rows.nth(2).getByTestId('import-change')).toHaveCount(0);
  // Nothing runs off a phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `${ARTIFACTS}/admin-import-changes-${ar ? 'ar-375' : 'en-1366'}.png`,
    fullPage: true,
  });

  // Imported for real: the same, in the past tense.
  await page.getByTestId('import-run').click();
  await expect(job).toContainText(ar ? 'استيراد prices-' : 'Import of prices-');
  await expect(job.getByTestId('import-status')).toHaveText(ar ? 'خلص' : 'Done', { timeout: 30_000 });
  await expect(summary).toContainText(ar ? 'الصفوف اللي اتعدّلت، حسب الخانة' : 'Rows changed, by column');
  await expect(rows.nth(1).getByTestId('import-change').nth(1)).toHaveText(titleChange);
});
