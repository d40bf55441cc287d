import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';

/**
 * The storefront's shell (header, burger, footer, language) and its home, about, policy and 404 pages, in a real
 * Chromium against the built app on the real API with the demo catalog.
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

type Named = { id: number; name: string };
type Setting = { value: string | null; attachment_url: string | null };

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answers`).toBeTruthy();
  return (await res.json()) as T;
}

/** Starts every test from a clean browser: Arabic (the default), empty cart, nothing viewed. */
test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const html = (page: Page) => page.locator('html');
/** The list page was opened with this query parameter (whatever else the list adds to its address). */
async function expectList(page: Page, param: string, value: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
  await expect.poll(() => new URL(page.url()).searchParams.get(param)).toBe(value);
}
const switchLanguage = (page: Page) =>
  page.getByTestId('language-switch').filter({ visible: true }).first().click();

test('home opens in Arabic, right to left, built from the store API', async ({ page, request }) => {
  const settings = (
    await apiGet<{ page_settings: Record<string, Setting> }>(
      request,
      '/v1/page_settings?group=home_page&locale=ar',
    )
  ).page_settings;
  const { categories } = await apiGet<{ categories: Named[] }>(
    request,
    '/v1/categories?show_on_homepage=true&locale=ar',
  );
  const { brands } = await apiGet<{ brands: (Named & { icon_url: string | null })[] }>(
    request,
    '/v1/brands?show_on_homepage=true&per_page=6&locale=ar',
  );
  const promoted = await apiGet<{ products: unknown[] }>(
    request,
    '/v1/products?in_active_promotion=true&per_page=1&locale=ar',
  );
  const featured = await apiGet<{ meta: { total_entries: number } }>(
    request,
    '/v1/products?featured=true&per_page=1&locale=ar',
  );

  await page.goto('/');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page)).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'حساب جديد' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'عروض خاصة', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('16581');

  // The carousel shows the Arabic slides of the page settings.
  const slides = page.getByTestId('hero-carousel').locator('img');
  await expect(slides).toHaveCount(2);
  const arFirst = settings.top_slider_first_ar?.attachment_url ?? settings.top_slider_first?.attachment_url;
  await expect(slides.first()).toHaveAttribute('src', arFirst!);

  // Explore banners: an absolute link is a plain link to that address, any other goes through the app.
  const banners = page.getByTestId('explore-banners').getByRole('link');
  await expect(banners).toHaveCount(4);
  for (const [i, name] of ['explore_first', 'explore_second', 'explore_third', 'explore_fourth'].entries()) {
    const link = settings[`${name}_link`]?.value?.trim();
    const href = await banners.nth(i).getAttribute('href');
    if (link && /^https?:\/\//.test(link)) expect(href).toBe(link);
    else expect(href).toMatch(/^\//);
  }
  await expect(banners.first()).toContainText('تسوق دلوقتي');

  // Shop by Categories: the home page categories, at most 10.
  const categoryLinks = page.getByTestId('home-categories').getByRole('listitem');
  await expect(categoryLinks).toHaveCount(Math.min(categories.length, 10));
  await expect(page.getByTestId('home-categories')).toContainText(categories[0]!.name);

  // Special offers, then the tabs: Featured first; New arrivals on click.
  await expect(page.getByTestId('home-special-offers').getByTestId('product-card').first()).toBeVisible();
  const featuredTab = page.getByRole('tab', { name: 'منتجات مميزة' });
  await expect(featuredTab).toHaveAttribute('aria-selected', 'true');
  const tabs = page.getByTestId('home-tabs');
  // 8 products at this width, 4 on phones (up to 768 px) and 10 from 1650 px: the row holds 10, CSS shows them.
  const shownCards = tabs.getByTestId('product-card').filter({ visible: true });
  await expect(shownCards).toHaveCount(Math.min(8, featured.meta.total_entries));
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 768, height: size.height });
  await expect(shownCards).toHaveCount(Math.min(4, featured.meta.total_entries));
  await page.setViewportSize({ width: 1650, height: size.height });
  await expect(shownCards).toHaveCount(Math.min(10, featured.meta.total_entries));
  await page.setViewportSize(size);
  await page.getByRole('tab', { name: 'وصل حديثاً' }).click();
  await expect(page.getByRole('tab', { name: 'وصل حديثاً' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByTestId('product-card').first()).toBeVisible();
  await page.getByRole('tab', { name: 'شفتها مؤخراً' }).click();
  await expect(tabs).toContainText('المنتجات اللي هتفتحها هتلاقيها هنا');

  // The offers slider exists only when promoted products do.
  await expect(page.getByTestId('home-offers')).toHaveCount(promoted.products.length > 0 ? 1 : 0);

  // Brand logos (at most 6) and the four promises.
  const brandLinks = page.getByTestId('home-brands').getByRole('link');
  await expect(brandLinks).toHaveCount(Math.min(brands.length, 6));
  await expect(brandLinks.first()).toHaveAttribute('href', `/products?brand_id=${brands[0]!.id}`);
  await expect(page.getByTestId('home-perks').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('home-perks')).toContainText('توصيل لـ 27 محافظة');
});

test('the top slides are links whose words are text, legible on a phone, in both languages @phone', async ({
  page,
  request,
}) => {
  for (const lang of ['ar', 'en'] as const) {
    const settings = (
      await apiGet<{ page_settings: Record<string, Setting> }>(
        request,
        `/v1/page_settings?group=home_page&locale=${lang}`,
      )
    ).page_settings;
    const title = settings.top_slider_first_title?.value;
    const line = settings.top_slider_first_text?.value;
    const link = settings.top_slider_first_link?.value;
    expect(title && line && link, 'the demo slides have words and a link').toBeTruthy();
    await page.goto(lang === 'ar' ? '/' : '/?lang=en');
    const first = page.getByTestId('hero-carousel').getByRole('group').first();
    const slideLink = first.getByRole('link');
    // The slide is one link, named by its words, leading where the setting says.
    await expect(slideLink).toHaveAttribute('href', new RegExp(`^${link!.replace(/[?]/g, '\\?')}`));
    await expect(first.getByRole('heading', { name: title! })).toBeVisible();
    const text = first.getByTestId('hero-text').getByText(line!);
    await expect(text).toBeVisible();
    // Legible: real text of at least 14 px, whole inside the screen, on the side the language starts from.
    const size = await text.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(14);
    const box = (await text.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    if (lang === 'ar') expect(box.x + box.width).toBeGreaterThan(width / 2);
    else expect(box.x).toBeLessThan(width / 2);
    await page.screenshot({ path: `${ARTIFACTS}/hero-${lang}-${width}.png` });
    await slideLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(link!, 'http://x').pathname);
  }
});

test('the video banner loads its player only when asked', async ({ page, request }) => {
  const settings = (
    await apiGet<{ page_settings: Record<string, Setting> }>(
      request,
      '/v1/page_settings?group=home_page&locale=ar',
    )
  ).page_settings;
  test.skip(!settings.video_banner_link?.value, 'the demo catalog has no video link');
  await page.goto('/');
  const banner = page.getByTestId('video-banner');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner.locator('iframe')).toHaveCount(0);
  await banner.getByTestId('video-play').click();
  await expect(banner.locator('iframe, video')).toHaveCount(1);
});

test('recently viewed products kept in the browser show in their tab', async ({ page, request }) => {
  const { products } = await apiGet<{ products: { id: number }[] }>(
    request,
    '/v1/products?per_page=3&locale=ar',
  );
  await page.addInitScript((list) => {
    localStorage.setItem('store-recently-viewed', JSON.stringify({ state: { products: list }, version: 1 }));
  }, products);
  await page.goto('/');
  await page.getByRole('tab', { name: 'شفتها مؤخراً' }).click();
  await expect(page.getByTestId('home-tabs').getByTestId('product-card')).toHaveCount(3);
});

test('the language switch turns the store to English and back, and is remembered', async ({
  page,
  request,
}) => {
  const { categories } = await apiGet<{ categories: Named[] }>(
    request,
    '/v1/categories?show_on_homepage=true&locale=en',
  );
  const settingsEn = (
    await apiGet<{ page_settings: Record<string, Setting> }>(
      request,
      '/v1/page_settings?group=home_page&locale=en',
    )
  ).page_settings;
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('home-categories').getByRole('listitem').first()).toBeVisible();

  await switchLanguage(page);
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
  // Server data follows the language: category names and the English slide.
  await expect(page.getByTestId('home-categories')).toContainText(categories[0]!.name);
  await expect(page.getByTestId('hero-carousel').locator('img').first()).toHaveAttribute(
    'src',
    settingsEn.top_slider_first!.attachment_url!,
  );
  await expect(page.getByTestId('language-switch').filter({ visible: true })).toContainText('العربية');

  await page.reload();
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();

  await switchLanguage(page);
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page)).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'تسوق حسب القسم' })).toBeVisible();
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'ar');
});

test('search suggests products while typing, a suggestion opens it, Enter lists the results', async ({
  page,
  request,
}) => {
  const { products } = await apiGet<{ products: { title: string }[] }>(
    request,
    '/v1/products?per_page=1&locale=ar',
  );
  const words = products[0]!.title.split(/\s+/).filter((w) => w.length > 2);
  const text = words.slice(0, 2).join(' ');

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'ابحث عن منتج' });
  const suggestionCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/products/suggestions?')) suggestionCalls.push(r.url());
  });
  await box.pressSequentially(text, { delay: 40 });
  const list = page.getByTestId('search-suggestions');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option').first()).toBeVisible();
  expect(suggestionCalls.length, 'typing quickly asks the server once (500 ms debounce)').toBe(1);
  expect(decodeURIComponent(suggestionCalls[0]!.replace(/\+/g, ' '))).toContain('limit=6');
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // Scrolling closes the suggestions.
  await page.mouse.wheel(0, 400);
  await expect(list).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));

  // Typing again opens them; picking one opens that product.
  await box.press('End');
  await box.pressSequentially(' ');
  await box.press('Backspace');
  await expect(list.getByRole('option').first()).toBeVisible();
  await list.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);

  // Submitting goes to the results list.
  await page.goto('/');
  await box.fill(text);
  await box.press('Enter');
  await expectList(page, 'search', text);
});

test('the category picker and the menus lead to product lists', async ({ page, request }) => {
  const { categories } = await apiGet<{
    categories: (Named & { children: (Named & { children: Named[] })[] })[];
  }>(request, '/v1/categories?locale=ar');
  await page.goto('/');
  const root = categories[0]!;
  await page.getByLabel('اختار القسم').selectOption(String(root.id));
  await expectList(page, 'category_id', String(root.id));

  const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  await page.goto('/');
  await page.getByTestId('categories-menu').click();
  // The first main category's sub-categories, and theirs (three levels).
  const child = root.children[0]!;
  await expect(nav.getByRole('link', { name: child.name, exact: true })).toBeVisible();
  if (child.children[0])
    await expect(nav.getByRole('link', { name: child.children[0].name, exact: true })).toBeVisible();
  await nav.getByRole('link', { name: child.name, exact: true }).click();
  await expectList(page, 'category_id', String(child.id));

  await page.goto('/');
  await page.getByTestId('brands-menu').click();
  const { brands } = await apiGet<{ brands: Named[] }>(request, '/v1/brands?show_all=true&locale=ar');
  await nav.getByRole('link', { name: brands[0]!.name, exact: true }).click();
  await expectList(page, 'brand_id', String(brands[0]!.id));

  // Promotions: a link each when fewer than 3, a dropdown otherwise.
  const { promotions } = await apiGet<{ promotions: (Named & { slug: string })[] }>(
    request,
    '/v1/promotions?locale=ar',
  );
  if (promotions.length > 0) {
    await page.goto('/');
    await expect(page.getByTestId('promotions-menu')).toHaveCount(promotions.length >= 3 ? 1 : 0);
    if (promotions.length >= 3) await page.getByTestId('promotions-menu').click();
    await nav.getByRole('link', { name: promotions[0]!.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/promotions/${promotions[0]!.slug}`);
  }
});

test('about us shows the texts and a card per branch linking to its map', async ({ page, request }) => {
  const about = (
    await apiGet<{ page_settings: Record<string, Setting> }>(
      request,
      '/v1/page_settings?group=about_us&locale=ar',
    )
  ).page_settings;
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'من نحن' })).toBeVisible();
  if (about.first_title?.value)
    await expect(page.getByTestId('about-texts')).toContainText(about.first_title.value);
  const cards = page.getByTestId('branch-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole('link').first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\?q=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
  );
  await expect(cards.first()).toContainText('16581');
});

test('terms, privacy and returns pages read in both languages', async ({ page }) => {
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الشروط والأحكام');
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سياسة الخصوصية');
  await expect(page.getByTestId('policy-privacy')).toContainText('30 أكتوبر 2024');
  await page.goto('/returns-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سياسة الاسترجاع والاستبدال');
  await expect(page.getByTestId('policy-returns')).toContainText('14 يوم');
  await expect(page.getByTestId('policy-returns')).toContainText('30 يوم');

  await switchLanguage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns and exchange policy');
  await expect(page.getByTestId('policy-returns')).toContainText(
    'within 14 days from the date of the invoice',
  );
  await expect(page.getByTestId('policy-returns')).toContainText('same payment method');
  await page.goto('/privacy-policy');
  await expect(page.getByTestId('policy-privacy')).toContainText('Last updated: 30 October 2024');
  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
  // The footer links to all of them.
  const footer = page.getByRole('contentinfo');
  for (const [name, url] of [
    ['Terms and conditions', '/terms-conditions'],
    ['Privacy policy', '/privacy-policy'],
    ['Returns and exchange policy', '/returns-policy'],
    ['About us', '/about-us'],
  ] as const)
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', url);
});

test('the footer as the server made it opens its pages without a reload, and follows the language', async ({
  page,
}) => {
  const footerCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/footer-content-/.test(r.url())) footerCode.push(r.url());
  });
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('16581');
  // A mark that a reload would lose.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await footer.getByRole('link', { name: 'سياسة الخصوصية', exact: true }).click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سياسة الخصوصية');
  await footer.getByRole('link', { name: 'كل المنتجات', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  expect(footerCode, 'the footer kept from the server needs no code').toEqual([]);

  await switchLanguage(page);
  await expect(footer.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await footer.getByRole('link', { name: 'Terms and conditions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test('an unknown address shows the 404 page, whose button goes home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة دي مش موجودة');
  await page.getByRole('link', { name: 'ارجع للصفحة الرئيسية' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('hero-carousel')).toBeVisible();
});

test('a page whose code is gone after an update reloads once, then says so in Arabic, never a stack trace', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-carousel')).toBeVisible();
  // The store was updated while this tab was open: the about page's old code file is gone.
  await page.route(/\/assets\/about-route-[^/]*\.js$/, (r) => r.fulfill({ status: 404, body: 'not found' }));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'من نحن' }).first().click();
  await expect(page.getByRole('alert')).toContainText('معرفناش نعرض الصفحة دي');
  expect(loads).toBe(1);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await page.getByRole('link', { name: 'الصفحة الرئيسية' }).click();
  await expect(page.getByTestId('hero-carousel')).toBeVisible();
});

test('on a phone the burger menu holds categories and the language toggle @phone', async ({
  page,
  request,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 769, 'the burger menu is for 769 px or narrower');
  const { categories } = await apiGet<{ categories: Named[] }>(request, '/v1/categories?locale=ar');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeHidden();
  await page.getByRole('button', { name: 'افتح القائمة' }).click();
  const drawer = page.getByRole('dialog', { name: 'القائمة' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('burger-categories')).toContainText(categories[0]!.name);
  await expect(drawer.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'من نحن' })).toBeVisible();
  await drawer.getByTestId('language-switch').click();
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawerEn = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawerEn.getByRole('link', { name: 'Login' })).toBeVisible();
  await drawerEn.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL('/about-us');
  await expect(drawerEn).toBeHidden();
  // Nothing sticks out sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

/** Loads every lazy picture down the page, then comes back to the top. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

test('screenshots of home, about and 404 in both languages at 375 and 1366 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const lang of ['ar', 'en'] as const) {
    await page.addInitScript(
      (l) => localStorage.setItem('store-locale', JSON.stringify({ state: { locale: l }, version: 0 })),
      lang,
    );
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      for (const [name, path] of [
        ['home', '/'],
        ['about', '/about-us'],
        ['404', '/no-such-page'],
      ] as const) {
        await page.goto(path);
        await expect(html(page)).toHaveAttribute('lang', lang);
        await settle(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} ${lang} ${width}: no sideways overflow`,
        ).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${ARTIFACTS}/${name}-${lang}-${width}.png`, fullPage: true });
      }
    }
  }
});
