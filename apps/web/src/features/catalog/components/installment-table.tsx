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
      className="mt-10 [--below-fold-size:calc(var(--rows)*60px_+_90px)] md:[--below-fold-size:calc(var(--rows)*53px_+_90px)] lg:[--below-fold-size:calc(var(--rows)*38px_+_90px)]"
      style={{ '--rows': banks.reduce((n, b) => n + b.plans.length, 0) } as CSSProperties}
    >
      <h2 id="installments-title" className="mb-1 text-xl font-bold">
        {t('installments.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('installments.hint')}</p>
      {/* Wider than a phone: it scrolls sideways, so it takes the keyboard's focus (arrow keys scroll it) and is
          named as a region for that (axe: scrollable-region-focusable). */}
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        tabIndex={0}
        role="region"
        aria-labelledby="installments-title"
        data-testid="installment-scroll"
      >
        <table className="w-full min-w-[36rem] text-start text-sm" data-testid="installment-table">
          <thead className="bg-slate-50 text-slate-700">
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
          <tbody>
            {banks.flatMap((b) =>
              b.plans.map((p, i) => (
                <tr key={p.id} className="border-t border-slate-100">
                  {i === 0 && (
                    <th
                      scope="rowgroup"
                      rowSpan={b.plans.length}
                      className="px-4 py-2 text-start align-top font-semibold"
                    >
                      <bdi>{b.bank_name}</bdi>
                    </th>
                  )}
                  <td className="px-4 py-2">
                    {monthsText(p.months, locale)}
                    {p.interest_percent > 0 ? (
                      <span className="ms-1 text-xs text-slate-500">
                        {t('installments.interest', { n: p.interest_percent })}
                      </span>
                    ) : (
                      <span className="ms-1 text-xs text-emerald-800">{t('installments.noInterest')}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 font-bold tabular-nums">
                    {formatPrice(p.monthly)}
                    {firstMonth(p) !== null && (
                      <span className="block text-xs font-normal text-slate-500">
                        {t('installments.firstMonth', { amount: formatPrice(firstMonth(p)!) })}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 tabular-nums">
                    {p.fee > 0 ? formatPrice(p.fee) : t('installments.noFee')}
                  </td>
                  <td className="px-4 py-2 tabular-nums">{formatPrice(p.total)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </BelowFold>
  );
}
