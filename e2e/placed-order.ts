import { expect, type APIRequestContext } from './fixtures';
import { apiJson as json, newShopper, type Shopper } from './shoppers';

/**
 * A cash order placed through the API by a new, confirmed shopper (its SMS code read from the dev outbox), with an
 * address that has a position (the back office draws its map): for a browser test that needs an order to open.
 * (admin.spec.ts places its own the same way, with the shopper's headers it goes on to use.)
 */

const PASSWORD = 'Papyrus-scroll-2024';

export async function placedOrder(request: APIRequestContext): Promise<number> {
  const { headers } = await readyShopper(request);
  const placed = await json<{ order: { id: number } }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    headers,
    {
      payment_method: 'cash',
    },
  );
  return placed.order.id;
}

/**
 * The same order paid online on the sandbox gateway's hosted page (approved, as a payer would: its form posts the
 * decision, the gateway's signed callback follows), by card or at a kiosk: a paid order waiting for staff (issue 47).
 */
export async function paidOnlineOrder(
  request: APIRequestContext,
  paidWith: 'card' | 'kiosk' = 'card',
): Promise<number> {
  const { headers } = await readyShopper(request);
  const session = await json<{ payment_key: string; order_id: number }>(
    request,
    'POST',
    '/v1/users/checkout?locale=en',
    headers,
    { payment_method: 'online' },
  );
  const paid = await request.post('/v1/payments/sandbox/checkout', {
    form: { key: session.payment_key, decision: 'approve', paid_with: paidWith },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  return session.order_id;
}

/** Where the kit's shoppers live: an address with a position (the back office draws its map). */
const ADDRESSES = {
  'Garden City': {
    street_name: 'Corniche El Nil',
    building: '5',
    floor: '2',
    apartment: '4',
    lat: 30.0366,
    lng: 31.2313,
  },
  'Nasr City': {
    street_name: 'Abbas El Akkad',
    building: '42',
    floor: '3',
    apartment: '7',
    lat: 30.0605,
    lng: 31.3375,
  },
};

export interface ReadyShopperOptions {
  firstName?: string;
  lastName?: string;
  district?: keyof typeof ADDRESSES;
  /** The page of the catalog (100 a page) the product is taken from: specs running side by side take different ones. */
  productPage?: number;
}

/**
 * A new, confirmed shopper (its SMS code read from the dev outbox) with one affordable product in stock in the cart
 * and a home address chosen: at the payment step. The one setup of the browser tests that place an order through
 * the API (shipping, invoices, settlements, placedOrder).
 */
export async function readyShopper(
  request: APIRequestContext,
  {
    firstName = 'Nour',
    lastName = 'Hassan',
    district = 'Garden City',
    productPage = 3,
  }: ReadyShopperOptions = {},
): Promise<{ shopper: Shopper; headers: Shopper['headers']; cartId: number }> {
  const shopper = await newShopper(request, { firstName, lastName, password: PASSWORD });
  const { headers } = shopper;
  const zones = await json<{ delivery_zones: { name_en: string }[] }>(
    request,
    'GET',
    '/v1/delivery_zones?locale=en',
  );
  const address = await json<{ address: { id: number } }>(
    request,
    'POST',
    '/v1/users/addresses?locale=en',
    headers,
    {
      address: {
        label: 'Home',
        ...ADDRESSES[district],
        district,
        governorate: zones.delivery_zones[0]!.name_en,
        number_type: 'mobile',
        phone_number: '01098765432',
        name: `${district}, Cairo`,
      },
    },
  );
  const list = await json<{ products: { id: number; stock: number; checkout_price: number }[] }>(
    request,
    'GET',
    `/v1/products?per_page=100&page=${productPage}&locale=en`,
  );
  const product = list.products.find(
    (p) => p.stock >= 10 && p.checkout_price >= 200 && p.checkout_price <= 5_000,
  );
  expect(product, 'the demo catalog has an affordable product in stock').toBeTruthy();
  await json(request, 'PUT', '/v1/users/cart?locale=en', headers, {
    order_product: { product_id: product!.id, quantity: 1 },
  });
  const cart = await json<{ order: { order_id: number } }>(
    request,
    'GET',
    '/v1/users/cart?locale=en',
    headers,
  );
  await json(request, 'PUT', `/v1/users/orders/${cart.order.order_id}/address?locale=en`, headers, {
    address_id: address.address.id,
  });
  return { shopper, headers, cartId: cart.order.order_id };
}

/** A new shopper's cash order, confirmed by staff (through the dev route): ready to ship. */
export async function confirmedOrder(
  request: APIRequestContext,
  options?: ReadyShopperOptions,
): Promise<{ id: number; shopper: Shopper }> {
  const { shopper, headers } = await readyShopper(request, options);
  const placed = await json<{ order: { id: number } }>(
    request,
    'PUT',
    '/v1/users/checkout?locale=en',
    headers,
    {
      payment_method: 'cash',
    },
  );
  await json(request, 'POST', `/dev/orders/${placed.order.id}/status`, undefined, { status: 'confirmed' });
  return { id: placed.order.id, shopper };
}
