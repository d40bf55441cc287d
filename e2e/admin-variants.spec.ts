import { signedIn, staffSession } from './admin-session';
import { shot } from './checkout-kit';
import { expect, test } from './fixtures';

/**
 * A product sold in variants in the back office (issue 49 item 2): the owner finds the demo iPhone by a variant's
 * SKU and sees it once, with its variant count and price range; the stock screen shows each variant as the iPhone's
 * name and its option values with its SKU, never the iPhone itself; a variant opened by its number is a page of its
 * pictures leading to its product, not a product form. In English on a desktop, in Arabic (RTL) at 375 px.
 */

interface Option {
  values: { en: string; ar: string }[];
}
interface Variant {
  id: number;
  sku: string;
  values: { en: string; ar: string }[];
}

test('the owner sees the demo iPhone once, its variants on the stock screen by name, and a variant as its pictures @phone', async ({
  page,
  request,
}, testInfo) => {
  const locale = testInfo.project.name === 'phone' ? 'ar' : 'en';
  const owner = await staffSession(request);
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(path, { headers: owner.headers });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as T;
  };
  // The demo iPhone sold in variants, found through its SKU as the owner will.
  const found = await get<{
    products: { id: number; title_en: string; title_ar: string; variants: number }[];
  }>('/v1/admin/products?query=IP16-BLU-128&locale=en');
  expect(found.products).toHaveLength(1);
  const iphone = found.products[0]!;
  expect(iphone.variants).toBeGreaterThanOrEqual(2);
  const { variants } = await get<{ options: Option[]; variants: Variant[] }>(
    `/v1/admin/products/${iphone.id}/variants?locale=en`,
  );
  const blue = variants.find((v) => v.sku === 'IP16-BLU-128')!;
  const label = (v: Variant) =>
    `${locale === 'ar' ? iphone.title_ar : iphone.title_en} — ${v.values.map((x) => x[locale]).join(' / ')}`;

  await signedIn(page, owner, locale);
  await page.goto('/admin/products?query=IP16-BLU-128');
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('product-link')).toHaveAttribute('href', `/admin/products/${iphone.id}`);
  await expect(rows.getByTestId('variant-count')).toContainText(
    locale === 'ar' ? `عدد الأنواع: ${iphone.variants}` : `Variants: ${iphone.variants}`,
  );
  await expect(rows.getByTestId('price-range')).toBeVisible();
  await shot(page, `admin-variants-list-${locale}`);

  // The stock screen: each variant by its product's name and values, with its SKU; the iPhone's own row is not there.
  await page.goto(`/admin/stock?query=${iphone.id}`);
  const blueRow = page.getByTestId(`stock-row-${blue.id}`);
  await expect(blueRow).toContainText(label(blue));
  await expect(page.getByTestId(`stock-sku-${blue.id}`)).toContainText('IP16-BLU-128');
  await expect(blueRow).not.toContainText(locale === 'ar' ? 'مخفي' : 'hidden');
  await expect(page.getByTestId(`stock-row-${iphone.id}`)).toHaveCount(0);
  // Every variant is listed, as a variant of this iPhone. A product typed by its number also brings those whose
  // texts hold its digits (another test's "Test blender 1764…" can), so rows of other products may follow.
  for (const v of variants) await expect(page.getByTestId(`stock-row-${v.id}`)).toContainText(label(v));
  await expect(
    page
      .getByTestId('stock-list')
      .locator(`a[data-testid^="stock-variant-of-"][href="/admin/products/${iphone.id}"]`),
  ).toHaveCount(variants.length);
  await shot(page, `admin-variants-stock-${locale}`);
  await page.getByTestId(`stock-variant-of-${blue.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${iphone.id}$`));
  await expect(page.getByTestId('variants-editor')).toBeVisible();

  // A variant opened by its number: its pictures and the way to its product, no product form to save.
  const combination = blue.values.map((x) => x.en).join(' / ');
  await page
    .locator(`[data-testid="variant-row"][data-values="${combination}"]`)
    .getByTestId('variant-link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${blue.id}$`));
  await expect(page.getByTestId('variant-page')).toBeVisible();
  await expect(page.getByTestId('product-form')).toHaveCount(0);
  await shot(page, `admin-variants-variant-${locale}`);
  await expect(page.getByTestId('variant-of')).toContainText(
    locale === 'ar' ? iphone.title_ar : iphone.title_en,
  );
  await page.getByTestId('open-product').click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${iphone.id}$`));
  await expect(page.getByTestId('product-form')).toBeVisible();
});
