import { useTranslation } from 'react-i18next';
import { price as formatPrice } from '../../../lib/format';

/** "From 1,250 EGP a month": the lowest monthly amount over the banks' installment plans (issue 16). */
export function MonthlyPrice({
  amount,
  className = '',
  testId = 'monthly-from',
}: {
  amount?: number | null;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('catalog');
  if (amount == null) return null;
  return (
    <p className={`text-xs font-medium text-emerald-800 ${className}`} data-testid={testId}>
      {t('installments.from', { amount: formatPrice(amount) })}
    </p>
  );
}
