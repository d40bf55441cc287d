import { describe, expect, it } from 'vitest';
import { installmentQuote, lowestMonthly } from './installments.ts';

describe('installments', () => {
  it('0% over 12 months: the price in twelve, rounded up to the piastre, plus the one-time fee', () => {
    // 15,000.00 EGP, 0%, 3% fee.
    expect(installmentQuote(1_500_000, { months: 12, interestBasisPoints: 0, feeBasisPoints: 300 })).toEqual({
      months: 12,
      monthlyPiastres: 125_000,
      interestPiastres: 0,
      feePiastres: 45_000,
      totalPiastres: 1_545_000,
    });
    // 999.99 EGP over 6: 16,666.5 piastres a month is 16,667 (never less than owed).
    const q = installmentQuote(99_999, { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 });
    expect(q.monthlyPiastres).toBe(16_667);
    expect(q.totalPiastres).toBeGreaterThanOrEqual(99_999);
  });

  it('flat yearly interest on the whole price for the whole term', () => {
    // 20,000 EGP, 10% a year, 24 months: 4,000 EGP interest, 1,000 EGP a month.
    expect(
      installmentQuote(2_000_000, { months: 24, interestBasisPoints: 1_000, feeBasisPoints: 0 }),
    ).toMatchObject({ interestPiastres: 400_000, monthlyPiastres: 100_000, totalPiastres: 2_400_000 });
  });

  it('the lowest monthly amount over the plans, or none', () => {
    const plans = [
      { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 },
      { months: 24, interestBasisPoints: 1_200, feeBasisPoints: 0 },
      { months: 12, interestBasisPoints: 0, feeBasisPoints: 500 },
    ];
    // 12,000 EGP: 2,000 (6 m), 620 (24 m at 12%), 1,000 (12 m): 620.
    expect(lowestMonthly(1_200_000, plans)).toBe(62_000);
    expect(lowestMonthly(1_200_000, [])).toBeNull();
  });

  it('refuses what is not money or a term', () => {
    expect(() => installmentQuote(10.5, { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 })).toThrow();
    expect(() => installmentQuote(100, { months: 0, interestBasisPoints: 0, feeBasisPoints: 0 })).toThrow();
  });
});
