import { describe, expect, it } from 'vitest';
import ar from '../../i18n/ar/admin.json';
import en from '../../i18n/en/admin.json';
import { statusKey } from './labels';

describe("an order's status as staff read it", () => {
  it("names the history's wait for an online payment, in both languages, instead of Unknown", () => {
    // A card order's history starts with cart → awaiting_payment (the gateway then moves it to pending).
    const key = statusKey('awaiting_payment');
    expect(key).toBe('awaiting_payment');
    expect(en.statuses[key as keyof typeof en.statuses]).toBe('Awaiting online payment');
    expect(ar.statuses[key as keyof typeof ar.statuses]).toBe('مستني الدفع أونلاين');
    expect(statusKey('abandoned')).toBe('abandoned');
  });

  it('keeps the store statuses and reads anything else as unknown', () => {
    expect(statusKey('delivered')).toBe('delivered');
    expect(statusKey('cart')).toBe('unknown');
    expect(statusKey('nonsense')).toBe('unknown');
    expect(statusKey(null)).toBe('unknown');
  });
});
