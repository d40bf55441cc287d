import ar from '../../i18n/ar/orders.json';
import en from '../../i18n/en/orders.json';
import { ensureNamespace, useTranslation } from '../../lib/i18n';

/** The `orders` namespace travels with the order pages and the rating modal, not the first load. */
export function useOrdersTranslation() {
  ensureNamespace('orders', { ar, en });
  return useTranslation('orders');
}
