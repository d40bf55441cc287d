import { describe, expect, it } from 'vitest';
import { quantityLimit } from './quantity.ts';

describe('quantity limit (spec §5: the smaller of stock and maximum_number_per_order)', () => {
  it('names the per-order maximum when it is the smaller', () => {
    expect(quantityLimit({ stock: 10, maxPerOrder: 4 })).toEqual({ kind: 'per_order', n: 4 });
  });
  it('names the stock when it is the smaller, or when there is no maximum', () => {
    expect(quantityLimit({ stock: 3, maxPerOrder: 4 })).toEqual({ kind: 'stock', n: 3 });
    expect(quantityLimit({ stock: 7 })).toEqual({ kind: 'stock', n: 7 });
    expect(quantityLimit({ stock: 7, maxPerOrder: null })).toEqual({ kind: 'stock', n: 7 });
  });
  it('names the stock on a tie (the counter and the cart calls say the same)', () => {
    expect(quantityLimit({ stock: 4, maxPerOrder: 4 })).toEqual({ kind: 'stock', n: 4 });
  });
  it('never goes below 0', () => {
    expect(quantityLimit({ stock: -2, maxPerOrder: 3 })).toEqual({ kind: 'stock', n: 0 });
  });
});
