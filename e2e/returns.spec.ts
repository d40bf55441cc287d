import { readFileSync } from 'node:fs';
import { openSignedIn } from './admin-session';
import { openAs } from './checkout-kit';
import { expect, test, type Page } from './fixtures';
import { confirmedOrder } from './placed-order';
import { apiJson } from './shoppers';

/**
 * A shopper's return from the request to the refund (issue 48 item 5), against the stand-in Bosta of
 * scripts/e2e-server.mjs: on the delivered order's page the shopper asks to return its unit with a reason, words and
 * a photo; in the back office staff approve it (the outbox books Bosta's pickup), then mark the items received,
 * which refunds them in cash; the shopper's page follows each step and an SMS goes out at each. Bosta's webhook
 * (its recorded Customer Return Pickup events) says the items were picked up and brought back: the order's page in
 * the back office shows the return with its units, photo, pickup and that news, and links to it on the Returns page.
 * In English on a desktop and in Arabic (RTL) on a 375 px phone.
 */

/** Bosta's recorded webhook bodies (the API's fixtures), sent as Bosta would send them to the e2e server. */
const bostaHooks = (
  JSON.parse(readFileSync('apps/api/src/adapters/couriers/fixtures/bosta.json', 'utf8')) as {
    webhooks: Record<string, Record<string, unknown>>;
  }
).webhooks;

/** A 1×1 PNG: a photo by content, as the API checks it. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const words = {
  en: {
    reason: 'Arrived damaged',
    waiting: 'Waiting for our reply',
    refunded: 'Received and refunded',
    cash: 'in cash',
    pickup: 'Pickup: Bosta',
    approved: 'Approved',
    backAtShop: 'The courier brought the items back to the shop',
    sms: [
      'We received your request to return',
      'Your return for order',
      'We received the items you returned',
    ],
  },
  ar: {
    reason: 'وصل مكسور أو متضرر',
    waiting: 'مستني ردنا',
    refunded: 'اتستلم واترجعت الفلوس',
    cash: 'كاش',
    pickup: 'الاستلام: بوسطة',
    approved: 'اتوافق عليه',
    backAtShop: 'المندوب رجّع المنتجات للمحل',
    sms: ['وصلنا طلبك ترجّع منتجات', 'وافقنا على إرجاع منتجات', 'استلمنا المنتجات اللي رجّعتها'],
  },
};

async function noWiderThanScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

for (const locale of ['en', 'ar'] as const) {
  const phone = locale === 'ar';
  test(`a return goes from the shopper's request to the refund (${locale}${phone ? ', 375 px @phone' : ''})`, async ({
    page,
    request,
  }, testInfo) => {
    // English on the desktop project, Arabic on the phone project: each language once.
    test.skip(testInfo.project.name !== (phone ? 'phone' : 'desktop'), 'one language per project');
    // The outbox sends the order's messages in turn (each email renders the invoice's PDF).
    test.setTimeout(150_000);
    const w = words[locale];
    const { id, shopper } = await confirmedOrder(request, {
      firstName: 'Salma',
      lastName: 'Fathy',
      productPage: 4,
    });
    await apiJson(request, 'POST', `/dev/orders/${id}/status`, undefined, { status: 'delivered' });

    // The shopper asks on the order's page.
    await openAs(page, shopper, locale);
    await page.goto(`/my-account/orders/${id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', phone ? 'rtl' : 'ltr');
    await page.getByTestId('return-start').click();
    await page.getByTestId('return-units').first().selectOption('1');
    await page.getByTestId('return-reason').selectOption({ label: w.reason });
    await page
      .getByTestId('return-details')
      .fill(phone ? 'الكرتونة مفتوحة والجهاز مخدوش' : 'The box was crushed');
    await page
      .getByTestId('return-photos')
      .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: PHOTO });
    await noWiderThanScreen(page);
    await page.getByTestId('return-submit').click();
    await expect(page.getByTestId('return-sent')).toBeVisible();
    const card = page.getByTestId('return-card').first();
    await expect(card.getByTestId('return-status')).toHaveText(w.waiting);

    // Staff approve it in the back office; the outbox books Bosta's pickup.
    const session = await openSignedIn(page, request, locale);
    await page.goto('/admin/');
    await page.getByTestId('nav-returns').first().click();
    await expect(page).toHaveURL(/\/admin\/returns$/);
    const ours = (p: Page) => p.locator(`[data-testid="admin-return"][data-order-id="${id}"]`);
    await expect(ours(page).locator('img')).toHaveCount(1);
    await ours(page).getByTestId('admin-return-approve').click();
    await page.getByTestId('returns-filter-approved').click();
    await expect(ours(page).getByTestId('admin-return-status')).toBeVisible();
    await noWiderThanScreen(page);
    // The outbox books Bosta's pickup; the page asks again until it shows. Staff receive what the courier picked
    // up: received before the booking, the return needs no pickup and none is booked.
    await expect(ours(page).getByTestId('admin-return-pickup')).toContainText(/\d{6,}/, { timeout: 30_000 });

    // Bosta says it picked the items up, then brought them back to the shop (nothing is refunded by that).
    const listed = await apiJson<{ returns: { id: number; pickup: { tracking_number: string } | null }[] }>(
      request,
      'GET',
      `/v1/admin/returns?order_id=${id}`,
      session.headers,
    );
    const ret = listed.returns[0]!;
    const tracking = ret.pickup!.tracking_number;
    for (const [name, ago] of [
      ['return_picked_up', 3_600_000],
      ['return_back_at_shop', 0],
    ] as const)
      await apiJson(
        request,
        'POST',
        '/v1/couriers/bosta/webhook',
        { authorization: 'e2e-bosta-webhook-secret' },
        { ...bostaHooks[name], trackingNumber: tracking, timeStamp: Date.now() - ago },
      );

    // The order's page shows the return: where it stands, its unit, photo, pickup and Bosta's news.
    await page.goto(`/admin/orders/${id}`);
    const onOrder = page.getByTestId('order-returns');
    await expect(onOrder.getByTestId('order-return-status')).toHaveText(w.approved);
    await expect(onOrder.getByTestId('order-return-lines').locator('li')).toHaveCount(1);
    await expect(onOrder.getByTestId('order-return-photos').locator('img')).toHaveCount(1);
    await expect(onOrder.getByTestId('order-return-pickup')).toContainText(tracking);
    await expect(onOrder.getByTestId('admin-return-pickup-news').locator('li')).toHaveCount(2);
    await expect(onOrder.getByTestId('admin-return-pickup-news')).toContainText(w.backAtShop);
    await expect(onOrder.getByTestId('order-return-refund')).toHaveCount(0);
    await noWiderThanScreen(page);
    // Its link opens that return on the Returns page, where staff receive the items.
    await onOrder.getByTestId('order-return-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/returns\\?order=${id}#return-${ret.id}$`));
    await expect(page.getByTestId('returns-of-order')).toBeVisible();
    await expect(ours(page).getByTestId('admin-return-pickup-news')).toContainText(w.backAtShop);

    // The items are back: received, refunded in cash.
    await ours(page).getByTestId('admin-return-receive').click();
    await ours(page).getByTestId('admin-return-receive-confirm').click();
    await expect(ours(page).getByTestId('admin-return-refund')).toBeVisible();
    await page.getByTestId('returns-filter-approved').click();
    await expect(ours(page)).toHaveCount(0);
    await page.getByTestId('returns-filter-refunded').click();
    await expect(ours(page).getByTestId('admin-return-refund')).toBeVisible();

    // An SMS went out at each step (the approved one once the outbox had booked Bosta's pickup).
    const failures = () =>
      apiJson<{ events: { order_id: number | null; type: string; error: string }[] }>(
        request,
        'GET',
        '/v1/admin/outbox/failures?locale=en',
        session.headers,
      ).then((f) => f.events.filter((e) => e.order_id === id));
    try {
      await expect
        .poll(
          async () => {
            const r = await apiJson<{ messages: { body: string }[] }>(
              request,
              'GET',
              `/dev/sms-outbox?phone_number=${shopper.phone}&limit=20`,
            );
            // In the shopper's language (the one their account keeps), whichever it is.
            return words.en.sms.filter((s, i) =>
              r.messages.some((m) => m.body.includes(s) || m.body.includes(words.ar.sms[i]!)),
            ).length;
          },
          // The outbox sends each order's messages in turn (each email with the invoice's PDF): give it time.
          { timeout: 60_000 },
        )
        .toBe(3);
    } catch (err) {
      throw new Error(`${String(err)}\noutbox failures of the order: ${JSON.stringify(await failures())}`, {
        cause: err,
      });
    }

    // The shopper's page follows: refunded, in cash, with the pickup's tracking number.
    await page.goto(`/my-account/orders/${id}`);
    await expect(card.getByTestId('return-status')).toHaveText(w.refunded);
    await expect(card.getByTestId('return-refund')).toContainText(w.cash);
    await expect(card.getByTestId('return-pickup')).toContainText(w.pickup);
    await expect(card.getByTestId('return-pickup')).toContainText(/\d{6,}/);
    await expect(card.getByTestId('return-picked-up')).toBeVisible();
    await expect(card.getByTestId('return-back-at-shop')).toBeVisible();
    await noWiderThanScreen(page);

    // The order's page in the back office shows the refund too.
    await page.goto(`/admin/orders/${id}`);
    await expect(page.getByTestId('order-return-refund')).toBeVisible();
  });
}
