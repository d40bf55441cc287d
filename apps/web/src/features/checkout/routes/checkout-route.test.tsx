import { cartSchema, type Cart } from '@store/contracts/cart';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartAddress } from '../../../test/addresses';
import { fakeApi, renderPage, type Call } from '../../../test/dom';
import { placedOrder } from '../../../test/orders';
import { useAuth } from '../../auth';
import { usePaymentStore } from '../payment-store';
import { Component as Checkout } from './checkout-route';

/** The cart at the payment step: 1,500 EGP and 60 EGP delivery to the chosen address; empty while it is held. */
const cart = (count: number): Cart =>
  cartSchema.parse({
    id: 41,
    order_id: 41,
    status: 'cart',
    items: [],
    item_ids: [],
    count,
    subtotal: count ? 1500 : 0,
    delivery_fee: 60,
    free_delivery_from: null,
    discount: 0,
    discount_code: null,
    discount_code_problem: null,
    total: count ? 1560 : 0,
    vat_amount: 0,
    address: cartAddress(60),
    sap_sync: false,
    held: null,
  });

/** A server that holds the cart while a payment session is open, and gives it back when the session is ended. */
let calls: Call[] = [];
beforeEach(() => {
  let held = false;
  ({ calls } = fakeApi({
    'GET users/cart': () => ({ order: cart(held ? 0 : 1) }),
    'GET users/orders': () => ({ orders: [], meta: { per_page: 50, total_entries: 0, next_page: null } }),
    'POST users/checkout': () => {
      held = true;
      return {
        payment_key: 'sbx_k',
        checkout_total_price: 1560,
        payment_key_expiration: '2030-01-01T00:05:00.000Z',
        expires_in_seconds: 300,
        order_id: 41,
        unified_checkout_url: 'https://pay.test/41',
      };
    },
    'DELETE users/checkout': () => {
      held = false;
      return { ended: true };
    },
  }));
  useAuth.setState({ headers: { client: 'c', token: 't', uid: 'u' } });
});
afterEach(() => {
  cleanup();
  useAuth.setState({ headers: null });
  usePaymentStore.setState({ payment: null });
});

const method = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('the payment step, online chosen then changed (QA: a tap on online locked the other methods for 5 minutes)', () => {
  it.each([
    ['en', /^Pay online \(card\)/, /^Cash on delivery/, 'Cancel online payment'],
    ['ar', /^ادفع أونلاين \(كارت\)/, /^كاش عند الاستلام/, 'الغي الدفع أونلاين'],
  ] as const)(
    'the shopper can cancel the online payment: the items are back in the cart and every method is open again (%s)',
    async (locale, online, cash, cancel) => {
      await renderPage(<Checkout />, { path: '/checkout/payment', route: '/checkout/:step', locale });
      // The wizard shows once the cart, the unrated orders and the step's lazy parts are in.
      fireEvent.click(await screen.findByRole('radio', { name: online }, { timeout: 5000 }));
      await screen.findByTestId('online-ready', {}, { timeout: 5000 });
      // Online is chosen (spec §2): a session holds the cart, and the other methods wait.
      expect(method(cash).disabled).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: cancel }));

      await waitFor(() => expect(method(cash).disabled).toBe(false), { timeout: 5000 });
      expect(calls.filter((c) => c.path === 'users/checkout').map((c) => c.method)).toEqual([
        'POST',
        'DELETE',
      ]);
      expect(usePaymentStore.getState().payment).toBeNull();
      expect(screen.queryByTestId('online-ready')).toBeNull();
      // Still on the payment step with the cart back (not sent to an empty cart), and cash can now be chosen.
      expect(screen.queryByTestId('elsewhere')).toBeNull();
      fireEvent.click(method(cash));
      expect(method(cash).checked).toBe(true);
      expect(screen.getByTestId('place-order')).toBeTruthy();
    },
  );
});

describe('the rating asked before checkout (QA: rating sent the shopper back to the cart)', () => {
  it('once every order is rated, checkout goes on', async () => {
    let rated = false;
    ({ calls } = fakeApi({
      'GET users/cart': () => ({ order: cart(1) }),
      'GET users/orders': () =>
        rated
          ? { orders: [], meta: { per_page: 50, total_entries: 0, next_page: null } }
          : {
              orders: [placedOrder({ id: 30, order_number: 3, status: 'delivered', rateable: true })],
              meta: { per_page: 50, total_entries: 1, next_page: null },
            },
      'PUT users/orders/rate': () => {
        rated = true;
        return { ratings: [{ order_id: 30, rating: 5 }] };
      },
    }));
    await renderPage(<Checkout />, { path: '/checkout/cart', route: '/checkout/:step' });
    const dialog = await screen.findByTestId('rating-dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 of 5 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit ratings' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === 'users/orders/rate')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('rating-dialog')).toBeNull());
    // Settled: still in checkout, not sent to the cart.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(screen.getByTestId('checkout')).toBeTruthy();
  });

  it('Cancel leaves for the cart', async () => {
    fakeApi({
      'GET users/cart': () => ({ order: cart(1) }),
      'GET users/orders': () => ({
        orders: [placedOrder({ id: 30, order_number: 3, status: 'delivered', rateable: true })],
        meta: { per_page: 50, total_entries: 1, next_page: null },
      }),
    });
    await renderPage(<Checkout />, { path: '/checkout/cart', route: '/checkout/:step' });
    const dialog = await screen.findByTestId('rating-dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('elsewhere')).dataset.path).toBe('/cart');
  });
});
