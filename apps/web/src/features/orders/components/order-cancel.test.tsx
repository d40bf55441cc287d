import type { Order } from '@store/contracts/checkout';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { placedOrder } from '../../../test/orders';
import { useAuth } from '../../auth';
import { Component as OrderPage } from '../routes/order-route';

/**
 * QA: a shopper could not cancel an order. On its page, a pending order (not confirmed by the shop yet) has a
 * Cancel order button that asks first and then shows the order cancelled; a confirmed one, until it arrives, says to
 * call the hotline instead. In both languages.
 */

const words = {
  en: {
    button: 'Cancel order',
    title: 'Cancel order #7?',
    confirm: 'Yes, cancel the order',
    keep: 'Keep the order',
    canceled: 'Canceled',
    done: 'Your order is cancelled.',
    hint: 'To cancel it, call us on our hotline',
  },
  ar: {
    button: 'إلغاء الطلب',
    title: 'عايز تلغي طلب رقم 7؟',
    confirm: 'أيوه، الغي الطلب',
    keep: 'لا، خلّي الطلب',
    canceled: 'اتلغى',
    done: 'طلبك اتلغى.',
    hint: 'لو عايز تلغيه، كلمنا على الخط الساخن',
  },
} as const;

const noReturns = () => ({ returns: [], returnable: [], open_until: null, can_request: false });

/** The order page of order 41 in `status`; a cancel the server answers with `answer` (default: it is cancelled). */
async function openOrder(
  status: string,
  locale: 'ar' | 'en',
  answer?: { status: number; body: unknown; after: string },
) {
  let now = status;
  const api = fakeApi({
    'GET users/orders/41': () => ({ order: placedOrder({ status: now }) }),
    'GET users/orders/41/returns': noReturns,
    'POST users/orders/41/cancel': () => {
      if (answer) {
        now = answer.after;
        return { status: answer.status, body: answer.body };
      }
      now = 'canceled';
      return { order: placedOrder({ status: 'canceled' }) };
    },
  });
  await renderPage(<OrderPage />, { path: '/my-account/orders/41', route: '/my-account/orders/:id', locale });
  await screen.findByTestId('order-title');
  return api;
}

beforeEach(() => useAuth.setState({ headers: { client: 'c', token: 't', uid: 'u' } }));
afterEach(() => {
  cleanup();
  useAuth.setState({ headers: null });
});

describe('cancelling a pending order from its page', () => {
  it.each(['en', 'ar'] as const)(
    '%s: the button asks first, then the order shows cancelled',
    async (locale) => {
      const w = words[locale];
      const { calls } = await openOrder('pending', locale);
      fireEvent.click(screen.getByRole('button', { name: w.button }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(w.title)).toBeTruthy();
      // Nothing is sent before the shopper confirms.
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: w.confirm }));
      await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe(w.canceled));
      expect(screen.getByTestId('order-cancel-done').textContent).toBe(w.done);
      expect(screen.queryByRole('button', { name: w.button })).toBeNull();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const post = calls.filter((c) => c.method === 'POST');
      expect(post.map((c) => c.path)).toEqual(['users/orders/41/cancel']);
      expect(post[0]!.query.get('locale')).toBe(locale);
      // The order is read again after the cancel (its queries invalidated).
      const reads = calls.filter((c) => c.method === 'GET' && c.path === 'users/orders/41');
      expect(reads.length).toBeGreaterThanOrEqual(2);
    },
  );

  it('Keep the order closes the dialog and sends nothing', async () => {
    const { calls } = await openOrder('pending', 'en');
    fireEvent.click(screen.getByRole('button', { name: words.en.button }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: words.en.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('order-status').textContent).toBe('Pending');
  });

  it.each([
    ['en', 'This order can no longer be cancelled here; call us on 16581'],
    ['ar', 'الطلب ده مبقاش ينفع يتلغي من هنا؛ كلمنا على الخط الساخن 16581'],
  ] as const)(
    '%s: confirmed meanwhile, the server’s refusal is shown in the page’s language and the page follows',
    async (locale, message) => {
      await openOrder('pending', locale, {
        status: 422,
        body: { errors: [message] },
        after: 'confirmed',
      });
      fireEvent.click(screen.getByRole('button', { name: words[locale].button }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: words[locale].confirm }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      // Read again: confirmed now, so the page says to call instead of offering the button.
      await screen.findByTestId('order-cancel-hint');
      expect(screen.queryByRole('button', { name: words[locale].button })).toBeNull();
    },
  );
});

describe('an order the shop confirmed', () => {
  it.each(['en', 'ar'] as const)('%s: says to call the hotline instead, with its number', async (locale) => {
    for (const status of ['confirmed', 'processing', 'delivering']) {
      await openOrder(status, locale);
      const hint = screen.getByTestId('order-cancel-hint');
      expect(hint.textContent).toContain(words[locale].hint);
      expect(within(hint).getByRole('link', { name: '16581' }).getAttribute('href')).toBe('tel:16581');
      expect(screen.queryByRole('button', { name: words[locale].button })).toBeNull();
      cleanup();
    }
  });

  it('delivered or cancelled: neither the button nor the hint', async () => {
    for (const status of ['delivered', 'canceled'] satisfies Order['status'][]) {
      await openOrder(status, 'en');
      expect(screen.queryByTestId('order-cancel')).toBeNull();
      cleanup();
    }
  });
});
