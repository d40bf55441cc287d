import type { AdminVariantsResponse } from '@store/contracts/admin-variants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../lib/locale-store';
import { fakeApi } from '../../test/dom';
import i18n from '../lib/i18n';
import { VariantsEditor } from './variants-editor';

/** A phone sold in two colours and one storage size, both combinations saved. */
const variants: AdminVariantsResponse = {
  options: [
    {
      name_en: 'Colour',
      name_ar: 'اللون',
      values: [
        { en: 'Black', ar: 'أسود' },
        { en: 'Blue', ar: 'أزرق' },
      ],
    },
    { name_en: 'Storage', name_ar: 'المساحة', values: [{ en: '128 GB', ar: '128 جيجا' }] },
  ],
  variants: [
    {
      id: 41,
      values: [
        { en: 'Black', ar: 'أسود' },
        { en: '128 GB', ar: '128 جيجا' },
      ],
      sku: 'PH-BLK-128',
      price: 20000,
      price_after_promotion: null,
      stock: 3,
      title_en: 'Phone Black 128 GB',
      title_ar: 'موبايل أسود 128 جيجا',
    },
  ],
};

afterEach(cleanup);

async function renderIn(locale: 'ar' | 'en') {
  useLocaleStore.setState({ locale });
  await i18n.changeLanguage(locale);
  fakeApi({ 'GET admin/products/7/variants': () => variants });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <VariantsEditor productId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rows = await screen.findAllByTestId('variant-row');
  return rows.map((r) => ({ values: r.dataset.values, label: r.querySelector('td')!.textContent }));
}

describe("the product editor's variants", () => {
  it("lists each combination's values in Arabic on the Arabic page", async () => {
    expect(await renderIn('ar')).toEqual([
      { values: 'Black / 128 GB', label: 'أسود / 128 جيجا' },
      { values: 'Blue / 128 GB', label: 'أزرق / 128 جيجا' },
    ]);
    expect(screen.getByTestId('variant-link').textContent).toBe('أسود / 128 جيجا');
  });

  it('lists them in English on the English page', async () => {
    expect(await renderIn('en')).toEqual([
      { values: 'Black / 128 GB', label: 'Black / 128 GB' },
      { values: 'Blue / 128 GB', label: 'Blue / 128 GB' },
    ]);
  });
});
