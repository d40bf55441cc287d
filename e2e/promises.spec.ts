import { expect, inLocale, test } from './fixtures';

/**
 * What the home page promises is what the store does (issue 16, item 2): delivery to the governorates of the
 * delivery zones from the lowest fee checkout charges, free from the amount the zones set, and returns within the
 * days the returns policy gives.
 */
/** A price as the store writes it: whole pounds bare, else both digits of the piastres. */
const egp = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(n)
    .replace(/\.00$/, '');

for (const locale of ['en', 'ar'] as const) {
  test(`the home page's promises follow the delivery zones and the returns policy (${locale})`, async ({
    page,
    request,
  }) => {
    const { delivery_zones: zones } = await (await request.get(`/v1/delivery_zones?locale=${locale}`)).json();
    const lowest = Math.min(...zones.map((z: { shipping_fees: number }) => z.shipping_fees));
    await inLocale(page, locale);
    await page.goto('/returns-policy');
    const policy = (await page.getByTestId('policy-returns').textContent())!;
    const days = (locale === 'en' ? /within (\d+) days/ : /خلال (\d+) يوم/).exec(policy)?.[1];
    expect(days, 'the returns policy names its days').toBeTruthy();

    await page.goto('/');
    const perks = page.getByTestId('home-perks');
    await expect(perks).toContainText(
      locale === 'en' ? `Delivery to ${zones.length} governorates` : `توصيل لـ ${zones.length} محافظة`,
    );
    await expect(perks).toContainText(egp(lowest));
    // Free delivery where a zone gives it, at its amount, naming those governorates.
    type Zone = { name: string; free_shipping_from?: number | null };
    const free = (zones as Zone[]).filter((z) => z.free_shipping_from != null);
    expect(free.length, 'the demo zones give free delivery somewhere').toBeGreaterThan(0);
    const from = Math.min(...free.map((z) => z.free_shipping_from!));
    await expect(perks).toContainText(egp(from));
    for (const z of free.filter((z) => z.free_shipping_from === from))
      await expect(perks).toContainText(z.name);
    await expect(perks).toContainText(locale === 'en' ? `${days}-day returns` : `استرجاع خلال ${days} يوم`);
    // Nothing checkout does not do.
    await expect(perks).not.toContainText(locale === 'en' ? 'Free shipping' : 'شحن مجاني');
  });
}
