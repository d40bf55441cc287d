import { useTranslation } from 'react-i18next';
import { statusClass, statusKey } from '../orders/labels';

/** An order status as a coloured label. */
export function StatusBadge({ status, className = '' }: { status: string | null; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass(status)} ${className}`}
      data-status={status ?? ''}
    >
      {t(`statuses.${statusKey(status)}`)}
    </span>
  );
}
