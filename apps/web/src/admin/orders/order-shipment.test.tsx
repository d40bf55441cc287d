import type { AdminOrder } from '@store/contracts/admin-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom';
import i18n from '../lib/i18n';
import { OrderShipment } from './order-shipment';

/** The order page's delivery card when the order has no parcel: what it says depends on where the order stands. */
const orderAt = (status: string) => ({ id: 7, status }) as unknown as AdminOrder;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeApi({ 'GET admin/orders/7/shipments': () => ({ courier: 'manual', shipments: [] }) });
});
afterEach(cleanup);

const renderCard = (status: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderShipment order={orderAt(status)} locale="en" />
    </QueryClientProvider>,
  );

describe("an order's delivery card without a parcel", () => {
  it('says a pending order is shipped once confirmed', async () => {
    renderCard('pending');
    expect(await screen.findByText('No parcel: an order is shipped once it is confirmed.')).toBeTruthy();
  });

  it('says no parcel was recorded for an order already delivered, in both languages', async () => {
    renderCard('delivered');
    expect(await screen.findByText('No parcel was recorded for this order.')).toBeTruthy();
    expect(screen.queryByText(/shipped once it is confirmed/)).toBeNull();
    cleanup();
    await i18n.changeLanguage('ar');
    renderCard('delivered');
    expect(await screen.findByText('مفيش شحنة متسجلة للطلب ده.')).toBeTruthy();
  });
});

describe("a confirmed order's delivery card", () => {
  it('asks plainly for the carrier and tracking number when the store ships by hand, in both languages', async () => {
    renderCard('confirmed');
    const ask = await screen.findByText('Type the carrier you handed it to and its tracking number:');
    expect(screen.queryByTestId('ship-courier')).toBeNull();
    // Nothing above the form: no divider either.
    expect(ask.closest('form')?.className).not.toContain('border-t');
    cleanup();
    await i18n.changeLanguage('ar');
    renderCard('confirmed');
    expect(await screen.findByText('اكتب شركة الشحن اللي سلّمتها الطلب ورقم التتبع:')).toBeTruthy();
  });

  it('says "Or …" under the courier’s button, with a divider', async () => {
    fakeApi({ 'GET admin/orders/7/shipments': () => ({ courier: 'bosta', shipments: [] }) });
    renderCard('confirmed');
    expect((await screen.findByTestId('ship-courier')).textContent).toBe('Ship with Bosta');
    const ask = screen.getByText('Or type the carrier you handed it to and its tracking number:');
    expect(ask.closest('form')?.className).toContain('border-t');
  });
});
