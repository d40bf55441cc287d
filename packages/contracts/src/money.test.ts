import { describe, expect, it } from 'vitest';
import { formatMoney, orderTotals, taxClassOf, toEgp, toPiastres, vatInside } from './money.ts';

describe('the one totals calculator', () => {
  it('takes the VAT out of shelf prices: 14/114 of a standard-rated total, the lines adding up to it exactly', () => {
    // Three lines of 10.00 EGP: 3 × 1.228… piastres each would round to 3 × 123 = 369; the order's VAT is 368.
    const t = orderTotals(
      [
        { unitPiastres: 1000, quantity: 1 },
        { unitPiastres: 1000, quantity: 1 },
        { unitPiastres: 1000, quantity: 1 },
      ],
      5000,
    );
    expect(t.vat).toBe(368); // round(3,000 × 14 / 114) = round(368.42)
    expect(t.lines.map((l) => l.vat).reduce((a, b) => a + b)).toBe(368);
    for (const l of t.lines) expect(l.net + l.vat).toBe(l.gross);
    expect(t.shippingVat).toBe(0); // the delivery fee is not taxed unless asked
    expect(orderTotals([{ unitPiastres: 11_400, quantity: 10 }]).vat).toBe(14_000);
  });

  it('keeps exempt and other-rate lines apart, and taxes the delivery fee when asked', () => {
    const t = orderTotals(
      [
        { unitPiastres: 11_400, quantity: 1, vatRateBp: 1400 },
        { unitPiastres: 5_000, quantity: 2, vatRateBp: 0 },
        { unitPiastres: 10_500, quantity: 1, vatRateBp: 500 },
      ],
      5700,
      { deliveryVatBp: 1400 },
    );
    expect(t.lines).toEqual([
      { vatRateBp: 1400, net: 10_000, vat: 1400, gross: 11_400, discount: 0 },
      { vatRateBp: 0, net: 10_000, vat: 0, gross: 10_000, discount: 0 },
      { vatRateBp: 500, net: 10_000, vat: 500, gross: 10_500, discount: 0 },
    ]);
    expect(t.shippingVat).toBe(700);
    expect(t.vat).toBe(1400 + 500 + 700);
    expect(vatInside(-11_400, 1400)).toBe(-1400);
    expect([taxClassOf(1400), taxClassOf(0), taxClassOf(500)]).toEqual(['standard', 'exempt', 'other']);
  });

  it('takes a discount code off the lines in its scope before VAT, shared by their amounts (issue 49)', () => {
    const lines = [
      { unitPiastres: 11_400, quantity: 1 },
      { unitPiastres: 5_700, quantity: 2 },
      { unitPiastres: 10_000, quantity: 1, vatRateBp: 0, discountable: false },
    ];
    // 10% of the 22,800 in scope: 2,280, shared 1,140 / 1,140; the exempt line is out of scope.
    const t = orderTotals(
      lines,
      { feePiastres: 6000, freeFromPiastres: 31_000 },
      {
        discount: { kind: 'percent', value: 10 },
      },
    );
    expect(t).toMatchObject({ subtotal: 32_800, discount: 2280, shipping: 6000, total: 36_520 });
    expect(t.lines.map((l) => [l.gross, l.discount])).toEqual([
      [10_260, 1140],
      [10_260, 1140],
      [10_000, 0],
    ]);
    // The VAT is the discounted amount's: 14/114 of 20,520.
    expect(t.vat).toBe(2520);
    // Free delivery is judged on what the products cost after the discount (30,520 < 31,000 here: charged; 32,800 without it: free).
    expect(orderTotals(lines, { feePiastres: 6000, freeFromPiastres: 31_000 }).shipping).toBe(0);
    // An amount never takes more than the products in scope cost; a third of a piastre goes to the earlier line.
    const capped = orderTotals(lines.slice(0, 1), 0, { discount: { kind: 'amount', value: 50_000 } });
    expect(capped).toMatchObject({ discount: 11_400, total: 0, vat: 0 });
    const thirds = orderTotals(
      [
        { unitPiastres: 100, quantity: 1 },
        { unitPiastres: 100, quantity: 1 },
        { unitPiastres: 100, quantity: 1 },
      ],
      0,
      { discount: { kind: 'amount', value: 100 } },
    );
    expect(thirds.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
  });

  it('adds piastres exactly where EGP floats would drift', () => {
    // 3 × 0.1 EGP + 0.2 EGP in floats is 0.5000000000000001; in piastres it is 50.
    const t = orderTotals([
      { unitPiastres: toPiastres(0.1), quantity: 3 },
      { unitPiastres: toPiastres(0.2), quantity: 1 },
    ]);
    expect(t).toMatchObject({ count: 4, subtotal: 50, shipping: 0, total: 50 });
    expect(toEgp(t.total)).toBe(0.5);
  });

  it('adds shipping, and a cart of 12,499.99 EGP × 3 with 75.5 EGP shipping is exact', () => {
    const t = orderTotals([{ unitPiastres: 1_249_999, quantity: 3 }], 7550);
    expect(t).toMatchObject({ count: 3, subtotal: 3_749_997, shipping: 7550, total: 3_757_547 });
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
