import { expect, inLocale, test } from './fixtures';

/**
 * No lost place (issue 16, item 4): a new page starts at its top with the focus on its heading (screen readers say
 * where the shopper is); Back returns to where the shopper was in the list.
 */
for (const locale of ['ar', 'en'] as const) {
  test(`list -> product -> Back keeps the place; a new page starts at the top, its heading focused (${locale}) @phone`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // Two pages of the list (More), then down the list as a shopper scrolls.
    await page.getByTestId('load-more').click();
    await expect(page.getByTestId('product-card').nth(22)).toBeVisible();
    // Down the list, as a shopper scrolls, to a product far below the first screen.
    const target = page.getByTestId('product-card').nth(22);
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    const link = target.getByRole('heading').getByRole('link');
    const title = await link.textContent();
    // A wheel's scroll may still be gliding: the place the shopper leaves is read once the page has come to rest
    // (read mid-glide, it was up to 200 px short of where the page stood when the link was pressed).
    const before = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = -1;
          const look = () =>
            window.scrollY === last ? resolve(last) : ((last = window.scrollY), setTimeout(look, 150));
          look();
        }),
    );
    await link.click();
    await expect(page).toHaveURL(/\/products\/\d+/);
    await expect(page.locator('main h1')).toHaveText(title!.trim());
    await expect(page.locator('main h1')).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);

    await page.goBack();
    await expect(page).toHaveURL(/\/products(\?|$)/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 100);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 100);
  });
}
