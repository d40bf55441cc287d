import { staffSession, type StaffHeaders } from './admin-session';
import { expect, inLocale, test, type APIRequestContext, type Page } from './fixtures';

/**
 * Issue 42, finding 2: `$'`, `` $` ``, `$&` and `$$` in catalog text are text. A category named `Offers $'` made
 * every server-rendered page's data block unparseable (the page never hydrated: "Add to cart" did nothing), and a
 * title with 25 `` $` `` made a page of hundreds of MB. Here the owner writes them through the back office API into
 * a new category, a new product in it and the first home slide's line; the pages are whole and hydrate, and the
 * shopper adds the product to the cart. Everything changed is put back (deleted, or the slide's old line).
 *
 * @alone: while it runs, every page's header shows the new category (playwright.config.ts).
 */

const DOLLARS = "$' $` $& $$";

type Setting = { name: string; value: string | null };

async function homeSettings(request: APIRequestContext, headers: StaffHeaders) {
  const res = await request.get('/v1/admin/page_settings?group=home_page', { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { updated_at: string; settings: Setting[] };
}

async function saveHome(request: APIRequestContext, headers: StaffHeaders, settings: Setting[]) {
  const { updated_at } = await homeSettings(request, headers);
  const res = await request.put('/v1/admin/page_settings?locale=en', {
    headers,
    data: { group: 'home_page', updated_at, settings },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Errors the page's scripts threw, and React's console errors (a hydration that failed says so there). */
function scriptErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|Minified React error|JSON/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** The page came rendered from the server and the browser took it over. */
async function expectHydrated(page: Page) {
  await expect(page.locator('html[data-ssr]')).toHaveCount(1);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

test("`$'`, `` $` ``, `$&` and `$$` in a category, a product title and a slide: the pages hydrate and the product goes in the cart @alone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const category = `Offers ${DOLLARS} ${stamp}`;
  const title = `Cooker ${DOLLARS} ${'$`'.repeat(25)} ${stamp}`;
  const slide = `Eid prices ${DOLLARS} ${stamp}`;
  const { headers } = await staffSession(request);
  const slideNames = ['top_slider_first_text', 'top_slider_first_text_ar'];
  const before = (await homeSettings(request, headers)).settings.filter((s) => slideNames.includes(s.name));
  let categoryId: number | undefined;
  let productId: number | undefined;
  try {
    const cat = await request.post('/v1/admin/categories?locale=en', {
      headers,
      data: { name_en: category, name_ar: `عروض ${DOLLARS} ${stamp}` },
    });
    expect(cat.status(), await cat.text()).toBe(201);
    categoryId = ((await cat.json()) as { category: { id: number } }).category.id;
    const brands = (await (await request.get('/v1/brands?locale=en&per_page=1')).json()) as {
      brands: { id: number }[];
    };
    const made = await request.post('/v1/admin/products?locale=en', {
      headers,
      data: {
        title_en: title,
        title_ar: `بوتاجاز ${DOLLARS} ${stamp}`,
        description_en: `Five burners ${DOLLARS}`,
        category_id: categoryId,
        brand_id: brands.brands[0]!.id,
        price: '8999',
        stock: 5,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    productId = ((await made.json()) as { product: { id: number } }).product.id;
    await saveHome(request, headers, [
      { name: 'top_slider_first_text', value: slide },
      { name: 'top_slider_first_text_ar', value: `أسعار العيد ${DOLLARS} ${stamp}` },
    ]);

    // The page as sent: one data block, and a page of its size (25 `` $` `` made hundreds of MB of it).
    const sent = await request.get(`/products/${productId}?lang=en`);
    expect(sent.status()).toBe(200);
    const html = await sent.text();
    expect(html.length).toBeLessThan(1024 * 1024);
    expect(html.match(/<script id="ssr-data"/g)).toHaveLength(1);

    const errors = scriptErrors(page);
    await inLocale(page, 'en');

    // The product page: its title as written, and "Add to cart" works (the page was hydrated).
    await page.goto(`/products/${productId}?lang=en`);
    await expectHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[$`&'.*+?^(){}|[\]\\]/g, '\\$&')}`));
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('remove-from-cart')).toBeVisible();
    await expect(page.getByTestId('cart-link')).toContainText('1');

    // The category's list, named as written, with the product's card.
    await page.goto(`/products?category_id=${categoryId}&lang=en`);
    await expectHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);
    await expect(page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`)).toContainText(
      title,
    );

    // The home page: the slide's line as written, the header's category too.
    await page.goto('/?lang=en');
    await expectHydrated(page);
    await expect(
      page.getByTestId('hero-carousel').getByRole('group').first().getByText(slide, { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('cart-link')).toContainText('1');
    expect(errors).toEqual([]);
  } finally {
    await saveHome(
      request,
      headers,
      slideNames.map((name) => ({ name, value: before.find((s) => s.name === name)?.value ?? null })),
    );
    if (productId !== undefined)
      expect((await request.delete(`/v1/admin/products/${productId}?locale=en`, { headers })).ok()).toBe(
        true,
      );
    if (categoryId !== undefined)
      expect((await request.delete(`/v1/admin/categories/${categoryId}?locale=en`, { headers })).ok()).toBe(
        true,
      );
  }
});
