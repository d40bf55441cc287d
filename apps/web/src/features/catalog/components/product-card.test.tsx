import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { productFields } from '../../../test/products';
import { cardProduct } from '../card-product';
import { ProductCard } from './product-card';

/** A phone as the catalog lists it, with its Arabic title. */
const product = (titleAr: string) =>
  productFields(7, titleAr, { title_en: 'Samsung Galaxy S24 Ultra 512GB Titanium Black', title_ar: titleAr });

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

describe('a product sold in variants, as a server-rendered page carries it', () => {
  it('still shows its price range and sends the shopper to choose, never an add to cart of no variant', async () => {
    fakeApi({});
    const phone = productFields(245, 'Apple iPhone 16 5G', {
      price: 49_999,
      checkout_price: 49_999,
      price_max: 56_999,
    });
    // The page's data keeps only what a card shows (entry-server.tsx): the card must read the same from it.
    await renderPage(<ProductCard product={cardProduct(phone)} sizes="200px" />, { locale: 'en' });
    const card = await screen.findByTestId('product-card');
    expect(card.textContent).toMatch(/56,999/);
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
    expect(screen.getByRole('link', { name: /choose/i })).toBeTruthy();
  });
});
