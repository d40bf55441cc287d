import { useTranslation } from '../../../lib/i18n';
import { price as formatPrice } from '../../../lib/format';

/** "From 1,250 EGP a month": the lowest monthly amount over the banks' installment plans (issue 16). */
export function MonthlyPrice({
  amount,
  className = '',
  testId = 'monthly-from',
  short = false,
}: {
  amount?: number | null;
  className?: string;
  testId?: string;
  /** On a phone (under 640 px) the short form, "From 1,250 EGP a month", on one line of a product row. */
  short?: boolean;
}) {
  const { t } = useTranslation('catalog');
  if (amount == null) return null;
  const values = { amount: formatPrice(amount) };
  return (
    <p className={`text-xs font-medium text-emerald-800 ${className}`} data-testid={testId}>
      {short ? (
        <>
          <span className="max-sm:hidden">{t('installments.from', values)}</span>
          <span className="hidden max-sm:inline">{t('installments.fromShort', values)}</span>
        </>
      ) : (
        t('installments.from', values)
      )}
    </p>
  );
}
