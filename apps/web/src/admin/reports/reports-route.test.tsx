import type { SalesReportResponse } from '@store/contracts/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as ReportsPage } from './reports-route';

/** The report by governorate as the API answers it: the zone's name in the language asked for (?locale=). */
const byGovernorate = (locale: string): SalesReportResponse => {
  const figures = { orders: 2, units: 3, revenue: 100, discounts: 0, vat: 12, refunds: 0, net: 100 };
  return {
    from: '2026-01-01',
    to: '2026-01-30',
    group_by: 'governorate',
    rows: [{ key: 'Giza', label: locale === 'ar' ? 'الجيزة' : 'Giza', ...figures }],
    totals: figures,
  };
};

beforeEach(async () => {
  useLocaleStore.setState({ locale: 'en' });
  await i18n.changeLanguage('en');
  useStaffAuth.setState({ staff: { id: 1, email: 'owner@store.example', name: 'Mona', role: 'owner' } });
  fakeApi({ 'GET admin/reports/sales': (call) => byGovernorate(call.query.get('locale') ?? 'ar') });
});
afterEach(cleanup);

const label = () => screen.getByTestId('report-row').querySelector('bdi')!.textContent;

describe('the sales report by governorate', () => {
  it("names the governorates in the page's language, asking again when the language changes", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/reports?group_by=governorate']}>
          <ReportsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('report-row');
    expect(label()).toBe('Giza');
    await act(async () => {
      useLocaleStore.setState({ locale: 'ar' });
      await i18n.changeLanguage('ar');
    });
    await waitFor(() => expect(label()).toBe('الجيزة'));
  });
});
