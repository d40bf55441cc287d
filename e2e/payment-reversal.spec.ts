import { signedIn, staffSession } from './admin-session';
import { expect, test, type Page } from './fixtures';
import { apiJson } from './shoppers';
import { paidOnlineOrder } from './placed-order';

/**
 * Paymob done completely (issue 47 item 4), in a real Chromium against the built app and the sandbox gateway: a card
 * order paid online and cancelled by staff the same day is voided by the gateway (the outbox asks it within
 * seconds), and the back office's order shows the payment voided with what went back; the orders list filters by
 * how an order was paid online and says it in the row. In Arabic and English. (The shopper's order page does not
 * show the payment's status.)
 */

const words = {
  ar: { voided: 'اتلغى (Void)', card: 'كارت', givenBack: 'اترد منه' },
  en: { voided: 'Voided', card: 'Card', givenBack: 'Given back' },
} as const;

async function cancel(page: Page) {
  await page.getByTestId('action-canceled').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('status-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'canceled',
  );
}

for (const locale of ['ar', 'en'] as const) {
  test(`a card order cancelled the same day is voided, and staff see it on the order and filter by card (${locale})`, async ({
    page,
    request,
  }) => {
    const w = words[locale];
    const orderId = await paidOnlineOrder(request);
    const staff = await staffSession(request);
    const { order } = await apiJson<{ order: { order_number: number } }>(
      request,
      'GET',
      `/v1/admin/orders/${orderId}?locale=en`,
      staff.headers,
    );

    // The list: paid by card, said in the row; the kiosk filter leaves it out.
    await signedIn(page, staff, locale);
    await page.goto(`/admin/orders?query=${order.order_number}`);
    const row = page.getByTestId('order-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('order-paid-with')).toContainText(w.card);
    await page.getByTestId('filter-paid-with').selectOption('kiosk');
    await expect(page).toHaveURL(/paid_with=kiosk/);
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    await page.getByTestId('filter-paid-with').selectOption('card');
    await expect(page).toHaveURL(/paid_with=card/);
    await expect(row).toHaveCount(1);

    // The order: paid, then cancelled by staff; the gateway voids it within seconds (the page shows it on reload).
    await row.getByTestId('order-link').click();
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    await expect(page.getByTestId('payment-method')).toContainText(w.card);
    await cancel(page);
    await expect(async () => {
      await page.reload();
      await expect(status).toHaveAttribute('data-status', 'voided', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(status).toContainText(w.voided);
    await expect(page.getByTestId('order-payments')).toContainText(w.givenBack);
    await expect(page.getByTestId('refund-required')).toHaveCount(0);
    // A voided card payment is not the owner's to mark by hand.
    await expect(page.getByTestId('payment-by-hand')).toHaveCount(0);
  });
}

const byHand = {
  ar: { refundRequired: 'لازم يترد', refunded: 'اترد', kiosk: 'كشك' },
  en: { refundRequired: 'Refund required', refunded: 'Refunded', kiosk: 'Kiosk' },
} as const;

for (const locale of ['ar', 'en'] as const) {
  test(`kiosk money given back by hand: the owner marks it on the order and the payment is refunded (${locale})`, async ({
    page,
    request,
  }) => {
    const w = byHand[locale];
    const orderId = await paidOnlineOrder(request, 'kiosk');
    const staff = await staffSession(request);
    await signedIn(page, staff, locale);
    await page.goto(`/admin/orders/${orderId}`);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'succeeded');
    await expect(page.getByTestId('payment-method')).toContainText(w.kiosk);
    await cancel(page);
    // The gateway cannot give kiosk money back: it waits for the shop, and the owner is offered the button.
    await expect(status).toHaveAttribute('data-status', 'refund_required');
    await expect(status).toContainText(w.refundRequired);
    await page.getByTestId('payment-by-hand').click();
    await page.getByTestId('payment-by-hand-confirm').click();
    await expect(status).toHaveAttribute('data-status', 'refunded');
    await expect(status).toContainText(w.refunded);
    await expect(page.getByTestId('payment-by-hand')).toHaveCount(0);
    await expect(page.getByTestId('refund-required')).toHaveCount(0);
  });
}
