import { openSignedIn } from './admin-session';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { confirmedOrder } from './placed-order';
import { type Shopper } from './shoppers';

/**
 * Delivery with Bosta (issue 48), against the stand-in Bosta of scripts/e2e-server.mjs: staff ship a confirmed order
 * from its page and print its label, the shopper reads the tracking number on theirs, and Bosta's webhook delivers
 * the order. In both languages, on a desktop and on a 375 px phone.
 */

const SECRET = 'e2e-bosta-webhook-secret';

const words = {
  en: {
    ship: 'Ship with Bosta',
    delivered: 'Delivered',
    follow: 'Follow your parcel',
    onItsWay: 'On its way',
  },
  ar: { ship: 'اشحن مع بوسطة', delivered: 'اتسلّمت', follow: 'تابع شحنتك', onItsWay: 'في الطريق' },
};

/** The shopper's session in this page, the way the app keeps it. */
async function asShopper(page: Page, s: Shopper) {
  await page.addInitScript(
    ([headers, user]) => {
      if (sessionStorage.getItem('e2e-shopper-set')) return;
      localStorage.setItem('store-auth', JSON.stringify({ state: { headers, user }, version: 0 }));
      sessionStorage.setItem('e2e-shopper-set', '1');
    },
    [s.headers, s.user] as const,
  );
}

const webhook = (
  request: APIRequestContext,
  trackingNumber: string,
  state: number,
  at: string,
  secret = SECRET,
) =>
  request.post('/v1/couriers/bosta/webhook', {
    headers: { authorization: secret },
    data: {
      _id: `e2e-${trackingNumber}`,
      trackingNumber: Number(trackingNumber),
      state,
      type: 'SEND',
      timeStamp: Date.parse(at),
    },
  });

for (const [locale, phone] of [
  ['en', false],
  ['ar', true],
] as const) {
  test(`staff ship an order with Bosta and print its label; the shopper follows it; Bosta's webhook delivers it (${locale}${phone ? ', 375 px' : ''})`, async ({
    page,
    request,
  }) => {
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    const w = words[locale];
    const order = await confirmedOrder(request, {
      firstName: 'Salma',
      lastName: 'Fathy',
      district: 'Nasr City',
    });
    await openSignedIn(page, request, locale);
    await page.goto(`/admin/orders/${order.id}`);

    const card = page.getByTestId('order-shipment');
    await card.getByRole('button', { name: w.ship }).click();
    const tracking = card.getByTestId('shipment-tracking');
    await expect(tracking).toHaveText(/^7\d{7}$/);
    const trackingNumber = (await tracking.textContent())!.trim();
    await expect(tracking.getByRole('link')).toHaveAttribute(
      'href',
      `https://bosta.co/tracking-shipments?shipment-number=${trackingNumber}`,
    );
    const cardBox = await card.boundingBox();
    expect(cardBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The label opens as a PDF from the back office (the staff session's cookie).
    const label = await page.request.get((await card.getByTestId('shipment-label').getAttribute('href'))!);
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toBe('application/pdf');
    expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The shopper reads the carrier and tracking number on the order's page.
    const shopperPage = await page.context().newPage();
    if (phone) await shopperPage.setViewportSize({ width: 375, height: 740 });
    await asShopper(shopperPage, order.shopper);
    await shopperPage.goto(`/my-account/orders/${order.id}`);
    await expect(shopperPage.getByTestId('order-tracking-number')).toHaveText(trackingNumber);
    await expect(shopperPage.getByRole('link', { name: w.follow })).toHaveAttribute(
      'href',
      `https://bosta.co/tracking-shipments?shipment-number=${trackingNumber}`,
    );

    // A webhook without the shop's secret changes nothing; Bosta's picked up and delivered move the order.
    expect((await webhook(request, trackingNumber, 45, '2026-11-29T12:00:00Z', 'wrong')).status()).toBe(401);
    expect((await webhook(request, trackingNumber, 21, '2026-11-29T09:00:00Z')).status()).toBe(200);
    await page.reload();
    await expect(card.getByTestId('shipment-status')).toHaveText(w.onItsWay);
    expect((await webhook(request, trackingNumber, 45, '2026-11-29T12:00:00Z')).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'delivered',
    );
    await expect(card.getByTestId('shipment-status')).toHaveText(w.delivered);
    await expect(card.getByTestId('shipment-events')).toBeVisible();
  });
}
