/**
 * What a purchase by installments costs (issue 16), one calculator for the product card, the product page, the
 * checkout's plan list and the API. Money in piastres (decision 002).
 *
 * Egyptian banks quote a plan as months, a flat yearly interest and an administration fee:
 *   interest = price × yearly rate × months / 12      (flat: on the whole price for the whole term)
 *   monthly  = (price + interest) / months, rounded down to the piastre; the first month also takes the piastres
 *              left over (fewer than the months), so the months add up to exactly price + interest (issue 43: a 0%
 *              plan of a 64,999 EGP product came to 64,999.02 when every month was rounded up)
 *   fee      = price × fee rate, paid once with the first instalment
 *   total    = price + interest + fee
 * A plan is offered from its minimum amount (issue 43: no installments on a 279 EGP flash drive).
 */
export interface PlanTerms {
  months: number;
  /** Yearly flat interest in basis points (1,000 = 10%). */
  interestBasisPoints: number;
  /** One-time administration fee in basis points of the price. */
  feeBasisPoints: number;
  /** The smallest amount the plan is offered for, in piastres (0 or absent: any amount). */
  minimumPiastres?: number;
}

export interface InstallmentQuote {
  months: number;
  /** Every month but the first. */
  monthlyPiastres: number;
  /** The first month: the monthly amount and the piastres the rounding left (the fee is apart, below). */
  firstMonthPiastres: number;
  feePiastres: number;
  interestPiastres: number;
  totalPiastres: number;
}

export function installmentQuote(pricePiastres: number, plan: PlanTerms): InstallmentQuote {
  if (!Number.isInteger(pricePiastres) || pricePiastres < 0) throw new RangeError('price in whole piastres');
  if (!Number.isInteger(plan.months) || plan.months < 1) throw new RangeError('months at least 1');
  const interest = Math.round((pricePiastres * plan.interestBasisPoints * plan.months) / (10_000 * 12));
  const owed = pricePiastres + interest;
  const monthly = Math.floor(owed / plan.months);
  const fee = Math.round((pricePiastres * plan.feeBasisPoints) / 10_000);
  return {
    months: plan.months,
    monthlyPiastres: monthly,
    firstMonthPiastres: owed - monthly * (plan.months - 1),
    feePiastres: fee,
    interestPiastres: interest,
    totalPiastres: owed + fee,
  };
}

/** The plan is offered for this amount: at or above its minimum. */
export const planOffered = (pricePiastres: number, plan: Pick<PlanTerms, 'minimumPiastres'>) =>
  pricePiastres >= (plan.minimumPiastres ?? 0);

/** The lowest monthly amount over the plans offered for the price ("from 1,250 EGP a month"); null without one. */
export function lowestMonthly(pricePiastres: number, plans: PlanTerms[]): number | null {
  let best: number | null = null;
  for (const p of plans) {
    if (!planOffered(pricePiastres, p)) continue;
    const m = installmentQuote(pricePiastres, p).monthlyPiastres;
    if (best === null || m < best) best = m;
  }
  return best;
}

/**
 * The CLDR plural category of a whole number in Arabic (what Intl.PluralRules('ar') says, a test compares them),
 * written out so the seed and the server need no locale data: 0 zero, 1 one, 2 two, 3-10 few, 11-99 many (and the
 * same for their hundreds: 103 few, 111 many), 100-102 other.
 */
export function arabicPlural(n: number): 'zero' | 'one' | 'two' | 'few' | 'many' | 'other' {
  if (!Number.isInteger(n) || n < 0) return 'other';
  if (n === 0) return 'zero';
  if (n === 1) return 'one';
  if (n === 2) return 'two';
  const r = n % 100;
  if (r >= 3 && r <= 10) return 'few';
  if (r >= 11) return 'many';
  return 'other';
}

const ARABIC_MONTHS = {
  zero: 'شهر',
  one: 'شهر',
  two: 'شهرين',
  few: 'شهور',
  many: 'شهر',
  other: 'شهر',
} as const;

/** "6 months" / "6 شهور", "12 شهر", "2 شهرين", "1 month": a term in Latin digits (spec §1), the plural by the number. */
export function monthsText(n: number, locale: 'ar' | 'en'): string {
  if (locale === 'ar') return `${n} ${ARABIC_MONTHS[arabicPlural(n)]}`;
  return `${n} ${n === 1 ? 'month' : 'months'}`;
}
