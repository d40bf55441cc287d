import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
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

describe('the back office’s menu', () => {
  it('brings the current page’s entry into view, and the next one’s after a click', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/outbox']}>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="*" element={<p>page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const outbox = await screen.findByTestId('nav-outbox');
    await waitFor(() => expect(scrolled).toContain(outbox));
    expect(outbox.getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByTestId('nav-messages'));
    await waitFor(() => expect(scrolled.at(-1)).toBe(screen.getByTestId('nav-messages')));
  });
});
