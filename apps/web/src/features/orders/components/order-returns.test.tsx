import type { Order } from '@store/contracts/checkout';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { OrderReturns } from './order-returns';

/** The order's fields the returns section reads. */
const order = (status: string) => ({ id: 41, status, order_products: [] }) as unknown as Order;

afterEach(cleanup);

describe('an order page’s returns', () => {
  it('are not asked for while the online payment is under way or was not completed (no 404 in the console)', async () => {
    for (const status of ['awaiting_payment', 'abandoned']) {
      const { calls } = fakeApi({});
      await renderPage(<OrderReturns order={order(status)} />);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls.map((c) => c.path)).toEqual([]);
      expect(screen.queryByTestId('order-returns')).toBeNull();
      cleanup();
    }
  });

  it('are not asked for on the order a failed payment gave back as the cart (its page is the failure’s Back to order)', async () => {
    const { calls } = fakeApi({});
    await renderPage(<OrderReturns order={order('cart')} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.map((c) => c.path)).toEqual([]);
    expect(screen.queryByTestId('order-returns')).toBeNull();
  });

  it('are asked for once the order is placed, and shown when there are some', async () => {
    const { calls } = fakeApi({
      'GET users/orders/41/returns': () => ({
        returns: [],
        returnable: [],
        open_until: '2026-12-10T10:00:00.000Z',
        can_request: true,
      }),
    });
    await renderPage(<OrderReturns order={order('delivered')} />);
    await waitFor(() => expect(screen.getByTestId('order-returns')).toBeTruthy());
    expect(calls.map((c) => c.path)).toEqual(['users/orders/41/returns']);
  });
});
