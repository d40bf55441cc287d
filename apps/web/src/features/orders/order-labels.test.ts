import { ORDER_STATUSES } from '@store/contracts/constants';
import { describe, expect, it } from 'vitest';
import ar from '../../i18n/ar/orders.json';
import en from '../../i18n/en/orders.json';
import { methodKey, orderNumberOf, paidAfterRefunds, statusClass, statusKey } from './order-labels';

describe('order status and payment method labels', () => {
  it('each of the eight statuses has its own label and a colour', () => {
    for (const s of ORDER_STATUSES) {
      expect(statusKey(s)).toBe(s);
      expect(statusClass(s)).not.toBe(statusClass('something-else'));
    }
    expect(new Set(ORDER_STATUSES.map(statusClass)).size).toBeGreaterThanOrEqual(7);
  });
  it('an online payment waiting or not completed has its own label, in the neutral colour', () => {
    expect(statusKey('awaiting_payment')).toBe('awaiting_payment');
    expect(statusKey('abandoned')).toBe('abandoned');
    expect(statusClass('awaiting_payment')).toBe(statusClass('something-else'));
    expect(statusClass('abandoned')).toBe(statusClass('something-else'));
    expect([en.statuses.awaiting_payment, en.statuses.abandoned]).toEqual([
      'Awaiting payment',
      'Payment not completed',
    ]);
    expect([ar.statuses.awaiting_payment, ar.statuses.abandoned]).toEqual(['مستني الدفع', 'الدفع ما كملش']);
  });
  it('any other status shows as unknown', () => {
    expect(statusKey('cart')).toBe('unknown');
    expect(statusKey('something-else')).toBe('unknown');
    expect(statusKey(null)).toBe('unknown');
    expect(statusKey('')).toBe('unknown');
  });
  it('payment methods: cash, online, visa_on_delivery, visa_on_delivery_installments, otherwise unknown', () => {
    expect(['cash', 'online', 'visa_on_delivery', 'visa_on_delivery_installments'].map(methodKey)).toEqual([
      'cash',
      'online',
      'visa_on_delivery',
      'visa_on_delivery_installments',
    ]);
    expect(methodKey('bitcoin')).toBe('unknown');
    expect(methodKey(null)).toBe('unknown');
  });
});

describe('what an order page shows in numbers', () => {
  it('what was finally paid is the total less the refunds, to the piastre', () => {
    // In EGP floats 3073.3 - 1499.1 is 1574.2000000000003.
    expect(paidAfterRefunds({ checkout_total_price: 3073.3, refunded_amount: 1499.1 })).toBe(1574.2);
    expect(paidAfterRefunds({ checkout_total_price: 2310, refunded_amount: 0 })).toBe(2310);
  });
  it('the order number given at placement, none before', () => {
    expect(orderNumberOf({ order_number: 12 })).toBe('12');
    expect(orderNumberOf({ order_number: null })).toBe('');
  });
});
