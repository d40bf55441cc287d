/** Banks that take card-on-delivery installments, and their plans (spec §3: bank, bank installment plan). */
import { monthsText } from '@store/contracts';

export interface PlanSeed {
  months: number;
  /** Yearly flat interest in percent (0 = no interest). */
  interest: number;
  /** One-time administration fee in percent of the price (0 = none). */
  fee?: number;
}

/**
 * The smallest amount a plan is offered for, in EGP (issue 43): banks do not split a few hundred pounds over
 * months. 1,000 EGP up to 6 months, 2,000 up to 12, 3,000 beyond.
 */
export const planMinimumEgp = (months: number) => (months <= 6 ? 1_000 : months <= 12 ? 2_000 : 3_000);

export interface BankSeed {
  nameEn: string;
  nameAr: string;
  plans: PlanSeed[];
}

export const BANKS: BankSeed[] = [
  {
    nameEn: 'National Bank of Egypt',
    nameAr: 'البنك الأهلي المصري',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 12, interest: 0, fee: 5 },
      { months: 18, interest: 9, fee: 1.5 },
      { months: 24, interest: 12, fee: 1.5 },
    ],
  },
  {
    nameEn: 'Banque Misr',
    nameAr: 'بنك مصر',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 12, interest: 0, fee: 5 },
      { months: 24, interest: 12, fee: 1.5 },
      { months: 36, interest: 15, fee: 1.5 },
    ],
  },
  {
    nameEn: 'Commercial International Bank (CIB)',
    nameAr: 'البنك التجاري الدولي (CIB)',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 12, interest: 5, fee: 1.5 },
      { months: 18, interest: 8, fee: 1.5 },
      { months: 24, interest: 10, fee: 1.5 },
    ],
  },
  {
    nameEn: 'QNB Egypt',
    nameAr: 'بنك QNB مصر',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 12, interest: 0, fee: 5 },
      { months: 24, interest: 10, fee: 1.5 },
    ],
  },
  {
    nameEn: 'Banque du Caire',
    nameAr: 'بنك القاهرة',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 12, interest: 8, fee: 1.5 },
    ],
  },
  {
    nameEn: 'HSBC Egypt',
    nameAr: 'بنك HSBC مصر',
    plans: [
      { months: 6, interest: 0, fee: 0 },
      { months: 10, interest: 0, fee: 3 },
      { months: 18, interest: 9, fee: 1.5 },
    ],
  },
];

/**
 * "12 months, 0% interest" / "12 شهر بدون فوائد"; "24 months, 12% yearly interest" / "24 شهر بفائدة 12% سنوياً".
 * Latin digits in both languages, as every number of the store (spec §1), and the month's plural by the number
 * (6 شهور, 12 شهر).
 */
export function planTitles(p: PlanSeed): { en: string; ar: string } {
  const monthsAr = monthsText(p.months, 'ar');
  return p.interest === 0
    ? { en: `${monthsText(p.months, 'en')}, 0% interest`, ar: `${monthsAr} بدون فوائد` }
    : {
        en: `${monthsText(p.months, 'en')}, ${p.interest}% yearly interest`,
        ar: `${monthsAr} بفائدة ${p.interest}% سنوياً`,
      };
}
