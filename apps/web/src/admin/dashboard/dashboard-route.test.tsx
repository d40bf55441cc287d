import type { AdminDashboard } from '@store/contracts/admin-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as DashboardPage } from './dashboard-route';

/** The dashboard's low-stock list: a product with none left reads "out of stock", not "0 left". */
const dashboard: AdminDashboard = {
  today: { sales: 0, orders: 0 },
  month: { sales: 0, orders: 0 },
  waiting: {},
  daily: [],
  low_stock: [
    { id: 1, title: 'Kettle', stock: 0, active: true },
    { id: 2, title: 'Blender', stock: 3, active: true },
  ],
  refunds_to_do: 0,
};

beforeEach(() => {
  useStaffAuth.setState({ staff: { id: 2, email: 'orders@store.example', name: 'Mona', role: 'staff' } });
  fakeApi({ 'GET admin/dashboard': () => dashboard });
});
afterEach(cleanup);

async function renderPage(locale: 'en' | 'ar') {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rows = within(await screen.findByTestId('low-stock')).getAllByRole('listitem');
  return rows.map((r) => r.textContent);
}

describe("the dashboard's low stock", () => {
  it('says a product with none left is out of stock, and how many are left of the others', async () => {
    expect(await renderPage('en')).toEqual(['KettleOut of stock', 'Blender3 left']);
  });

  it('says خلصان in Arabic', async () => {
    const [none, few] = await renderPage('ar');
    expect(none).toBe('Kettleخلصان');
    expect(few).toContain('فاضل');
  });
});
