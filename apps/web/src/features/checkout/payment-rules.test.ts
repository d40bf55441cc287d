import { describe, expect, it } from 'vitest';
import { METHODS, methodDisabled, placeOrderState } from './payment-rules';

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

  it('shows the place-order button from the start, disabled, saying what is missing', () => {
    expect(placeOrderState({ method: null, termsAccepted: false, planId: null })).toEqual({
      shown: true,
      missing: ['method', 'terms'],
    });
    expect(placeOrderState({ method: 'cash', termsAccepted: false, planId: null })).toEqual({
      shown: true,
      missing: ['terms'],
    });
    expect(placeOrderState({ method: 'cash', termsAccepted: true, planId: null })).toEqual({
      shown: true,
      missing: [],
    });
    expect(
      placeOrderState({ method: 'visa_on_delivery', termsAccepted: true, planId: null }).missing,
    ).toEqual([]);
  });

  it('for installments, a plan is missing until one is chosen', () => {
    const m = 'visa_on_delivery_installments';
    expect(placeOrderState({ method: m, termsAccepted: true, planId: null }).missing).toEqual(['plan']);
    expect(placeOrderState({ method: m, termsAccepted: false, planId: null }).missing).toEqual([
      'plan',
      'terms',
    ]);
    expect(placeOrderState({ method: m, termsAccepted: true, planId: 3 }).missing).toEqual([]);
  });

  it('never for online payment: its own Pay button goes on', () => {
    expect(placeOrderState({ method: 'online', termsAccepted: true, planId: null }).shown).toBe(false);
  });
});
