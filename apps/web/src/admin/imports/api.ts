import {
  IMPORT_TEMPLATE_CSV,
  type AdminImport,
  type AdminImportDetail,
  type ImportOutcome,
} from '@store/contracts/admin-imports';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiHooks, ApiError, buildQuery } from '../../lib/api-client';

export const IMPORTS_KEY = ['admin', 'imports'] as const;
export const ROWS_PER_PAGE = 50;

const isActive = (job: AdminImport | undefined) => job?.status === 'queued' || job?.status === 'running';

/** GET v1/admin/imports: the latest imports (the page can be left and come back to). */
export const recentImportsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'recent', locale],
    queryFn: ({ signal }) => api<{ imports: AdminImport[] }>('admin/imports', { signal }),
    // While one runs, its progress shows in the list too.
    refetchInterval: (q) => (q.state.data?.imports.some(isActive) ? 2_000 : false),
  });

/** GET v1/admin/imports/{id}: the job and a page of its rows; polled every second while it runs. */
export const importQueryOptions = (
  id: number,
  f: { outcome: ImportOutcome | 'all'; page: number },
  locale: Locale,
) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'one', id, f, locale],
    queryFn: ({ signal }) =>
      api<AdminImportDetail>(`admin/imports/${id}`, {
        query: {
          outcome: f.outcome === 'all' ? undefined : f.outcome,
          page: f.page,
          per_page: ROWS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (isActive(q.state.data?.import) ? 1_000 : false),
  });

/** POST v1/admin/imports: the file, checked (dry run) or imported; 422 when the file cannot be read. */
export const uploadImport = (file: File, dryRun: boolean) => {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('file_name', file.name.slice(0, 200));
  form.append('file', file, file.name);
  return api<{ import: AdminImport }>('admin/imports', { method: 'POST', body: form });
};

/** POST v1/admin/imports/{id}/run: the checked file, imported for real. */
export const runCheckedImport = (id: number) =>
  api<{ import: AdminImport }>(`admin/imports/${id}/run`, { method: 'POST' });

function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The template: the header and one example row, with a BOM so a spreadsheet shows the Arabic. */
export const downloadTemplate = () =>
  saveAs(
    new Blob([`\ufeff${IMPORT_TEMPLATE_CSV}`], { type: 'text/csv;charset=utf-8' }),
    'products-template.csv',
  );

/** GET v1/admin/products/export (every product): the session is in headers, so the file is fetched here. */
export async function downloadAllProducts() {
  const res = await fetch(`/v1/admin/products/export?${buildQuery({})}`, {
    headers: { accept: 'text/csv', ...apiHooks.headers() },
  });
  if (!res.ok) {
    if (res.status === 401) apiHooks.onUnauthorized();
    let body: ApiError['body'] = {};
    try {
      body = (await res.json()) as ApiError['body'];
    } catch {
      /* not JSON: the status says enough */
    }
    throw new ApiError(res.status, body);
  }
  saveAs(await res.blob(), `products-${new Date().toISOString().slice(0, 10)}.csv`);
}
