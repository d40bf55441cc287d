import ar from '../../i18n/ar/addresses.json';
import en from '../../i18n/en/addresses.json';
import { ensureNamespace, useTranslation } from '../../lib/i18n';

/** The `addresses` namespace travels with the address pages, not the first load. */
export function useAddressesTranslation() {
  ensureNamespace('addresses', { ar, en });
  return useTranslation('addresses');
}
