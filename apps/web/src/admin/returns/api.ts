import type { Locale } from '@store/contracts/constants';
import type { AdminReturnsResponse, ReturnStatus } from '@store/contracts/returns';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import ar from '../../i18n/ar/admin-returns.json';
import en from '../../i18n/en/admin-returns.json';
import i18n from '../lib/i18n';

export const RETURNS_KEY = ['admin', 'returns'] as const;

/** The `admin-returns` namespace, added when the page loads (the back office's first load does not carry it). */
export function addReturnTexts() {
  if (!i18n.hasResourceBundle('ar', 'admin-returns')) i18n.addResourceBundle('ar', 'admin-returns', ar);
  if (!i18n.hasResourceBundle('en', 'admin-returns')) i18n.addResourceBundle('en', 'admin-returns', en);
}

/** A return's status as a coloured label. */
export const RETURN_TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-red-100 text-red-900',
  refunded: 'bg-emerald-100 text-emerald-900',
};

/** GET v1/admin/returns: newest first, by status, or one order's (every status). */
export const returnsQueryOptions = (status: ReturnStatus | '', orderId?: number) =>
  queryOptions({
    queryKey: [...RETURNS_KEY, status, orderId ?? 0],
    queryFn: ({ signal }) =>
      api<AdminReturnsResponse>('admin/returns', {
        query: orderId ? { order_id: orderId } : { status: status || undefined },
        signal,
      }),
    // While the outbox books a courier's pickup, the page asks again every few seconds until it shows.
    refetchInterval: (q) =>
      q.state.data?.books_pickups && q.state.data?.returns.some((r) => r.status === 'approved' && !r.pickup)
        ? 3000
        : false,
  });

/** One order's returns, for its page (the names of the products in the staff member's language). */
export const orderReturnsQueryOptions = (orderId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...RETURNS_KEY, 'order', orderId, locale],
    queryFn: ({ signal }) =>
      api<AdminReturnsResponse>('admin/returns', { query: { order_id: orderId }, signal }),
  });

export const approveReturn = (
  id: number,
  body: { note?: string; carrier?: string; tracking_number?: string },
) => api<AdminReturnsResponse>(`admin/returns/${id}/approve`, { method: 'POST', body });
export const refuseReturn = (id: number, note: string) =>
  api<AdminReturnsResponse>(`admin/returns/${id}/refuse`, { method: 'POST', body: { note } });
export const receiveReturn = (id: number) =>
  api<AdminReturnsResponse>(`admin/returns/${id}/receive`, { method: 'POST', body: {} });
export const setReturnPickup = (id: number, body: { carrier: string; tracking_number: string }) =>
  api<AdminReturnsResponse>(`admin/returns/${id}/pickup`, { method: 'PUT', body });
