import { expect, inLocale, test } from './fixtures';

/**
 * Installments before buying (issue 16): a product card says from how much a month, and the product page has
 * the table of every bank's plans, in Arabic and English, with the numbers the API computed.
 */

for (const locale of ['ar', 'en'] as const) {
  test(`cards and the product page show the monthly amount and the plans (${locale})`, async ({
    page,
    request,
  }) => {
    const list = await (await request.get(`/v1/products?per_page=20&locale=${locale}`)).json();
    const p = (list.products as { id: number; monthly_from: number | null }[]).find((x) => x.monthly_from);
    expect(p, 'the demo catalog has products with installment plans').toBeTruthy();
    const detail = (await (await request.get(`/v1/products/${p!.id}?locale=${locale}`)).json()).product;
    await inLocale(page, locale);
    await page.goto('/products');
    const card = page.getByTestId('product-grid').getByTestId('product-card').first();
    await expect(card.getByTestId('monthly-from')).toContainText(locale === 'ar' ? 'في الشهر' : 'a month');

    await page.goto(`/products/${p!.id}`);
    await expect(page.getByTestId('product-monthly')).toContainText(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .format(p!.monthly_from!)
        .replace(/\.00$/, ''),
    );
    const table = page.getByTestId('installment-table');
    await expect(table).toBeVisible();
    // Wider than a phone, it scrolls: the keyboard reaches it, and it is named (axe: scrollable-region-focusable).
    const scroller = page.getByTestId('installment-scroll');
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(scroller).toHaveRole('region');
    await expect(scroller).toHaveAccessibleName(locale === 'ar' ? 'التقسيط بالبنوك' : 'Installments by bank');
    const plans = detail.installments.flatMap((b: { plans: unknown[] }) => b.plans);
    await expect(table.locator('tbody tr')).toHaveCount(plans.length);
    await expect(table).toContainText(detail.installments[0].bank_name);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  });
}

for (const locale of ['ar', 'en'] as const) {
  test(`on a 375 px phone the banks' plans read without sideways scroll (${locale}) @phone`, async ({
    page,
    request,
  }) => {
    const list = await (await request.get(`/v1/products?per_page=20&locale=${locale}`)).json();
    const p = (list.products as { id: number; monthly_from: number | null }[]).find((x) => x.monthly_from);
    expect(p, 'the demo catalog has products with installment plans').toBeTruthy();
    await page.setViewportSize({ width: 375, height: 740 });
    await inLocale(page, locale);
    await page.goto(`/products/${p!.id}`);
    const scroller = page.getByTestId('installment-scroll');
    await scroller.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('installment-table')).toBeVisible();
    // Each plan a compact row: nothing wider than its box, the columns' names beside the amounts.
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByTestId('installment-label').first()).toBeVisible();
    await expect(page.getByTestId('installment-table').locator('thead')).toBeHidden();
  });
}
