import { cartSchema, type Cart } from '@store/contracts/cart';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import checkoutAr from '../../../i18n/ar/checkout.json';
import checkoutEn from '../../../i18n/en/checkout.json';
import ordersAr from '../../../i18n/ar/orders.json';
import ordersEn from '../../../i18n/en/orders.json';
import { cartAddress } from '../../../test/addresses';
import { renderPage } from '../../../test/dom';
import { CartSummary } from './cart-summary';

const address = cartAddress(0);

/** A cart of 1,500 EGP: with the chosen address's delivery fee and free-delivery amount, or no address yet. */
const cart = (delivery: { fee: number; freeFrom: number | null } | null): Cart =>
  cartSchema.parse({
    id: 1,
    order_id: 41,
    status: 'cart',
    items: [],
    item_ids: [],
    count: 1,
    subtotal: 1500,
    delivery_fee: delivery?.fee ?? 0,
    free_delivery_from: delivery?.freeFrom ?? null,
    discount: 0,
    discount_code: null,
    discount_code_problem: null,
    total: 1500 + (delivery?.fee ?? 0),
    vat_amount: 0,
    address: delivery ? { ...address, delivery_zone: { shipping_fees: delivery.fee } } : null,
    sap_sync: false,
    held: null,
  });

const delivery = async (c: Cart, locale: 'ar' | 'en' = 'en') => {
  await renderPage(<CartSummary cart={c} />, { locale });
  return screen.getByTestId('checkout-delivery').textContent;
};

afterEach(cleanup);

describe('the checkout summary’s delivery fee', () => {
  it('reads Free when the chosen zone charges nothing, as the order page will (not 0 EGP), in both languages', async () => {
    expect(await delivery(cart({ fee: 0, freeFrom: null }))).toBe(checkoutEn.summary.free);
    cleanup();
    expect(await delivery(cart({ fee: 0, freeFrom: null }), 'ar')).toBe(checkoutAr.summary.free);
    // The order page's word for it.
    expect(checkoutEn.summary.free).toBe(ordersEn.detail.shippingFree);
    expect(checkoutAr.summary.free).toBe(ordersAr.detail.shippingFree);
  });

  it('reads Free when the cart reached the zone’s free-delivery amount', async () => {
    expect(await delivery(cart({ fee: 0, freeFrom: 1000 }))).toBe(checkoutEn.summary.free);
  });

  it('reads the fee when there is one, with the way to free delivery', async () => {
    expect(await delivery(cart({ fee: 45, freeFrom: 2000 }))).toBe('45 EGP');
    expect(screen.getByTestId('to-free-delivery').textContent).toBe('Add 500 EGP more for free delivery');
  });

  it('reads that the address sets it before one is chosen', async () => {
    expect(await delivery(cart(null))).toBe(checkoutEn.summary.deliveryLater);
  });
});
