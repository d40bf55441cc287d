import type { AdminDiscountCode } from '@store/contracts/discount-codes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Call } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as DiscountsPage } from './discounts-route';

/** The back office's discount codes page (issue 49 item 1) against an API that answers what each test says. */
const running: AdminDiscountCode = {
  id: 1,
  code: 'RAMADAN-10',
  kind: 'percent',
  value: 10,
  minimum_order: 500,
  scope: 'all',
  scope_ids: [],
  starts_at: null,
  ends_at: null,
  max_uses: 100,
  max_uses_per_shopper: 1,
  first_order_only: false,
  uses: 3,
  state: 'running',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

let posted: Call[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  posted = [];
  fakeApi({
    'GET admin/discount_codes': () => ({ discount_codes: [running] }),
    'POST admin/discount_codes': (call) => {
      posted.push(call);
      return posted.length === 1
        ? { status: 422, body: { errors: { code: ['This code is already used by another discount'] } } }
        : { status: 201, body: { discount_code: { ...running, id: 2, code: 'EID-20' } } };
    },
  });
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DiscountsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the discount codes page', () => {
  it('lists a code with what it takes off, its terms, uses and state; a new code is sent as the API takes it', async () => {
    renderPage();
    const row = await screen.findByTestId('discount-row');
    expect(row.textContent).toContain('RAMADAN-10');
    expect(row.textContent).toContain('10% off');
    expect(row.textContent).toContain('1 per shopper');
    expect(within(row).getByTestId('discount-uses').textContent).toBe('Uses: 3 of 100');
    expect(within(row).getByTestId('discount-state').textContent).toBe('Running');

    fireEvent.click(screen.getByTestId('discount-add'));
    fireEvent.change(await screen.findByTestId('discount-code-field'), { target: { value: 'RAMADAN-10' } });
    fireEvent.change(screen.getByTestId('discount-value-field'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('discount-max-uses-field'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('row-save'));
    // The server's refusal lands on its field; nothing closes.
    expect(await screen.findByText('This code is already used by another discount')).toBeTruthy();

    fireEvent.change(screen.getByTestId('discount-code-field'), { target: { value: 'eid-20' } });
    fireEvent.click(screen.getByTestId('row-save'));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toEqual({
      code: 'eid-20',
      kind: 'percent',
      value: 20,
      minimum_order: null,
      scope: 'all',
      scope_ids: [],
      starts_at: null,
      ends_at: null,
      max_uses: 1,
      max_uses_per_shopper: null,
      first_order_only: false,
    });
    await waitFor(() => expect(screen.queryByTestId('discount-code-field')).toBeNull());
  });

  it('a member whose role has no discounts reads that it cannot open the page, with nothing to press or load', async () => {
    useStaffAuth.setState({ staff: { id: 2, email: 'desk@store.example', name: 'Mona', role: 'staff' } });
    const api = fakeApi({});
    renderPage();
    expect((await screen.findByTestId('forbidden')).textContent).toBe(i18n.t('admin:errors.forbidden'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Discount codes');
    expect(screen.queryByTestId('discount-add')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
