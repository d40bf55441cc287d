import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Call } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as OrderPage } from './order-route';
import { Component as OrdersPage } from './orders-route';

/** The orders pages for a member whose role has no orders area (the catalog role), against an API that answers nothing. */
let calls: Call[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  useStaffAuth.setState({ staff: { id: 3, email: 'shelves@store.example', name: 'Karim', role: 'catalog' } });
  calls = fakeApi({}).calls;
});
afterEach(cleanup);

const renderAt = (path: string, route: string, page: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the orders pages, for a role without orders', () => {
  it.each([
    ['the orders list', '/orders', '/orders', <OrdersPage key="list" />],
    ['an order', '/orders/12', '/orders/:id', <OrderPage key="one" />],
  ])(
    '%s says the role cannot open it, with no filters or moves and nothing asked',
    async (_, path, route, page) => {
      renderAt(path, route, page);
      expect((await screen.findByTestId('forbidden')).textContent).toBe(i18n.t('admin:errors.forbidden'));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders');
      expect(screen.queryByRole('search')).toBeNull();
      expect(calls).toEqual([]);
    },
  );
});
