import type { OrderReturnsResponse, ReturnReason, ReturnView } from '@store/contracts/returns';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORDERS_KEY } from './orders';

/** GET v1/users/orders/{id}/returns: the order's returns, what may still be returned and until when. */
export const returnsQueryOptions = (locale: string, orderId: number) =>
  queryOptions({
    queryKey: [ORDERS_KEY, 'returns', orderId, locale],
    queryFn: () => api<OrderReturnsResponse>(`users/orders/${orderId}/returns`),
    retry: false,
    staleTime: 0,
  });

export interface ReturnRequest {
  lines: { order_product_id: number; quantity: number }[];
  reason: ReturnReason;
  details: string;
  photos: File[];
}

/** POST v1/users/orders/{id}/returns: multipart, the lines as JSON text and the photos under `photo`. */
export function requestReturn(orderId: number, r: ReturnRequest) {
  const form = new FormData();
  form.append('lines', JSON.stringify(r.lines));
  form.append('reason', r.reason);
  if (r.details.trim()) form.append('details', r.details.trim());
  for (const p of r.photos) form.append('photo', p, p.name);
  return api<ReturnView>(`users/orders/${orderId}/returns`, { method: 'POST', body: form });
}
