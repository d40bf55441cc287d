import { NATIONAL_ID_THRESHOLD_EGP } from '@store/contracts/constants';
import { describe, expect, it } from 'vitest';
import { furthestStep, nextStep, resolveStep, wizardSteps } from './steps';

const below = NATIONAL_ID_THRESHOLD_EGP - 0.01;
const at = NATIONAL_ID_THRESHOLD_EGP;

describe('the checkout wizard steps', () => {
  it('has a National ID step only when the total is 25,000 EGP or more', () => {
    expect(wizardSteps(below)).toEqual(['cart', 'shipping', 'payment']);
    expect(wizardSteps(at)).toEqual(['cart', 'shipping', 'national-id', 'payment']);
  });

  it('cannot go past shipping without an address, nor past the National ID without one', () => {
    expect(furthestStep({ total: 100, hasAddress: false, hasNationalId: false })).toBe('shipping');
    expect(furthestStep({ total: at, hasAddress: true, hasNationalId: false })).toBe('national-id');
    expect(furthestStep({ total: at, hasAddress: true, hasNationalId: true })).toBe('payment');
    expect(furthestStep({ total: 100, hasAddress: true, hasNationalId: false })).toBe('payment');
  });

  it('an address that skips ahead shows the furthest step the shopper may be on', () => {
    expect(resolveStep('payment', { total: 100, hasAddress: false, hasNationalId: false })).toBe('shipping');
    expect(resolveStep('payment', { total: at, hasAddress: true, hasNationalId: false })).toBe('national-id');
    expect(resolveStep('national-id', { total: 100, hasAddress: false, hasNationalId: false })).toBe(
      'shipping',
    );
  });

  it('going back is always allowed', () => {
    const f = { total: at, hasAddress: true, hasNationalId: true };
    expect(resolveStep('cart', f)).toBe('cart');
    expect(resolveStep('shipping', f)).toBe('shipping');
    expect(resolveStep('national-id', f)).toBe('national-id');
    expect(resolveStep('payment', f)).toBe('payment');
  });

  it('the National ID step of a cart under 25,000 EGP leads on to payment; an unknown step is the first', () => {
    expect(resolveStep('national-id', { total: 100, hasAddress: true, hasNationalId: false })).toBe(
      'payment',
    );
    expect(resolveStep('elsewhere', { total: 100, hasAddress: true, hasNationalId: true })).toBe('cart');
    expect(resolveStep(undefined, { total: 100, hasAddress: true, hasNationalId: true })).toBe('cart');
  });

  it('after shipping comes the National ID step or payment, by the total', () => {
    expect(nextStep('cart', below)).toBe('shipping');
    expect(nextStep('shipping', below)).toBe('payment');
    expect(nextStep('shipping', at)).toBe('national-id');
    expect(nextStep('national-id', at)).toBe('payment');
    expect(nextStep('payment', at)).toBe('payment');
  });
});
