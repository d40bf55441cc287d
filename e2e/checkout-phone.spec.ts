import { expect, test, type Page } from './fixtures';
import {
  Bank,
  Plan,
  addAddress,
  addToCart,
  allProducts,
  cheapProduct,
  egp,
  installmentProduct,
  method,
  newShopper,
  openAs,
  shot,
  walkToPayment,
  zones,
  apiJson,
} from './checkout-kit';

/**
 * Checkout on a phone and what a demanding shopper tripped on (issue 43): installments within a 375 px screen, the
 * place-order button, the online payment's hint and the guest cart, in a real Chromium against the built app.
 */

/* ---------------- issue 43: installments on a phone, the place-order button, the online hint, the guest cart ---------------- */

/** The page is no wider than the window: nothing runs off a 375 px screen (or a desktop one). */
async function fitsWindow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

const words = {
  en: {
    missingMethodTerms: 'Choose how to pay. Tick the box to accept the terms and conditions.',
    missingTerms: 'Tick the box to accept the terms and conditions.',
    termsRequired: 'Please accept the terms and conditions first.',
    payHint: /Press the Pay button below/,
    total: 'total',
    currency: 'EGP',
    free: 'Free',
    atCheckout: 'Calculated at checkout',
  },
  ar: {
    missingMethodTerms: 'اختار هتدفع إزاي. علّم على الموافقة على الشروط والأحكام.',
    missingTerms: 'علّم على الموافقة على الشروط والأحكام.',
    termsRequired: 'من فضلك وافق على الشروط والأحكام الأول.',
    payHint: /دوس على زرار الدفع اللي تحت/,
    total: 'الإجمالي',
    currency: 'ج.م',
    free: 'مجاني',
    atCheckout: 'بتتحسب عند الدفع',
  },
} as const;

test.describe('issue 43', () => {
  for (const locale of ['ar', 'en'] as const) {
    test(`installments: a bank and its plans keep the page within the screen, and the plan adds up to the total (${locale}) @phone`, async ({
      page,
      request,
    }) => {
      const s = await newShopper(request);
      const { zone } = await addAddress(request, s);
      const product = await installmentProduct(request);
      await addToCart(request, s, product);
      const fee =
        zone.free_shipping_from !== null && product.checkout_price >= zone.free_shipping_from
          ? 0
          : zone.shipping_fees;
      const total = product.checkout_price + fee;
      // The bank with the most plans: the longest list of option texts.
      const { banks } = await apiJson<{ banks: Bank[] }>(request, 'GET', '/v1/users/banks', s.headers);
      let bank: Bank | undefined;
      let plans: (Plan & { months: number; interest_percent: number; fee_percent: number })[] = [];
      for (const b of banks) {
        const r = await apiJson<{ bank_installments: typeof plans }>(
          request,
          'GET',
          `/v1/users/bank_installments?bank_id=${b.id}`,
          s.headers,
        );
        if (r.bank_installments.length > plans.length) [bank, plans] = [b, r.bank_installments];
      }
      expect(bank, 'a bank with installment plans').toBeTruthy();
      await openAs(page, s, locale);
      await walkToPayment(page);
      await method(page, 'visa_on_delivery_installments').check();
      await page.getByTestId('bank-select').selectOption(String(bank!.id));
      // Every plan a choice saying its monthly amount, fee and total before it is chosen.
      await expect(page.getByTestId('plan-option')).toHaveCount(plans.length);
      await expect(page.getByTestId('plan-costs')).toHaveCount(plans.length);
      await fitsWindow(page);
      // A plan without interest or fee comes to the order's total exactly, to the piastre.
      const plain = plans.find((p) => p.interest_percent === 0 && p.fee_percent === 0)!;
      expect(plain, 'a plan without interest or fee').toBeTruthy();
      await page.locator(`[data-testid="plan-option"][value="${plain.id}"]`).check();
      await expect(page.getByTestId('plan-details')).toContainText(
        `${words[locale].total} ${egp(total)} ${words[locale].currency}`,
      );
      await page.getByTestId('terms').check();
      await fitsWindow(page);
      await shot(page, `issue43-installments-${locale}-${page.viewportSize()!.width}`);
      await expect(page.getByTestId('place-order')).toBeEnabled();
    });

    test(`the place-order button shows from the start, disabled, saying what is missing (${locale}) @phone`, async ({
      page,
      request,
    }) => {
      const s = await newShopper(request);
      const { zone } = await addAddress(request, s);
      // Under the zone's free-delivery amount, so the summary says how much more makes delivery free.
      expect(zone.free_shipping_from, 'the first zone delivers free from an amount').not.toBeNull();
      const small = (await allProducts(request)).filter(
        (p) => p.stock >= 5 && p.checkout_price >= 300 && p.checkout_price < zone.free_shipping_from! - 100,
      );
      expect(small.length, 'products under the free-delivery amount').toBeGreaterThan(4);
      await addToCart(
        request,
        s,
        small[(locale === 'ar' ? 1 : 3) + (test.info().project.name === 'phone' ? 1 : 0)]!,
      );
      await openAs(page, s, locale);
      await walkToPayment(page);
      // The summary's list holds only its terms and their values (axe: a <p> inside the <dl>).
      await expect(page.getByTestId('to-free-delivery')).toBeVisible();
      await expect(page.getByTestId('to-free-delivery')).toHaveJSProperty('tagName', 'DD');
      await expect(
        page.getByTestId('checkout-summary').locator('dl > :not(div), dl > div > :not(dt):not(dd)'),
      ).toHaveCount(0);
      const place = page.getByTestId('place-order');
      await expect(place).toBeVisible();
      await expect(place).toBeDisabled();
      await expect(page.getByTestId('place-order-why')).toHaveText(words[locale].missingMethodTerms);
      await method(page, 'cash').check();
      await expect(page.getByTestId('place-order-why')).toHaveText(words[locale].missingTerms);
      await expect(place).toHaveAccessibleDescription(words[locale].missingTerms);
      // Pressed anyway: the terms box says so and takes the focus.
      await place.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(words[locale].termsRequired);
      await expect(page.getByTestId('terms')).toBeFocused();
      await page.getByTestId('terms').check();
      await expect(place).toBeEnabled();
      await expect(page.getByTestId('place-order-why')).toHaveCount(0);
      await fitsWindow(page);
      await place.click();
      await expect(page).toHaveURL(/\/complete-payment\?success=true&order_id=\d+/);
    });

    test(`online payment: the hint points to the Pay button; an unknown promotion's page answers 404 (${locale}) @phone`, async ({
      page,
      request,
    }) => {
      const s = await newShopper(request);
      await addAddress(request, s);
      await addToCart(request, s, await cheapProduct(request));
      await openAs(page, s, locale);
      await walkToPayment(page);
      await method(page, 'online').click();
      await expect(page.getByTestId('online-ready')).toContainText(words[locale].payHint);
      await expect(page.getByTestId('online-ready')).not.toContainText(/again|تاني/);
      await expect(page.getByTestId('pay-online')).toBeVisible();
      await expect(page.getByTestId('place-order')).toHaveCount(0);
      await fitsWindow(page);

      const unknown = await page.goto('/promotions/no-such-sale-43');
      expect(unknown!.status()).toBe(404);
      await expect(page).toHaveURL(/\/404$/);
    });

    test(`a guest's cart counts the delivery fee of the governorate chosen in it, in the summary and the total (${locale}) @phone`, async ({
      page,
      request,
    }) => {
      const product = await cheapProduct(request);
      const all = await zones(request, locale);
      // A governorate that charges for this product, and one where it goes free.
      const paid = all.find(
        (z) =>
          z.shipping_fees > 0 &&
          (z.free_shipping_from === null || product.checkout_price < z.free_shipping_from),
      )!;
      const free = all.find(
        (z) => z.free_shipping_from !== null && product.checkout_price >= z.free_shipping_from,
      );
      expect(paid, 'a governorate that charges delivery').toBeTruthy();
      await page.addInitScript(
        ([id, lng]) => {
          if (sessionStorage.getItem('e2e-guest-set')) return;
          localStorage.setItem(
            'store-guest-cart',
            JSON.stringify({ state: { lines: [{ productId: id, quantity: 1 }] }, version: 0 }),
          );
          localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
          localStorage.removeItem('store-delivery-zone');
          sessionStorage.setItem('e2e-guest-set', '1');
        },
        [product.id, locale] as const,
      );
      await page.goto('/cart');
      const money = (n: number) => `${egp(n)} ${words[locale].currency}`;
      await expect(page.getByTestId('summary-delivery')).toHaveText(words[locale].atCheckout);
      await expect(page.getByTestId('summary-total')).toHaveText(money(product.checkout_price));

      await page.getByTestId('delivery-zone').selectOption(String(paid.id));
      await expect(page.getByTestId('delivery-fee-date')).toContainText(money(paid.shipping_fees));
      await expect(page.getByTestId('summary-delivery')).toHaveText(money(paid.shipping_fees));
      await expect(page.getByTestId('summary-total')).toHaveText(
        money(product.checkout_price + paid.shipping_fees),
      );
      await fitsWindow(page);
      if (free) {
        await page.getByTestId('delivery-zone').selectOption(String(free.id));
        await expect(page.getByTestId('summary-delivery')).toHaveText(words[locale].free);
        await expect(page.getByTestId('summary-total')).toHaveText(money(product.checkout_price));
      }
    });
  }
});
