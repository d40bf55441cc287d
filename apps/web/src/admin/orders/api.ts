import type {
  AdminOrder,
  AdminOrderRow,
  AdminOrderStatusBody,
  AdminRefundBody,
} from '@store/contracts/admin-orders';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery, type OrderFilters } from './filters';

export interface AdminOrdersPage {
  orders: AdminOrderRow[];
  meta: { per_page: number; total_entries: number; current_page: number; next_page: number | null };
  counts: Record<string, number>;
}

export const ORDERS_KEY = ['admin', 'orders'] as const;

/** GET v1/admin/orders: one page of the list, filtered and sorted by the server. */
export const ordersQueryOptions = (filters: OrderFilters, locale: Locale) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filters, locale],
    queryFn: ({ signal }) => api<AdminOrdersPage>('admin/orders', { query: apiQuery(filters), signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET v1/admin/orders/{id}: lines, customer, address, payments, history and the moves allowed now. */
export const orderQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id, locale],
    queryFn: async ({ signal }) => (await api<{ order: AdminOrder }>(`admin/orders/${id}`, { signal })).order,
    staleTime: 5_000,
  });

/** PUT v1/admin/orders/{id}/status. 409: someone else moved it first; 422: a move the table does not allow. */
export const changeStatus = (id: number, body: AdminOrderStatusBody) =>
  api<{ order: AdminOrder }>(`admin/orders/${id}/status`, { method: 'PUT', body });

/** POST v1/admin/orders/{id}/refunds. */
export const refund = (id: number, body: AdminRefundBody) =>
  api<{ order: AdminOrder }>(`admin/orders/${id}/refunds`, { method: 'POST', body });

/** The governorates the store delivers to (the list's governorate filter), in the current language. */
export const zonesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['admin', 'zones', locale],
    queryFn: async () =>
      (
        await api<{ delivery_zones: { id: number; name: string; name_en: string; name_ar: string }[] }>(
          'delivery_zones',
        )
      ).delivery_zones,
    staleTime: 10 * 60_000,
  });
