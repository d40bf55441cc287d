import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openSignedIn } from './admin-session';
import { expect, test, type Page } from './fixtures';
import { readyShopper } from './placed-order';
import { apiJson, type Shopper } from './shoppers';

/**
 * VAT and the invoice (issue 47), in both languages, on a desktop and on a 375 px phone: the cart and the checkout
 * say how much VAT their total includes, the confirmed order's page says it too and downloads the invoice as a PDF
 * (its text, read back by poppler's pdftotext, holds the number, فاتورة and the total), and staff download it from
 * the order in the back office.
 */

const words = {
  en: { vat: /^Includes VAT of [\d,.]+ EGP$/, title: 'Tax Invoice', download: 'Download the invoice (PDF)' },
  ar: {
    vat: /^شامل ضريبة القيمة المضافة [\d,.]+ ج\.م$/,
    title: 'فاتورة ضريبية',
    download: 'نزّل الفاتورة (PDF)',
  },
};

/** The shopper's session and language in this page, the way the app keeps them. */
async function asShopper(page: Page, s: Shopper, locale: 'ar' | 'en') {
  await page.addInitScript(
    ([headers, user, lng]) => {
      if (sessionStorage.getItem('e2e-shopper-set')) return;
      localStorage.setItem('store-auth', JSON.stringify({ state: { headers, user }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
      sessionStorage.setItem('e2e-shopper-set', '1');
    },
    [s.headers, s.user, locale] as const,
  );
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
const fitsWidth = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[\u202a-\u202e]/g,
    '',
  );

for (const [locale, phone] of [
  ['en', false],
  ['ar', true],
] as const) {
  test(`the cart, the checkout and the order say the VAT included; the shopper and staff download the invoice (${locale}${phone ? ', 375 px' : ''})`, async ({
    page,
    request,
  }) => {
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    const w = words[locale];
    const { shopper: s } = await readyShopper(request, {
      firstName: 'Mona',
      lastName: 'Adel',
      district: 'Nasr City',
      productPage: 2,
    });
    await asShopper(page, s, locale);

    await page.goto('/cart');
    await expect(page.getByTestId('summary-vat')).toHaveText(w.vat);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await fitsWidth(page);
    await page.goto('/checkout');
    await expect(page.getByTestId('checkout-vat')).toHaveText(w.vat);
    await fitsWidth(page);

    const placed = await apiJson<{ order: { id: number; vat_amount: number; checkout_total_price: number } }>(
      request,
      'PUT',
      '/v1/users/checkout?locale=en',
      s.headers,
      { payment_method: 'cash' },
    );
    const id = placed.order.id;
    expect(placed.order.vat_amount).toBeGreaterThan(0);
    await apiJson(request, 'POST', `/dev/orders/${id}/status`, undefined, { status: 'confirmed' });

    await page.goto(`/my-account/orders/${id}`);
    await expect(page.getByTestId('order-vat')).toHaveText(w.vat);
    const number = page.getByTestId('order-invoice-number');
    await expect(number).toHaveText(/^INV-\d{4}-\d{6}$/);
    const invoiceNumber = (await number.textContent())!.trim();
    await fitsWidth(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: w.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(w.title);
    const total = placed.order.checkout_total_price.toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toContain(total);

    // Staff: the order's invoice card, and its PDF through the staff session.
    await openSignedIn(page, request, locale);
    await page.goto(`/admin/orders/${id}`);
    const card = page.getByTestId('order-invoice');
    await expect(card.getByTestId('order-invoice-number')).toHaveText(invoiceNumber);
    const href = (await card.getByTestId('order-invoice-download').getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await fitsWidth(page);
  });
}
