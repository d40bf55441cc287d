import type { ProductInstallments } from '@store/contracts/catalog';
import { installmentQuote, lowestMonthly } from '@store/contracts/installments';
import { toEgp } from '@store/contracts/money';
import { describe, expect, it } from 'vitest';
import { installmentFigures } from './installment-figures';

/** One bank's 6 months at 0% for a price in EGP, as the API answers it (the contracts' calculator). */
const table = (price: number): ProductInstallments => {
  const q = installmentQuote(price * 100, { months: 6, interestBasisPoints: 0, feeBasisPoints: 0 });
  return [
    {
      bank_id: 1,
      bank_name: 'البنك الأهلي المصري',
      plans: [
        {
          id: 1,
          title: '6 شهور',
          months: 6,
          interest_percent: 0,
          monthly: toEgp(q.monthlyPiastres),
          fee: toEgp(q.feePiastres),
          total: toEgp(q.totalPiastres),
        },
      ],
    },
  ];
};
const monthly = (price: number) =>
  toEgp(lowestMonthly(price * 100, [{ months: 6, interestBasisPoints: 0, feeBasisPoints: 0 }])!);

// Demo product 245: 49,999 EGP; its variant 546 (Black, 256 GB) 56,999 EGP.
const product = {
  monthly_from: monthly(49_999),
  installments: table(49_999),
  variants: [
    { id: 545, monthly_from: monthly(49_999), installments: table(49_999) },
    { id: 546, monthly_from: monthly(56_999), installments: table(56_999) },
  ],
} as unknown as Parameters<typeof installmentFigures>[0];

describe('the installments the product page shows', () => {
  it('follow the variant chosen: its monthly line and its table, on its price', () => {
    const f = installmentFigures(product, { id: 546 });
    expect(f.monthlyFrom).toBe(monthly(56_999));
    expect(f.installments[0]!.plans[0]!.total).toBe(56_999);
    expect(f.installments).toEqual(table(56_999));
  });

  it('are the product’s own without a variant chosen, or with a combination no variant sells', () => {
    expect(installmentFigures(product, null)).toEqual({
      monthlyFrom: monthly(49_999),
      installments: table(49_999),
    });
    expect(installmentFigures(product, { id: 999 }).installments[0]!.plans[0]!.total).toBe(49_999);
  });
});
