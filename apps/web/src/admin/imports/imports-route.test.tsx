import type { AdminImport } from '@store/contracts/admin-imports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom';
import { useLocaleStore } from '../../lib/locale-store';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as ImportsPage } from './imports-route';

/** The back office's imports page while an import runs (issue 50: an import gives way to shoppers). */
const running: AdminImport = {
  id: 7,
  file_name: 'prices.csv',
  dry_run: false,
  status: 'running',
  total: 10_000,
  processed: 2_500,
  progress: 25,
  added: 0,
  changed: 2_500,
  unchanged: 0,
  refused: 0,
  changed_fields: [],
  error: null,
  staff: { id: 1, name: 'Hoda' },
  created_at: '2026-12-01T07:00:00.000Z',
  finished_at: null,
  gives_way: true,
};
let shown = running;

beforeEach(() => {
  shown = running;
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  fakeApi({
    'GET admin/imports': () => ({ imports: [shown] }),
    'GET admin/imports/7': () => ({
      import: shown,
      rows: [],
      meta: { current_page: 1, per_page: 50, total_pages: 0, total_entries: 0 },
    }),
  });
});
afterEach(cleanup);

const renderPage = async (locale: 'en' | 'ar') => {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/imports?job=7']}>
        <ImportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByTestId('import-job');
};

describe('an import under way', () => {
  it('shows how far it is and says it runs more slowly while shoppers browse', async () => {
    const job = await renderPage('en');
    expect(within(job).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(job.textContent).toContain('2,500 of 10,000 rows done');
    expect(job.textContent).toContain(
      'While shoppers are browsing, the import runs more slowly so the shop stays fast for them',
    );
  });

  it('says it in Arabic too', async () => {
    const job = await renderPage('ar');
    expect(job.textContent).toContain('الاستيراد بيمشي أبطأ عشان المتجر يفضل سريع معاهم');
  });

  it('says nothing of running more slowly when its runner goes batch after batch (IMPORT_PACE=1)', async () => {
    shown = { ...running, gives_way: false };
    const job = await renderPage('en');
    expect(job.textContent).toContain('2,500 of 10,000 rows done');
    expect(job.textContent).not.toContain('runs more slowly');
  });
});

describe('an import of one row, or two', () => {
  it('says "0 of 1 row done", and Arabic’s own forms', async () => {
    shown = { ...running, total: 1, processed: 0, progress: 0 };
    expect((await renderPage('en')).textContent).toContain('0 of 1 row done');
    cleanup();
    shown = { ...running, total: 2, processed: 1, progress: 50 };
    expect((await renderPage('ar')).textContent).toContain('خلص 1 من صفين');
  });
});
