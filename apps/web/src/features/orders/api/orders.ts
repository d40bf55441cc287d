import type { Order } from '@store/contracts/checkout';
import { MAX_PER_PAGE, ORDERS_PAGE_SIZE } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, apiHooks, buildQuery } from '../../../lib/api-client';

/** Every cached answer about the shopper's orders starts with this key (sign-out drops them). */
export const ORDERS_KEY = 'orders';

export interface OrdersPage {
  orders: Order[];
  meta: { per_page: number; total_entries: number; current_page: number; next_page: number | null };
}

export const ordersQueryOptions = (locale: string, page: number) =>
  queryOptions({
    queryKey: [ORDERS_KEY, 'list', locale, page],
    queryFn: () => api<OrdersPage>('users/orders', { query: { page, per_page: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const orderQueryOptions = (locale: string, id: number) =>
  queryOptions({
    queryKey: [ORDERS_KEY, 'one', id, locale],
    queryFn: () => api<{ order: Order }>(`users/orders/${id}`).then((r) => r.order),
    retry: false,
    staleTime: 0,
  });

/** Delivered orders waiting for a rating (the rating modal; checkout opens only when there are none). */
export const unratedOrdersQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [ORDERS_KEY, 'unrated', locale],
    queryFn: () =>
      api<OrdersPage>('users/orders', { query: { unrated_only: true, per_page: MAX_PER_PAGE } }).then(
        (r) => r.orders,
      ),
    staleTime: 0,
  });

/** PUT v1/users/orders/rate: every listed order with a rating from 1 to 5. */
export const rateOrders = (ratings: { id: number; rating: number }[]) =>
  api<{ ratings: { order_id: number; rating: number }[] }>('users/orders/rate', {
    method: 'PUT',
    body: { ratings },
  });

/**
 * POST v1/users/orders/{id}/cancel: the shopper cancels their order while it is pending (answers it cancelled); 422
 * in the page's language once the shop confirmed it (call the hotline) or when it is already cancelled.
 */
export const cancelOrder = (id: number) =>
  api<{ order: Order }>(`users/orders/${id}/cancel`, { method: 'POST' }).then((r) => r.order);

/**
 * Downloads one of the shopper's documents (the invoice, a credit note: a PDF, issue 47) with the shopper's
 * sign-in headers, which a plain link would not send, and hands it to the browser as a file.
 */
export async function downloadDocument(path: string, filename: string): Promise<void> {
  const res = await apiHooks.fetch(`/v1/${path}?${buildQuery()}`, {
    headers: { accept: 'application/pdf', ...apiHooks.headers() },
  });
  if (!res.ok) {
    if (res.status === 401) apiHooks.onUnauthorized();
    throw new ApiError(res.status, { errors: [] });
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
