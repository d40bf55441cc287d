import { PRODUCT_PAGE_SIZE } from '@store/contracts/constants';
import { openSignedIn } from './admin-session';
import { expect, test, type APIRequestContext } from './fixtures';

/**
 * Search synonyms in the back office (decision 020), in a real Chromium against the built app: the demo owner, in
 * Arabic, teaches the shop's search a word shoppers type, and the shop's search finds with it at once; then deletes
 * it, and the word finds nothing again. The screen in English too.
 */

/** What the shop's search finds for a word: how many products, and the first page's, by id (ranks may differ). */
async function shopFinds(request: APIRequestContext, query: string) {
  const res = await request.get(`/v1/products?query=${encodeURIComponent(query)}&per_page=50&locale=en`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { products: { id: number }[]; meta: { total_entries: number } };
  return { total: body.meta.total_entries, ids: body.products.map((p) => p.id).sort((a, b) => a - b) };
}

test('the owner teaches the search a word shoppers type; the shop finds with it at once, and no more once it is deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A word no product has, and no catalog word is near: nothing found before.
  const word = `zkb${Math.random().toString(36).slice(2, 7)}`;
  expect((await shopFinds(request, word)).total).toBe(0);
  const chargers = await shopFinds(request, 'charger');
  expect(chargers.total).toBeGreaterThan(0);
  expect(chargers.total).toBeLessThanOrEqual(50);

  await openSignedIn(page, request, 'ar');
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'مرادفات البحث' }).click();
  await expect(page.getByRole('heading', { name: 'مرادفات البحث', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const form = page.getByTestId('synonym-form');
  // Nothing typed: refused on the fields, in Arabic, and nothing sent.
  await page.getByTestId('synonym-add').click();
  await expect(form.getByRole('alert').first()).toContainText('مطلوب');
  // The same word on both sides, as the search reads it (capitals do not count).
  await page.getByTestId('synonym-term').fill('Charger');
  await page.getByTestId('synonym-alternative').fill('charger');
  await page.getByTestId('synonym-add').click();
  await expect(form.getByRole('alert')).toContainText('هي نفس الكلمة');

  await page.getByTestId('synonym-term').fill(word.toUpperCase());
  await page.getByTestId('synonym-alternative').fill('Charger');
  await page.getByTestId('synonym-add').click();
  await expect(page.getByTestId('synonyms-status')).toContainText(`“${word}” بتلاقي كمان “charger”`);
  // Kept as the search reads it.
  await page.getByTestId('synonyms-filter').fill(word);
  const row = page.getByTestId('synonyms-table').locator('tr', { hasText: word });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('charger');
  await expect(page.getByTestId('synonyms-table').locator('tbody tr')).toHaveCount(1);

  // The shop's search finds the chargers with it, at once.
  await expect.poll(() => shopFinds(request, word)).toEqual(chargers);
  // And a shopper sees them (in Arabic: the shop and the back office share the language chosen).
  await page.goto(`/products?search=${word}`);
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(chargers.total, PRODUCT_PAGE_SIZE));

  // The same pair again: the server says so, in Arabic.
  await page.goto('/admin/synonyms');
  await page.getByTestId('synonym-term').fill(word);
  await page.getByTestId('synonym-alternative').fill('charger');
  await page.getByTestId('synonym-add').click();
  await expect(form).toContainText('المرادف ده موجود قبل كده');

  // Deleted: the word finds nothing again.
  await page.getByTestId('synonyms-filter').fill(word);
  await page.getByRole('button', { name: `امسح: “${word}” بتلاقي كمان “charger”` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('synonyms-status')).toContainText(`اتمسح: “${word}”`);
  await expect(page.getByText(`مفيش مرادف فيه “${word}”.`)).toBeVisible();
  await expect.poll(async () => (await shopFinds(request, word)).total).toBe(0);
});

test('the synonyms screen in English, left to right, with the seeded Egyptian words', async ({
  page,
  request,
}) => {
  await openSignedIn(page, request, 'en');
  await page.goto('/admin/synonyms');
  await expect(page.getByRole('heading', { name: 'Search synonyms', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('synonyms-count')).toContainText(/synonyms · page 1 of \d+/);
  // The seed's everyday word for the catalog's formal one (decision 020).
  await page.getByTestId('synonyms-filter').fill('مكيف');
  await expect(page.getByTestId('synonyms-table')).toContainText('تكييف');
});

test('deleting the only synonym on the last page goes back to the page before, with its pager', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await openSignedIn(page, request, 'en');
  // One page and one more, under a prefix no other synonym has.
  const prefix = `zq${Math.random().toString(36).slice(2, 6)}`;
  for (let i = 0; i <= 50; i++) {
    const res = await request.post('/v1/admin/synonyms?locale=en', {
      headers: session.headers,
      data: { term: `${prefix}${String(i).padStart(2, '0')}`, alternative: 'charger' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/admin/synonyms');
  await page.getByTestId('synonyms-filter').fill(prefix);
  await expect(page.getByTestId('synonyms-count')).toHaveText('51 synonyms · page 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('synonyms-count')).toHaveText('51 synonyms · page 2 of 2');
  await expect(page.getByTestId('synonyms-table').locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Delete: “${prefix}50” also finds “charger”` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('synonyms-status')).toContainText(`Deleted: “${prefix}50”`);
  await expect(page.getByTestId('synonyms-count')).toHaveText('50 synonyms · page 1 of 1');
  await expect(page.getByTestId('synonyms-table').locator('tbody tr')).toHaveCount(50);
});
