import { describe, expect, it } from 'vitest';
import { formatMoney, orderTotals, toEgp, toPiastres } from './money.ts';

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

describe('the one price format', () => {
  /** Intl's reading: both digits of the piastres, none for whole pounds. */
  const exactly2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const intl = { format: (v: number) => exactly2.format(v).replace(/\.00$/, '') };

  it('writes prices as en-US: whole pounds bare, piastres always with 2 decimals, the currency label after', () => {
    expect(formatMoney(12499.5)).toBe('12,499.50 EGP');
    expect(formatMoney(6499.9, 'ج.م')).toBe('6,499.90 ج.م');
    expect(formatMoney(1234567.89, 'ج.م')).toBe('1,234,567.89 ج.م');
    expect(formatMoney(999)).toBe('999 EGP');
    expect(formatMoney(0.05)).toBe('0.05 EGP');
    expect(formatMoney(1000.1)).toBe('1,000.10 EGP');
    expect(formatMoney(1000.001)).toBe('1,000 EGP');
  });

  it('reads exactly as Intl.NumberFormat does, piastres, fractions and halves included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = [0, -0, 0.004, 0.005, 1.005, 2.675, 999.995, 1e9 + 0.5, -1234.5, 100000, 0.1 + 0.2];
    for (let i = 0; i < 20000; i++) {
      values.push(Math.round(random() * 10_000_000) / 100); // piastres, as every price is
      values.push(Math.round(random() * 1_000_000_000) / 1000); // a third decimal, rounded away
      values.push(random() * 10 ** Math.floor(random() * 9) * (random() < 0.1 ? -1 : 1));
    }
    // One assertion over them all (60,000 expect calls took seconds on a busy machine): the values that differ.
    const differ = values.filter((v) => formatMoney(v) !== `${intl.format(v)} EGP`);
    expect(differ.map((v) => [v, formatMoney(v), intl.format(v)])).toEqual([]);
  });
});
