import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { staffSession } from './admin-session';
import { apiJson, newShopper as newShopperAs, type Shopper } from './shoppers';

/**
 * The shopper's orders after they are placed (issue 43): a pending order is cancelled from its page; a delivered
 * order is rated from its own page and from the orders list; the rating gate before checkout says why and leads to
 * the order to rate, and its Cancel leaves a cart that still works; a partial refund shows in money (what came back, what was finally paid); the pages show the
 * order's number (given at placement, no gaps), not its internal id. On a phone and a desktop, in both languages.
 * Shoppers are registered through the API (the SMS code from the dev outbox); what happened "earlier" (a delivered
 * order, a refund by staff) is set up through the API and the dev routes.
 */

type Locale = 'ar' | 'en';
interface P {
  id: number;
  stock: number;
  checkout_price: number;
  maximum_number_per_order: number | null;
}
interface PlacedOrder {
  id: number;
  order_number: number;
  order_products: { id: number; quantity: number; checkout_price: number }[];
  checkout_total_price: number;
}

const PASSWORD = 'Nile-river-2024';
const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });
/** A picture of the page as it settles, for a person to look at (e2e/artifacts). */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${ARTIFACTS}/${name}-${test.info().project.name}.png`,
    fullPage: true,
    animations: 'disabled',
  });

/** A price as the store writes it (contracts' formatMoney): whole pounds bare, else both digits of the piastres. */
const egp = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(n)
    .replace(/\.00$/, '');

/** A confirmed, signed-in shopper (e2e/shoppers.ts). */
const newShopper = (request: APIRequestContext) =>
  newShopperAs(request, { firstName: 'Salma', lastName: 'Fathy', password: PASSWORD });

/** Affordable products in stock that take 2 a order, a different one for each caller (stock is shared). */
let products: P[] | undefined;
let taken = Math.floor(Math.random() * 50);
async function product(request: APIRequestContext): Promise<P> {
  if (!products) {
    const r = await apiJson<{ products: P[] }>(request, 'GET', '/v1/products?per_page=100&locale=en');
    products = r.products.filter(
      (p) =>
        p.stock >= 8 &&
        p.checkout_price >= 300 &&
        p.checkout_price <= 4_000 &&
        (p.maximum_number_per_order ?? 5) >= 2,
    );
    expect(products.length, 'the demo catalog has affordable products in stock').toBeGreaterThan(5);
  }
  return products[taken++ % products.length]!;
}

const addToCart = (request: APIRequestContext, s: Shopper, p: P, quantity = 1) =>
  apiJson(request, 'PUT', '/v1/users/cart?locale=en', s.headers, {
    order_product: { product_id: p.id, quantity },
  });

/** A cash order of 2 units placed "earlier" (pending: the shop has not confirmed it). */
async function pendingOrder(request: APIRequestContext, s: Shopper): Promise<PlacedOrder> {
  const zones = await apiJson<{ delivery_zones: { name_en: string }[] }>(
    request,
    'GET',
    '/v1/delivery_zones?locale=en',
  );
  const address = await apiJson<{ address: { id: number } }>(
    request,
    'POST',
    '/v1/users/addresses?locale=en',
    s.headers,
    {
      address: {
        label: 'Home',
        street_name: 'El Tahrir St',
        building: '12',
        floor: '3',
        apartment: '7',
        district: 'Dokki',
        governorate: zones.delivery_zones[0]!.name_en,
        number_type: 'mobile',
        phone_number: '01012345678',
        lat: 30.0444,
        lng: 31.2357,
        name: 'Tahrir Square, Cairo',
      },
    },
  );
  await addToCart(request, s, await product(request), 2);
  const cart = await apiJson<{ order: { order_id: number } }>(request, 'GET', '/v1/users/cart', s.headers);
  await apiJson(request, 'PUT', `/v1/users/orders/${cart.order.order_id}/address?locale=en`, s.headers, {
    address_id: address.address.id,
  });
  const placed = await apiJson<{ order: PlacedOrder }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    s.headers,
    { payment_method: 'cash' },
  );
  return placed.order;
}

/** A cash order of 2 units placed "earlier" and moved to delivered through the dev route. */
async function deliveredOrder(request: APIRequestContext, s: Shopper): Promise<PlacedOrder> {
  const placed = await pendingOrder(request, s);
  await apiJson(request, 'POST', `/dev/orders/${placed.id}/status`, undefined, { status: 'delivered' });
  return placed;
}

const ratingOf = async (request: APIRequestContext, s: Shopper, id: number) =>
  (await apiJson<{ order: { rating: number | null } }>(request, 'GET', `/v1/users/orders/${id}`, s.headers))
    .order.rating;

/** The shopper's session and language, set once per tab the way the app stores them. */
async function openAs(page: Page, s: Shopper, locale: Locale) {
  await page.addInitScript(
    ([headers, user, lng]) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      localStorage.setItem('store-auth', JSON.stringify({ state: { headers, user }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
      sessionStorage.setItem('e2e-session-set', '1');
    },
    [s.headers, s.user, locale] as const,
  );
}

const words = {
  ar: {
    title: (n: number) => `طلب رقم ${n}`,
    stars: (n: number) => `${n} من 5 نجوم`,
    send: 'ابعت التقييم',
    rated: (n: number) => `قيّمت الطلب ده ${n} من 5`,
    rateOf: (n: number) => `قيّم طلب رقم ${n}`,
    why: /قبل أي طلب جديد، محتاجين تقييمك للطلبات اللي استلمتها.*السلة بتاعتك هتفضل زي ما هي/,
    open: (n: number) => `طلب رقم ${n} (افتحه)`,
    cancel: 'إلغاء',
    increase: 'زوّد الكمية',
    refunded: 'اترد لك',
    paid: 'المدفوع بعد المرتجع',
    currency: 'ج.م',
    cancelOrder: 'إلغاء الطلب',
    confirmCancel: 'أيوه، الغي الطلب',
    canceled: 'اتلغى',
  },
  en: {
    title: (n: number) => `Order #${n}`,
    stars: (n: number) => `${n} of 5 stars`,
    send: 'Send rating',
    rated: (n: number) => `You rated this order ${n} of 5`,
    rateOf: (n: number) => `Rate order #${n}`,
    why: /Before a new order, we ask you to rate the orders you received.*Your cart is kept as it is/,
    open: (n: number) => `Order #${n} (open it)`,
    cancel: 'Cancel',
    increase: 'Increase quantity',
    refunded: 'Refunded to you',
    paid: 'Paid after refunds',
    currency: 'EGP',
    cancelOrder: 'Cancel order',
    confirmCancel: 'Yes, cancel the order',
    canceled: 'Canceled',
  },
} as const;

for (const locale of ['ar', 'en'] as const) {
  const w = words[locale];

  test(`${locale}: a delivered order is rated from its own page, which shows its number @phone`, async ({
    page,
    request,
  }) => {
    const s = await newShopper(request);
    const o = await deliveredOrder(request, s);
    await openAs(page, s, locale);
    await page.goto(`/my-account/orders/${o.id}`);
    // The order's number, given when it was placed; the address keeps the internal id.
    await expect(page.getByTestId('order-title')).toHaveText(w.title(o.order_number));
    const rating = page.getByTestId('order-rating');
    await expect(rating.getByTestId('rate-submit')).toBeDisabled();
    await rating.getByRole('radio', { name: w.stars(4) }).check();
    await shot(page, `order-rating-${locale}`);
    await rating.getByRole('button', { name: w.send }).click();
    await expect(rating.getByTestId('order-rated')).toHaveText(w.rated(4));
    await expect(rating.getByTestId('rate-order')).toHaveCount(0);
    expect(await ratingOf(request, s, o.id)).toBe(4);
  });

  test(`${locale}: a delivered order is rated from the orders list @phone`, async ({ page, request }) => {
    const s = await newShopper(request);
    const o = await deliveredOrder(request, s);
    await openAs(page, s, locale);
    await page.goto('/my-account/orders');
    // A table on a desktop, cards on a phone: the one shown.
    const row = page
      .locator(`[data-order-id="${o.id}"]`)
      .filter({ has: page.getByTestId('order-number').getByText(String(o.order_number)) })
      .locator('visible=true');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: w.rateOf(o.order_number) }).click();
    const dialog = page.getByTestId('rate-dialog');
    await dialog.getByRole('radio', { name: w.stars(5) }).check();
    await shot(page, `orders-list-rate-${locale}`);
    await dialog.getByRole('button', { name: w.send }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: w.rateOf(o.order_number) })).toHaveCount(0);
    expect(await ratingOf(request, s, o.id)).toBe(5);
  });

  test(`${locale}: the rating gate says why, Cancel leaves a working cart, and it leads to the order to rate @phone`, async ({
    page,
    request,
  }) => {
    const s = await newShopper(request);
    const o = await deliveredOrder(request, s);
    await addToCart(request, s, await product(request));
    await openAs(page, s, locale);

    // Straight to a checkout step: the gate opens there; Cancel goes to the cart, which still works.
    await page.goto('/checkout/shipping');
    const dialog = page.getByTestId('rating-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(w.why);
    await shot(page, `rating-gate-${locale}`);
    await page.getByRole('dialog').getByRole('button', { name: w.cancel, exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const count = page.getByTestId('summary-count');
    const before = await count.textContent();
    await page.getByTestId('cart-line').getByRole('button', { name: w.increase }).click();
    await expect(count).not.toHaveText(before ?? '');

    // From the cart: the same gate, and its order leads to the order's page, where it is rated.
    await page.getByTestId('proceed-checkout').click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: w.open(o.order_number) }).click();
    await expect(page).toHaveURL(new RegExp(`/my-account/orders/${o.id}#rate$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const rating = page.getByTestId('order-rating');
    await expect(rating).toBeInViewport();
    await rating.getByRole('radio', { name: w.stars(3) }).check();
    await rating.getByRole('button', { name: w.send }).click();
    await expect(rating.getByTestId('order-rated')).toHaveText(w.rated(3));

    // Nothing waits any more: checkout opens.
    await page.goto('/cart');
    await page.getByTestId('proceed-checkout').click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
  });

  test(`${locale}: a partial refund shows on the order page: what came back and what was finally paid @phone`, async ({
    page,
    request,
  }) => {
    const s = await newShopper(request);
    const o = await deliveredOrder(request, s);
    const line = o.order_products[0]!;
    const staff = await staffSession(request);
    await apiJson(request, 'POST', `/v1/admin/orders/${o.id}/refunds?locale=en`, staff.headers, {
      lines: [{ order_product_id: line.id, quantity: 1 }],
      restock: true,
    });
    await openAs(page, s, locale);
    await page.goto(`/my-account/orders/${o.id}`);
    await expect(page.getByTestId('order-total')).toHaveText(`${egp(o.checkout_total_price)} ${w.currency}`);
    const refunded = page.getByTestId('order-refunded-amount');
    await expect(refunded).toHaveText(`${egp(line.checkout_price)} ${w.currency}`);
    await expect(page.locator('dt', { hasText: w.refunded })).toBeVisible();
    await expect(page.getByTestId('order-paid')).toHaveText(
      `${egp(o.checkout_total_price - line.checkout_price)} ${w.currency}`,
    );
    await expect(page.locator('dt', { hasText: w.paid })).toBeVisible();
    await shot(page, `order-refund-${locale}`);
  });

  test(`${locale}: a pending order is cancelled from its page, after a confirm @phone`, async ({
    page,
    request,
  }) => {
    const s = await newShopper(request);
    const o = await pendingOrder(request, s);
    await openAs(page, s, locale);
    await page.goto(`/my-account/orders/${o.id}`);
    await expect(page.getByTestId('order-title')).toHaveText(w.title(o.order_number));
    await page.getByRole('button', { name: w.cancelOrder }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, `order-cancel-${locale}`);
    await dialog.getByRole('button', { name: w.confirmCancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText(w.canceled);
    await expect(page.getByRole('button', { name: w.cancelOrder })).toHaveCount(0);
    const after = await apiJson<{ order: { status: string } }>(
      request,
      'GET',
      `/v1/users/orders/${o.id}`,
      s.headers,
    );
    expect(after.order.status).toBe('canceled');
  });
}
