import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { AddressLines, type AddressPlace } from './address-lines';

afterEach(cleanup);

/** A saved address the shopper typed in Arabic, in Giza (its zone's name in the page's language). */
const dokki = (zone: string): AddressPlace => ({
  building: '5',
  street_name: 'شارع التحرير',
  floor: '2',
  apartment: '4',
  district: 'الدقي',
  governorate: 'الجيزة',
  delivery_zone: {
    id: 8,
    name: zone,
    name_en: 'Giza',
    name_ar: 'الجيزة',
    shipping_fees: 50,
    free_shipping_from: 2000,
    delivery_days: { min: 1, max: 2 },
  },
  name: 'N/A',
});

describe("an address's district and governorate", () => {
  it('are joined with an English comma on the English page, whatever language they were typed in', async () => {
    fakeApi({});
    await renderPage(<AddressLines address={dokki('Giza')} />);
    expect(await screen.findByText('الدقي, Giza')).toBeTruthy();
    expect(screen.queryByText(/،/)).toBeNull();
  });

  it('are joined with an Arabic comma on the Arabic page', async () => {
    fakeApi({});
    await renderPage(<AddressLines address={dokki('الجيزة')} />, { locale: 'ar' });
    expect(await screen.findByText('الدقي، الجيزة')).toBeTruthy();
  });
});
