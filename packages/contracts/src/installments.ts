/**
 * What a purchase by installments costs (issue 16), one calculator for the product card, the product page, the
 * checkout's plan list and the API. Money in piastres (decision 002).
 *
 * Egyptian banks quote a plan as months, a flat yearly interest and an administration fee:
 *   interest = price × yearly rate × months / 12      (flat: on the whole price for the whole term)
 *   monthly  = (price + interest) / months, rounded up to the piastre (the bank never collects less)
 *   fee      = price × fee rate, paid once with the first instalment
 *   total    = monthly × months + fee
 */
export interface PlanTerms {
  months: number;
  /** Yearly flat interest in basis points (1,000 = 10%). */
  interestBasisPoints: number;
  /** One-time administration fee in basis points of the price. */
  feeBasisPoints: number;
}

export interface InstallmentQuote {
  months: number;
  monthlyPiastres: number;
  feePiastres: number;
  interestPiastres: number;
  totalPiastres: number;
}

export function installmentQuote(pricePiastres: number, plan: PlanTerms): InstallmentQuote {
  if (!Number.isInteger(pricePiastres) || pricePiastres < 0) throw new RangeError('price in whole piastres');
  if (!Number.isInteger(plan.months) || plan.months < 1) throw new RangeError('months at least 1');
  const interest = Math.round((pricePiastres * plan.interestBasisPoints * plan.months) / (10_000 * 12));
  const monthly = Math.ceil((pricePiastres + interest) / plan.months);
  const fee = Math.round((pricePiastres * plan.feeBasisPoints) / 10_000);
  return {
    months: plan.months,
    monthlyPiastres: monthly,
    feePiastres: fee,
    interestPiastres: interest,
    totalPiastres: monthly * plan.months + fee,
  };
}

/** The lowest monthly amount over the plans ("from 1,250 EGP a month"); null without plans. */
export function lowestMonthly(pricePiastres: number, plans: PlanTerms[]): number | null {
  let best: number | null = null;
  for (const p of plans) {
    const m = installmentQuote(pricePiastres, p).monthlyPiastres;
    if (best === null || m < best) best = m;
  }
  return best;
}
