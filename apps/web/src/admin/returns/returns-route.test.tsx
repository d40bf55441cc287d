import type { AdminReturn } from '@store/contracts/returns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as ReturnsPage } from './returns-route';

/** The back office's returns page: each step that moves a return out of its tab says what it did. */
const asked: AdminReturn = {
  id: 7,
  order_id: 40,
  order_number: 1040,
  status: 'requested',
  reason: 'defective',
  details: null,
  photos: [],
  lines: [{ order_product_id: 1, product_id: 5, name: 'Kettle', quantity: 1, unit_price: 900 }],
  staff_note: null,
  pickup: null,
  refund: null,
  refund_method: null,
  created_at: '2026-11-01T10:00:00.000Z',
  decided_at: null,
  received_at: null,
  customer: { name: 'Sara', phone: '01012345678' },
  payment_method: 'cod',
};

let current: AdminReturn;
beforeEach(() => {
  useStaffAuth.setState({ staff: { id: 2, email: 'desk@store.example', name: 'Mona', role: 'staff' } });
  current = asked;
  const answer = () => ({ returns: [current], courier: 'bosta', books_pickups: true });
  fakeApi({
    // Each tab lists the returns in its status (the page asks for the waiting ones first).
    'GET admin/returns': (call) => ({
      returns: call.query.get('status') === current.status ? [current] : [],
      courier: 'bosta',
      books_pickups: true,
    }),
    'POST admin/returns/7/approve': () => {
      current = { ...current, status: 'approved' };
      return answer();
    },
    'POST admin/returns/7/receive': () => {
      current = { ...current, status: 'refunded', refund: 900, refund_method: 'cash' };
      return answer();
    },
  });
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/returns']}>
        <ReturnsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the returns page', () => {
  it.each(['en', 'ar'] as const)(
    'says a return was approved, then that its items were received and refunded (%s)',
    async (lng) => {
      await i18n.changeLanguage(lng);
      renderPage();
      fireEvent.click(await screen.findByTestId('admin-return-approve'));
      // The card leaves the waiting tab; the page says what became of it.
      await waitFor(() => expect(screen.queryByTestId('admin-return')).toBeNull());
      expect(screen.getByRole('status').textContent).toBe(i18n.t('admin-returns:done.approved', { id: 7 }));
      expect(screen.getByRole('status').textContent).toBe(
        lng === 'en'
          ? 'Return #7 approved. You will find it under “Approved”.'
          : 'تمام، اتوافق على الإرجاع رقم 7. هتلاقيه في «اتوافق عليها».',
      );

      fireEvent.click(screen.getByTestId('returns-filter-approved'));
      // A new tab: the last notice goes.
      expect(screen.getByRole('status').textContent).toBe('');
      fireEvent.click(await screen.findByTestId('admin-return-receive'));
      fireEvent.click(screen.getByTestId('admin-return-receive-confirm'));
      await waitFor(() => expect(screen.queryByTestId('admin-return')).toBeNull());
      expect(screen.getByRole('status').textContent).toBe(i18n.t('admin-returns:done.received', { id: 7 }));
    },
  );
});
