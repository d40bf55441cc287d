import { mkdirSync } from 'node:fs';
import { openSignedIn } from './admin-session';
import { expect, test } from './fixtures';

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
