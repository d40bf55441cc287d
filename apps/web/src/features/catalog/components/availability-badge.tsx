import { useTranslation } from '../../../lib/i18n';
import { availabilityOf } from '../availability';

const styles = {
  in_stock: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  low_stock: 'bg-amber-50 text-amber-900 ring-amber-300',
  out_of_stock: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;

/** The stock indicator of spec §4. */
export function AvailabilityBadge({
  stock,
  className = '',
  testId,
}: {
  stock: number;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('catalog');
  const a = availabilityOf(stock);
  const text =
    a.state === 'in_stock'
      ? t('availability.inStock')
      : a.state === 'low_stock'
        ? t('availability.onlyLeft', { n: a.left })
        : t('availability.outOfStock');
  return (
    <span
      data-availability={a.state}
      data-testid={testId}
      className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[a.state]} ${className}`}
    >
      {text}
    </span>
  );
}
