import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';

/**
 * Product lists (filters, sort, pages, shared URLs, Back), the product page (gallery, counter limits, stock) and
 * the guest cart, in a real Chromium against the built app on the real API with the demo catalog. Products with
 * the right properties (low stock, a per-order maximum, several images) are found through the API, not assumed.
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

interface Img {
  is_3d_image: boolean;
  versions: { thumbnail: string; medium: string };
}
interface P {
  id: number;
  title: string;
  stock: number;
  maximum_number_per_order: number | null;
  checkout_price: number;
  images: Img[];
  category: { id: number; name: string };
  brand: { id: number; name: string };
}
interface ListAnswer {
  products: P[];
  meta: {
    total_entries: number;
    next_page: number | null;
    per_page: number;
    min_price: number;
    max_price: number;
  };
}
type Named = { id: number; name: string };

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answers`).toBeTruthy();
  return (await res.json()) as T;
}

let everything: P[] | undefined;
/** Every product of the demo catalog (English), page by page. */
async function allProducts(request: APIRequestContext): Promise<P[]> {
  if (everything) return everything;
  const out: P[] = [];
  for (let page = 1; ; page++) {
    const r = await apiGet<ListAnswer>(request, `/v1/products?per_page=100&page=${page}&locale=en`);
    out.push(...r.products);
    if (r.meta.next_page === null) break;
  }
  everything = out;
  return out;
}

async function findProduct(request: APIRequestContext, what: string, test: (p: P) => boolean): Promise<P> {
  const p = (await allProducts(request)).find(test);
  expect(p, `the demo catalog has ${what}`).toBeTruthy();
  return p!;
}

/** English, for the spec's own words; the page store is the same one the app reads before its first paint. */
async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'en' }, version: 0 }));
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  });
}

const cards = (page: Page) => page.getByTestId('product-grid').getByTestId('product-card');
const cardIds = async (page: Page) =>
  await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-id'))));
const cardPrices = async (page: Page) =>
  await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
const resultCount = (page: Page) => page.getByTestId('result-count');
/**
 * Waits until the list shows the answer of the current URL: the list is rendered for this address (a navigation
 * changes the address first, the page a moment later) and shows no dimmed placeholder or spinner.
 */
const settled = async (page: Page) => {
  await expect(page.getByTestId('product-list')).toHaveAttribute(
    'data-search',
    new URL(page.url()).searchParams.toString(),
  );
  await expect(page.getByTestId('product-list').locator('section[aria-busy="true"]')).toHaveCount(0);
};

test.describe('product lists', () => {
  test('filter by category and brand; the category selector appears with a brand; Back restores the list', async ({
    page,
    request,
  }) => {
    await inEnglish(page);
    const { categories } = await apiGet<{ categories: Named[] }>(request, '/v1/categories?locale=en');
    // A root category with at least two brands, so a brand narrows the list.
    let category: Named | undefined;
    let brand: Named | undefined;
    let inCategory = 0;
    for (const c of categories) {
      const list = await apiGet<ListAnswer>(request, `/v1/products?category_id=${c.id}&per_page=1&locale=en`);
      const { brands } = await apiGet<{ brands: Named[] }>(
        request,
        `/v1/brands?category_id=${c.id}&per_page=10&locale=en`,
      );
      if (list.meta.total_entries > 0 && brands.length >= 2) {
        category = c;
        brand = brands[0];
        inCategory = list.meta.total_entries;
        break;
      }
    }
    expect(category && brand, 'a category with two brands').toBeTruthy();
    const both = await apiGet<ListAnswer>(
      request,
      `/v1/products?category_id=${category!.id}&brand_id=${brand!.id}&per_page=1&locale=en`,
    );

    await page.goto(`/products?category_id=${category!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(category!.name);
    await expect(resultCount(page)).toContainText(String(inCategory));
    await expect(page.getByTestId('brand-category')).toHaveCount(0);

    await page.getByRole('checkbox', { name: brand!.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`brand_id=${brand!.id}(&|$)`));
    await expect(resultCount(page)).toContainText(String(both.meta.total_entries));
    await settled(page);
    // Only shown when filtered by brand: the categories that hold the brand's products.
    await expect(page.getByTestId('brand-category').getByRole('combobox')).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(brand!.name);

    await page.goBack();
    await expect(page).not.toHaveURL(/brand_id=/);
    await expect(resultCount(page)).toContainText(String(inCategory));
    await expect(page.getByRole('checkbox', { name: brand!.name, exact: true })).not.toBeChecked();
  });

  test('brands load page by page: More brands (or scrolling to the end) brings the next page', async ({
    page,
    request,
  }) => {
    const first = await apiGet<{
      brands: Named[];
      meta: { next_page: number | null; total_entries: number };
    }>(request, '/v1/brands?per_page=10&page=1&locale=en');
    await inEnglish(page);
    await page.goto('/products');
    const boxes = page.getByTestId('brand-filter').getByRole('checkbox');
    await expect(boxes).toHaveCount(first.brands.length);
    test.skip(first.meta.next_page === null, 'the demo catalog has a single page of brands');
    await page.getByRole('button', { name: 'More brands' }).click();
    await expect(boxes).toHaveCount(Math.min(20, first.meta.total_entries));
    // Scrolling the list to its end loads the page after.
    if (first.meta.total_entries > 20) {
      await boxes.last().scrollIntoViewIfNeeded();
      await expect(boxes).toHaveCount(Math.min(30, first.meta.total_entries));
    }
  });

  test('price range: a letter is refused with the message; digits filter the list after the pause', async ({
    page,
  }) => {
    await inEnglish(page);
    await page.goto('/products');
    await settled(page);
    const min = page.getByRole('textbox', { name: 'Minimum price' });
    await min.pressSequentially('a');
    await expect(page.getByTestId('price-error')).toHaveText('Only numbers are allowed in the price field.');
    await expect(min).toHaveValue('');

    const before = await cardPrices(page);
    const threshold = Math.max(1, Math.round(before.sort((a, b) => a - b)[Math.floor(before.length / 2)]!));
    await min.fill(String(threshold));
    await expect(page.getByTestId('price-error')).toHaveText('');
    await expect(page).toHaveURL(new RegExp(`min_price=${threshold}`));
    await settled(page);
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(threshold);
    // The slider follows the typed value (its lower thumb sits at the threshold).
    await expect(page.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute(
      'aria-valuenow',
      String(threshold),
    );
  });

  test('sort by lowest price shows prices in ascending order', async ({ page }) => {
    await inEnglish(page);
    await page.goto('/products');
    await settled(page);
    await page.getByTestId('sort-menu').click();
    await page.getByRole('menuitemradio', { name: 'Lowest price' }).click();
    await expect(page).toHaveURL(/sort=lowest_price/);
    await settled(page);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(page.getByTestId('sort-menu')).toContainText('Lowest price');
  });

  test('pages and More; a shared URL shows the same list; Back goes to the previous one', async ({
    page,
    browser,
    request,
  }) => {
    const total = (await apiGet<ListAnswer>(request, '/v1/products?per_page=12&locale=en')).meta
      .total_entries;
    expect(total, 'at least three pages of products').toBeGreaterThan(24);
    await inEnglish(page);
    await page.goto('/products?sort=highest_price');
    await settled(page);
    await expect(cards(page)).toHaveCount(12);
    const page1 = await cardIds(page);

    await page.getByTestId('load-more').click();
    await expect(page).toHaveURL(/page=2&from=1|from=1.*page=2/);
    await expect(cards(page)).toHaveCount(24);
    const pages12 = await cardIds(page);
    expect(pages12.slice(0, 12)).toEqual(page1);

    await page.getByTestId('pagination').getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page).not.toHaveURL(/from=/);
    await settled(page);
    await expect(cards(page)).toHaveCount(Math.min(12, total - 24));
    const page3 = await cardIds(page);
    expect(page3.some((id) => pages12.includes(id))).toBe(false);
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Opened fresh elsewhere (a shared link): the same products in the same order.
    const shared = page.url();
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(shared);
    await expect(cards(fresh)).toHaveCount(page3.length);
    expect(await cardIds(fresh)).toEqual(page3);
    await other.close();

    // Back: the list with the two first pages again.
    await page.goBack();
    await expect(page).toHaveURL(/from=1/);
    await settled(page);
    await expect(cards(page)).toHaveCount(24);
    expect(await cardIds(page)).toEqual(pages12);
  });

  test('a list nothing matches says so', async ({ page }) => {
    await inEnglish(page);
    await page.goto('/products?min_price=9999999');
    await expect(page.getByTestId('empty-list')).toContainText('No products match');
  });

  test('special offers and an unknown promotion', async ({ page, request }) => {
    const offers = await apiGet<ListAnswer>(
      request,
      '/v1/products?in_dedicated_page=true&per_page=1&locale=en',
    );
    await inEnglish(page);
    await page.goto('/special-offers');
    await expect(page.getByRole('heading', { level: 1, name: 'Special offers' })).toBeVisible();
    await expect(resultCount(page)).toContainText(String(offers.meta.total_entries));
    await page.goto('/promotions/no-such-promotion-here');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('@phone at 375 × 812 six products fit the first screen whole, each with price, monthly amount and a cart button', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    type Row = P & { rating: unknown; monthly_from: number | null };
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(lang === 'ar' ? '/products' : '/products?lang=en');
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      const whole = boxes.filter((b) => b.top >= 0 && b.bottom <= 812 && b.left >= 0 && b.right <= 375);
      expect(whole.length, `${lang}: products whole on the first screen`).toBeGreaterThanOrEqual(6);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // The rows as the shop has them now (the back office's browser tests add products beside this one).
      for (let i = 0; i < 6; i++) {
        const card = cards.nth(i);
        const id = await card.getAttribute('data-product-id');
        const { product: p } = await apiGet<{ product: Row }>(request, `/v1/products/${id}?locale=${lang}`);
        if (p.monthly_from != null) await expect(card.getByTestId('monthly-from')).toBeVisible();
        await expect(card.getByTestId('product-rating')).toHaveCount(p.rating ? 1 : 0);
        // The stock shows on a row only when it is low or gone ("only 3 left", "out of stock").
        await expect(card.locator('[data-availability]')).toBeVisible({ visible: p.stock <= 3 });
        // The cart button is a round icon at the row's end, big enough for a thumb, named for the product.
        const button = card.getByRole('button', { name: new RegExp(p.title.slice(0, 12)) });
        const b = (await button.boundingBox())!;
        expect(b.width).toBeGreaterThanOrEqual(40);
        // The picture (or its stand-in, for a product added without one) at the row's start: right in Arabic, left
        // in English; the button at the other end.
        const picture = (await card.locator('img, [data-testid="no-image"]').first().boundingBox())!;
        if (lang === 'ar') expect(picture.x).toBeGreaterThan(b.x);
        else expect(picture.x).toBeLessThan(b.x);
      }
      await page.screenshot({ path: `${ARTIFACTS}/list-rows-${lang}-375.png` });
    }
  });

  test('@phone the filters open in a modal at 375 px and filter the list', async ({ page, request }) => {
    const { brands } = await apiGet<{ brands: Named[] }>(request, '/v1/brands?per_page=10&locale=en');
    const brand = brands[0]!;
    const both = await apiGet<ListAnswer>(request, `/v1/products?brand_id=${brand.id}&per_page=1&locale=en`);
    await inEnglish(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/products');
    await settled(page);
    await expect(page.getByTestId('brand-filter')).toHaveCount(0);
    await page.getByTestId('open-filters').click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: brand.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`brand_id=${brand.id}`));
    await expect(dialog.getByTestId('apply-filters')).toContainText(String(both.meta.total_entries));
    await dialog.getByTestId('apply-filters').click();
    await expect(dialog).toBeHidden();
    await expect(resultCount(page)).toContainText(String(both.meta.total_entries));
    await page.screenshot({ path: `${ARTIFACTS}/list-filtered-en-375.png`, fullPage: true });
  });
});

test.describe('product page', () => {
  test('gallery: thumbnails switch the image, fullscreen opens and closes; title and description are set', async ({
    page,
    request,
  }) => {
    const p = await findProduct(
      request,
      'a product with two photos',
      (x) => x.images.filter((i) => !i.is_3d_image).length >= 2,
    );
    await inEnglish(page);
    await page.goto(`/products/${p.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
    await expect(page).toHaveTitle(new RegExp(p.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const description = (
      await apiGet<{ product: { description: string } }>(request, `/v1/products/${p.id}?locale=en`)
    ).product.description;
    // The product's own description (shortened) in every description tag, in the shopper's language.
    await expect
      .poll(() =>
        page
          .locator('meta[name="description"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('content') ?? '')),
      )
      .toEqual(expect.arrayContaining([expect.stringContaining(description.slice(0, 60))]));
    const contents = await page
      .locator('meta[name="description"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('content')));
    expect(new Set(contents).size).toBe(1);

    const main = page.getByTestId('gallery-main');
    const first = await main.getAttribute('src');
    const photos = p.images.filter((i) => !i.is_3d_image);
    const secondIndex = p.images.indexOf(photos[1]!);
    await page.getByTestId('gallery-thumbs').getByRole('button').nth(secondIndex).click();
    await expect(main).not.toHaveAttribute('src', first!);
    await expect(main).toHaveAttribute('src', photos[1]!.versions.medium);

    // The fullscreen view (and Radix Dialog with it) comes when first opened, not with the page's hydration.
    const fullscreenCode = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((e) => /\/gallery-fullscreen-[^/]*\.js$/.test(e.name)).length,
      );
    expect(await fullscreenCode()).toBe(0);
    const opener = page.getByTestId('open-fullscreen');
    await opener.click();
    const full = page.getByTestId('fullscreen');
    await expect(full).toBeVisible();
    expect(await fullscreenCode()).toBe(1);
    await expect(full.getByTestId('fullscreen-image')).toBeVisible();
    await expect(full.getByText(`${secondIndex + 1} / ${p.images.length}`)).toBeVisible();
    await full.getByRole('button', { name: 'Next image' }).click();
    await expect(
      full.getByText(`${((secondIndex + 1) % p.images.length) + 1} / ${p.images.length}`),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(full).toBeHidden();
    // Closed, the focus is back on what opened it.
    await expect(opener).toBeFocused();
  });

  test('counter limits: the per-order maximum and the stock, with their messages; 0 and negatives', async ({
    page,
    request,
  }) => {
    const capped = await findProduct(
      request,
      'a product whose per-order maximum is below its stock',
      (x) => x.maximum_number_per_order !== null && x.maximum_number_per_order < x.stock,
    );
    const low = await findProduct(
      request,
      'a product with 2 or 3 left and no lower per-order maximum',
      (x) =>
        x.stock >= 2 &&
        x.stock <= 3 &&
        (x.maximum_number_per_order === null || x.maximum_number_per_order >= x.stock),
    );
    await inEnglish(page);

    await page.goto(`/products/${capped.id}`);
    const qty = page.getByRole('textbox', { name: /^Quantity of/ });
    await qty.fill(String(capped.maximum_number_per_order! + 5));
    await qty.press('Enter');
    await expect(page.getByTestId('quantity-warning')).toHaveText(
      `Only ${capped.maximum_number_per_order} available per order`,
    );
    await expect(qty).toHaveValue(String(capped.maximum_number_per_order));
    await qty.fill('-4');
    await qty.press('Enter');
    await expect(qty).toHaveValue('1');

    await page.goto(`/products/${low.id}`);
    await expect(page.getByTestId('product-availability')).toHaveText(`Only ${low.stock} left`);
    await expect(page.getByTestId('product-availability')).toHaveAttribute('data-availability', 'low_stock');
    const qty2 = page.getByRole('textbox', { name: /^Quantity of/ });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(qty2).toHaveValue('2');
    await qty2.fill(String(low.stock + 1));
    await qty2.press('Enter');
    await expect(page.getByTestId('quantity-warning')).toHaveText(`Only ${low.stock} available in stock`);
    await expect(qty2).toHaveValue(String(low.stock));

    // In the cart, the counter changes the line, and 0 removes it.
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('remove-from-cart')).toBeVisible();
    await qty2.fill('0');
    await qty2.press('Enter');
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
  });

  test('an out-of-stock product cannot be added, on its page or from a card', async ({ page, request }) => {
    const gone = await findProduct(request, 'an out-of-stock product', (x) => x.stock === 0);
    await inEnglish(page);
    await page.goto(`/products/${gone.id}`);
    await expect(page.getByTestId('product-availability')).toHaveText('Out of stock');
    await expect(page.getByTestId('product-availability')).toHaveAttribute(
      'data-availability',
      'out_of_stock',
    );
    await expect(page.getByTestId('add-to-cart')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();

    await page.goto(`/products?search=${encodeURIComponent(gone.title)}`);
    const card = page.locator(`[data-testid="product-card"][data-product-id="${gone.id}"]`);
    await expect(card.getByRole('button')).toBeDisabled();
  });

  test('a guest tapping the heart is asked to sign in; an unknown product goes to 404', async ({
    page,
    request,
  }) => {
    const p = (await allProducts(request))[0]!;
    await inEnglish(page);
    await page.goto(`/products/${p.id}`);
    await page.getByTestId('favorite').click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to save favorites' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
    await page.keyboard.press('Escape');

    await page.goto('/products/987654321');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('related products of the same category, and the recently viewed list', async ({ page, request }) => {
    const [a, b] = (await allProducts(request)).filter((x) => x.images.length > 0);
    await inEnglish(page);
    await page.goto(`/products/${a!.id}`);
    const related = page.getByTestId('related-products').getByTestId('product-card');
    await expect(related.first()).toBeVisible();
    const relatedCount = await related.count();
    expect(relatedCount).toBeLessThanOrEqual(10);
    expect(
      await related.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id'))),
    ).not.toContain(String(a!.id));

    await page.goto(`/products/${b!.id}`);
    await expect(page.getByTestId('recently-viewed').locator(`[data-product-id="${a!.id}"]`)).toHaveCount(1);
  });
});

test.describe('guest cart', () => {
  test('add from a card and from the product page, change quantity, remove, and checkout asks to sign in', async ({
    page,
    request,
  }) => {
    const all = await allProducts(request);
    await inEnglish(page);

    // From a card on a list.
    await page.goto('/products?sort=highest_price');
    await settled(page);
    const fromCard = Number(
      await cards(page)
        .filter({ has: page.locator('[data-testid="card-add"]:not([disabled])') })
        .first()
        .getAttribute('data-product-id'),
    );
    const card = cards(page).and(page.locator(`[data-product-id="${fromCard}"]`));
    await card.getByTestId('card-add').click();
    await expect(card.getByTestId('card-remove')).toBeVisible();
    const fromPage = all.find(
      (x) => x.id !== fromCard && x.stock > 5 && (x.maximum_number_per_order ?? 99) > 3,
    );
    expect(fromPage, 'a product with room for 3 in the cart').toBeTruthy();

    // From the product page, two of them.
    await page.goto(`/products/${fromPage!.id}`);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('remove-from-cart')).toBeVisible();

    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(page.getByTestId('summary-count')).toHaveText('3');
    const line = page.locator(`[data-testid="cart-line"][data-product-id="${fromPage!.id}"]`);
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line.getByRole('textbox')).toHaveValue('3');
    await expect(page.getByTestId('summary-count')).toHaveText('4');
    const expected = fromPage!.checkout_price * 3;
    await expect(line.getByTestId('line-total')).toContainText(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .format(expected)
        .replace(/\.00$/, ''),
    );

    // Remove the card's product; the other stays.
    await page
      .locator(`[data-testid="cart-line"][data-product-id="${fromCard}"]`)
      .getByTestId('cart-remove')
      .click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByTestId('summary-count')).toHaveText('3');

    // Proceed to checkout: a guest is told to sign in or register, and keeps the items.
    await page.getByTestId('proceed-checkout').click();
    const dialog = page.getByRole('dialog', { name: "You're not logged in" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
    await expect(dialog.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(lines).toHaveCount(1);
    await expect(line.getByRole('textbox')).toHaveValue('3');
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});

test.describe('screenshots', () => {
  test('a list, a product page and the cart in both languages at 1366 and 375 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const p = await findProduct(
      request,
      'a product in stock with several photos',
      (x) => x.images.length > 1 && x.stock > 3,
    );
    for (const locale of ['ar', 'en'] as const) {
      await page.goto('/');
      await page.evaluate((l) => {
        localStorage.setItem('store-locale', JSON.stringify({ state: { locale: l }, version: 0 }));
        localStorage.setItem('store-guest-cart', JSON.stringify({ state: { lines: [] }, version: 0 }));
      }, locale);
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 740 });
        await page.goto(`/products?category_id=${p.category.id}`);
        await settled(page);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${ARTIFACTS}/list-${locale}-${width}.png`, fullPage: true });

        await page.goto(`/products/${p.id}`);
        await expect(page.getByTestId('gallery-main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${ARTIFACTS}/product-${locale}-${width}.png`, fullPage: true });
        if (!(await page.getByTestId('remove-from-cart').isVisible()))
          await page.getByTestId('add-to-cart').click();

        await page.goto('/cart');
        await expect(page.getByTestId('cart-line').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${ARTIFACTS}/cart-${locale}-${width}.png`, fullPage: true });
      }
    }
  });
});
