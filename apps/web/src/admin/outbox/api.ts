import type { AdminOutboxResponse } from '@store/contracts/admin-outbox';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const OUTBOX_KEY = ['admin', 'outbox', 'failures'] as const;

/** GET v1/admin/outbox/failures (owners): the outbox's events whose last attempt failed. */
export const outboxFailuresQueryOptions = () =>
  queryOptions({
    queryKey: OUTBOX_KEY,
    queryFn: ({ signal }) => api<AdminOutboxResponse>('admin/outbox/failures', { signal }),
  });

/** POST v1/admin/outbox/{id}/retry (owners): a given-up event is tried again within seconds. */
export const retryOutboxEvent = (id: number) =>
  api<{ retried: true }>(`admin/outbox/${id}/retry`, { method: 'POST', body: {} });
