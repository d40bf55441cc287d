import type { AdminMessage, SmsProvider, SmsStatus } from '@store/contracts/sms';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

type Meta = { per_page: number; total_entries: number; current_page: number; next_page: number | null };

export interface MessageFilters {
  status?: SmsStatus;
  provider?: SmsProvider;
  phone?: string;
  from?: string;
  to?: string;
  page: number;
}

export const MESSAGES_KEY = ['admin', 'messages'] as const;

/** GET v1/admin/messages: one page of recorded SMS, filtered by the server. */
export const messagesQueryOptions = (f: MessageFilters, locale: Locale) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', f, locale],
    queryFn: ({ signal }) =>
      api<{ messages: AdminMessage[]; meta: Meta }>('admin/messages', {
        query: {
          status: f.status,
          provider: f.provider,
          phone: f.phone || undefined,
          from: f.from,
          to: f.to,
          page: f.page,
          per_page: 20,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET v1/admin/messages?order_id=: an order's SMS, for its page. */
export const orderMessagesQueryOptions = (orderId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'order', orderId, locale],
    queryFn: ({ signal }) =>
      api<{ messages: AdminMessage[]; meta: Meta }>('admin/messages', {
        query: { order_id: orderId, per_page: 50 },
        signal,
      }),
    staleTime: 5_000,
  });
