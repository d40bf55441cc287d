import { expect, inLocale, test } from './fixtures';

/**
 * Every page has its own title in the shopper's language, with the store's name spelled one way (issue 16,
 * item 10): "<page> | إلكترونيات مصر", or the name alone on the home page.
 */
const STORE = { ar: 'إلكترونيات مصر', en: 'Egypt Electronics' } as const;

for (const locale of ['ar', 'en'] as const) {
  test(`each page has a title of its own, in its language (${locale})`, async ({ page }) => {
    await inLocale(page, locale);
    await page.goto('/');
    await expect(page).toHaveTitle(STORE[locale]);
    const seen = new Set<string>();
    for (const path of [
      '/products',
      '/products/1',
      '/special-offers',
      '/about-us',
      '/terms-conditions',
      '/privacy-policy',
      '/returns-policy',
      '/cart',
      '/auth/signin',
      '/auth/register',
      '/auth/forgot_password',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${STORE[locale]}$`));
      const title = await page.title();
      expect(seen.has(title), `${path}: "${title}" is another page's title`).toBe(false);
      seen.add(title);
      // Titles in Arabic have Arabic words; in English, none.
      expect(/[\u0600-\u06FF]/.test(title.replace(STORE[locale], '')), `${path}: ${title}`).toBe(
        locale === 'ar',
      );
    }
  });
}
