import type { Page } from '@playwright/test';
import { expect, inLocale, test } from './fixtures';

/**
 * The place in a list is kept (issue 43, item 14): a list opened directly (its first page, the tab's first page, no
 * "More") comes back where the shopper left it after a product and Back, and after a reload.
 */

/** Where the page stands once a wheel's glide has come to rest. */
const restingY = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = -1;
        const look = () =>
          window.scrollY === last ? resolve(last) : ((last = window.scrollY), setTimeout(look, 150));
        look();
      }),
  );

/** Down a list opened directly, as a shopper scrolls, to its eleventh product. */
async function downTheList(page: Page) {
  await page.goto('/products');
  await expect(page.getByTestId('product-card').nth(10)).toBeVisible();
  const target = page.getByTestId('product-card').nth(10);
  await target.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  return target;
}

for (const locale of ['ar', 'en'] as const) {
  test(`a list opened directly: product -> Back returns to the same place (${locale}) @phone`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    const target = await downTheList(page);
    const link = target.getByRole('heading').getByRole('link');
    const title = (await link.textContent())!.trim();
    const before = await restingY(page);
    await link.click();
    await expect(page).toHaveURL(/\/products\/\d+/);
    await expect(page.locator('main h1')).toHaveText(title);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 100);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 100);
    await expect(page.getByRole('link', { name: title, exact: true }).first()).toBeInViewport();

    // A reload of the list keeps the place too.
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 100);
  });
}
