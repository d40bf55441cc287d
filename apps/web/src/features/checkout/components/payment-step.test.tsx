import { bankInstallmentSchema, bankSchema } from '@store/contracts/checkout';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage, type Call } from '../../../test/dom';
import { PaymentStep } from './payment-step';

const nbe = bankSchema.parse({ id: 1, name: 'NBE', name_en: 'NBE', name_ar: 'الأهلي' });
const cib = bankSchema.parse({ id: 2, name: 'CIB', name_en: 'CIB', name_ar: 'التجاري الدولي' });
const plan = (p: {
  id: number;
  bank_id: number;
  title: string;
  months: number;
  interest_percent: number;
  fee_percent: number;
  minimum_amount: number;
}) => bankInstallmentSchema.parse({ ...p, title_en: p.title, title_ar: p.title });
const plans = [
  plan({
    id: 11,
    bank_id: 1,
    title: '6 months, no interest',
    months: 6,
    interest_percent: 0,
    fee_percent: 0,
    minimum_amount: 0,
  }),
  plan({
    id: 12,
    bank_id: 1,
    title: '12 months',
    months: 12,
    interest_percent: 10,
    fee_percent: 2,
    minimum_amount: 5000,
  }),
  plan({
    id: 13,
    bank_id: 1,
    title: '24 months',
    months: 24,
    interest_percent: 12,
    fee_percent: 3,
    minimum_amount: 20000,
  }),
  plan({
    id: 21,
    bank_id: 2,
    title: '36 months',
    months: 36,
    interest_percent: 15,
    fee_percent: 3,
    minimum_amount: 50000,
  }),
];

let placed: Call[] = [];
beforeEach(() => {
  placed = [];
  fakeApi({
    'GET users/banks': () => ({ banks: [nbe, cib] }),
    'GET users/bank_installments': ({ query }) => ({
      bank_installments: plans.filter((p) => p.bank_id === Number(query.get('bank_id'))),
    }),
    'PUT users/checkout': (call) => {
      placed.push(call);
      return { order: { id: 345 } };
    },
  });
});
afterEach(cleanup);

/** The step for an order of 10,000 EGP, with installments chosen and the banks loaded. */
async function installmentsFor10000() {
  await renderPage(<PaymentStep held={null} seconds={0} total={10000} />, { path: '/checkout/payment' });
  // The step shows once its lazy rating dialog's code is in (the app has it behind the same boundary).
  fireEvent.click(await screen.findByRole('radio', { name: /^Card on delivery \(installments\)/ }));
  const bank = screen.getByRole('combobox', { name: 'Bank' });
  await waitFor(() => expect(within(bank).getByRole('option', { name: 'NBE' })).toBeTruthy());
  return bank;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

/** The installment plans offered: each choice's lines (name | monthly | fee and total). */
async function planChoices() {
  const group = await screen.findByRole('group', { name: 'Installment plan' });
  await waitFor(() => expect(within(group).getAllByRole('radio').length).toBeGreaterThan(0));
  const texts = within(group)
    .getAllByRole('radio')
    .map((r) =>
      Array.from(r.closest('label')!.lastElementChild!.children)
        .map((line) => line.textContent)
        .join(' | '),
    );
  return { group, texts };
}
const choosePlan = (group: HTMLElement, id: number) =>
  fireEvent.click(
    within(group)
      .getAllByRole('radio')
      .find((r) => (r as HTMLInputElement).value === String(id))!,
  );

describe('the payment step, paying by installments', () => {
  it("shows a bank's plans offered for the order's total, each with its monthly amount, fee and total", async () => {
    const bank = await installmentsFor10000();
    expect(optionTexts(bank)).toEqual(['Choose your bank', 'NBE', 'CIB']);

    fireEvent.change(bank, { target: { value: String(nbe.id) } });

    // 10,000 over 6 months without interest: 1,666.66 a month (the first month takes the 4 piastres left over).
    // 12 months at 10% a year: 11,000 owed, 916.66 a month, and its 2% fee (200) shows before it is chosen.
    // The 24-month plan starts at 20,000: not offered.
    expect((await planChoices()).texts).toEqual([
      '6 months, no interest | 1,666.66 EGP a month | no fee · total 10,000 EGP',
      '12 months | 916.66 EGP a month | fee 200 EGP once, with the first month · total 11,200 EGP',
    ]);
  });

  it('spells out the chosen plan: months, monthly and first month, the fee, and the total', async () => {
    const bank = await installmentsFor10000();
    fireEvent.change(bank, { target: { value: String(nbe.id) } });
    choosePlan((await planChoices()).group, 12);

    // 11,000 = 916.74 + 11 × 916.66; the 2% fee (200) once; 11,200 in all.
    expect(screen.getByTestId('plan-details').textContent).toBe(
      '12 months: 916.66 EGP a month · first month 916.74 EGP · fee 200 EGP once, with the first month · total 11,200 EGP',
    );
  });

  it("says when a bank's plans start above the order's total, and offers none of them", async () => {
    const bank = await installmentsFor10000();

    fireEvent.change(bank, { target: { value: String(cib.id) } });

    expect((await screen.findByTestId('plan-minimum')).textContent).toBe(
      "This bank's installment plans are for orders of 50,000 EGP or more. Choose another bank, or another way to pay.",
    );
    expect(screen.queryByRole('group', { name: 'Installment plan' })).toBeNull();
  });

  it('places the order with the chosen bank and plan once the terms are accepted, then shows the success page', async () => {
    const bank = await installmentsFor10000();
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('place-order-why').textContent).toBe(
      'Choose your bank and an installment plan. Tick the box to accept the terms and conditions.',
    );
    fireEvent.change(bank, { target: { value: String(nbe.id) } });
    choosePlan((await planChoices()).group, 11);
    // Still missing the terms: a click says so at the box and places nothing.
    fireEvent.click(place);
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms and conditions first.');
    expect(placed).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox'));
    expect(place.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(place);

    const elsewhere = await screen.findByTestId('elsewhere');
    expect(elsewhere.dataset.path).toBe('/complete-payment?success=true&order_id=345');
    expect(placed.map((c) => c.body)).toEqual([
      { payment_method: 'visa_on_delivery_installments', bank_id: 1, bank_installment_id: 11 },
    ]);
  });
});

describe('the payment step on a phone, comparing installment plans (audit at 375 px)', () => {
  const misr = bankSchema.parse({ id: 3, name: 'Banque Misr', name_en: 'Banque Misr', name_ar: 'بنك مصر' });
  /** "Without interest", yet a 5% administration fee; and one with neither. */
  const misrPlans = [
    bankInstallmentSchema.parse({
      id: 31,
      bank_id: 3,
      title: '10 months, no interest',
      title_en: '10 months, no interest',
      title_ar: '10 شهور بدون فوايد',
      months: 10,
      interest_percent: 0,
      fee_percent: 5,
      minimum_amount: 0,
    }),
    bankInstallmentSchema.parse({
      id: 32,
      bank_id: 3,
      title: '4 months, no interest',
      title_en: '4 months, no interest',
      title_ar: '4 شهور بدون فوايد',
      months: 4,
      interest_percent: 0,
      fee_percent: 0,
      minimum_amount: 0,
    }),
  ];
  // 10,000 EGP: 1,000 a month over 10 months, its 5% fee 500 once; 2,500 a month over 4 months, no fee.
  const words = {
    en: {
      method: /^Card on delivery \(installments\)/,
      bank: 'Bank',
      fee: 'fee 500 EGP once, with the first month · total 10,500 EGP',
      noFee: 'no fee · total 10,000 EGP',
      monthly: '1,000 EGP a month',
    },
    ar: {
      method: /^فيزا عند الاستلام \(تقسيط\)/,
      bank: 'البنك',
      fee: 'مصاريف 500 ج.م مرة واحدة مع أول شهر · الإجمالي 10,500 ج.م',
      noFee: 'من غير مصاريف · الإجمالي 10,000 ج.م',
      monthly: '1,000 ج.م في الشهر',
    },
  } as const;

  async function misrFor10000(locale: 'ar' | 'en') {
    fakeApi({
      'GET users/banks': () => ({ banks: [misr] }),
      'GET users/bank_installments': () => ({ bank_installments: misrPlans }),
    });
    await renderPage(<PaymentStep held={null} seconds={0} total={10000} />, {
      path: '/checkout/payment',
      locale,
    });
    fireEvent.click(await screen.findByRole('radio', { name: words[locale].method }));
    const bank = screen.getByRole('combobox', { name: words[locale].bank });
    await waitFor(() => expect(within(bank).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(bank, { target: { value: String(misr.id) } });
    // The plans are in once the first one's monthly amount shows (in a list's option or a choice of its own).
    await waitFor(() => expect(document.body.textContent).toContain(words[locale].monthly));
  }

  it.each(['en', 'ar'] as const)(
    'a plan without interest shows its fee, and a plan without a fee says so, before either is chosen (%s)',
    async (locale) => {
      await misrFor10000(locale);
      expect(screen.queryByTestId('plan-details')).toBeNull();
      expect(screen.getAllByTestId('plan-costs').map((c) => c.textContent)).toEqual([
        words[locale].fee,
        words[locale].noFee,
      ]);
    },
  );

  it.each(['en', 'ar'] as const)(
    'the chosen plan reads in full: its name and monthly amount wrap on the page, none in a one-line list option (%s)',
    async (locale) => {
      await misrFor10000(locale);
      // A select shows its chosen option on one line, cut at 375 px: no plan's name or amount may live in one.
      const options = Array.from(document.querySelectorAll('option')).map((o) => o.textContent ?? '');
      expect(
        options.filter((o) => o.includes(words[locale].monthly) || o.includes(misrPlans[0]!.title_ar)),
      ).toEqual([]);

      const chosen = screen
        .getAllByTestId('plan-option')
        .find((r) => (r as HTMLInputElement).value === '31') as HTMLInputElement;
      fireEvent.click(chosen);
      expect(chosen.checked).toBe(true);
      const label = chosen.closest('label')!;
      const title = locale === 'ar' ? misrPlans[0]!.title_ar : misrPlans[0]!.title_en;
      expect(label.textContent).toContain(title);
      expect(label.textContent).toContain(words[locale].monthly);
      expect(label.textContent).toContain(words[locale].fee);
      // Nothing between the text and the page keeps it on one line or cuts it.
      for (let el: Element | null = label.lastElementChild; el && el !== document.body; el = el.parentElement)
        expect(el.className).not.toMatch(/\b(truncate|whitespace-nowrap|text-ellipsis|overflow-hidden)\b/);
      expect(label.lastElementChild!.className).toMatch(/\bbreak-words\b/);
    },
  );
});

describe('the payment step, when the cart’s discount code ran out meanwhile', () => {
  it('says so and stays on the step with the method still chosen, so confirming again places the order', async () => {
    let first = true;
    fakeApi({
      'PUT users/checkout': (call) => {
        placed.push(call);
        if (first) {
          first = false;
          return {
            status: 409,
            body: {
              errors: [
                'This discount code has run out',
                'The code was taken off your cart and nothing was ordered: check the new total and confirm again.',
              ],
              discount_code_id: 7,
            },
          };
        }
        return { order: { id: 346 } };
      },
    });
    await renderPage(<PaymentStep held={null} seconds={0} total={1000} />, { path: '/checkout/payment' });
    fireEvent.click(await screen.findByRole('radio', { name: /^Cash on delivery/ }));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    const dialog = await screen.findByTestId('discount-dropped');
    expect(dialog.textContent).toContain('This discount code has run out');
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('discount-dropped')).toBeNull());
    expect(screen.queryByTestId('elsewhere')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByTestId('elsewhere')).dataset.path).toBe(
      '/complete-payment?success=true&order_id=346',
    );
    expect(placed).toHaveLength(2);
  });
});

describe('the payment step, while an earlier online payment is still open', () => {
  const active = {
    status: 422,
    body: {
      errors: ['A payment session is already active. You can start a new session in 04:21.'],
      time_remaining_seconds: 261,
    },
  };

  it('offers to cancel that payment instead of only waiting, and then the shopper can pay', async () => {
    let open = true;
    const { calls } = fakeApi({
      'POST users/checkout': () => (open ? active : { status: 500, body: { errors: ['unexpected'] } }),
      'DELETE users/checkout': () => {
        open = false;
        return { ended: true };
      },
    });
    await renderPage(<PaymentStep held={null} seconds={0} total={10000} />, { path: '/checkout/payment' });
    fireEvent.click(await screen.findByRole('radio', { name: /^Pay online \(card\)/ }));
    const dialog = await screen.findByTestId('session-dialog');
    expect(dialog.textContent).toContain('An earlier online payment of yours is still open.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel that online payment' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === 'users/checkout')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('session-dialog')).toBeNull());
    // Every way to pay is open again.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Cash on delivery/ }).disabled).toBe(false);
  });

  it('in Arabic too', async () => {
    fakeApi({ 'POST users/checkout': () => active });
    await renderPage(<PaymentStep held={null} seconds={0} total={10000} />, {
      path: '/checkout/payment',
      locale: 'ar',
    });
    fireEvent.click(await screen.findByRole('radio', { name: /^ادفع أونلاين/ }));
    const dialog = await screen.findByTestId('session-dialog');
    expect(within(dialog).getByRole('button', { name: 'الغي الدفع أونلاين ده' })).toBeTruthy();
  });
});
