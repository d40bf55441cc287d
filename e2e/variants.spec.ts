import { expect, test } from './fixtures';
import {
  addAddress,
  apiJson,
  newShopper,
  openAs,
  shot,
  VALID_NATIONAL_ID,
  walkToPayment,
} from './checkout-kit';

/**
 * Product variants (issue 49 item 2): the demo iPhone is one card with its price range, its page lets the shopper
 * choose colour and storage (the address keeps the choice; a value not sold with the other choices moves them to a
 * variant that has it, and says so), and the variant chosen is bought and named on the order. In English on a
 * desktop, in Arabic (RTL) at 375 px.
 */

interface Card {
  id: number;
  title_en: string;
  price_max?: number;
}
interface Variant {
  id: number;
  sku: string;
  stock: number;
  option_values: { value_en: string }[];
}

test('a shopper chooses a variant of the demo iPhone, the address keeps it, and buys it @phone', async ({
  page,
  request,
}, testInfo) => {
  const locale = testInfo.project.name === 'phone' ? 'ar' : 'en';
  const found = await apiJson<{ products: Card[] }>(
    request,
    'GET',
    `/v1/products?query=${encodeURIComponent('iPhone 16 5G')}&per_page=12&locale=en`,
  );
  const iphone = found.products.find((p) => p.price_max != null && p.title_en === 'Apple iPhone 16 5G');
  expect(iphone, 'the demo catalog has an iPhone sold in variants').toBeTruthy();
  const detail = await apiJson<{ product: { variants: Variant[] } }>(
    request,
    'GET',
    `/v1/products/${iphone!.id}?locale=en`,
  );
  const variant = (values: string[]) =>
    detail.product.variants.find(
      (v) => v.option_values.map((o) => o.value_en).join('/') === values.join('/'),
    )!;
  expect(detail.product.variants.length).toBeGreaterThanOrEqual(2);

  const s = await newShopper(request);
  await addAddress(request, s);
  await openAs(page, s, locale);

  // The list: one card for the iPhone, its price range, and a way to choose rather than an add button.
  await page.goto(`/products?search=${encodeURIComponent('iPhone 16 5G')}`);
  const card = page.locator(`[data-testid="product-card"][data-product-id="${iphone!.id}"]`);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('price-range')).toBeVisible();
  await card.getByTestId('choose-options').click();
  await expect(page).toHaveURL(new RegExp(`/products/${iphone!.id}`));

  const value = (v: string) => page.locator(`[data-testid="variant-value"][data-value="${v}"]`);
  // The first variant in stock is chosen to start with.
  await expect(value('Black')).toHaveAttribute('aria-pressed', 'true');
  await expect(value('128 GB')).toHaveAttribute('aria-pressed', 'true');

  // Blue, then 256 GB: that variant is sold out; Pink is not sold with 256 GB (struck, and named so), and
  // choosing it moves the storage to 128 GB, the one Pink comes in, rather than a dead end.
  await value('Blue').click();
  await expect(page).toHaveURL(new RegExp(`variant=${variant(['Blue', '128 GB']).id}`));
  await value('256 GB').click();
  await expect(page).toHaveURL(new RegExp(`variant=${variant(['Blue', '256 GB']).id}`));
  await expect(page.getByTestId('product-availability')).toHaveAttribute('data-availability', 'out_of_stock');
  await expect(value('Pink')).toHaveAttribute('data-sold', 'none');
  await expect(value('Pink')).toHaveAccessibleName(
    locale === 'en' ? 'Pink (not available with 256 GB)' : 'وردي (مش متاح مع 256 جيجا)',
  );
  await value('Pink').click();
  const pink = variant(['Pink', '128 GB']);
  await expect(page).toHaveURL(new RegExp(`variant=${pink.id}`));
  await expect(value('128 GB')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('variant-switched')).toHaveText(
    locale === 'en'
      ? "Pink isn't available with 256 GB, so 128 GB is chosen instead."
      : 'وردي مش متاح مع 256 جيجا، فاخترنالك 128 جيجا.',
  );
  await expect(page.getByTestId('variant-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('add-to-cart')).toBeVisible();

  // The address keeps the choice.
  await page.reload();
  await expect(value('Pink')).toHaveAttribute('aria-pressed', 'true');
  await expect(value('128 GB')).toHaveAttribute('aria-pressed', 'true');
  // The specifications say the chosen variant's colour and storage, not the product's own (Ultramarine).
  const specs = page.getByTestId('specifications');
  await expect(specs.locator('tr[data-option]')).toHaveCount(2);
  await expect(specs).toContainText(locale === 'en' ? 'Pink' : 'وردي');
  await expect(specs).not.toContainText(locale === 'en' ? 'Ultramarine' : 'ألترامارين');
  if (locale === 'ar') {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await shot(page, `variants-${locale}-product`);

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('remove-from-cart')).toBeVisible();
  // Its price asks for the National ID (25,000 EGP or more).
  await walkToPayment(page, { nationalId: true });
  await page.getByTestId('national-id').fill(VALID_NATIONAL_ID);
  await page.getByTestId('national-id-submit').click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByTestId('method-cash').check();
  await page.getByTestId('terms').check();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order_id'));
  const order = await apiJson<{
    order: { order_products: { product: { id: number; title: string }; variant: { sku: string } | null }[] };
  }>(request, 'GET', `/v1/users/orders/${orderId}?locale=${locale}`, s.headers);
  expect(order.order.order_products).toHaveLength(1);
  expect(order.order.order_products[0]).toMatchObject({
    product: { id: pink.id },
    variant: { sku: pink.sku },
  });
  expect(order.order.order_products[0]!.product.title).toContain(locale === 'en' ? 'Pink' : 'وردي');
});
