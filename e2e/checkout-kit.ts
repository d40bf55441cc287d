import { expect, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';
import { apiJson, newShopper as sharedShopper, type Shopper } from './shoppers';

/**
 * What the checkout specs share (checkout.spec.ts, checkout-phone.spec.ts): shoppers, carts, addresses and orders
 * made "earlier" through the API, and the browser's steps through the wizard.
 */

export { apiJson, type Shopper };

export const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

export const PASSWORD = 'Nile-river-2024';
export const VALID_NATIONAL_ID = '29001150112345';
export const NATIONAL_ID_THRESHOLD = 25_000;

export type Locale = 'ar' | 'en';
export type Headers = { client: string; token: string; uid: string };
export interface P {
  id: number;
  title: string;
  stock: number;
  maximum_number_per_order: number | null;
  checkout_price: number;
}
export interface Zone {
  id: number;
  name: string;
  name_en: string;
  shipping_fees: number;
  free_shipping_from: number | null;
}
export interface Bank {
  id: number;
  name: string;
}
export interface Plan {
  id: number;
  title_en: string;
  title_ar: string;
}

/* ---------------- the API: shoppers, carts, addresses, orders made "earlier" ---------------- */

/** A price as the store writes it (contracts' formatMoney): whole pounds bare, else both digits of the piastres. */
export const egp = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(n)
    .replace(/\.00$/, '');

/** A confirmed, signed-in shopper (e2e/shoppers.ts) with the journeys' password. */
export const newShopper = (request: APIRequestContext, firstName = 'Mona'): Promise<Shopper> =>
  sharedShopper(request, { firstName, lastName: 'Hassan', password: PASSWORD });

let everything: P[] | undefined;
export async function allProducts(request: APIRequestContext): Promise<P[]> {
  if (everything) return everything;
  const out: P[] = [];
  for (let page = 1; ; page++) {
    const r = await apiJson<{ products: P[]; meta: { next_page: number | null } }>(
      request,
      'GET',
      `/v1/products?per_page=100&page=${page}&locale=en`,
    );
    out.push(...r.products);
    if (r.meta.next_page === null) break;
  }
  everything = out;
  return out;
}

/** In-stock products under the National ID threshold, a different one for each caller (stock is shared). */
export let cheapTaken = 0;
export async function cheapProduct(request: APIRequestContext): Promise<P> {
  const list = (await allProducts(request)).filter(
    (p) =>
      p.stock >= 5 &&
      p.checkout_price >= 300 &&
      p.checkout_price <= 5_000 &&
      (p.maximum_number_per_order ?? 5) >= 2,
  );
  expect(list.length, 'the demo catalog has affordable products in stock').toBeGreaterThan(10);
  return list[cheapTaken++ % list.length]!;
}

/** In-stock products from 5,000 to 20,000 EGP: every demo plan is offered, no National ID is asked. */
export let installmentTaken = 0;
export async function installmentProduct(request: APIRequestContext): Promise<P> {
  const list = (await allProducts(request)).filter(
    (p) => p.stock >= 5 && p.checkout_price >= 5_000 && p.checkout_price <= 20_000,
  );
  expect(list.length, 'the demo catalog has products of 5,000 to 20,000 EGP in stock').toBeGreaterThan(5);
  return list[installmentTaken++ % list.length]!;
}

export async function expensiveProduct(request: APIRequestContext, skip = 0): Promise<P> {
  const list = (await allProducts(request)).filter(
    (p) => p.stock >= 3 && p.checkout_price >= NATIONAL_ID_THRESHOLD,
  );
  expect(list.length, 'the demo catalog has products of 25,000 EGP or more').toBeGreaterThan(skip);
  return list[skip]!;
}

export const addToCart = (request: APIRequestContext, s: Shopper, product: P, quantity = 1) =>
  apiJson(request, 'PUT', '/v1/users/cart?locale=en', s.headers, {
    order_product: { product_id: product.id, quantity },
  });

export async function zones(request: APIRequestContext, locale: Locale = 'en') {
  const r = await apiJson<{ delivery_zones: Zone[] }>(request, 'GET', `/v1/delivery_zones?locale=${locale}`);
  expect(r.delivery_zones.length, 'the store delivers somewhere').toBeGreaterThan(0);
  return r.delivery_zones;
}

/** An address saved "earlier" (JSON body, as another client might send it). */
export async function addAddress(request: APIRequestContext, s: Shopper, label = 'Home') {
  const zone = (await zones(request))[0]!;
  const r = await apiJson<{ address: { id: number } }>(
    request,
    'POST',
    '/v1/users/addresses?locale=en',
    s.headers,
    {
      address: {
        label,
        street_name: 'El Tahrir St',
        building: '12',
        floor: '3',
        apartment: '7',
        district: 'Dokki',
        governorate: zone.name_en,
        number_type: 'mobile',
        phone_number: '01012345678',
        lat: 30.0444,
        lng: 31.2357,
        name: 'Tahrir Square, Cairo',
      },
    },
  );
  return { id: r.address.id, zone };
}

/** A cash order placed "earlier", moved to delivered through the dev route (absent in production). */
export async function deliveredOrder(request: APIRequestContext, s: Shopper): Promise<number> {
  const { id: addressId } = await addAddress(request, s, 'Office');
  await addToCart(request, s, await cheapProduct(request));
  const cart = await apiJson<{ order: { order_id: number } }>(
    request,
    'GET',
    '/v1/users/cart?locale=en',
    s.headers,
  );
  await apiJson(request, 'PUT', `/v1/users/orders/${cart.order.order_id}/address?locale=en`, s.headers, {
    address_id: addressId,
  });
  const placed = await apiJson<{ order: { id: number } }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    s.headers,
    { payment_method: 'cash' },
  );
  await apiJson(request, 'POST', `/dev/orders/${placed.order.id}/status`, undefined, { status: 'delivered' });
  return placed.order.id;
}

export async function cartCount(request: APIRequestContext, s: Shopper) {
  return (await apiJson<{ order: { count: number } }>(request, 'GET', '/v1/users/cart?locale=en', s.headers))
    .order.count;
}

/* ---------------- the browser ---------------- */

/** The shopper's session and language, set once per tab the way the app stores them (later pages keep theirs). */
export async function openAs(page: Page, s: Shopper, locale: Locale) {
  await page.addInitScript(
    ([headers, user, lng]) => {
      if (sessionStorage.getItem('e2e-session-set')) return;
      localStorage.setItem('store-auth', JSON.stringify({ state: { headers, user }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
      sessionStorage.setItem('e2e-session-set', '1');
    },
    [s.headers, s.user, locale] as const,
  );
  // Offline at the edge: tiles fail. (The API's geocoder is the local stand-in of scripts/e2e-server.mjs.)
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
}

// Animations (the page fade-in) are finished first, so the picture shows the page as it settles.
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });

/** From the cart page through the cart step and the shipping step (first address) to `until`. */
export async function walkToPayment(page: Page, opts: { nationalId?: boolean } = {}) {
  await page.goto('/cart');
  await page.getByTestId('proceed-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await page.getByTestId('checkout-next').click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await page.getByTestId('deliver-here').first().click();
  if (opts.nationalId) {
    await expect(page).toHaveURL(/\/checkout\/national-id$/);
    return;
  }
  await expect(page).toHaveURL(/\/checkout\/payment$/);
}

/** A new shopper with an address and one cheap product in the cart, signed in in `locale`, at the payment step. */
export async function shopperAtPayment(page: Page, request: APIRequestContext, locale: Locale = 'en') {
  const s = await newShopper(request);
  await addAddress(request, s);
  await addToCart(request, s, await cheapProduct(request));
  await openAs(page, s, locale);
  await walkToPayment(page);
  return s;
}

export const method = (page: Page, m: string) => page.getByTestId(`method-${m}`);
export const stepState = (page: Page, step: string) =>
  page.getByTestId('step-indicator').locator(`[data-step="${step}"]`);
