import type { AdminBrand } from '@store/contracts/admin-taxonomy';
import { HOME_BRANDS } from '@store/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import { useStaffAuth } from '../auth/store';
import i18n from '../lib/i18n';
import { Component as BrandsPage } from './brands-route';

/** The brands page warns when more brands are set to show on the home page than it shows, the count in its form. */
const brand = (id: number): AdminBrand => ({
  id,
  name_en: `Brand ${id}`,
  name_ar: `ماركة ${id}`,
  icon_url: null,
  featured: false,
  show_on_homepage: true,
  active: true,
  position: id,
  products_count: 0,
  updated_at: '2026-12-01T07:00:00.000Z',
});
let onHome = HOME_BRANDS + 1;
beforeEach(() => {
  useStaffAuth.setState({ staff: { id: 1, email: 'boss@store.example', name: 'Hoda', role: 'owner' } });
  fakeApi({
    'GET admin/brands': () => ({
      brands: Array.from({ length: onHome }, (_, i) => brand(i + 1)),
      on_homepage: onHome,
    }),
  });
});
afterEach(cleanup);

async function warning(locale: 'en' | 'ar', n: number) {
  onHome = n;
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/brands']}>
        <BrandsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const text = (await screen.findByTestId('home-brands-warning')).textContent;
  cleanup();
  return text;
}

describe('the home page’s brands warning', () => {
  it('is not shown while the home page shows them all', async () => {
    onHome = HOME_BRANDS;
    await i18n.changeLanguage('en');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/brands']}>
          <BrandsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Brand 1');
    expect(screen.queryByTestId('home-brands-warning')).toBeNull();
  });

  it('English', async () => {
    expect(await warning('en', 11)).toBe(
      `11 brands are set to show on the home page, but it shows ${HOME_BRANDS} at most: only the first ${HOME_BRANDS} will appear.`,
    );
  });

  it('Arabic: "7 ماركات" but "11 ماركة" and "100 ماركة"', async () => {
    const rest = `متعلّم عليها تظهر في الرئيسية، بس الرئيسية بتعرض ${HOME_BRANDS} بس: أول ${HOME_BRANDS} بس هيظهروا.`;
    expect(await warning('ar', 7)).toBe(`فيه 7 ماركات ${rest}`);
    expect(await warning('ar', 11)).toBe(`فيه 11 ماركة ${rest}`);
    expect(await warning('ar', 100)).toBe(`فيه 100 ماركة ${rest}`);
    expect(await warning('ar', 103)).toBe(`فيه 103 ماركات ${rest}`);
  });
});
