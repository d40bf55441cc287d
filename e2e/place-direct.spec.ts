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
async function downTheList(page: Page, address = '/products') {
  await page.goto(address);
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

for (const [locale, address] of [
  ['ar', '/products'],
  ['en', '/products'],
  // An address that names its language (a shared link, a search engine's result) changes with the switch.
  ['en', '/products?lang=en'],
] as const) {
  test(`switching language keeps the place in a list, on the same product (${address}, ${locale}) @phone`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    const target = await downTheList(page, address);
    const href = await target.getByRole('heading').getByRole('link').getAttribute('href');
    const before = await restingY(page);
    // Pressed where the shopper is: the header's switch is clicked without scrolling up to it first (a keyboard
    // user, or a shopper on a page short enough to see it), so only the switch itself can move the page.
    await page.evaluate(() =>
      document.querySelector<HTMLElement>('[data-testid="language-switch"]')!.click(),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'ar' ? 'en' : 'ar');
    // The same product is still on screen, in the other language, and the page did not jump to its top.
    await expect(page.locator(`[data-testid="product-card"] a[href="${href}"]`).first()).toBeInViewport();
    expect(await restingY(page)).toBeGreaterThan(before - 200);
  });
}
