import { openAs } from './checkout-kit';
import { staffSession } from './admin-session';
import { expect, test, type Page } from './fixtures';
import { readyShopper } from './placed-order';
import { apiJson } from './shoppers';

/**
 * Discount codes (issue 49 item 1): a shopper types a code the owner made into the cart page, sees the code and the
 * discount in the summary, and the placed order's page shows them; an unknown code is told in the page's language.
 * English on a desktop, Arabic (right to left) on a 375 px phone, nothing wider than the screen.
 */

const words = {
  en: { unknown: 'This discount code does not exist', discount: 'Discount' },
  ar: { unknown: 'كود الخصم ده مش موجود', discount: 'الخصم' },
};

const fitsWidth = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

test('a code put on in the cart takes its discount off and shows on the placed order @phone', async ({
  page,
  request,
}) => {
  const locale = test.info().project.name === 'phone' ? 'ar' : 'en';
  const w = words[locale];
  const owner = await staffSession(request);
  const code = `E2E-${locale}-${Date.now().toString(36)}`.toUpperCase();
  const made = await request.post('/v1/admin/discount_codes?locale=en', {
    headers: owner.headers,
    data: { code, kind: 'percent', value: 10 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { shopper: s } = await readyShopper(request, {
    firstName: 'Salma',
    lastName: 'Fawzy',
    productPage: 5,
  });
  await openAs(page, s, locale);

  await page.goto('/cart');
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  const input = page.getByTestId('discount-input');
  await input.fill('NO-SUCH-CODE-1');
  await page.getByTestId('discount-apply').click();
  await expect(page.getByTestId('discount-error')).toHaveText(w.unknown);

  await input.fill(code.toLowerCase());
  await page.getByTestId('discount-apply').click();
  await expect(page.getByTestId('discount-code')).toHaveText(code);
  const cart = await apiJson<{ order: { subtotal: number; discount: number; total: number } }>(
    request,
    'GET',
    '/v1/users/cart?locale=en',
    s.headers,
  );
  expect(cart.order.discount).toBeCloseTo(cart.order.subtotal / 10, 2);
  const egp = (n: number) => new RegExp(n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
  await expect(page.getByTestId('summary-discount')).toHaveText(egp(cart.order.discount));
  await expect(page.getByTestId('summary-total')).toHaveText(egp(cart.order.total));
  await fitsWidth(page);

  const placed = await apiJson<{ order: { id: number; discount_code: string; discount: number } }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    s.headers,
    { payment_method: 'cash' },
  );
  expect(placed.order).toMatchObject({ discount_code: code, discount: cart.order.discount });
  await page.goto(`/my-account/orders/${placed.order.id}`);
  await expect(page.getByTestId('order-discount-code')).toHaveText(code);
  await expect(page.getByTestId('order-discount')).toHaveText(egp(cart.order.discount));
  await expect(page.getByText(w.discount, { exact: false }).first()).toBeVisible();
  await fitsWidth(page);
});
