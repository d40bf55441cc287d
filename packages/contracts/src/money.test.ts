import { describe, expect, it } from 'vitest';
import { orderTotals, toEgp, toPiastres } from './money.ts';

describe('the one totals calculator', () => {
  it('adds piastres exactly where EGP floats would drift', () => {
    // 3 × 0.1 EGP + 0.2 EGP in floats is 0.5000000000000001; in piastres it is 50.
    const t = orderTotals([
      { unitPiastres: toPiastres(0.1), quantity: 3 },
      { unitPiastres: toPiastres(0.2), quantity: 1 },
    ]);
    expect(t).toEqual({ count: 4, subtotal: 50, shipping: 0, total: 50 });
    expect(toEgp(t.total)).toBe(0.5);
  });

  it('adds shipping, and a cart of 12,499.99 EGP × 3 with 75.5 EGP shipping is exact', () => {
    const t = orderTotals([{ unitPiastres: 1_249_999, quantity: 3 }], 7550);
    expect(t).toEqual({ count: 3, subtotal: 3_749_997, shipping: 7550, total: 3_757_547 });
    expect(toEgp(t.total)).toBe(37_575.47);
  });

  it("charges a zone's fee below its free-shipping amount and nothing from it on", () => {
    const rule = { feePiastres: 5000, freeFromPiastres: 200_000 };
    expect(orderTotals([{ unitPiastres: 199_999, quantity: 1 }], rule)).toMatchObject({
      shipping: 5000,
      total: 204_999,
    });
    expect(orderTotals([{ unitPiastres: 100_000, quantity: 2 }], rule)).toMatchObject({
      shipping: 0,
      total: 200_000,
    });
    expect(
      orderTotals([{ unitPiastres: 900_000, quantity: 1 }], { feePiastres: 9000, freeFromPiastres: null }),
    ).toMatchObject({ shipping: 9000 });
  });
});
