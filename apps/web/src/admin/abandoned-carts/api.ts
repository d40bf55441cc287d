import type { AbandonedCartChannels, AbandonedCartsResponse } from '@store/contracts/alerts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const ABANDONED_KEY = ['admin', 'abandoned-carts'] as const;

/** GET v1/admin/abandoned_carts (orders area): a page of carts left, and the reminders' channels. */
export const abandonedCartsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ABANDONED_KEY, page],
    queryFn: ({ signal }) =>
      api<AbandonedCartsResponse>('admin/abandoned_carts', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** PUT v1/admin/abandoned_carts/channels (owners). */
export const saveReminderChannels = (body: AbandonedCartChannels) =>
  api<AbandonedCartChannels>('admin/abandoned_carts/channels', { method: 'PUT', body });
