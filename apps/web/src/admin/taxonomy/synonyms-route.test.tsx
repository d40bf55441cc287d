import type { AdminSynonym } from '@store/contracts/admin-synonyms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as SynonymsPage } from './synonyms-route';

/** The synonyms page's count line reads "1 synonym" for one, and Arabic's own forms. */
const synonym = (id: number): AdminSynonym => ({
  id,
  term: `term${id}`,
  alternative: `alt${id}`,
  two_way: true,
});
let total = 1;
beforeEach(() => {
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  fakeApi({
    'GET admin/synonyms': () => ({
      synonyms: Array.from({ length: total }, (_, i) => synonym(i + 1)),
      meta: { total_entries: total, page: 1, per_page: 50 },
    }),
  });
});
afterEach(cleanup);

async function countLine(locale: 'en' | 'ar', n: number) {
  total = n;
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/synonyms']}>
        <SynonymsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const line = await screen.findByTestId('synonyms-count');
  await waitFor(() => expect(line.textContent).toMatch(/1/));
  const text = line.textContent;
  cleanup();
  return text;
}

describe('the synonyms’ count', () => {
  it('says "1 synonym" for one, "2 synonyms" for two', async () => {
    expect(await countLine('en', 1)).toBe('1 synonym · page 1 of 1');
    expect(await countLine('en', 2)).toBe('2 synonyms · page 1 of 1');
  });

  it('says it in Arabic’s own forms', async () => {
    expect(await countLine('ar', 1)).toBe('مرادف واحد · صفحة 1 من 1');
    expect(await countLine('ar', 2)).toBe('مرادفين · صفحة 1 من 1');
    expect(await countLine('ar', 3)).toBe('3 مرادفات · صفحة 1 من 1');
  });
});
