import { describe, expect, it } from 'vitest';
import { clampQuantity, parseTypedQuantity, quantityLimit } from './quantity';

describe('quantity counter rule (spec §5)', () => {
  const plenty = { stock: 50, maxPerOrder: null };

  it('keeps a quantity within the limits as it is', () => {
    expect(clampQuantity(1, plenty)).toEqual({ quantity: 1, remove: false, warning: null });
    expect(clampQuantity(7, plenty)).toEqual({ quantity: 7, remove: false, warning: null });
  });

  it('entering 0 removes the item', () => {
    expect(clampQuantity(0, plenty)).toEqual({ quantity: 0, remove: true, warning: null });
  });

  it('a negative value resets to 1', () => {
    expect(clampQuantity(-1, plenty)).toEqual({ quantity: 1, remove: false, warning: null });
    expect(clampQuantity(-25, plenty)).toEqual({ quantity: 1, remove: false, warning: null });
  });

  it('exceeding the stock keeps the stock and warns "Only {n} available in stock"', () => {
    expect(clampQuantity(5, { stock: 3, maxPerOrder: null })).toEqual({
      quantity: 3,
      remove: false,
      warning: { kind: 'stock', n: 3 },
    });
    // The stock is the smaller limit even with a per-order maximum.
    expect(clampQuantity(9, { stock: 2, maxPerOrder: 5 }).warning).toEqual({ kind: 'stock', n: 2 });
  });

  it('exceeding the per-order maximum keeps the maximum and warns "Only {n} available per order"', () => {
    expect(clampQuantity(4, { stock: 40, maxPerOrder: 2 })).toEqual({
      quantity: 2,
      remove: false,
      warning: { kind: 'per_order', n: 2 },
    });
  });

  it('reaching a limit exactly is allowed without a warning', () => {
    expect(clampQuantity(3, { stock: 3 })).toEqual({ quantity: 3, remove: false, warning: null });
    expect(clampQuantity(2, { stock: 40, maxPerOrder: 2 })).toEqual({
      quantity: 2,
      remove: false,
      warning: null,
    });
  });

  it('the limit is the smaller of stock and per-order maximum', () => {
    expect(quantityLimit({ stock: 10, maxPerOrder: 4 })).toEqual({ kind: 'per_order', n: 4 });
    expect(quantityLimit({ stock: 3, maxPerOrder: 4 })).toEqual({ kind: 'stock', n: 3 });
    expect(quantityLimit({ stock: 4, maxPerOrder: 4 })).toEqual({ kind: 'stock', n: 4 });
    expect(quantityLimit({ stock: 10 })).toEqual({ kind: 'stock', n: 10 });
  });

  it('fractions are cut to whole units; nonsense resets to 1', () => {
    expect(clampQuantity(2.7, plenty).quantity).toBe(2);
    expect(clampQuantity(NaN, plenty).quantity).toBe(1);
  });

  it('reads what the shopper typed', () => {
    expect(parseTypedQuantity('12')).toBe(12);
    expect(parseTypedQuantity(' -4 ')).toBe(-4);
    expect(parseTypedQuantity('0')).toBe(0);
    expect(Number.isNaN(parseTypedQuantity(''))).toBe(true);
    expect(Number.isNaN(parseTypedQuantity('-'))).toBe(true);
    expect(Number.isNaN(parseTypedQuantity('2a'))).toBe(true);
  });
});
