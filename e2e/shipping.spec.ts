import { openSignedIn } from './admin-session';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { confirmedOrder, placedOrder } from './placed-order';
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

/** The orders list's bulk actions, in each language. */
const bulk = {
  en: {
    select: (n: number) => `Select order #${n}`,
    labels: 'Print their labels',
    shipped: 'Handed to the courier: 2',
    printed: 'Labels ready: 2',
    notShippable: (n: number) => `Order #${n}: Only a confirmed or processing order can be shipped`,
    noLabel: (n: number) => `Order #${n}: This order has no courier label to print`,
    open: 'Open the labels (PDF)',
  },
  ar: {
    select: (n: number) => `حدد الطلب رقم ${n}`,
    labels: 'اطبع بوالصها',
    shipped: 'اتسلّمت لشركة الشحن: 2',
    printed: 'البوالص الجاهزة: 2',
    notShippable: (n: number) => `الطلب رقم ${n}: الطلب لازم يكون اتأكد أو بيتجهز علشان يتشحن`,
    noLabel: (n: number) => `الطلب رقم ${n}: الطلب ده ملوش بوليصة شحن للطباعة`,
    open: 'افتح البوالص (PDF)',
  },
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

for (const [locale, phone] of [
  ['en', false],
  ['ar', true],
] as const) {
  test(`staff select orders in the list, ship them with Bosta at once and print their labels in one PDF; an order that cannot go is named with why (${locale}${phone ? ', 375 px' : ''})`, async ({
    page,
    request,
  }) => {
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    const w = { ...words[locale], ...bulk[locale] };
    const [a, b, pending] = await Promise.all([
      confirmedOrder(request, { district: 'Nasr City' }),
      confirmedOrder(request, { district: 'Nasr City' }),
      placedOrder(request),
    ]);
    await openSignedIn(page, request, locale);
    const numberOf = async (id: number) =>
      (
        (await (await page.request.get(`/v1/admin/orders/${id}?locale=en`)).json()) as {
          order: { order_number: number };
        }
      ).order.order_number;
    const [na, nb, np] = await Promise.all([numberOf(a.id), numberOf(b.id), numberOf(pending)]);

    await page.goto('/admin/orders');
    for (const n of [na, nb, np]) await page.getByRole('checkbox', { name: w.select(n) }).check();
    const bar = page.getByTestId('bulk-shipping');
    await bar.getByRole('button', { name: w.ship }).click();
    await expect(bar.getByTestId('bulk-done')).toHaveText(w.shipped);
    await expect(bar.getByTestId('bulk-failures')).toHaveText(w.notShippable(np));

    const answer = page.waitForResponse((r) => r.url().includes('/v1/admin/orders/labels'));
    await bar.getByRole('button', { name: w.labels }).click();
    expect((await answer).status()).toBe(200);
    await expect(bar.getByTestId('bulk-done')).toHaveText(w.printed);
    await expect(bar.getByTestId('bulk-failures')).toHaveText(w.noLabel(np));
    const pdf = bar.getByRole('link', { name: w.open });
    // One PDF holding both orders' labels, one page each.
    const text = await page.evaluate(
      async (href) => new TextDecoder('latin1').decode(await (await fetch(href)).arrayBuffer()),
      (await pdf.getAttribute('href'))!,
    );
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\s/g)).toHaveLength(2);
    const box = await bar.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Both orders now carry a Bosta parcel.
    for (const id of [a.id, b.id]) {
      const parcels = (await (await page.request.get(`/v1/admin/orders/${id}/shipments`)).json()) as {
        shipments: { courier: string; tracking_number: string }[];
      };
      expect(parcels.shipments).toEqual([
        expect.objectContaining({ courier: 'bosta', tracking_number: expect.stringMatching(/^7\d{7}$/) }),
      ]);
    }
  });
}
