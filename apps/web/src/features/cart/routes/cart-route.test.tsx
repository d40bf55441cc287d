import { productDetailSchema } from '@store/contracts/catalog';
import { deliveryZoneSchema } from '@store/contracts/address';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { productFields } from '../../../test/products';
import { useGuestCart } from '../store';
import { CartPage, type CheckoutButton } from './cart-route';

/** A product as GET v1/products/:id answers it (checked against the contracts' schema). */
function product(id: number, title: string, prices: { price: number; promoted?: number; stock?: number }) {
  const checkout = prices.promoted ?? prices.price;
  return productDetailSchema.parse({
    ...productFields(id, title, {
      category: { id: 3, name: 'Fridges', name_en: 'Fridges', name_ar: 'ثلاجات' },
      brand: { id: 4, name: 'Sharp', name_en: 'Sharp', name_ar: 'شارب', icon_url: null },
      price: prices.price,
      price_after_promotion: prices.promoted ?? null,
      checkout_price: checkout,
      stock: prices.stock ?? 10,
    }),
    category: { id: 3, name: 'Fridges', name_en: 'Fridges', name_ar: 'ثلاجات', parent_id: null, path: [] },
    specifications: [],
    installments: [],
  });
}

const fridge = product(1, 'Sharp fridge 450 L', { price: 1000, promoted: 900 });
const kettle = product(2, 'Kettle 1.7 L', { price: 250.5 });
const cairo = deliveryZoneSchema.parse({
  id: 7,
  name: 'Cairo',
  name_en: 'Cairo',
  name_ar: 'القاهرة',
  shipping_fees: 50,
  free_shipping_from: null,
  delivery_days: { min: 1, max: 3 },
});

/** The checkout's button as the app gives it to the cart page: here it says what it was given. */
const StubCheckoutButton: CheckoutButton = ({ count, onGuest, children }) => (
  <button type="button" data-count={count} disabled={count === 0} onClick={onGuest}>
    {children}
  </button>
);

const summary = () => within(screen.getByTestId('order-summary'));

/** Chooses the governorate in the summary's delivery box (the catalog's, as on a product page). */
async function deliverTo(option: string) {
  const zone = await summary().findByRole('combobox', { name: 'Deliver to' });
  fireEvent.change(zone, {
    target: { value: within(zone).getByRole<HTMLOptionElement>('option', { name: option }).value },
  });
}

beforeEach(() => {
  fakeApi({
    'GET products/1': () => ({ product: fridge }),
    'GET products/2': () => ({ product: kettle }),
    'GET delivery_zones': () => ({ delivery_zones: [cairo] }),
  });
  useGuestCart.setState({
    lines: [
      { productId: fridge.id, quantity: 2 },
      { productId: kettle.id, quantity: 1 },
    ],
  });
});
afterEach(() => {
  cleanup();
  useGuestCart.setState({ lines: [] });
});

describe("a guest's cart page", () => {
  it('reads "Free" for a governorate whose delivery costs nothing, as checkout and the order page do', async () => {
    const giza = deliveryZoneSchema.parse({
      ...cairo,
      id: 8,
      name: 'Giza',
      name_en: 'Giza',
      name_ar: 'الجيزة',
      shipping_fees: 0,
    });
    fakeApi({
      'GET products/1': () => ({ product: fridge }),
      'GET products/2': () => ({ product: kettle }),
      'GET delivery_zones': () => ({ delivery_zones: [cairo, giza] }),
    });
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(2));
    await deliverTo('Giza');
    expect(summary().getByTestId('summary-delivery').textContent).toBe('Free');
    expect(summary().getByTestId('summary-total').textContent).toBe('2,050.50 EGP');
  });

  it('lists each line with its price and line total, and adds them up with the delivery fee once a governorate is chosen', async () => {
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);

    const lines = await screen.findAllByTestId('cart-line');
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(2));
    expect(lines.map((l) => within(l).getByRole('link', { name: /L$/ }).textContent)).toEqual([
      'Sharp fridge 450 L',
      'Kettle 1.7 L',
    ]);
    // The promoted price is what the shopper pays; the old one is struck through beside it.
    expect(within(lines[0]!).getByTestId('line-total').textContent).toBe('1,800 EGP');
    expect(lines[0]!.querySelector('s')?.textContent).toBe('1,000 EGP');
    expect(within(lines[1]!).getByTestId('line-total').textContent).toBe('250.50 EGP');

    expect(summary().getByTestId('summary-count').textContent).toBe('3');
    expect(summary().getByTestId('summary-subtotal').textContent).toBe('2,050.50 EGP');
    // No governorate yet: delivery is left to checkout and out of the total.
    await deliverTo('Choose your governorate');
    expect(summary().getByTestId('summary-delivery').textContent).toBe('Calculated at checkout');
    expect(summary().getByTestId('summary-total').textContent).toBe('2,050.50 EGP');

    await deliverTo('Cairo');
    expect(summary().getByTestId('summary-delivery').textContent).toBe('50 EGP');
    expect(summary().getByTestId('summary-total').textContent).toBe('2,100.50 EGP');
    // The checkout's button (the app's, in its slot) is told how many items there are.
    expect(summary().getByRole('button', { name: 'Proceed to checkout' }).dataset.count).toBe('3');
  });

  it("says the delivery box's fee as the summary does: free once the cart reaches the governorate's amount", async () => {
    fakeApi({
      'GET products/1': () => ({ product: fridge }),
      'GET products/2': () => ({ product: kettle }),
      'GET delivery_zones': () => ({ delivery_zones: [{ ...cairo, free_shipping_from: 2000 }] }),
    });
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(2));
    await deliverTo('Cairo');
    // 2,050.50 EGP reaches Cairo's 2,000: the box under the summary no longer says "Delivery 50 EGP".
    expect(summary().getByTestId('summary-delivery').textContent).toBe('Free');
    expect(summary().getByTestId('delivery-fee-date').textContent).toMatch(/^Delivery free · arrives /);

    fireEvent.click(screen.getByRole('button', { name: /^Remove ?: Kettle 1\.7 L$/ }));
    await waitFor(() => expect(summary().getByTestId('summary-delivery').textContent).toBe('50 EGP'));
    expect(summary().getByTestId('delivery-fee-date').textContent).toMatch(/^Delivery 50 EGP · arrives /);
  });

  it('removes a line and its amount from the totals', async () => {
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(2));
    await deliverTo('Cairo');
    expect(summary().getByTestId('summary-total').textContent).toBe('2,100.50 EGP');

    fireEvent.click(screen.getByRole('button', { name: /^Remove ?: Kettle 1\.7 L$/ }));

    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.queryByText('Kettle 1.7 L')).toBeNull();
    expect(useGuestCart.getState().lines).toEqual([{ productId: fridge.id, quantity: 2 }]);
    expect(summary().getByTestId('summary-count').textContent).toBe('2');
    expect(summary().getByTestId('summary-subtotal').textContent).toBe('1,800 EGP');
    expect(summary().getByTestId('summary-total').textContent).toBe('1,850 EGP');
  });

  it('says it is empty once the last line is removed, and the checkout button is gone', async () => {
    useGuestCart.setState({ lines: [{ productId: kettle.id, quantity: 1 }] });
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: /^Remove ?: Kettle 1\.7 L$/ }));

    expect(await screen.findByTestId('cart-empty')).toBeTruthy();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).toBeNull();
  });

  it('asks a guest who proceeds to sign in or register first', async () => {
    await renderPage(<CartPage CheckoutButton={StubCheckoutButton} />);
    await waitFor(() => expect(screen.getAllByTestId('line-total')).toHaveLength(2));

    fireEvent.click(summary().getByRole('button', { name: 'Proceed to checkout' }));

    const dialog = await screen.findByRole('dialog', { name: "You're not logged in" });
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin');
    expect(within(dialog).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/auth/register',
    );
  });
});
