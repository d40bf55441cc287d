import type {
  AdminSettlementFilesResponse,
  AdminSettlementReport,
  AdminSettlementUploadResponse,
} from '@store/contracts/admin-settlements';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import ar from '../../i18n/ar/settlements.json';
import en from '../../i18n/en/settlements.json';
import i18n from '../lib/i18n';

export const SETTLEMENTS_KEY = ['admin', 'settlements'] as const;

/** The `settlements` namespace, added when the page loads (the back office's first load does not carry it). */
export function addSettlementTexts() {
  if (!i18n.hasResourceBundle('ar', 'settlements')) i18n.addResourceBundle('ar', 'settlements', ar);
  if (!i18n.hasResourceBundle('en', 'settlements')) i18n.addResourceBundle('en', 'settlements', en);
}

/** GET v1/admin/reports/settlements (owners): collected against expected per day and courier. */
export const settlementReportQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...SETTLEMENTS_KEY, from, to],
    queryFn: ({ signal }) =>
      api<AdminSettlementReport>('admin/reports/settlements', { query: { from, to }, signal }),
  });

/** POST v1/admin/settlements (owners): the courier's settlement CSV. */
export const uploadSettlement = (file: File, courier: string) => {
  const form = new FormData();
  form.append('courier', courier);
  form.append('file', file, file.name);
  return api<AdminSettlementUploadResponse>('admin/settlements', { method: 'POST', body: form });
};

/** GET v1/admin/settlements/files (owners): the latest uploaded settlement files, newest first. */
export const settlementFilesQueryOptions = () =>
  queryOptions({
    queryKey: [...SETTLEMENTS_KEY, 'files'],
    queryFn: async ({ signal }) =>
      (await api<AdminSettlementFilesResponse>('admin/settlements/files', { signal })).files,
  });

/** DELETE v1/admin/settlements/files/{id} (owners): the file and every amount it recorded. */
export const removeSettlementFile = (id: number) =>
  api<void>(`admin/settlements/files/${id}`, { method: 'DELETE' });
