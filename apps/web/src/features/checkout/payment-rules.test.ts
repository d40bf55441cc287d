import { describe, expect, it } from 'vitest';
import { METHODS, methodDisabled, showPlaceOrder } from './payment-rules';

describe('the payment step', () => {
  it('offers four methods: online, cash, card on delivery, card on delivery with installments', () => {
    expect(METHODS).toEqual(['online', 'cash', 'visa_on_delivery', 'visa_on_delivery_installments']);
  });

  it('disables the three others once online is chosen', () => {
    expect(METHODS.filter((m) => methodDisabled(m, true))).toEqual([
      'cash',
      'visa_on_delivery',
      'visa_on_delivery_installments',
    ]);
    expect(METHODS.filter((m) => methodDisabled(m, false))).toEqual([]);
  });

  it('shows the place-order button only after the terms are accepted', () => {
    expect(showPlaceOrder({ method: 'cash', termsAccepted: false, planId: null })).toBe(false);
    expect(showPlaceOrder({ method: 'cash', termsAccepted: true, planId: null })).toBe(true);
    expect(showPlaceOrder({ method: 'visa_on_delivery', termsAccepted: true, planId: null })).toBe(true);
    expect(showPlaceOrder({ method: null, termsAccepted: true, planId: null })).toBe(false);
  });

  it('for installments, only once a plan is chosen', () => {
    expect(
      showPlaceOrder({ method: 'visa_on_delivery_installments', termsAccepted: true, planId: null }),
    ).toBe(false);
    expect(showPlaceOrder({ method: 'visa_on_delivery_installments', termsAccepted: true, planId: 3 })).toBe(
      true,
    );
    expect(showPlaceOrder({ method: 'visa_on_delivery_installments', termsAccepted: false, planId: 3 })).toBe(
      false,
    );
  });

  it('never for online payment', () => {
    expect(showPlaceOrder({ method: 'online', termsAccepted: true, planId: null })).toBe(false);
  });
});
