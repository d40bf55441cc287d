import { lazy } from 'react';

export {
  ADDRESSES_KEY,
  addressesQueryOptions,
  deliveryZonesQueryOptions,
  useAddresses,
} from './api/addresses';
export { matchZone } from './match-zone';

// The home page imports this file (the delivery zones of its perks and of the cards' delivery hint), and what a
// file imports statically goes with it into the first load (decision 007). So the components and the `addresses`
// texts they carry are reached through lazy imports only.

const loadAddressCard = () => import('./components/address-card');

/** A saved address as a card (checkout's shipping step), fetched when it is first shown. */
export const AddressCard = lazy(() => loadAddressCard().then((m) => ({ default: m.AddressCard })));

/** Starts fetching the address card's code, for a page about to list addresses (no wait on the list). */
export function preloadAddressCard() {
  void loadAddressCard();
}

/**
 * Where an address is (building, street, floor, apartment, district, governorate, map label), written as the address
 * book writes it: the order page shows its delivery address with it. Fetched when it is first shown.
 */
export const AddressLines = lazy(() => import('./components/address-lines'));

/** The account area's Addresses tab, fetched when it is first shown. */
export const AddressesTab = lazy(() => import('./components/addresses-tab'));
