import { readFile } from 'node:fs/promises';
import { openSignedIn, staffSession } from './admin-session';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { apiJson, newShopper, type Shopper } from './shoppers';

/**
 * Issue 49: a shopper asks to be told when a sold-out product is back and cancels it from My account › Alerts (a
 * phone in Arabic, right to left; a desktop in English); the owner reads the sales report and exports it as CSV, and
 * sees the abandoned carts with the reminders' channels, in both languages.
 */

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function openAs(page: Page, s: Shopper, locale: 'ar' | 'en') {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await page.context().addCookies([{ name: 'store-locale', value: locale, url: origin }]);
  await page.addInitScript(
    ([headers, user, lng]) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      localStorage.setItem('store-auth', JSON.stringify({ state: { headers, user }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
      sessionStorage.setItem('e2e-session-set', '1');
    },
    [s.headers, s.user, locale] as const,
  );
}

/** A demo product sold out for the test (the 40th newest, which other tests do not pick); its stock back after. */
async function soldOutProduct(request: APIRequestContext) {
  const list = await apiJson<{ products: { id: number; stock: number; title: string }[] }>(
    request,
    'GET',
    '/v1/products?sort_by=newest&per_page=40&locale=en',
  );
  const p = list.products.at(-1)!;
  const staff = await staffSession(request);
  // The stock as it is now (the back office's list: the public product answer may be a cached one).
  const stockNow = async () =>
    (
      await apiJson<{ products: { id: number; stock: number }[] }>(
        request,
        'GET',
        `/v1/admin/stock?query=${p.id}&locale=en`,
        staff.headers,
      )
    ).products.find((r) => r.id === p.id)!.stock;
  const before = await stockNow();
  const setStock = async (stock: number) =>
    apiJson(request, 'PUT', `/v1/admin/products/${p.id}/stock`, staff.headers, {
      stock,
      from: await stockNow(),
    });
  await setStock(0);
  return { id: p.id, restore: () => setStock(Math.max(before, 5)) };
}

test('a shopper asks to be told when a sold-out product is back and cancels it, in Arabic on a phone and English on a desktop', async ({
  page,
  request,
}) => {
  const product = await soldOutProduct(request);
  try {
    const s = await newShopper(request, {
      firstName: 'Salma',
      lastName: 'Adel',
      password: 'Nile-river-2024',
    });
    await openAs(page, s, 'ar');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/products/${product.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'بلّغني لما يرجع' }).click();
    await expect(page.getByTestId('stock-alert-asked')).toHaveText('هنبلّغك لما يرجع');
    expect(await noSideScroll(page)).toBe(true);
    const asked = await apiJson<{ stock_alerts: { product_id: number }[] }>(
      request,
      'GET',
      '/v1/users/alerts',
      s.headers,
    );
    expect(asked.stock_alerts.map((a) => a.product_id)).toEqual([product.id]);

    await page.goto('/my-account/alerts');
    await expect(page.getByRole('heading', { level: 2, name: 'التنبيهات' })).toBeVisible();
    await expect(page.getByTestId('alerts-waiting').getByRole('listitem')).toHaveCount(1);
    await page.getByTestId('alerts-price-drops').check();
    await expect(page.getByText('اتحفظ')).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await page.getByTestId(`alerts-cancel-${product.id}`).click();
    await expect(page.getByTestId('alerts-none')).toBeVisible();
    const after = await apiJson<{ settings: { price_drops: boolean }; stock_alerts: unknown[] }>(
      request,
      'GET',
      '/v1/users/alerts',
      s.headers,
    );
    expect(after).toMatchObject({ settings: { price_drops: true }, stock_alerts: [] });

    // English on a desktop: the product page offers the alert again; asked, it shows on the Alerts tab.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.evaluate(() =>
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'en' }, version: 0 })),
    );
    await page.context().addCookies([{ name: 'store-locale', value: 'en', url: new URL(page.url()).origin }]);
    await page.goto(`/products/${product.id}?lang=en`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: "Tell me when it's back" }).click();
    await expect(page.getByTestId('stock-alert-asked')).toHaveText("We'll tell you when it's back");
    await page.goto('/my-account/alerts?lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible();
    await expect(page.getByTestId('alerts-waiting').getByRole('listitem')).toHaveCount(1);
    await page.getByTestId('alerts-channel-email').check();
    await expect(page.getByText('Saved')).toBeVisible();
  } finally {
    await product.restore();
  }
});

test('a guest on a sold-out product is asked to sign in to be told', async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = await soldOutProduct(request);
  try {
    // A guest reads the shop's cached answers: sold out once the cache has caught up.
    await expect
      .poll(
        async () =>
          (await apiJson<{ product: { stock: number } }>(request, 'GET', `/v1/products/${product.id}`))
            .product.stock,
        { timeout: 45_000 },
      )
      .toBe(0);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('stock-alert-signin')).toHaveText('سجّل دخول عشان نبلّغك لما يرجع');
  } finally {
    await product.restore();
  }
});

test('the owner reads the sales report by governorate and exports it as CSV, in Arabic on a phone and English on a desktop', async ({
  page,
  request,
}) => {
  await openSignedIn(page, request, 'ar');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'تقارير المبيعات' })).toBeVisible();
  await expect(page.getByTestId('report-row')).toHaveCount(30);
  await page.getByTestId('report-group').selectOption('governorate');
  await page.getByTestId('report-show').click();
  await expect(page).toHaveURL(/group_by=governorate/);
  await expect(page.getByTestId('report-table').getByRole('columnheader').first()).toHaveText('المحافظة');
  expect(await noSideScroll(page)).toBe(true);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales-governorate-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'المحافظة,الطلبات,القطع,المبيعات (جنيه),الخصومات (جنيه),الضريبة (جنيه),المرتجعات (جنيه),الصافي (جنيه)',
  );
  expect(lines.at(-2)).toMatch(/^الإجمالي,/);

  // The address keeps the filters: opened again in English on a desktop, the same report.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByTestId('admin-language-switch').filter({ visible: true }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales reports' })).toBeVisible();
  await expect(page.getByTestId('report-group')).toHaveValue('governorate');
  await expect(page.getByTestId('report-total').getByRole('rowheader')).toHaveText('Total');
});

test('the owner sees abandoned carts and ticks the reminders’ channel, in Arabic on a phone and English on a desktop', async ({
  page,
  request,
}) => {
  const session = await openSignedIn(page, request, 'ar');
  const channels = (data: unknown) =>
    request.fetch(`${session.origin}/v1/admin/abandoned_carts/channels`, {
      method: 'PUT',
      headers: session.headers,
      data,
    });
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin/abandoned-carts');
    await expect(page.getByRole('heading', { level: 1, name: 'السلال المتروكة' })).toBeVisible();
    await expect(page.getByText('مفيش طريقة متعلّم عليها: مش هيتبعت تذكير.')).toBeVisible();
    await page.getByTestId('reminder-sms').check();
    await expect(page.getByText('اتحفظ')).toBeVisible();
    await expect(page.getByTestId('reminder-sms')).toBeChecked();
    expect(await noSideScroll(page)).toBe(true);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('admin-language-switch').filter({ visible: true }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Abandoned carts' })).toBeVisible();
    await expect(page.getByTestId('reminder-sms')).toBeChecked();
    await expect(page.getByTestId('reminder-email')).not.toBeChecked();
  } finally {
    await channels({ sms: false, email: false });
  }
});
