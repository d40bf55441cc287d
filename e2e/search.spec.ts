import { expect, inLocale, test, type Page } from './fixtures';

/**
 * Search as shoppers in Egypt type (issue 15), in a real Chromium on the demo catalog: an everyday word finds its
 * department, a typo offers the corrected query one tap away, the categories and brands of the results filter the
 * list, a search that finds nothing leads somewhere, and a lowest price above the highest is explained. Arabic,
 * then English.
 */
const cards = (page: Page) => page.getByTestId('product-grid').getByTestId('product-card');

/** Home in Arabic, then a search typed into the header's box and sent with Enter. */
async function searchFromHome(page: Page, text: string) {
  await inLocale(page, 'ar');
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'ابحث عن منتج' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(/search=/);
}

test('an everyday word finds its department; the categories of the results narrow the list (ar)', async ({
  page,
}) => {
  await searchFromHome(page, 'مكيف');
  await expect(cards(page).first()).toBeVisible();
  // The catalog says تكييف: the shopper's مكيف finds it.
  await expect(cards(page).first()).toContainText('تكييف');
  const facet = page.getByTestId('category-facet');
  await expect(facet).toBeVisible();
  const before = await page.getByTestId('result-count').textContent();
  const first = facet.getByRole('button').first();
  const name = (await first.locator('bdi').textContent())!;
  await first.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('category_id')).not.toBeNull();
  await expect(page.getByTestId('result-count')).not.toHaveText(before!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('مكيف');
  expect(name.length).toBeGreaterThan(0);
});

test('a typo offers the corrected words one tap away; brand counts filter the results (en)', async ({
  page,
}) => {
  await inLocale(page, 'en');
  await page.goto(`/products?search=${encodeURIComponent('refrigeratr')}`);
  const hint = page.getByTestId('did-you-mean');
  await expect(hint).toContainText('Did you mean');
  await hint.getByRole('link').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('refrigerator');
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();

  const brands = page.getByTestId('brand-filter');
  const label = brands.locator('label').first();
  await expect(label).toContainText(/\(\d+\)/);
  const count = Number(/\((\d+)\)/.exec((await label.textContent())!)![1]);
  await label.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('brand_id')).not.toBeNull();
  await expect(page.getByTestId('result-count')).toContainText(String(count));
});

test('Arabic typed in Latin letters (Franco) finds the products and says the word it was read as, in both languages @phone', async ({
  page,
}) => {
  // The English shop on a phone whose keyboard is in English: talaga is ثلاجة.
  await inLocale(page, 'en');
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search for a product' });
  await box.fill('talaga');
  // The box's suggestions already hold the fridges.
  await expect(page.getByTestId('search-suggestions').getByRole('option').first()).toContainText(
    'Refrigerator',
  );
  await box.press('Enter');
  await expect(cards(page).first()).toContainText('Refrigerator');
  const hint = page.getByTestId('did-you-mean');
  await expect(hint).toHaveText('Did you mean ثلاجة?');
  // The Arabic word is one tap away, and finds the same fridges as itself.
  await hint.getByRole('link').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('ثلاجة');
  await expect(cards(page).first()).toContainText('Refrigerator');
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);

  // The Arabic shop, right to left (an address in a language wins): sha7en is شاحن, not a Latin word like it.
  await page.goto(`/products?search=sha7en&lang=ar`);
  await expect(cards(page).first()).toContainText('شاحن');
  await expect(page.getByTestId('did-you-mean')).toHaveText('قصدك شاحن؟');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
});

test('a search no product has every word of shows the search without the word that says least, says so, and offers the others, in both languages @phone', async ({
  page,
}) => {
  // The demo has the iPhone 15 and 15 Plus, no 15 Pro; Samsung's Galaxy phones, no S99.
  await searchFromHome(page, 'ايفون 15 برو');
  await expect(page.getByTestId('showing-for')).toHaveText(
    'مفيش منتج فيه كل “ايفون 15 برو”. دي نتايج “ايفون 15”. أو دوّر على “ايفون برو” أو “15 برو”.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ايفون 15 برو');
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('آيفون 15');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // Arabic names the thing first; بتاع (of) is not asked of the products.
  await page.goto(`/products?search=${encodeURIComponent('شاحن بتاع ايفون')}`);
  await expect(page.getByTestId('showing-for')).toHaveText(
    'مفيش منتج فيه كل “شاحن بتاع ايفون”. دي نتايج “شاحن”. أو دوّر على “ايفون”.',
  );
  await expect(cards(page).first()).toContainText('شاحن');
  // A search that finds something says nothing of the kind.
  await page.goto(`/products?search=${encodeURIComponent('شاحن')}`);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('showing-for')).toHaveCount(0);

  // The English page (an address in a language wins: the shopper's choice from then on).
  await page.goto(`/products?search=${encodeURIComponent('samsung galaxy s99')}&lang=en`);
  await expect(page.getByTestId('showing-for')).toHaveText(
    'No product has all of “samsung galaxy s99”. Showing the results for “samsung galaxy”.',
  );
  await expect(cards(page).first()).toContainText('Samsung Galaxy');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  // English names the thing last: iphone charger shows the chargers, Apple's own first (the iPhones are Apple's),
  // the iPhones a tap away.
  await page.goto(`/products?search=${encodeURIComponent('iphone charger')}&lang=en`);
  const said = page.getByTestId('showing-for');
  await expect(said).toHaveText(
    'No product has all of “iphone charger”. Showing the results for “charger”. Or search for “iphone”.',
  );
  await expect(cards(page).first()).toContainText('Apple 20W USB-C Power Adapter');
  await said.getByRole('link', { name: '“iphone”' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('iphone');
  await expect(cards(page).first()).toContainText('iPhone');
  await expect(page.getByTestId('showing-for')).toHaveCount(0);
  // A word that only ties the others (for) is not asked of the products, and the thing is before it.
  await page.goto(`/products?search=${encodeURIComponent('charger for iphone')}&lang=en`);
  await expect(said).toHaveText(
    'No product has all of “charger for iphone”. Showing the results for “charger”. Or search for “iphone”.',
  );
  await expect(cards(page).first()).toContainText('Apple');
});

test("the search box suggests what Enter shows when no product has every word: the chargers, Apple's first, in both languages @phone", async ({
  page,
}) => {
  // It answered nothing, as if the store had no charger (issue 43).
  for (const [locale, words, name, first] of [
    ['ar', 'شاحن ايفون', 'ابحث عن منتج', 'شاحن أبل 20 وات'],
    ['en', 'iphone charger', 'Search for a product', 'Apple 20W USB-C Power Adapter'],
  ] as const) {
    // An address in a language wins (the shopper's choice from then on).
    await page.goto(`/?lang=${locale}`);
    await page.getByRole('combobox', { name }).fill(words);
    const options = page.getByTestId('search-suggestions').getByRole('option');
    await expect(options.first()).toContainText(first);
    expect(await options.count()).toBeGreaterThan(2);
  }
});

test('a search that finds nothing leads to categories; a lowest price above the highest is explained', async ({
  page,
}) => {
  await inLocale(page, 'ar');
  await page.goto(`/products?search=${encodeURIComponent('qqqzzz')}`);
  const near = page.getByTestId('nearest-categories');
  await expect(near).toBeVisible();
  await near.getByRole('link').first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get('category_id')).not.toBeNull();
  await expect(cards(page).first()).toBeVisible();

  await page.goto('/products');
  await expect(cards(page).first()).toBeVisible();
  const before = await page.getByTestId('result-count').textContent();
  await page.getByRole('textbox', { name: 'أقل سعر' }).fill('50000');
  await page.getByRole('textbox', { name: 'أعلى سعر' }).fill('100');
  await expect(page.getByTestId('price-error')).toContainText('أقل سعر أكبر من أعلى سعر');
  // The list stays as it was until the range makes sense.
  await page.waitForTimeout(1200);
  await expect(page.getByTestId('result-count')).toHaveText(before!);
  expect(new URL(page.url()).searchParams.get('min_price')).toBeNull();
});

test('an unknown category and a page past the last say so, with a way back (en)', async ({ page }) => {
  await inLocale(page, 'en');
  await page.goto('/products?category_id=99999');
  await expect(page.getByTestId('unknown-category')).toContainText('This category does not exist');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All products');
  await page.getByTestId('unknown-category').getByRole('link').click();
  await expect(cards(page).first()).toBeVisible();

  await page.goto('/products?page=99');
  const past = page.getByTestId('past-last-page');
  await expect(past).toContainText('There is no page 99');
  await past.getByRole('link').click();
  await expect(cards(page).first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
});
