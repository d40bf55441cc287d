import { openSignedIn } from './admin-session';
import { expect, test, type APIRequestContext } from './fixtures';
import { confirmedOrder } from './placed-order';
import { apiJson } from './shoppers';

/**
 * Cash on delivery (issue 48 item 4), against the stand-in Bosta of scripts/e2e-server.mjs: an order shipped with
 * Bosta and delivered by its webhook, then the owner uploads Bosta's settlement CSV (short for that parcel, plus a
 * parcel the store does not know) and the report flags both; in English on a desktop and Arabic (RTL) at 375 px.
 */

const SECRET = 'e2e-bosta-webhook-secret';

const words = {
  en: {
    nav: 'Cash on delivery',
    upload: 'Upload',
    short: 'Short',
    unknown: 'Unknown shipment',
    done: /2 of 2 rows recorded/,
    bad: 'The file’s header lacks these columns',
  },
  ar: {
    nav: 'التحصيل عند الاستلام',
    upload: 'ارفع',
    short: 'ناقص',
    unknown: 'شحنة مش معروفة',
    done: /اتسجل 2 من صفين/,
    bad: 'عناوين الملف ناقصها الأعمدة',
  },
};

/** A cash order of a new shopper, shipped with Bosta by the owner and delivered by Bosta's webhook. */
async function deliveredParcel(request: APIRequestContext, staff: Record<string, string>) {
  const placed = {
    order: await confirmedOrder(request, { firstName: 'Hoda', lastName: 'Nabil', district: 'Nasr City' }),
  };
  const shipped = await apiJson<{ shipments: { tracking_number: string; cod: number }[] }>(
    request,
    'POST',
    `/v1/admin/orders/${placed.order.id}/shipments?locale=en`,
    staff,
    {},
  );
  const { tracking_number: tracking, cod } = shipped.shipments[0]!;
  const event = (state: number, at: number) =>
    request.post('/v1/couriers/bosta/webhook', {
      headers: { authorization: SECRET },
      data: { _id: `e2e-${tracking}`, trackingNumber: Number(tracking), state, type: 'SEND', timeStamp: at },
    });
  expect((await event(21, Date.now() - 60_000)).status()).toBe(200);
  const res = await request.post('/v1/couriers/bosta/webhook', {
    headers: { authorization: SECRET },
    data: {
      _id: `e2e-${tracking}`,
      trackingNumber: Number(tracking),
      state: 45,
      type: 'SEND',
      timeStamp: Date.now(),
    },
  });
  expect(res.status()).toBe(200);
  return { tracking, cod };
}

const cairoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());

for (const [locale, phone] of [
  ['en', false],
  ['ar', true],
] as const) {
  test(`the owner uploads Bosta's settlement file and the report flags a short parcel and an unknown one (${locale}${phone ? ', 375 px' : ''})`, async ({
    page,
    request,
  }) => {
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    const w = words[locale];
    const session = await openSignedIn(page, request, locale);
    const parcel = await deliveredParcel(request, session.headers);
    const stranger = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

    await page.goto('/admin/');
    await page.getByTestId('nav-settlements').first().click();
    await expect(page).toHaveURL(/\/admin\/settlements$/);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

    // A file without the needed columns is refused in the page's language.
    await page.getByTestId('settlement-file').setInputFiles({
      name: 'wrong.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Phone\nHoda,01098765432\n'),
    });
    await page.getByRole('button', { name: w.upload }).click();
    await expect(page.getByRole('alert').filter({ hasText: w.bad })).toBeVisible();

    const csv =
      '\ufeffTracking Number,Business Reference,Consignee,COD Collected,Date\n' +
      `${parcel.tracking},,هدى نبيل,${(parcel.cod - 10).toFixed(2)},${cairoToday()}\n` +
      `${stranger},,مجهول,120,${cairoToday()}\n`;
    await page.getByTestId('settlement-file').setInputFiles({
      name: 'bosta-settlement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('button', { name: w.upload }).click();
    await expect(page.getByTestId('settlement-done')).toHaveText(w.done);

    const short = page.getByTestId('settlement-diff-short').filter({ hasText: parcel.tracking });
    await expect(short).toContainText(w.short);
    const unknown = page.getByTestId('settlement-diff-unknown').filter({ hasText: stranger });
    await expect(unknown).toContainText(w.unknown);
    await expect(page.getByTestId('settlement-days').getByTestId('settlement-day').first()).toBeVisible();
    const box = await page.getByTestId('settlement-differences').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });
}
