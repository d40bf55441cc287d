import type { Order } from '@store/contracts/checkout';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import checkoutAr from '../../../i18n/ar/checkout.json';
import checkoutEn from '../../../i18n/en/checkout.json';
import { fakeApi, renderPage } from '../../../test/dom';
import { placedOrder } from '../../../test/orders';
import { useAuth } from '../../auth';
import { Component as OrderPage } from './order-route';

/** A placed order, delivery free unless the test says otherwise. */
const order = (fee: number): Order =>
  placedOrder({ checkout_shipping_fees: fee, checkout_total_price: 1500 + fee });

const open = async (fee: number, locale: 'ar' | 'en', address: Order['address'] = null) => {
  fakeApi({
    'GET users/orders/41': () => ({ order: { ...order(fee), address } }),
    'GET users/orders/41/returns': () => ({
      returns: [],
      returnable: [],
      open_until: null,
      can_request: false,
    }),
  });
  await renderPage(<OrderPage />, { path: '/my-account/orders/41', route: '/my-account/orders/:id', locale });
  return screen.findByTestId('order-shipping');
};

beforeEach(() => useAuth.setState({ headers: { client: 'c', token: 't', uid: 'u' } }));
afterEach(() => {
  cleanup();
  useAuth.setState({ headers: null });
});

describe('the order page’s delivery fee', () => {
  it('reads Free when delivery was free, as the checkout’s summary said (not 0 EGP), in both languages', async () => {
    expect((await open(0, 'en')).textContent).toBe(checkoutEn.summary.free);
    cleanup();
    expect((await open(0, 'ar')).textContent).toBe(checkoutAr.summary.free);
  });

  it('reads the fee that was paid otherwise', async () => {
    expect((await open(45, 'en')).textContent).toBe('45 EGP');
  });
});

/** The order's address snapshot: building 12, El Tahrir St, floor 3, apartment 5. */
const snapshot: NonNullable<Order['address']> = {
  id: 9,
  label: 'Home',
  street_name: 'شارع التحرير',
  street: 'شارع التحرير',
  building: '12',
  floor: '3',
  apartment: '5',
  district: 'الدقي',
  governorate: 'الجيزة',
  instructions: null,
  number_type: 'mobile',
  phone_number: '01012345678',
  city_code: null,
  lat: 30.04,
  lng: 31.21,
  name: 'El Tahrir St, Dokki, Giza',
  delivery_zone: null,
  created_at: '2026-11-01T10:00:00.000Z',
  full_name: 'Mona Hassan',
};

describe('the order page’s delivery address', () => {
  /** The address section's text once it reads `line` (the address lines come with their own texts). */
  const addressReading = async (locale: 'ar' | 'en', line: string) => {
    await open(0, locale, snapshot);
    const section = await screen.findByTestId('order-address');
    await waitFor(() => expect(section.textContent).toContain(line));
    return section.textContent;
  };

  it('shows floor and apartment with their labels, as the address book does, in Arabic', async () => {
    const text = await addressReading('ar', 'عمارة 12، شارع التحرير، الدور 3، شقة 5');
    expect(text).toContain('الدقي، الجيزة');
    expect(text).toContain('El Tahrir St, Dokki, Giza');
  });

  it('and in English', async () => {
    await addressReading('en', 'Building 12, شارع التحرير, floor 3, apartment 5');
  });
});

describe('the page of an order whose online payment was not completed (QA: no way back to the cart)', () => {
  const openWith = async (status: string, locale: 'ar' | 'en') => {
    fakeApi({
      'GET users/orders/41': () => ({ order: { ...order(60), status, payment_method: 'online' } }),
      'GET users/orders/41/returns': () => ({
        returns: [],
        returnable: [],
        open_until: null,
        can_request: false,
      }),
    });
    await renderPage(<OrderPage />, {
      path: '/my-account/orders/41',
      route: '/my-account/orders/:id',
      locale,
    });
    await screen.findByTestId('order-shipping');
  };

  it.each([
    ['en', 'The payment for this order wasn’t completed.', 'Back to cart'],
    ['ar', 'الدفع للطلب ده ما كملش.', 'ارجع للسلة'],
  ] as const)('says its items are back in the cart and leads there (%s)', async (locale, says, link) => {
    await openWith('abandoned', locale);
    expect(screen.getByTestId('order-not-paid').textContent?.replace(/'/g, '’')).toContain(says);
    const back = screen.getByRole('link', { name: link });
    expect(back.getAttribute('href')).toBe('/cart');
  });

  it('a placed order has no such word', async () => {
    await openWith('pending', 'en');
    expect(screen.queryByTestId('order-not-paid')).toBeNull();
    expect(screen.queryByTestId('order-back-to-cart')).toBeNull();
  });
});
