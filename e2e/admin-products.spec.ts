import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { MEMBER_PASSWORD, signedIn, staffMember, staffSession, type StaffSession } from './admin-session';
import { expect, test, type Browser, type Page } from './fixtures';

/**
 * The back office's products (issue 17) in a real Chromium against the built app on the real API. The owner adds a
 * product in Arabic and English with two specifications and two photos, and a shopper's Arabic search finds it in
 * the store with its specifications; roles: a catalog member who signs in lands on the products and cannot open
 * orders, a staff member cannot edit products (the page says so and the API refuses). Screenshots at 1366 px go to e2e/artifacts.
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

/** A PNG photo of `size`×`size` pixels in one colour (the API wants at least 300 on each side). */
const photo = async (name: string, rgb: { r: number; g: number; b: number }, size = 400) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: size, height: size, channels: 3, background: rgb } })
    .png()
    .toBuffer(),
});

/** A word no product has, in Arabic letters, so the store's search finds only this test's product. */
const arabicWord = () => {
  const letters = 'ثخذضظغشقفك';
  let w = '';
  for (let i = 0; i < 7; i++) w += letters[Math.floor(Math.random() * letters.length)];
  return w;
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });

/** A page of its own browser context, signed in as `session`. */
async function pageOf(browser: Browser, baseURL: string | undefined, session: StaffSession) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signedIn(page, session);
  return page;
}

test.describe('back office: products', () => {
  test('the owner adds a product with specifications and photos; the store’s Arabic search finds it', async ({
    page,
    request,
  }) => {
    // A long journey (two apps, uploads) on a shared machine.
    test.setTimeout(180_000);
    const word = arabicWord();
    const titleAr = `خلاط كهربائي ${word}`;
    const titleEn = `Test blender ${Date.now()}`;
    const owner = await staffSession(request);
    await signedIn(page, owner);

    // The list, reached from the side bar.
    await page.goto('/admin');
    await page.getByTestId('nav-products').click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المنتجات');
    await expect(page.getByTestId('product-row').first()).toBeVisible();

    // A new product: images only after the first save.
    await page.getByTestId('product-new').click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByTestId('images-after-save')).toBeVisible();

    // Saving an empty form: errors on the fields, in Arabic, and nothing saved.
    await page.getByTestId('product-save').click();
    await expect(page.getByLabel('الاسم (عربي)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#main')).toContainText('مطلوب');
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    await page.getByTestId('title-ar').fill(titleAr);
    await page.getByTestId('title-en').fill(titleEn);
    await page.getByTestId('description-ar').fill('خلاط قوي للعصاير والشوربة.');
    await page.getByTestId('description-en').fill('A strong blender for juices and soups.');
    // The first category and brand of the lists (a real choice, not the "Choose…" line).
    await expect(page.getByTestId('category').locator('option')).not.toHaveCount(1);
    await page.getByTestId('category').selectOption({ index: 1 });
    await expect(page.getByTestId('brand').locator('option')).not.toHaveCount(1);
    await page.getByTestId('brand').selectOption({ index: 1 });
    await page.getByTestId('model').fill('BL-700');
    await page.getByTestId('price').fill('1499.50');
    // Stock at the threshold: a warning.
    await page.getByTestId('stock').fill('2');
    await expect(page.getByTestId('low-stock-warning')).toBeVisible();
    await page.getByTestId('stock').fill('25');
    await expect(page.getByTestId('low-stock-warning')).toHaveCount(0);

    // Two specifications in both languages.
    const specs = [
      { key_ar: 'القدرة', value_ar: '700 وات', key_en: 'Power', value_en: '700 W' },
      { key_ar: 'السعة', value_ar: '1.5 لتر', key_en: 'Capacity', value_en: '1.5 L' },
    ];
    for (const [i, s] of specs.entries()) {
      await page.getByTestId('spec-add').click();
      for (const [k, v] of Object.entries(s)) await page.getByTestId(`spec-${i}-${k}`).fill(v);
    }
    await expect(page.getByTestId('spec-row')).toHaveCount(2);

    await page.getByTestId('product-save').click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    const id = Number(/\/products\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('product-saved')).toBeVisible();
    await expect(page.getByTestId('product-title')).toHaveText(titleAr);

    // Two photos at once.
    await page
      .getByTestId('images-input')
      .setInputFiles([
        await photo('front.png', { r: 200, g: 40, b: 40 }),
        await photo('side.png', { r: 40, g: 40, b: 200 }),
      ]);
    await expect(page.getByTestId('image-item')).toHaveCount(2);
    await expect(page.getByTestId('images-notice')).toBeVisible();
    const second = await page.getByTestId('image-item').nth(1).getAttribute('data-image-id');
    // The second becomes the main one.
    await page.getByTestId('image-item').nth(1).getByTestId('image-main').click();
    await expect(page.getByTestId('image-item').first()).toHaveAttribute('data-image-id', second!);

    // A later save (after the images) is not refused as stale, and shows it saved.
    await page.getByTestId('price').fill('1450');
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('product-saved')).toContainText('اتحفظ');
    await expect(page.getByTestId('product-conflict')).toHaveCount(0);
    await shot(page, 'admin-product-editor-ar-1366');

    // What the API holds: both languages, two specifications in order, two images with the chosen main first.
    const saved = await request.get(`/v1/admin/products/${id}?locale=en`, { headers: owner.headers });
    expect(saved.ok()).toBeTruthy();
    const { product } = (await saved.json()) as {
      product: {
        title_ar: string;
        price: number;
        specifications: { key_ar: string }[];
        images: { id: number }[];
      };
    };
    expect(product.title_ar).toBe(titleAr);
    expect(product.price).toBe(1450);
    expect(product.specifications.map((s) => s.key_ar)).toEqual(['القدرة', 'السعة']);
    expect(product.images.map((i) => String(i.id))[0]).toBe(second);
    expect(product.images).toHaveLength(2);

    // The list finds it by its Arabic word.
    await page.goto(`/admin/products?query=${encodeURIComponent(word)}`);
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(page.getByTestId('product-row')).toContainText(titleAr);
    await expect(page.getByTestId('product-row')).toContainText(titleEn);
    await shot(page, 'admin-products-ar-1366');
    // Export CSV of the list as filtered: the file holds this product, in both languages.
    const download = page.waitForEvent('download');
    await page.getByTestId('products-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain(titleAr);
    expect(csv).toContain(titleEn);
    // Only this product (the list's filter): one row that starts with a product number, its own.
    expect(csv.match(/^\d+,/gm)).toEqual([`${id},`]);
    expect(csv).toContain('القدرة');

    // The store: a shopper's Arabic search finds it, and its page shows the two specifications in Arabic.
    const shop = await page.context().newPage();
    await shop.goto(`/products?search=${encodeURIComponent(word)}`);
    const card = shop.getByTestId('product-grid').getByTestId('product-card').filter({ hasText: word });
    await expect(card).toHaveCount(1);
    await card.getByRole('link').first().click();
    await expect(shop).toHaveURL(new RegExp(`/products/${id}`));
    const table = shop.getByTestId('specifications');
    await expect(table).toContainText('القدرة');
    await expect(table).toContainText('700 وات');
    await expect(table).toContainText('السعة');
    await expect(table).toContainText('1.5 لتر');
    await expect(shop.getByRole('heading', { level: 1 })).toContainText(titleAr);

    // Back in the list: select all on the page and raise the price 10%, confirmed with how many it changes.
    await page.bringToFront();
    await page.getByTestId('select-page').check();
    await expect(page.getByTestId('selected-count')).toContainText('1');
    await page.getByTestId('bulk-action').selectOption('price_percent');
    await page.getByTestId('bulk-go').click();
    const dialog = page.getByTestId('bulk-dialog');
    // One product: the singular, as Arabic says it (منتج واحد, never "1 منتج").
    await expect(page.getByRole('dialog')).toContainText('ده هيغيّر منتج واحد');
    await dialog.getByTestId('bulk-percent').fill('900');
    await dialog.getByTestId('bulk-confirm').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByTestId('bulk-percent').fill('10');
    await dialog.getByTestId('bulk-confirm').click();
    await expect(page.getByTestId('products-notice')).toContainText('اتغيّر منتج واحد');
    await expect(page.getByTestId('product-row')).toContainText('1,595');
  });

  test('a catalog member lands on the products and cannot open orders; a staff member cannot edit products', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const owner = await staffSession(request);
    const catalog = await staffMember(request, owner.headers, 'catalog');
    const staff = await staffMember(request, owner.headers, 'staff');
    const { products } = (await (
      await request.get('/v1/admin/products?per_page=1&locale=en', { headers: owner.headers })
    ).json()) as { products: { id: number }[] };
    const id = products[0]!.id;

    // The API: orders refuse the catalog member, product edits refuse the staff member.
    expect((await request.get('/v1/admin/orders?locale=en', { headers: catalog.headers })).status()).toBe(
      403,
    );
    const full = (await (
      await request.get(`/v1/admin/products/${id}?locale=en`, { headers: catalog.headers })
    ).json()) as { product: Record<string, unknown> };
    const edit = await request.put(`/v1/admin/products/${id}?locale=en`, {
      headers: staff.headers,
      data: { ...full.product, price: 999, updated_at: full.product.updated_at },
    });
    expect(edit.status()).toBe(403);
    expect((await request.get('/v1/admin/products?locale=en', { headers: staff.headers })).status()).toBe(
      403,
    );

    // The catalog member signs in and arrives on the products, not on the dashboard they may not read: products
    // in the side bar, no dashboard, no orders; the orders page says it is not allowed.
    const catContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const cat = await catContext.newPage();
    await cat.goto('/admin');
    await expect(cat).toHaveURL(/\/admin\/sign-in$/);
    await cat.getByLabel('البريد الإلكتروني').fill(catalog.email);
    await cat.getByLabel('كلمة السر').fill(MEMBER_PASSWORD);
    await cat.getByTestId('staff-sign-in').click();
    await expect(cat).toHaveURL(/\/admin\/products$/);
    await expect(cat.getByTestId('product-row').first()).toBeVisible();
    await expect(cat.getByTestId('load-error')).toHaveCount(0);
    const nav = cat.getByRole('navigation', { name: 'صفحات لوحة التحكم' });
    await expect(nav.getByRole('link', { name: 'المنتجات' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'الرئيسية' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'الطلبات' })).toHaveCount(0);
    // The address of the first page, typed or bookmarked, also leads to the products.
    await cat.goto('/admin');
    await expect(cat).toHaveURL(/\/admin\/products$/);
    await cat.goto('/admin/orders');
    await expect(cat.getByTestId('forbidden')).toContainText('دورك مش بيسمح بفتح الصفحة دي');
    await expect(cat.getByTestId('load-error')).toHaveCount(0);
    await cat.context().close();

    // The staff member: orders in the side bar, no products; the products pages say they are not allowed.
    const st = await pageOf(browser, baseURL, staff);
    await st.goto('/admin/orders');
    const stNav = st.getByRole('navigation', { name: 'صفحات لوحة التحكم' });
    await expect(stNav.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
    await expect(stNav.getByRole('link', { name: 'الطلبات' })).toBeVisible();
    await expect(stNav.getByRole('link', { name: 'المنتجات' })).toHaveCount(0);
    await st.goto(`/admin/products/${id}`);
    await expect(st.getByTestId('forbidden')).toContainText('دورك مش بيسمح بفتح الصفحة دي');
    await expect(st.getByTestId('product-form')).toHaveCount(0);
    await st.goto('/admin/products');
    await expect(st.getByTestId('forbidden')).toBeVisible();
    await st.context().close();
  });
});
