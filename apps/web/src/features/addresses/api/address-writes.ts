import type { Address, AddressInput } from '@store/contracts/address';
import { api } from '../../../lib/api-client';

// The writes of the address form and the addresses tab, apart from the reads (api/addresses.ts), which the cards'
// delivery hint needs on every page: what a first load carries is its own code only.

/**
 * Spec §7: form data as multipart, the fields as address[field]. Every field is sent (an emptied one as ''), so an
 * edit can clear the instructions or drop a city code.
 */
export function addressFormData(input: AddressInput): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(input))
    fd.append(`address[${key}]`, value === null || value === undefined ? '' : String(value));
  return fd;
}

export const createAddress = (input: AddressInput) =>
  api<{ address: Address }>('users/addresses', { method: 'POST', body: addressFormData(input) }).then(
    (r) => r.address,
  );

export const updateAddress = (id: number, input: AddressInput) =>
  api<{ address: Address }>(`users/addresses/${id}`, { method: 'PUT', body: addressFormData(input) }).then(
    (r) => r.address,
  );

export const deleteAddress = (id: number) =>
  api<{ id: number; deleted: true }>(`users/addresses/${id}`, { method: 'DELETE' });
