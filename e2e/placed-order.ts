import { expect, type APIRequestContext } from './fixtures';
import { apiJson as json, newShopper } from './shoppers';

/**
 * A cash order placed through the API by a new, confirmed shopper (its SMS code read from the dev outbox), with an
 * address that has a position (the back office draws its map): for a browser test that needs an order to open.
 * (admin.spec.ts places its own the same way, with the shopper's headers it goes on to use.)
 */

const PASSWORD = 'Papyrus-scroll-2024';

export async function placedOrder(request: APIRequestContext): Promise<number> {
  const headers = await readyToPlace(request);
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
  const headers = await readyToPlace(request);
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

/** A new shopper's cart with one affordable product and an address chosen: its request headers. */
async function readyToPlace(request: APIRequestContext) {
  const { headers } = await newShopper(request, {
    firstName: 'Nour',
    lastName: 'Hassan',
    password: PASSWORD,
  });
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
        street_name: 'Corniche El Nil',
        building: '5',
        floor: '2',
        apartment: '4',
        district: 'Garden City',
        governorate: zones.delivery_zones[0]!.name_en,
        number_type: 'mobile',
        phone_number: '01098765432',
        lat: 30.0366,
        lng: 31.2313,
        name: 'Garden City, Cairo',
      },
    },
  );
  const list = await json<{ products: { id: number; stock: number; checkout_price: number }[] }>(
    request,
    'GET',
    '/v1/products?per_page=100&page=3&locale=en',
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
  return headers;
}
