import type { AdminBackupCheck } from '@store/contracts/admin-backup';
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

/** Where the browser downloads a backup of the whole store (owners; GET v1/admin/backup). */
export const BACKUP_URL = '/v1/admin/backup';

/** GET v1/admin/backup/check: whether the server can make a backup now (its refusal says why, in words). */
export const checkBackup = () => api<AdminBackupCheck>('admin/backup/check');
