import type { Address, DeliveryZone } from '@store/contracts/address';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

/** Every cached answer about the shopper's addresses starts with this key (sign-out drops them). */
export const ADDRESSES_KEY = 'addresses';

export const addressesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [ADDRESSES_KEY, 'list', locale],
    queryFn: () => api<{ addresses: Address[] }>('users/addresses').then((r) => r.addresses),
    staleTime: 0,
  });

export const addressQueryOptions = (locale: string, id: number) =>
  queryOptions({
    queryKey: [ADDRESSES_KEY, 'one', id, locale],
    queryFn: () => api<{ address: Address }>(`users/addresses/${id}`).then((r) => r.address),
    staleTime: 0,
    retry: false,
  });

export function useAddresses() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(addressesQueryOptions(locale));
}

/** Governorates we deliver to, with their fees (the form's governorate choices). */
export const deliveryZonesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['delivery-zones', locale],
    queryFn: () => api<{ delivery_zones: DeliveryZone[] }>('delivery_zones').then((r) => r.delivery_zones),
    staleTime: 10 * 60_000,
  });
