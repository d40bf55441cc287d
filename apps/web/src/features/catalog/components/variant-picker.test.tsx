import type { Product } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { demoIphone as iphone } from '../../../test/iphone';
import { productFields } from '../../../test/products';
import { StockAlertButton } from '../../alerts';
import type { ProductPurchase } from '../purchase-controls';
import { ProductPage } from '../routes/product-route';
import { variantFor } from './variant-picker';

/** The cart's slot as app/routes.tsx fills it, in short: the variant it was given, and the alert when sold out. */
const Purchase: ProductPurchase = ({ product }) => (
  <div data-testid="purchase" data-product-id={product.id}>
    <button type="button" data-testid="add-to-cart" disabled={product.stock <= 0} />
    {product.stock <= 0 && <StockAlertButton productId={product.id} />}
  </div>
);

/** The page's address, as the shopper's browser shows it. */
function Address() {
  const at = useLocation();
  return <p data-testid="address" data-path={`${at.pathname}${at.search}`} />;
}

async function open(locale: Locale, variant: number) {
  fakeApi({ 'GET products/245': () => ({ product: iphone(locale) }) });
  await renderPage(
    <>
      <ProductPage Purchase={Purchase} />
      <Address />
    </>,
    { path: `/products/245?variant=${variant}`, route: '/products/:productId', locale },
  );
  await screen.findByTestId('variant-picker');
}

/** A value's button, found by the value (English, as `data-value` names it). */
const value = (en: string) => document.querySelector<HTMLButtonElement>(`[data-value="${en}"]`)!;
const pressed = () =>
  [...document.querySelectorAll('[data-testid="variant-value"][aria-pressed="true"]')].map((b) =>
    b.getAttribute('data-value'),
  );
const address = () => screen.getByTestId('address').getAttribute('data-path');
const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);

/** The texts each language says them in. */
const TEXTS = {
  en: {
    pink: 'Pink',
    pinkNotWith256: 'Pink (not available with 256 GB)',
    s256NotWithPink: '256 GB (not available with Pink)',
    switchedToPink: "Pink isn't available with 256 GB, so 128 GB is chosen instead.",
    switchedTo256: "256 GB isn't available with Pink, so Black is chosen instead.",
    s256SoldOut: '256 GB (out of stock)',
    blueSoldOut: 'Blue (out of stock)',
    alert: "Sign in to be told when it's back",
    pinkPrice: '50,499',
  },
  ar: {
    pink: 'وردي',
    pinkNotWith256: 'وردي (مش متاح مع 256 جيجا)',
    s256NotWithPink: '256 جيجا (مش متاح مع وردي)',
    switchedToPink: 'وردي مش متاح مع 256 جيجا، فاخترنالك 128 جيجا.',
    switchedTo256: '256 جيجا مش متاح مع وردي، فاخترنالك أسود.',
    s256SoldOut: '256 جيجا (خلص من المخزن)',
    blueSoldOut: 'أزرق (خلص من المخزن)',
    alert: 'سجّل دخول عشان نبلّغك لما يرجع',
    pinkPrice: '50,499',
  },
} as const;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the variant picker of a product sold in colours × storage sizes', () => {
  for (const locale of ['ar', 'en'] as const) {
    const T = TEXTS[locale];

    it(`marks the values not sold with the other choices, still to be chosen (${locale})`, async () => {
      await open(locale, 546); // Black, 256 GB
      expect(pressed()).toEqual(['Black', '256 GB']);
      // Pink comes in 128 GB only: struck, greyed, and named so, in the page's language; still a button to press.
      const pink = screen.getByRole('button', { name: T.pinkNotWith256 });
      expect(pink).toBe(value('Pink'));
      expect(pink.getAttribute('data-sold')).toBe('none');
      expect(classes(pink)).toEqual(
        expect.arrayContaining(['line-through', 'text-slate-500', 'border-dashed']),
      );
      expect(pink.hasAttribute('disabled')).toBe(false);
      // Those sold with Black are not; Blue is sold in 256 GB but out of stock, struck as before, not dashed.
      for (const en of ['Black', '128 GB', '256 GB'])
        expect(classes(value(en))).not.toContain('line-through');
      const blue = screen.getByRole('button', { name: T.blueSoldOut });
      expect(blue.getAttribute('data-sold')).toBe('out_of_stock');
      expect(classes(blue)).toContain('line-through');
      expect(classes(blue)).not.toContain('border-dashed');
    });

    it(`choosing a value not sold with the other choices moves them to a variant that is: Pink → Pink 128 GB (${locale})`, async () => {
      await open(locale, 546); // Black, 256 GB
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${T.pink}`) }));

      await waitFor(() => expect(pressed()).toEqual(['Pink', '128 GB']));
      expect(address()).toBe('/products/245?variant=549');
      // No dead end: no "choose another", the variant's price and its cart button.
      expect(screen.queryByTestId('variant-unavailable')).toBeNull();
      expect(screen.getByTestId('purchase').getAttribute('data-product-id')).toBe('549');
      expect(screen.getByTestId('product-page').textContent).toContain(T.pinkPrice);
      expect(screen.getByTestId('product-availability').getAttribute('data-availability')).toBe('low_stock');
      // It says what it changed, and now 256 GB is the value not sold with Pink.
      expect(screen.getByTestId('variant-switched').textContent).toBe(T.switchedToPink);
      expect(screen.getByTestId('variant-switched').getAttribute('role')).toBe('status');
      expect(screen.getByRole('button', { name: T.s256NotWithPink })).toBe(value('256 GB'));

      // Choosing 256 GB then moves the colour to the one in stock in 256 GB (Black; Blue's is sold out).
      fireEvent.click(value('256 GB'));
      await waitFor(() => expect(pressed()).toEqual(['Black', '256 GB']));
      expect(address()).toBe('/products/245?variant=546');
      expect(screen.getByTestId('variant-switched').textContent).toBe(T.switchedTo256);

      // A choice sold with the other values changes nothing else, and says nothing.
      fireEvent.click(value('128 GB'));
      await waitFor(() => expect(pressed()).toEqual(['Black', '128 GB']));
      expect(address()).toBe('/products/245?variant=545');
      expect(screen.queryByTestId('variant-switched')).toBeNull();
    });

    it(`keeps a sold-out variant chosen, with its price and the back-in-stock alert (${locale})`, async () => {
      await open(locale, 547); // Blue, 128 GB
      // Blue in 256 GB is sold, but out of stock: struck and named so, not "not available".
      const s256 = screen.getByRole('button', { name: T.s256SoldOut });
      expect(s256.getAttribute('data-sold')).toBe('out_of_stock');

      fireEvent.click(s256);
      await waitFor(() => expect(pressed()).toEqual(['Blue', '256 GB']));
      expect(address()).toBe('/products/245?variant=548');
      expect(screen.queryByTestId('variant-switched')).toBeNull();
      expect(screen.queryByTestId('variant-unavailable')).toBeNull();
      expect(screen.getByTestId('product-availability').getAttribute('data-availability')).toBe(
        'out_of_stock',
      );
      expect(screen.getByTestId('product-page').textContent).toContain('56,999');
      expect(screen.getByTestId('purchase').getAttribute('data-product-id')).toBe('548');
      expect(screen.getByTestId('stock-alert-signin').textContent).toBe(T.alert);
    });
  }

  it('opens on the variant the address names (as after a switch, reloaded), with no note', async () => {
    await open('en', 549);
    expect(pressed()).toEqual(['Pink', '128 GB']);
    expect(screen.queryByTestId('variant-switched')).toBeNull();
  });
});

describe('variantFor', () => {
  /** A variant of three options, its values "colour/storage/memory". */
  const v = (id: number, values: string, stock = 1) =>
    productFields(id, 'Phone', {
      stock,
      option_values: values.split('/').map((x) => ({
        name: '',
        name_en: '',
        name_ar: '',
        value: x,
        value_en: x,
        value_ar: x,
      })),
    }) as Product;

  it('keeps the other values when a variant has them, sold out or not', () => {
    const variants = [v(1, 'Red/128/8'), v(2, 'Blue/128/8', 0), v(3, 'Blue/256/8')];
    expect(variantFor(variants, ['Red', '128', '8'], 0, 'Blue')?.id).toBe(2);
  });

  it('else takes the one keeping the most values, then one in stock, then the earlier options kept', () => {
    const variants = [
      v(1, 'Red/128/8'),
      v(2, 'Blue/512/12'),
      v(3, 'Blue/128/12', 0),
      v(4, 'Blue/256/8'),
      v(5, 'Blue/128/16'),
    ];
    // 3, 4 and 5 keep one value each (128, 8, 128); 4 and 5 are in stock; 5 keeps the storage, an earlier option.
    expect(variantFor(variants, ['Red', '128', '8'], 0, 'Blue')?.id).toBe(5);
    // Without 5: 4 (in stock, keeping the memory) rather than 3 (out of stock, keeping the storage).
    expect(variantFor(variants.slice(0, 4), ['Red', '128', '8'], 0, 'Blue')?.id).toBe(4);
    // None with the value: none.
    expect(variantFor(variants, ['Red', '128', '8'], 0, 'Green')).toBeUndefined();
  });
});
