import type { Locale } from '@store/contracts/constants';
import type { ProductInstallments } from '@store/contracts/catalog';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { InstallmentTable } from './installment-table';

/** Two banks' plans for 56,999 EGP, as the API answers them (the second bank with a fee and interest). */
const banks: ProductInstallments = [
  {
    bank_id: 1,
    bank_name: 'البنك الأهلي المصري',
    plans: [
      { id: 1, title: '6', months: 6, interest_percent: 0, monthly: 9499.83, fee: 0, total: 56_999 },
      { id: 2, title: '12', months: 12, interest_percent: 0, monthly: 4749.92, fee: 0, total: 56_999 },
    ],
  },
  {
    bank_id: 2,
    bank_name: 'Banque Misr',
    plans: [
      {
        id: 3,
        title: '24',
        months: 24,
        interest_percent: 15,
        monthly: 2969.75,
        fee: 1139.98,
        total: 72_413.98,
      },
    ],
  },
];

const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);

afterEach(cleanup);

/**
 * The banks' table on a 375 px phone (no sideways scroll): each plan a compact row of its own, in a group per bank
 * under its name, each amount named beside it, and the table's own headers hidden; from sm up, the table as it was.
 * happy-dom draws no CSS, so this checks the structure and the classes theme.css's breakpoints act on (the e2e
 * spec installments.spec.ts measures the page at 375 px).
 */
describe('the installments table on a phone', () => {
  const texts: Record<Locale, { fee: string; total: string; monthly: string }> = {
    ar: { fee: 'المصاريف (مرة واحدة)', total: 'الإجمالي', monthly: 'في الشهر' },
    en: { fee: 'Fee (once)', total: 'Total', monthly: 'A month' },
  };
  for (const locale of ['ar', 'en'] as const) {
    it(`shows each plan as a compact row, its amounts named, with nothing as wide as the old table (${locale})`, async () => {
      fakeApi({});
      await renderPage(<InstallmentTable banks={banks} />, { locale });
      const table = await screen.findByTestId('installment-table');

      // No width forced on a phone: the 36rem the five columns need only from sm up.
      expect(classes(table)).not.toContain('min-w-[36rem]');
      expect(classes(table)).toContain('sm:min-w-[36rem]');
      expect(classes(table)).toContain('max-sm:block');
      // The column headers are hidden on a phone (each cell names its amount instead), kept from sm up.
      expect(classes(table.querySelector('thead')!)).toContain('max-sm:hidden');

      // A group of rows per bank, its name first; each plan a row laid out as a two-column grid on a phone.
      const groups = [...table.querySelectorAll('tbody')];
      expect(groups).toHaveLength(2);
      expect(groups.map((g) => g.querySelector('th[scope="rowgroup"]')?.textContent)).toEqual([
        'البنك الأهلي المصري',
        'Banque Misr',
      ]);
      const plans = screen.getAllByTestId('installment-plan');
      expect(plans).toHaveLength(3);
      for (const plan of plans) {
        expect(classes(plan)).toEqual(expect.arrayContaining(['max-sm:grid', 'max-sm:grid-cols-2']));
        for (const cell of within(plan).getAllByRole('cell')) expect(classes(cell)).toContain('max-sm:block');
        // The monthly amount, the fee and the total, each named in the page's language, drawn on a phone only.
        const labels = within(plan).getAllByTestId('installment-label');
        expect(labels.map((l) => l.textContent)).toEqual([
          texts[locale].monthly,
          texts[locale].fee,
          texts[locale].total,
        ]);
        for (const l of labels) expect(classes(l)).toContain('sm:hidden');
      }
      const last = within(plans[2]!).getAllByRole('cell');
      expect(last[2]!.textContent).toContain(texts[locale].fee);
      expect(last[2]!.textContent).toMatch(/1,139\.98/);
      expect(last[3]!.textContent).toMatch(/72,413\.98/);
    });
  }

  it('keeps the table for screen readers from sm up: column headers, and each bank heading its rows', async () => {
    fakeApi({});
    await renderPage(<InstallmentTable banks={banks} />, { locale: 'en' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bank', 'Months', 'A month', 'Fee (once)', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    for (const group of table.querySelectorAll('tbody'))
      expect(group.querySelector('th')!.getAttribute('rowspan')).toBe(
        String(group.querySelectorAll('tr').length),
      );
    expect(screen.getByTestId('installment-scroll').getAttribute('tabindex')).toBe('0');
  });
});
