import { describe, expect, it } from 'vitest';
import { arabicPlural, installmentQuote, lowestMonthly, monthsText, planOffered } from './installments.ts';

describe('installments', () => {
  it('0% over 12 months: the price in twelve, rounded up to the piastre, plus the one-time fee', () => {
    // 15,000.00 EGP, 0%, 3% fee.
    expect(installmentQuote(1_500_000, { months: 12, interestBasisPoints: 0, feeBasisPoints: 300 })).toEqual({
      months: 12,
      monthlyPiastres: 125_000,
      firstMonthPiastres: 125_000,
      interestPiastres: 0,
      feePiastres: 45_000,
      totalPiastres: 1_545_000,
    });
  });

  it('a 0% plan adds up to exactly the price: the first month takes the piastres the rounding leaves', () => {
    // 64,999 EGP over 6: 10,833.1666… a month; every month rounded up made 64,999.02 (issue 43).
    const q = installmentQuote(6_499_900, { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 });
    expect(q).toMatchObject({
      monthlyPiastres: 1_083_316,
      firstMonthPiastres: 1_083_320,
      totalPiastres: 6_499_900,
    });
    expect(q.firstMonthPiastres + q.monthlyPiastres * 5).toBe(6_499_900);
    // For every price and term, the months add up to price + interest to the piastre, and differ by less than
    // the months in piastres.
    for (const price of [99_999, 27_900, 6_499_900, 1_234_567, 100]) {
      for (const months of [1, 3, 6, 10, 12, 18, 24, 36]) {
        for (const interestBasisPoints of [0, 900, 1_500]) {
          const r = installmentQuote(price, { months, interestBasisPoints, feeBasisPoints: 150 });
          expect(r.firstMonthPiastres + r.monthlyPiastres * (months - 1)).toBe(price + r.interestPiastres);
          expect(r.totalPiastres).toBe(price + r.interestPiastres + r.feePiastres);
          expect(r.firstMonthPiastres - r.monthlyPiastres).toBeGreaterThanOrEqual(0);
          expect(r.firstMonthPiastres - r.monthlyPiastres).toBeLessThan(months);
        }
      }
    }
  });

  it('offers a plan from its minimum amount, and the lowest monthly amount counts only plans offered', () => {
    const plans = [
      { months: 6, interestBasisPoints: 0, feeBasisPoints: 0, minimumPiastres: 100_000 },
      { months: 24, interestBasisPoints: 0, feeBasisPoints: 0, minimumPiastres: 300_000 },
    ];
    // A 279 EGP flash drive: no plan at all.
    expect(planOffered(27_900, plans[0]!)).toBe(false);
    expect(lowestMonthly(27_900, plans)).toBeNull();
    // 1,000 EGP: the 6-month plan only (from its minimum, inclusive).
    expect(planOffered(100_000, plans[0]!)).toBe(true);
    expect(lowestMonthly(100_000, plans)).toBe(16_666);
    // 3,000 EGP: both; the 24-month plan is the lowest.
    expect(lowestMonthly(300_000, plans)).toBe(12_500);
    expect(planOffered(1, {})).toBe(true);
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

  it('says a term in months with the plural Arabic uses: 1 شهر, 2 شهرين, 3-10 شهور, 11 and more شهر', () => {
    expect(monthsText(6, 'ar')).toBe('6 شهور');
    expect(monthsText(10, 'ar')).toBe('10 شهور');
    expect(monthsText(3, 'ar')).toBe('3 شهور');
    expect(monthsText(12, 'ar')).toBe('12 شهر');
    expect(monthsText(24, 'ar')).toBe('24 شهر');
    expect(monthsText(2, 'ar')).toBe('2 شهرين');
    expect(monthsText(1, 'ar')).toBe('1 شهر');
    expect(monthsText(1, 'en')).toBe('1 month');
    expect(monthsText(18, 'en')).toBe('18 months');
    // The categories are CLDR's, as Intl.PluralRules gives them.
    const rules = new Intl.PluralRules('ar');
    for (let n = 0; n <= 240; n++) expect(arabicPlural(n), String(n)).toBe(rules.select(n));
  });

  it('refuses what is not money or a term', () => {
    expect(() => installmentQuote(10.5, { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 })).toThrow();
    expect(() => installmentQuote(100, { months: 0, interestBasisPoints: 0, feeBasisPoints: 0 })).toThrow();
  });
});
