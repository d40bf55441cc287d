import { statusClass, statusKey } from '../order-labels';
import { useOrdersTranslation } from '../i18n';

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useOrdersTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${statusClass(status)}`}
      data-testid="order-status"
      data-status={statusKey(status)}
    >
      {t(`statuses.${statusKey(status)}`)}
    </span>
  );
}
