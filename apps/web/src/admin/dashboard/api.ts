import type { AdminDashboard } from '@store/contracts/admin-orders';
import type { Locale } from '@store/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET v1/admin/dashboard: today's and this month's figures, orders waiting, low stock, the last 30 days. */
export const dashboardQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', locale],
    queryFn: ({ signal }) => api<AdminDashboard>('admin/dashboard', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
