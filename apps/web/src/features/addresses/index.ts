import { lazy } from 'react';

export {
  ADDRESSES_KEY,
  addressesQueryOptions,
  deliveryZonesQueryOptions,
  useAddresses,
} from './api/addresses';
export { AddressCard } from './components/address-card';
export { addressPhone, matchZone } from './address-values';
export { useAddressesTranslation } from './i18n';

/** The account area's Addresses tab, fetched when it is first shown. */
export const AddressesTab = lazy(() => import('./components/addresses-tab'));
