import type { Product } from '@store/contracts/catalog';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { ProductCard } from './product-card';

/** A product as the catalog lists it, with its Arabic title. */
const product = (titleAr: string) =>
  ({
    id: 7,
    title: titleAr,
    title_en: 'Samsung Galaxy S24 Ultra 512GB Titanium Black',
    title_ar: titleAr,
    description: '',
    description_en: '',
    description_ar: '',
    category: { id: 3, name: 'موبايلات', name_en: 'Phones', name_ar: 'موبايلات' },
    brand: { id: 4, name: 'سامسونج', name_en: 'Samsung', name_ar: 'سامسونج', icon_url: null },
    images: [],
    price: 60000,
    promotion: null,
    price_after_promotion: null,
    checkout_price: 60000,
    favorite: false,
    created_at: '2026-11-01T10:00:00.000Z',
    stock: 5,
    model: null,
    series: null,
    maximum_number_per_order: null,
    vat_rate: 14,
    featured: false,
    special_offer: false,
    monthly_from: null,
    rating: null,
  }) as unknown as Product;

afterEach(cleanup);

describe('a product card’s title on an Arabic page', () => {
  it('reads left to right when it is all in Latin letters, so "…" cuts its end and not its first letters', async () => {
    fakeApi({});
    await renderPage(
      <ProductCard product={product('Samsung Galaxy S24 Ultra 512GB Titanium Black')} sizes="200px" />,
      {
        locale: 'ar',
      },
    );
    const title = (await screen.findByRole('heading', { level: 3 })).closest('h3')!;
    expect(title.getAttribute('dir')).toBe('ltr');
  });

  it('keeps the page’s direction when it has Arabic in it', async () => {
    fakeApi({});
    await renderPage(<ProductCard product={product('موبايل سامسونج Galaxy S24 Ultra')} sizes="200px" />, {
      locale: 'ar',
    });
    const title = (await screen.findByRole('heading', { level: 3 })).closest('h3')!;
    expect(title.hasAttribute('dir')).toBe(false);
    expect(title.querySelector('bdi[dir="ltr"]')?.textContent).toBe('Galaxy S24 Ultra');
  });
});
