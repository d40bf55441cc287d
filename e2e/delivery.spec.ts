import { expect, inLocale, test } from './fixtures';

/**
 * Delivery before buying (issue 16, item 2): on the product page and in the cart, the fee and the expected dates
 * for the governorate the guest picks (the one checkout charges by), remembered for the next page.
 */
/** A price as the store writes it: whole pounds bare, else both digits of the piastres. */
const egp = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(n)
    .replace(/\.00$/, '');

for (const locale of ['en', 'ar'] as const) {
  test(`the product page and the cart show the delivery fee and dates of the chosen governorate (${locale}) @phone`, async ({
    page,
    request,
  }) => {
    const { delivery_zones: zones } = await (await request.get(`/v1/delivery_zones?locale=${locale}`)).json();
    type Zone = {
      id: number;
      name: string;
      shipping_fees: number;
      free_shipping_from?: number | null;
      delivery_days: { min: number; max: number };
    };
    const far = (zones as Zone[]).reduce((a, b) => (b.shipping_fees > a.shipping_fees ? b : a));
    await inLocale(page, locale);
    await page.goto('/products/1');
    const box = page.getByTestId('delivery-estimate');
    // Before a choice: the range of fees.
    await expect(box.getByTestId('delivery-fee-date')).toContainText(
      egp(Math.min(...zones.map((z: Zone) => z.shipping_fees))),
    );
    await box.getByTestId('delivery-zone').selectOption(String(far.id));
    const day = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    const latest = day.format(new Date(Date.now() + far.delivery_days.max * 86_400_000));
    await expect(box.getByTestId('delivery-fee-date')).toContainText(egp(far.shipping_fees));
    await expect(box.getByTestId('delivery-fee-date')).toContainText(latest);

    // The cart remembers the governorate.
    await page.getByTestId('add-to-cart').click();
    await page.goto('/cart');
    const inCart = page.getByTestId('delivery-estimate');
    await expect(inCart.getByTestId('delivery-zone')).toHaveValue(String(far.id));
    await expect(inCart.getByTestId('delivery-fee-date')).toContainText(latest);
    // A governorate with free delivery from an amount says so; one without does not.
    await expect(inCart.getByTestId('delivery-free-from')).toHaveCount(
      far.free_shipping_from == null ? 0 : 1,
    );
    const free = (zones as Zone[]).find((z) => z.free_shipping_from != null)!;
    await inCart.getByTestId('delivery-zone').selectOption(String(free.id));
    await expect(inCart.getByTestId('delivery-free-from')).toContainText(egp(free.free_shipping_from!));
    // Product cards say when the product alone is delivered free there, and only then.
    await page.goto(`/products?min_price=${free.free_shipping_from}`);
    const card = page.getByTestId('product-card').first();
    // Arabic writes "to" onto the name: "للقاهرة" (the article's alef dropped), "لأسوان".
    await expect(card.getByTestId('card-free-delivery')).toContainText(
      locale === 'ar' ? `ل${free.name.replace(/^ال/, 'ل')}` : free.name,
    );
    await page.goto(`/products?max_price=${Math.floor(free.free_shipping_from! - 1)}`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('card-free-delivery')).toHaveCount(0);
  });
}
