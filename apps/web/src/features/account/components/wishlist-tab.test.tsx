import { productListResponseSchema } from '@store/contracts/catalog';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage, type Call } from '../../../test/dom';
import { productFields } from '../../../test/products';
import { useAuth } from '../../auth';
import WishlistTab from './wishlist-tab';

/** A favorite as GET v1/users/products?favorites=true answers it; `price_max`: a product sold in variants. */
const favorite = (id: number, title: string, extra: { price_max?: number } = {}) =>
  productFields(id, title, { favorite: true, ...extra });

let cartPuts: Call[] = [];
beforeEach(() => {
  cartPuts = [];
  useAuth.setState({ headers: { client: 'c', token: 't', uid: 'u' } });
  fakeApi({
    'GET users/products': () =>
      productListResponseSchema.parse({
        products: [favorite(1, 'iPhone 16 5G', { price_max: 52000 }), favorite(2, 'Kettle 1.7 L')],
        meta: {
          per_page: 10,
          total_entries: 2,
          current_page: 1,
          next_page: null,
          min_price: 0,
          max_price: 0,
        },
      }),
    'GET users/cart': () => ({ order: { items: [] } }),
    'PUT users/cart': (call) => {
      cartPuts.push(call);
      return { order: { items: [] } };
    },
  });
});
afterEach(() => {
  cleanup();
  useAuth.setState({ headers: null });
});

const item = async (id: number) =>
  (await screen.findAllByTestId('wishlist-item')).find((li) => li.dataset.productId === String(id))!;

describe('the wishlist', () => {
  it('sends the shopper to choose the options of a product sold in variants, as its card does', async () => {
    await renderPage(<WishlistTab />, { path: '/my-account/wishlist' });
    const phone = within(await item(1));
    const choose = phone.getByRole('link', { name: 'Choose options' });
    expect(choose.getAttribute('href')).toBe('/products/1');
    expect(phone.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(cartPuts).toEqual([]);
  });

  it('still adds a product sold as one item to the cart', async () => {
    await renderPage(<WishlistTab />, { path: '/my-account/wishlist' });
    const kettle = within(await item(2));
    expect(kettle.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(kettle.queryByTestId('choose-options')).toBeNull();
  });

  it('in Arabic: اختار المواصفات', async () => {
    await renderPage(<WishlistTab />, { path: '/my-account/wishlist', locale: 'ar' });
    expect(within(await item(1)).getByRole('link', { name: 'اختار المواصفات' })).toBeTruthy();
  });
});
