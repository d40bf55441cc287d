import type {
  AdminBank,
  AdminBranch,
  AdminDeliveryZone,
  AdminPageSettings,
  AdminPlan,
  ContentGroup,
} from '@store/contracts/admin-content';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const CONTENT_KEY = ['admin', 'content'] as const;

/** GET v1/admin/page_settings?group=: every setting of the group and the group's updated_at. */
export const pageSettingsQueryOptions = (group: ContentGroup) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'settings', group],
    queryFn: ({ signal }) => api<AdminPageSettings>('admin/page_settings', { query: { group }, signal }),
    // An editor keeps what it read: a refetch would move the base of the pending edit.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** PUT v1/admin/page_settings. 409: another edit landed since `updated_at`. */
export const savePageSettings = (body: {
  group: ContentGroup;
  updated_at: string;
  settings: { name: string; value: string | null }[];
}) => api<AdminPageSettings>('admin/page_settings', { method: 'PUT', body });

/** POST v1/admin/page_settings/{name}/image (multipart). */
export function uploadSettingImage(name: string, file: File, updatedAt: string) {
  const body = new FormData();
  body.set('updated_at', updatedAt);
  body.set('file', file);
  return api<AdminPageSettings>(`admin/page_settings/${encodeURIComponent(name)}/image`, {
    method: 'POST',
    body,
  });
}

export interface DeleteResult {
  result: 'deleted' | 'deactivated';
  message: string | null;
}

/** The list and the writes of one kind of row (branches, zones, banks, plans). */
function rows<T extends { id: number }>(path: string, listKey: string, oneKey: string) {
  return {
    queryOptions: () =>
      queryOptions({
        queryKey: [...CONTENT_KEY, path],
        queryFn: ({ signal }) =>
          api<Record<string, T[]>>(`admin/${path}`, { signal }).then((r) => r[listKey] ?? []),
        staleTime: 10_000,
      }),
    create: (body: unknown) =>
      api<Record<string, T>>(`admin/${path}`, { method: 'POST', body }).then((r) => r[oneKey]!),
    update: (id: number, body: unknown) =>
      api<Record<string, T>>(`admin/${path}/${id}`, { method: 'PUT', body }).then((r) => r[oneKey]!),
    remove: (id: number) => api<DeleteResult>(`admin/${path}/${id}`, { method: 'DELETE' }),
  };
}

export const branchesApi = rows<AdminBranch>('branches', 'branches', 'branch');
export const zonesApi = rows<AdminDeliveryZone>('delivery_zones', 'delivery_zones', 'delivery_zone');
export const banksApi = rows<AdminBank>('banks', 'banks', 'bank');
export const plansApi = rows<AdminPlan>('bank_installments', 'bank_installments', 'bank_installment');
