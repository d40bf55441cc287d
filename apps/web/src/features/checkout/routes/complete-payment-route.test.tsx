import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { useAuth } from '../../auth';
import { usePaymentStore } from '../payment-store';
import { Component as CompletePayment } from './complete-payment-route';

beforeEach(() => {
  fakeApi({});
  useAuth.setState({ headers: { client: 'c', token: 't', uid: 'u' } });
});
afterEach(() => {
  cleanup();
  useAuth.setState({ headers: null });
  usePaymentStore.setState({ payment: null });
});

const back = () => screen.getByTestId('payment-failure-back');

describe('a declined online payment (the failure page)', () => {
  it('says so and goes back to the order whose payment failed, held in the payment state', async () => {
    usePaymentStore.setState({
      payment: {
        payment_key: 'k',
        payment_key_expiration: '2026-12-04T12:00:00.000Z',
        checkoutPrice: 1200,
        order_id: 77,
        unified_checkout_url: 'https://pay.test/77',
      },
    });
    await renderPage(<CompletePayment />, { path: '/complete-payment?success=false' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment failed, Please try again'); // the spec's words
    expect(back().getAttribute('href')).toBe('/my-account/orders/77');
    // The session is over: its state goes, and the link still leads to the order.
    expect(usePaymentStore.getState().payment).toBeNull();
    expect(back().getAttribute('href')).toBe('/my-account/orders/77');
  });

  it("goes back to the order the gateway's return names", async () => {
    await renderPage(<CompletePayment />, { path: '/complete-payment?success=false&order_id=91' });
    expect(back().getAttribute('href')).toBe('/my-account/orders/91');
  });

  it('without an order known, goes to the orders', async () => {
    await renderPage(<CompletePayment />, { path: '/complete-payment?success=false', locale: 'ar' });
    expect(back().textContent).toBe('ارجع للطلب');
    expect(back().getAttribute('href')).toBe('/my-account/orders');
  });
});

describe('the failure page’s way on (QA: only “Back to order”, to a page with no retry)', () => {
  it.each([
    ['en', 'Your items are back in your cart', 'Back to cart'],
    ['ar', 'المنتجات رجعت لسلتك', 'ارجع للسلة'],
  ] as const)(
    'says the items are back in the cart and leads there first (%s)',
    async (locale, says, label) => {
      await renderPage(<CompletePayment />, { path: '/complete-payment?success=false&order_id=91', locale });
      expect(screen.getByTestId('payment-failure-text').textContent).toContain(says);
      const links = screen.getAllByRole('link');
      // The cart first (the main button), then the order.
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/cart', '/my-account/orders/91']);
      expect(links[0]!.textContent).toBe(label);
    },
  );
});
