import { openSignedIn } from './admin-session';
import { expect, test } from './fixtures';

/**
 * Categories and promotions in the back office (issue 17), in a real Chromium against the built app: the demo owner
 * adds a sub-category in Arabic and English and moves it with the keyboard buttons, then makes a promotion, puts
 * one product in it at a promotion price, and sees the promotion's page in the store with that product and price.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

test('the owner adds a sub-category in both languages and a promotion with one product, and sees its page in the store', async ({
  page,
  request,
}) => {
  // A long journey through two apps: room for a busy machine.
  test.setTimeout(150_000);
  const session = await openSignedIn(page, request);
  const tree = (await (
    await request.get('/v1/admin/categories?locale=ar', { headers: session.headers })
  ).json()) as { categories: { id: number; level: number; parent_id: number | null; name_ar: string }[] };
  const main = tree.categories.find((c) => c.level === 1)!;

  /* ---- a sub-category, Arabic and English side by side ---- */
  const suffix = unique();
  const nameAr = `سماعات لاسلكي ${suffix}`;
  const nameEn = `Wireless headphones ${suffix}`;
  await page.goto('/admin/categories');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأقسام', level: 1 })).toBeVisible();
  await page.getByTestId(`category-add-sub-${main.id}`).click();
  const form = page.getByTestId('category-form');
  await expect(page.getByRole('dialog')).toContainText(main.name_ar);
  // Empty names: refused on the field, in Arabic.
  await page.getByTestId('category-save').click();
  await expect(form.getByRole('alert').first()).toContainText('مطلوب');
  await form.getByLabel('الاسم بالعربي').fill(nameAr);
  await form.getByLabel('الاسم بالإنجليزي').fill(nameEn);
  await page.getByTestId('category-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const row = page.getByTestId('category-tree').locator('li', { hasText: nameAr });
  await expect(row).toHaveAttribute('data-level', '2');
  await expect(row).toContainText(nameEn);

  // It came last among its siblings; the keyboard's "up" button moves it before the one above it.
  const siblings = () =>
    request
      .get('/v1/admin/categories?locale=ar', { headers: session.headers })
      .then((r) => r.json())
      .then((b: typeof tree) => b.categories.filter((c) => c.parent_id === main.id).map((c) => c.name_ar));
  const before = await siblings();
  expect(before.at(-1)).toBe(nameAr);
  if (before.length > 1) {
    await row.getByRole('button', { name: `طلّع ${nameAr} لفوق` }).click();
    await expect(page.getByText(`${nameAr} اتنقل.`)).toBeVisible();
    await expect.poll(siblings).toEqual([...before.slice(0, -2), nameAr, before.at(-2)]);
    // Dragged onto the upper edge of the first sibling: it goes first.
    const first = page
      .getByTestId('category-tree')
      .locator('li[data-level="2"]', { hasText: before[0]! })
      .first();
    await row.dragTo(first, { targetPosition: { x: 40, y: 4 } });
    await expect.poll(siblings).toEqual([nameAr, ...before.slice(0, -1)]);
  }
  // The store's category menu has it.
  const shopCats = await (await request.get('/v1/categories?locale=en&show_all=true')).text();
  expect(shopCats).toContain(nameEn);

  /* ---- a promotion with one product ---- */
  const list = (await (await request.get('/v1/products?locale=ar&per_page=12')).json()) as {
    products: { id: number; title: string; price: number; price_after_promotion: number | null }[];
  };
  const product = list.products.find((p) => p.price_after_promotion === null && p.price >= 100)!;
  const promoPrice = Math.floor(product.price * 0.8);
  const slug = `e2e-offer-${suffix}`;

  await page.getByRole('navigation').getByRole('link', { name: 'العروض' }).click();
  await expect(page.getByRole('heading', { name: 'العروض', level: 1 })).toBeVisible();
  await page.getByTestId('promotion-new').click();
  const promo = page.getByTestId('promotion-form');
  await promo.getByLabel('الاسم بالعربي').fill(`عروض السماعات ${suffix}`);
  await promo.getByLabel('الاسم بالإنجليزي').fill(`Headphone days ${suffix}`);
  // A slug the store cannot use is refused on its field.
  await promo.getByLabel('عنوان الصفحة (slug)').fill('عرض حلو');
  await page.getByTestId('promotion-save').click();
  await expect(promo.getByRole('alert').first()).toContainText('حروف إنجليزي');
  await promo.getByLabel('عنوان الصفحة (slug)').fill(slug);
  await page.getByTestId('promotion-save').click();
  await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
  await expect(page.getByRole('heading', { name: `عروض السماعات ${suffix}` })).toBeVisible();
  await expect(page.getByText('شغال')).toBeVisible();

  await page.getByLabel('دوّر على منتج').fill(String(product.id));
  const candidate = page.getByTestId(`candidate-${product.id}`);
  await expect(candidate).toBeVisible();
  // Not below the price: refused on the field, nothing added.
  await candidate.getByLabel('سعر العرض (جنيه)').fill(String(product.price));
  await page.getByTestId(`promo-price-add-${product.id}-save`).click();
  await expect(candidate.getByRole('alert')).toContainText('سعر العرض لازم يكون أقل من السعر');
  await candidate.getByLabel('سعر العرض (جنيه)').fill(String(promoPrice));
  await page.getByTestId(`promo-price-add-${product.id}-save`).click();
  await expect(page.getByTestId(`promo-product-${product.id}`)).toBeVisible();
  await expect(page.getByTestId(`promo-price-in-${product.id}`)).toHaveValue(String(promoPrice));

  /* ---- the store's page of the promotion ---- */
  await expect(page.getByTestId('promotion-store-link')).toHaveAttribute('href', `/promotions/${slug}`);
  await page.goto(`/promotions/${slug}`);
  await expect(page.getByRole('heading', { name: `عروض السماعات ${suffix}` })).toBeVisible();
  await expect(page.getByText(product.title).first()).toBeVisible();
  const shop = (await (await request.get(`/v1/products?promotion_slug=${slug}&locale=ar`)).json()) as {
    products: { id: number; checkout_price: number }[];
  };
  expect(shop.products).toEqual([expect.objectContaining({ id: product.id, checkout_price: promoPrice })]);
});
