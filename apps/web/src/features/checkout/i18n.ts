import ar from '../../i18n/ar/checkout.json';
import en from '../../i18n/en/checkout.json';
import { ensureNamespace, useTranslation } from '../../lib/i18n';

/** The `checkout` namespace travels with the wizard, not the first load. */
export function useCheckoutTranslation() {
  ensureNamespace('checkout', { ar, en });
  return useTranslation('checkout');
}
