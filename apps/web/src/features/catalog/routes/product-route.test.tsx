import type { Locale } from '@store/contracts/constants';
import { deliveryZoneSchema } from '@store/contracts/address';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { demoIphone as iphone } from '../../../test/iphone';
import { useDeliveryZoneChoice } from '../delivery-zone-store';
import type { ProductPurchase } from '../purchase-controls';
import { ProductPage } from './product-route';

const Purchase: ProductPurchase = () => null;

/** The specifications table's rows: each row's name and value. */
async function specRows() {
  const table = await screen.findByTestId('specifications');
  return within(table)
    .getAllByRole('row')
    .map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]);
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the product page of a product sold in variants', () => {
  it("shows the chosen variant's colour and storage in its specifications, and follows another choice", async () => {
    fakeApi({ 'GET products/245': () => ({ product: iphone('en') }) });
    await renderPage(<ProductPage Purchase={Purchase} />, {
      path: '/products/245?variant=546',
      route: '/products/:productId',
    });
    await waitFor(async () =>
      expect(await specRows()).toEqual([
        ['Processor', 'A18'],
        ['Storage', '256 GB'],
        ['Color', 'Black'],
      ]),
    );
    expect(screen.getByTestId('specifications').textContent).not.toContain('Ultramarine');

    fireEvent.click(screen.getByRole('button', { name: /^Blue/ }));
    await waitFor(async () => expect((await specRows())[2]).toEqual(['Color', 'Blue']));
    expect((await specRows())[1]).toEqual(['Storage', '256 GB']);

    // Pink in 256 GB is not sold: the picker moves to Pink in 128 GB, and the table says so.
    fireEvent.click(screen.getByRole('button', { name: /^Pink/ }));
    await waitFor(async () =>
      expect((await specRows()).slice(1)).toEqual([
        ['Storage', '128 GB'],
        ['Color', 'Pink'],
      ]),
    );
  });

  it("says them in Arabic, under the product's Arabic row names", async () => {
    fakeApi({ 'GET products/245': () => ({ product: iphone('ar') }) });
    await renderPage(<ProductPage Purchase={Purchase} />, {
      path: '/products/245?variant=547',
      route: '/products/:productId',
      locale: 'ar',
    });
    await waitFor(async () =>
      expect(await specRows()).toEqual([
        ['المعالج', 'A18'],
        ['المساحة التخزينية', '128 جيجا'],
        ['اللون', 'أزرق'],
      ]),
    );
  });
});

describe("the product page's delivery box", () => {
  /** Giza delivers free from 2,000 EGP, Matrouh only from 55,000 EGP; both charge their fee below it. */
  const zone = (id: number, en: string, ar: string, L: Locale, fee: number, freeFrom: number) =>
    deliveryZoneSchema.parse({
      id,
      name: L === 'ar' ? ar : en,
      name_en: en,
      name_ar: ar,
      shipping_fees: fee,
      free_shipping_from: freeFrom,
      delivery_days: { min: 1, max: 2 },
    });
  const zones = (L: Locale) => [
    zone(8, 'Giza', 'الجيزة', L, 50, 2_000),
    zone(9, 'Matrouh', 'مطروح', L, 120, 55_000),
  ];
  const box = async () => (await screen.findByTestId('delivery-fee-date')).textContent;

  afterEach(() => useDeliveryZoneChoice.setState({ zoneId: null }));

  it("says delivery is free when the price reaches the governorate's free-delivery amount, as checkout charges it", async () => {
    fakeApi({
      'GET products/245': () => ({ product: iphone('en') }),
      'GET delivery_zones': () => ({ delivery_zones: zones('en') }),
    });
    useDeliveryZoneChoice.setState({ zoneId: 8 });
    await renderPage(<ProductPage Purchase={Purchase} />, {
      path: '/products/245?variant=545',
      route: '/products/:productId',
    });
    // 49,999 EGP reaches Giza's 2,000: no "Delivery 50 EGP" above "Free delivery on orders of 2,000 EGP or more".
    expect(await box()).toMatch(/^Delivery free · arrives /);
    expect(screen.getByTestId('delivery-free-from').textContent).toBe(
      'Free delivery on orders of 2,000 EGP or more',
    );

    // Matrouh's 55,000 is above the 128 GB's 49,999 and below the 256 GB's 56,999: the variant chosen decides.
    fireEvent.change(screen.getByRole('combobox', { name: 'Deliver to' }), { target: { value: '9' } });
    await waitFor(async () => expect(await box()).toMatch(/^Delivery 120 EGP · arrives /));
    fireEvent.click(screen.getByRole('button', { name: /^256 GB/ }));
    await waitFor(async () => expect(await box()).toMatch(/^Delivery free · arrives /));
  });

  it('says it in Arabic, "مجاني", and the dates "من … لحد …"', async () => {
    fakeApi({
      'GET products/245': () => ({ product: iphone('ar') }),
      'GET delivery_zones': () => ({ delivery_zones: zones('ar') }),
    });
    useDeliveryZoneChoice.setState({ zoneId: 8 });
    await renderPage(<ProductPage Purchase={Purchase} />, {
      path: '/products/245?variant=545',
      route: '/products/:productId',
      locale: 'ar',
    });
    const text = await box();
    expect(text).toMatch(/^الشحن مجاني · يوصلك من .+ لحد .+$/);
    expect(text).not.toContain('لـ');
  });
});
