import type { ProductInstallments } from '@store/contracts/catalog';
import { monthsText } from '@store/contracts/installments';
import { toPiastres } from '@store/contracts/money';
import type { CSSProperties } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { price as formatPrice } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { BelowFold } from '../../../ui/below-fold';

/**
 * The first month when it differs from the others: the months add up to the price and interest exactly, so the
 * first takes the piastres the rounding left (contracts' installmentQuote; the API sends the monthly amount and
 * the total).
 */
function firstMonth(p: ProductInstallments[number]['plans'][number]): number | null {
  const first = toPiastres(p.total) - toPiastres(p.fee) - toPiastres(p.monthly) * (p.months - 1);
  return first === toPiastres(p.monthly) ? null : first / 100;
}

/** Every bank's plans for this product's price: months, monthly amount, one-time fee, total (issue 16). */
export function InstallmentTable({ banks }: { banks: ProductInstallments }) {
  const { t } = useNamespace('product', productTexts);
  const locale = useLocaleStore((s) => s.locale);
  if (!banks.length) return null;
  return (
    // Below the product's first screen: drawn and hydrated when it comes near (ui/below-fold.tsx), its place held
    // at the height of its rows meanwhile.
    <BelowFold
      as="section"
      aria-labelledby="installments-title"
      className="mt-10 [--below-fold-size:calc(var(--rows)*95px_+_var(--banks)*24px_+_90px)] sm:[--below-fold-size:calc(var(--rows)*60px_+_90px)] md:[--below-fold-size:calc(var(--rows)*53px_+_90px)] lg:[--below-fold-size:calc(var(--rows)*38px_+_90px)]"
      style={
        { '--rows': banks.reduce((n, b) => n + b.plans.length, 0), '--banks': banks.length } as CSSProperties
      }
    >
      <h2 id="installments-title" className="mb-1 text-xl font-bold">
        {t('installments.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('installments.hint')}</p>
      {/* On a phone (below sm) each plan is a compact row of its own under its bank's name, each amount named
          beside it, with no sideways scroll; wider, the table as it is (its headers name the columns, and it
          scrolls sideways if it must: then it takes the keyboard's focus, the arrow keys scroll it, and it is
          named as a region for that; axe: scrollable-region-focusable). */}
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        tabIndex={0}
        role="region"
        aria-labelledby="installments-title"
        data-testid="installment-scroll"
      >
        <table
          className="w-full text-start text-sm max-sm:block sm:min-w-[36rem]"
          data-testid="installment-table"
        >
          <thead className="bg-slate-50 text-slate-700 max-sm:hidden">
            <tr>
              <th scope="col" className="px-4 py-2 text-start font-semibold">
                {t('installments.bank')}
              </th>
              <th scope="col" className="px-4 py-2 text-start font-semibold">
                {t('installments.months')}
              </th>
              <th scope="col" className="px-4 py-2 text-start font-semibold">
                {t('installments.monthly')}
              </th>
              <th scope="col" className="px-4 py-2 text-start font-semibold">
                {t('installments.fee')}
              </th>
              <th scope="col" className="px-4 py-2 text-start font-semibold">
                {t('installments.total')}
              </th>
            </tr>
          </thead>
          {banks.map((b) => (
            // One group of rows a bank (its name heads them: scope rowgroup).
            <tbody
              key={b.bank_id}
              className="max-sm:block max-sm:border-t max-sm:border-slate-200 max-sm:first-of-type:border-0"
            >
              {b.plans.map((p, i) => (
                <tr
                  key={p.id}
                  className="border-t border-slate-100 max-sm:grid max-sm:first:border-t-0 max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-2"
                  data-testid="installment-plan"
                >
                  {i === 0 && (
                    <th
                      scope="rowgroup"
                      rowSpan={b.plans.length}
                      className="px-4 py-2 text-start align-top font-semibold max-sm:col-span-2 max-sm:block max-sm:p-0 max-sm:pt-1"
                    >
                      <bdi>{b.bank_name}</bdi>
                    </th>
                  )}
                  <td className="px-4 py-2 max-sm:block max-sm:p-0">
                    {monthsText(p.months, locale)}
                    {p.interest_percent > 0 ? (
                      <span className="ms-1 text-xs text-slate-500">
                        {t('installments.interest', { n: p.interest_percent })}
                      </span>
                    ) : (
                      <span className="ms-1 text-xs text-emerald-800">{t('installments.noInterest')}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 font-bold tabular-nums max-sm:block max-sm:p-0">
                    <CellLabel>{t('installments.monthly')}</CellLabel>
                    {formatPrice(p.monthly)}
                    {firstMonth(p) !== null && (
                      <span className="block text-xs font-normal text-slate-500">
                        {t('installments.firstMonth', { amount: formatPrice(firstMonth(p)!) })}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 tabular-nums max-sm:block max-sm:p-0">
                    <CellLabel>{t('installments.fee')}</CellLabel>
                    {p.fee > 0 ? formatPrice(p.fee) : t('installments.noFee')}
                  </td>
                  <td className="px-4 py-2 tabular-nums max-sm:block max-sm:p-0">
                    <CellLabel>{t('installments.total')}</CellLabel>
                    {formatPrice(p.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </BelowFold>
  );
}

/**
 * A cell's column name, shown above its amount on a phone, where the table's headers are hidden; wider, the
 * headers name the column and this is not drawn (nor read).
 */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="block text-xs font-normal text-slate-500 sm:hidden" data-testid="installment-label">
      {children}
    </span>
  );
}
