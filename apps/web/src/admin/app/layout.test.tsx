import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import { Component as DiscountsPage } from '../discounts/discounts-route';
import '../lib/i18n';
import { AdminLayout } from './layout';

/**
 * The back office's menu scrolls (down in a short desktop window, sideways on a phone): the current page's entry is
 * brought into view when a page opens, not left below the fold.
 */
const owner = { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' as const };
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  useStaffAuth.setState({ session: true, staff: owner });
  fakeApi({ 'GET admin/me': () => ({ staff: owner }) });
});
afterEach(cleanup);

/** The back office's layout at `path`: `page` (the discount codes page) under /discounts, a plain page elsewhere. */
function renderLayout(
  path: string,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route path="discounts" element={<DiscountsPage />} />
            <Route path="*" element={<p>page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the back office’s menu', () => {
  it('brings the current page’s entry into view, and the next one’s after a click', async () => {
    renderLayout('/outbox');
    const outbox = await screen.findByTestId('nav-outbox');
    await waitFor(() => expect(scrolled).toContain(outbox));
    expect(outbox.getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByTestId('nav-messages'));
    await waitFor(() => expect(scrolled.at(-1)).toBe(screen.getByTestId('nav-messages')));
  });
});

/**
 * An owner changed this member's role while their back office was open: the API refuses the old role's calls
 * (403, requireStaff's staff_forbidden), and the back office asks who they are again at once, so the menu and the
 * page follow the new role without a reload.
 */
describe('a role changed meanwhile', () => {
  const refused = { status: 403, body: { errors: ['Your account does not have permission to do this'] } };
  const code = {
    id: 1,
    code: 'RAMADAN-10',
    kind: 'percent',
    value: 10,
    minimum_order: null,
    scope: 'all',
    scope_ids: [],
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_shopper: null,
    first_order_only: false,
    uses: 0,
    state: 'running',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };

  /** The discount codes page in the layout, opened while `owner` was still the member's role (me answered). */
  function renderDiscounts() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['admin', 'me'], owner);
    renderLayout('/discounts', queryClient);
  }

  it('a page’s list refused: the menu loses the old role’s entries and the page says it is not allowed', async () => {
    let role: 'owner' | 'staff' = 'owner';
    const { calls } = fakeApi({
      'GET admin/me': () => ({ staff: { ...owner, role } }),
      'GET admin/discount_codes': () => {
        role = 'staff'; // demoted just before this call
        return refused;
      },
    });
    renderDiscounts();
    expect(screen.getByTestId('nav-discounts')).toBeTruthy();

    await screen.findByTestId('forbidden');
    expect(screen.queryByTestId('nav-discounts')).toBeNull();
    expect(screen.queryByTestId('nav-outbox')).toBeNull();
    expect(screen.queryByTestId('nav-abandoned-carts')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(calls.filter((c) => c.path === 'admin/me')).toHaveLength(1);
  });

  it('a change refused (a call of its own, no query): the same', async () => {
    let role: 'owner' | 'staff' = 'owner';
    fakeApi({
      'GET admin/me': () => ({ staff: { ...owner, role } }),
      'GET admin/discount_codes': () => ({ discount_codes: [code] }),
      'POST admin/discount_codes/1/end': () => refused,
    });
    renderDiscounts();
    const end = await screen.findByTestId('discount-end');
    role = 'staff';
    fireEvent.click(end);

    await screen.findByTestId('forbidden');
    expect(screen.queryByTestId('nav-discounts')).toBeNull();
  });

  it('a 403 of who-am-I itself is not asked again (no loop)', async () => {
    const { calls } = fakeApi({ 'GET admin/me': () => refused });
    useStaffAuth.setState({ session: true, staff: null });
    renderLayout('/');
    await screen.findByTestId('load-error');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === 'admin/me')).toHaveLength(1);
  });
});
