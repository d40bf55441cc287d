import type { AdminOrder } from '@store/contracts/admin-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as OrderPage } from './order-route';

/** One order's page for the owner: a delivered order (refundable, no more moves) and its delivery address. */
const order = (name: string) =>
  ({
    id: 7,
    order_number: '1007',
    status: 'delivered',
    created_at: '2026-01-10T10:00:00Z',
    checkout_date: '2026-01-10T10:00:00Z',
    count: 1,
    order_products: [],
    total_cart_price: 500,
    discount_code: null,
    discount: 0,
    checkout_shipping_fees: 50,
    checkout_total_price: 550,
    refunded_amount: 0,
    payment_method: 'cash_on_delivery',
    bank_installment: null,
    payments: [],
    history: [],
    next_statuses: [],
    refundable: true,
    refund_required: false,
    vat_amount: 67.54,
    invoice_number: null,
    credit_notes: [],
    e_receipts: [],
    customer: {
      id: 3,
      full_name: 'Mona Adel',
      email: 'mona@example.com',
      phone_number: '01012345678',
      orders_count: 2,
    },
    address: {
      full_name: 'Mona Adel',
      label: null,
      building: '12',
      street_name: 'Tahrir St',
      floor: '3',
      apartment: '5',
      district: 'Dokki',
      governorate: 'Giza',
      phone_number: '01012345678',
      name,
      instructions: null,
      lat: 0,
      lng: 0,
    },
  }) as unknown as AdminOrder;

let shown: AdminOrder;
beforeEach(async () => {
  useLocaleStore.setState({ locale: 'en' });
  await i18n.changeLanguage('en');
  useStaffAuth.setState({ staff: { id: 1, email: 'owner@store.example', name: 'Hany', role: 'owner' } });
  // Only the order is answered: the page's other cards (returns, parcel, messages) show their own load errors.
  fakeApi({ 'GET admin/orders/7': () => ({ order: shown }) });
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/orders/7']}>
        <Routes>
          <Route path="/orders/:id" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("a delivered order's page", () => {
  it('offers the refund without saying no action is possible', async () => {
    shown = order('12 Tahrir St, Dokki');
    renderPage();
    const actions = await screen.findByTestId('order-actions');
    expect(screen.getByTestId('action-refund')).toBeTruthy();
    expect(actions.textContent).not.toContain('No action is possible');
  });

  it('shows the map’s label of the pinned spot under the address', async () => {
    shown = order('12 Tahrir St, Dokki');
    renderPage();
    expect((await screen.findByTestId('order-address')).textContent).toContain('12 Tahrir St, Dokki');
  });

  it('leaves out the label when the map could not name the spot (N/A)', async () => {
    shown = order('N/A');
    renderPage();
    const address = await screen.findByTestId('order-address');
    expect(address.textContent).toContain('Dokki, Giza');
    expect(address.textContent).not.toContain('N/A');
  });
});
