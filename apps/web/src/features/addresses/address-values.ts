import type { Address, NumberType } from '@store/contracts/address';
import { HOME_PHONE_PREFIXES } from '@store/contracts/constants';

/** What the address form holds: every field a string, the map position as numbers once chosen. */
export interface AddressFormValues {
  label: string;
  street_name: string;
  building: string;
  floor: string;
  apartment: string;
  district: string;
  governorate: string;
  instructions: string;
  number_type: NumberType;
  phone_number: string;
  city_code: string;
  lat?: number;
  lng?: number;
  /** The reverse-geocoded label of the map position. */
  name: string;
}

/** A new address: no map position yet (the shopper must choose one), a mobile number by default. */
export const emptyAddressValues = (): AddressFormValues => ({
  label: '',
  street_name: '',
  building: '',
  floor: '',
  apartment: '',
  district: '',
  governorate: '',
  instructions: '',
  number_type: 'mobile',
  phone_number: '',
  city_code: HOME_PHONE_PREFIXES[0],
  name: '',
});

/** A saved address as form values (edit). */
export function addressToValues(a: Address): AddressFormValues {
  return {
    label: a.label,
    street_name: a.street_name,
    building: a.building,
    floor: a.floor,
    apartment: a.apartment,
    district: a.district,
    governorate: a.governorate,
    instructions: a.instructions ?? '',
    number_type: a.number_type,
    phone_number: a.phone_number,
    city_code: a.city_code ?? HOME_PHONE_PREFIXES[0],
    lat: a.lat,
    lng: a.lng,
    name: a.name,
  };
}

// Found apart (match-zone.ts): the cards' delivery hint needs it on every page, the rest only the forms.
export { matchZone } from './match-zone';

/** The phone of an address as people write it: a home number with its area code. */
export const addressPhone = (a: Pick<Address, 'number_type' | 'phone_number' | 'city_code'>) =>
  a.number_type === 'home' && a.city_code ? `${a.city_code} ${a.phone_number}` : a.phone_number;

/**
 * What the map's label says (spec §8: the reverse-geocoded address, N/A when it fails): the i18n key to show, or the
 * address itself. The saved `name` stays the contract's 'N/A'; the shopper reads it in their language.
 */
export function mapLabel(state: {
  geocoding: boolean;
  position: unknown;
  name: string;
  failed: string;
}): { key: 'map.finding' | 'map.notChosen' | 'map.unknownPlace' } | { text: string } {
  if (state.geocoding) return { key: 'map.finding' };
  if (!state.position) return { key: 'map.notChosen' };
  if (state.name === state.failed) return { key: 'map.unknownPlace' };
  return { text: state.name || '…' };
}
