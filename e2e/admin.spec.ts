import { OWNER, openSignedIn as openOwnerSignedIn, staffMember, staffSession } from './admin-session';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';

/**
 * The back office (/admin) in a real Chromium against the built app on the real API: the demo owner (seeded outside
 * production, README) signs in, reads the dashboard, finds an order a shopper placed through the API, and takes it
 * from pending to delivered while the shopper's own order answer follows; a partial refund; a cancel. Arabic first
 * (right to left), then English and back. Screenshots at 1366 and 375 px go to e2e/artifacts.
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

const PASSWORD = 'Nile-river-2024';

type Headers = { client: string; token: string; uid: string };
interface Shopper {
  phone: string;
  headers: Headers;
}
interface P {
  id: number;
  stock: number;
  maximum_number_per_order: number | null;
  checkout_price: number;
}

/* ---------------- the API: a shopper and their order ---------------- */

async function apiJson<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers?: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, headers, data });
  expect(res.ok(), `${method} ${path} answers ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

const newPhone = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A confirmed, signed-in shopper (the SMS code read from the dev outbox). */
async function newShopper(request: APIRequestContext): Promise<Shopper> {
  const phone = newPhone();
  await apiJson(request, 'POST', '/v1/users?locale=en', undefined, {
    first_name: 'Salma',
    last_name: 'Adel',
    email: `${phone}@example.com`,
    phone_number: phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  let code = '';
  await expect
    .poll(async () => {
      const r = await apiJson<{ messages: { code: string | null }[] }>(
        request,
        'GET',
        `/dev/sms-outbox?phone_number=${phone}`,
      );
      code = r.messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d+$/);
  await apiJson(request, 'PUT', '/v1/users/confirmations?locale=en', undefined, {
    sms_confirmation_otp: code,
    phone_number: phone,
  });
  const res = await request.post('/v1/users/sign_in?locale=en', {
    data: { phone_number: phone, password: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  return { phone, headers: { client: h.client!, token: h.token!, uid: h.uid! } };
}

/** A product in stock and under the National ID threshold, a different one for each order (stock is shared). */
let taken = 0;
async function product(request: APIRequestContext): Promise<P> {
  const r = await apiJson<{ products: P[] }>(request, 'GET', '/v1/products?per_page=100&page=2&locale=en');
  const list = r.products.filter(
    (p) =>
      p.stock >= 10 &&
      p.checkout_price >= 200 &&
      p.checkout_price <= 5_000 &&
      (p.maximum_number_per_order ?? 5) >= 2,
  );
  expect(list.length, 'the demo catalog has affordable products in stock').toBeGreaterThan(3);
  return list[taken++ % list.length]!;
}

/** A cash order placed by a new shopper through the API (pending), with `quantity` units of one product. */
async function placedOrder(request: APIRequestContext, quantity = 1) {
  const s = await newShopper(request);
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
  await apiJson(request, 'PUT', '/v1/users/cart?locale=en', s.headers, {
    order_product: { product_id: (await product(request)).id, quantity },
  });
  const cart = await apiJson<{ order: { order_id: number } }>(
    request,
    'GET',
    '/v1/users/cart?locale=en',
    s.headers,
  );
  await apiJson(request, 'PUT', `/v1/users/orders/${cart.order.order_id}/address?locale=en`, s.headers, {
    address_id: address.address.id,
  });
  const placed = await apiJson<{ order: { id: number; order_number: number } }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    s.headers,
    { payment_method: 'cash' },
  );
  // The id is the order's address; staff read and search its number (given at placement, issue 43).
  return { shopper: s, id: placed.order.id, number: placed.order.order_number };
}

/** What the shopper's own order answer says. */
const shopperOrder = (request: APIRequestContext, s: Shopper, id: number) =>
  apiJson<{
    order: { status: string; order_products: { quantity: number; refunded_quantity: number }[] };
  }>(request, 'GET', `/v1/users/orders/${id}?locale=en`, s.headers);

/* ---------------- the browser ---------------- */

/**
 * Opens the back office already signed in as the owner (admin-session.ts), map tiles (the outside world) cut off at
 * the edge: the map still shows its pin.
 */
async function openSignedIn(page: Page, request: APIRequestContext, locale: 'ar' | 'en' = 'ar') {
  const session = await openOwnerSignedIn(page, request, locale);
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  return session;
}

/** The language button in view (the side bar's on a desktop, the top bar's on a phone). */
const switchLanguage = (page: Page) =>
  page.getByTestId('admin-language-switch').filter({ visible: true }).click();

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });

/** Moves the open order with one of its action buttons, through the confirmation dialog. */
async function move(page: Page, action: string, expected: string, note?: string) {
  await page.getByTestId(`action-${action}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (note) await dialog.getByTestId('status-note').fill(note);
  await dialog.getByTestId('status-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
    'data-status',
    expected,
  );
}

/* ---------------- the journeys ---------------- */

test.describe('back office', () => {
  test('the owner signs in, finds a shopper’s order and takes it from pending to delivered', async ({
    page,
    request,
  }) => {
    const { shopper, id, number } = await placedOrder(request, 2);
    await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());

    // Arabic, right to left, by default; a signed-out visitor lands on the sign-in page.
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: 'دخول الموظفين' })).toBeVisible();
    await shot(page, 'admin-sign-in-ar-1366');

    // A wrong password: the API's message, in Arabic.
    await page.getByLabel('البريد الإلكتروني').fill(OWNER.email);
    await page.getByLabel('كلمة السر').fill('not-the-password');
    await page.getByTestId('staff-sign-in').click();
    await expect(page.getByRole('alert').first()).toContainText(/[\u0600-\u06FF]/);
    await page.getByLabel('كلمة السر').fill(OWNER.password);
    await page.getByTestId('staff-sign-in').click();

    // Back where it was headed: the orders.
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole('heading', { name: 'الطلبات', level: 1 })).toBeVisible();

    // The dashboard: today's figures, what waits, the chart (its library arrives with it).
    await page.getByRole('navigation').getByRole('link', { name: 'الرئيسية' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('today-sales')).toContainText('ج.م');
    await expect(page.getByTestId('waiting-pending')).toBeVisible();
    await expect(page.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);
    await shot(page, 'admin-dashboard-ar-1366');

    // From "pending" on the dashboard to the list, filtered in the address; then the search finds the order.
    await page.getByTestId('waiting-pending').click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
    await expect(page.getByRole('tab', { selected: true })).toContainText('قيد المراجعة');
    await page.getByTestId('orders-search').fill(String(number));
    await expect(page).toHaveURL(new RegExp(`query=${number}`));
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await shot(page, 'admin-orders-ar-1366');
    // The filters survive a reload: they are the page's address.
    await page.reload();
    await expect(page.getByTestId('orders-search')).toHaveValue(String(number));
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.getByTestId('order-link').click();

    // The order: lines, customer, address with its map, history; Arabic labels.
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}$`));
    await expect(page.getByRole('heading', { name: `طلب رقم ${number}` })).toBeVisible();
    await expect(page.getByTestId('order-customer')).toContainText(shopper.phone);
    await expect(page.getByTestId('order-address')).toContainText('Dokki');
    await expect(page.getByTestId('order-map')).toBeVisible();
    await expect(page.getByTestId('order-history')).toBeVisible();
    // Only the moves the order allows now.
    await expect(page.getByTestId('action-confirmed')).toBeVisible();
    await expect(page.getByTestId('action-delivered')).toHaveCount(0);

    // Escape leaves the dialog without moving the order.
    await page.getByTestId('action-confirmed').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'pending',
    );

    await move(page, 'confirmed', 'confirmed', 'اتصلنا بالعميل وأكد العنوان');
    await expect(page.getByTestId('order-notice')).toContainText(`طلب رقم ${number}`);
    await move(page, 'processing', 'processing');
    await move(page, 'delivering', 'delivering');
    await move(page, 'delivered', 'delivered');
    await expect(page.getByTestId('order-history')).toContainText('اتصلنا بالعميل وأكد العنوان');
    await expect(page.getByTestId('action-refund')).toBeVisible();
    await shot(page, 'admin-order-ar-1366');

    // The shopper sees it delivered.
    expect((await shopperOrder(request, shopper, id)).order.status).toBe('delivered');

    // English, left to right, and back.
    await switchLanguage(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toContainText('Delivered');
    await expect(page.getByTestId('order-notice')).toContainText(`Order #${number} is now: Delivered.`);
    await shot(page, 'admin-order-en-1366');
    await switchLanguage(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('order-status')).toContainText('اتسلم');

    // Sign-out: the back office asks for a sign-in again.
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test('a partial refund puts the units back; a cancelled order stops; a stale page gets 409 and reloads', async ({
    page,
    request,
  }) => {
    const delivered = await placedOrder(request, 3);
    await apiJson(request, 'POST', `/dev/orders/${delivered.id}/status`, undefined, { status: 'delivered' });
    const pending = await placedOrder(request, 1);
    const owner = await openSignedIn(page, request, 'en');

    // Refund 1 of 3 units, back into stock.
    await page.goto(`/admin/orders/${delivered.id}`);
    await page.getByTestId('action-refund').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('refund-quantity').fill('4');
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByRole('alert')).toContainText('At most 3');
    await dialog.getByTestId('refund-quantity').fill('1');
    await expect(dialog.getByTestId('refund-amount')).toContainText('To refund:');
    await expect(dialog.getByTestId('refund-restock')).toBeChecked();
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'partially_refunded',
    );
    await expect(page.getByTestId('order-lines')).toContainText('Refunded: 1');
    const after = await shopperOrder(request, delivered.shopper, delivered.id);
    expect(after.order.status).toBe('partially_refunded');
    expect(after.order.order_products[0]!.refunded_quantity).toBe(1);

    // Another staff member confirms the pending order while this page still shows it pending: the cancel is refused
    // with 409, the page says so and shows the order as it is now.
    await page.goto(`/admin/orders/${pending.id}`);
    await expect(page.getByTestId('action-canceled')).toBeVisible();
    // (A second member, added by the owner, with sessions of their own.)
    const colleague = await staffMember(request, owner.headers, 'staff');
    const other = await request.put(`/v1/admin/orders/${pending.id}/status?locale=en`, {
      headers: colleague.headers,
      data: { status: 'confirmed', from: 'pending' },
    });
    expect(other.ok(), await other.text()).toBeTruthy();
    await page.getByTestId('action-canceled').click();
    await page.getByRole('dialog').getByTestId('status-confirm').click();
    await expect(page.getByTestId('order-notice')).toContainText('Someone else changed this order');
    await expect(page.getByTestId('order-status').locator('[data-status]')).toHaveAttribute(
      'data-status',
      'confirmed',
    );

    // Now the cancel goes through; a cancelled order has no more moves.
    await move(page, 'canceled', 'canceled', 'Customer called to cancel');
    await expect(page.getByTestId('order-actions')).toContainText('No action is possible');
    expect((await shopperOrder(request, pending.shopper, pending.id)).order.status).toBe('canceled');
  });

  test('the owner adds a staff member, who can sign in, and removes them', async ({ page, request }) => {
    await openSignedIn(page, request, 'ar');
    const email = `new-staff-${Date.now()}@store.local`;
    const password = 'Cairo-tower-2024';

    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'الموظفين' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByTestId('staff-row').first()).toContainText('owner@store.local');

    // The form checks with the contracts' rules first (a short password), then the API adds the member.
    await page.getByLabel('الاسم').fill('منى السيد');
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByLabel('الدور').selectOption('staff');
    await page.getByLabel('كلمة السر').fill('short');
    await page.getByTestId('staff-add').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('كلمة السر').fill(password);
    await page.getByTestId('staff-add').click();
    const row = page.getByTestId('staff-row').filter({ hasText: email });
    await expect(row).toContainText('منى السيد');
    await shot(page, 'admin-staff-ar-1366');

    // The new member can sign in (and is a staff member, not an owner).
    const session = await staffSession(request, { email, password });
    expect(session.staff.role).toBe('staff');

    // Removed: signed out everywhere, and shown as removed.
    await row.getByRole('button', { name: 'إزالة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'إزالة' }).click();
    await expect(row).toContainText('اتشال');
    const me = await request.get('/v1/admin/me', { headers: session.headers });
    expect(me.status()).toBe(401);
  });

  test('the owner sets a product’s stock with a reason; a stale screen is told the stock now; the history says who and why', async ({
    page,
    request,
  }) => {
    const session = await openSignedIn(page, request, 'ar');
    // A product the order journeys (page 2, cheaper ones) never buy, so its stock moves only here.
    const list = await apiJson<{ products: P[] }>(
      request,
      'GET',
      '/v1/products?per_page=20&page=5&locale=en',
    );
    const p = list.products.at(-1)!;
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'المخزون' }).click();
    await expect(page).toHaveURL(/\/admin\/stock$/);
    await page.getByLabel('دوّر على منتج').fill(String(p.id));
    const row = page.getByTestId(`stock-row-${p.id}`);
    await expect(row).toBeVisible();
    // The product whose number was typed comes first (others may hold those digits in a model).
    await expect(page.getByTestId('stock-list').locator('> li').first()).toHaveAttribute(
      'data-testid',
      `stock-row-${p.id}`,
    );
    await expect(page.getByTestId(`stock-now-${p.id}`)).toContainText(String(p.stock));

    // Someone else (an order, another member) changes it while this screen still shows the old number.
    const other = await request.put(`/v1/admin/products/${p.id}/stock?locale=ar`, {
      headers: session.headers,
      data: { stock: p.stock + 2, from: p.stock, note: 'جرد' },
    });
    expect(other.ok(), await other.text()).toBeTruthy();
    await page.getByTestId(`stock-input-${p.id}`).fill(String(p.stock + 5));
    await row.getByLabel('السبب').fill('بضاعة وصلت من المورّد');
    await page.getByTestId(`stock-save-${p.id}`).click();
    await expect(row.getByRole('alert')).toContainText(`بقى ${p.stock + 2} دلوقتي`);
    // The screen reads the product again; saving now works.
    await expect(page.getByTestId(`stock-now-${p.id}`)).toContainText(String(p.stock + 2));
    await page.getByTestId(`stock-input-${p.id}`).fill(String(p.stock + 5));
    await row.getByLabel('السبب').fill('بضاعة وصلت من المورّد');
    await page.getByTestId(`stock-save-${p.id}`).click();
    await expect(row).toContainText('اتحفظ');
    await expect(page.getByTestId(`stock-now-${p.id}`)).toContainText(String(p.stock + 5));
    const shop = await apiJson<{ product: { stock: number } }>(
      request,
      'GET',
      `/v1/products/${p.id}?locale=en`,
    );
    expect(shop.product.stock).toBe(p.stock + 5);
    await shot(page, 'admin-stock-ar-1366');

    // The history, in English: the edit with who and why, newest first.
    await switchLanguage(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await row.getByRole('button', { name: 'History' }).click();
    const movements = page.getByRole('dialog').getByTestId('movements').locator('> li');
    await expect(movements.first()).toContainText('Edited by hand');
    await expect(movements.first()).toContainText('+3');
    await expect(movements.first()).toContainText('بضاعة وصلت من المورّد');
    await expect(movements.nth(1)).toContainText('جرد');
  });

  test('on a phone: dashboard, orders and an order fit 375 px, in Arabic and English @phone', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { id, number } = await placedOrder(request);
    await openSignedIn(page, request, 'ar');
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/admin');
    await expect(page.getByTestId('today-sales')).toBeVisible();
    await expect(page.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);
    await fits();
    await shot(page, 'admin-dashboard-ar-375');

    await page.goto(`/admin/orders?query=${number}`);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await fits();
    await shot(page, 'admin-orders-ar-375');

    await page.goto(`/admin/orders/${id}`);
    await expect(page.getByTestId('action-confirmed')).toBeVisible();
    await fits();
    await shot(page, 'admin-order-ar-375');

    await switchLanguage(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
    await fits();
    await shot(page, 'admin-order-en-375');
    await page.goto('/admin/orders');
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await shot(page, 'admin-orders-en-375');
  });
});
