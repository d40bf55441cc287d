import {
  IMPORT_TEMPLATE_CSV,
  type AdminImport,
  type AdminImportDetail,
  type ImportOutcome,
  type ImportStatus,
} from '@store/contracts/admin-imports';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, apiHooks, ApiError, buildQuery } from '../../lib/api-client';

export const IMPORTS_KEY = ['admin', 'imports'] as const;
export const ROWS_PER_PAGE = 50;

const isActive = (job: AdminImport | undefined) => job?.status === 'queued' || job?.status === 'running';

const STAGE: Record<ImportStatus, number> = { queued: 0, running: 1, done: 2, failed: 2 };

/**
 * Of two readings of one import, the one further along: an answer asked for earlier may land later, and must not
 * take the page back (a done import read as running again).
 */
export function furthest(a: AdminImport, b: AdminImport | undefined): AdminImport {
  if (!b || b.id !== a.id) return a;
  const ahead = STAGE[b.status] - STAGE[a.status];
  return ahead > 0 || (ahead === 0 && b.processed > a.processed) ? b : a;
}

type Recent = { imports: AdminImport[] };
const recentKey = (locale: Locale) => [...IMPORTS_KEY, 'recent', locale] as const;

/**
 * The history's imports with what the page read of each one by itself (an open import's card polls it faster), in
 * this language: never behind that, and with a job newer than the history's answer on top (the answer was asked
 * for just before the job was made, and was still on its way).
 */
function withReadings(
  imports: AdminImport[],
  client: QueryClient,
  locale: Locale,
  latest?: AdminImport,
): AdminImport[] {
  const read = new Map<number, AdminImport>();
  const add = (j: AdminImport) => read.set(j.id, furthest(j, read.get(j.id)));
  for (const [key, data] of client.getQueriesData<AdminImportDetail>({ queryKey: [...IMPORTS_KEY, 'one'] }))
    if (data && key[4] === locale) add(data.import);
  if (latest) add(latest);
  const top = imports[0]?.id ?? 0;
  const newer = [...read.values()].filter((j) => j.id > top).sort((a, b) => b.id - a.id);
  return [...newer, ...imports.map((j) => furthest(j, read.get(j.id)))];
}

/**
 * GET v1/admin/imports: the latest imports (the page can be left and come back to). The open import's line says
 * what its card says, at once and never behind it (issue 43 item 17: the history read "running 100%" of an import
 * its card showed done, until its next poll).
 */
export const recentImportsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: recentKey(locale),
    queryFn: async ({ signal, client }): Promise<Recent> => {
      const { imports } = await api<Recent>('admin/imports', { signal });
      return { imports: withReadings(imports, client, locale) };
    },
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
    queryFn: async ({ signal, client }) => {
      const detail = await api<AdminImportDetail>(`admin/imports/${id}`, {
        query: {
          outcome: f.outcome === 'all' ? undefined : f.outcome,
          page: f.page,
          per_page: ROWS_PER_PAGE,
        },
        signal,
      });
      // The history's line of this import says the same, in the same render as the card.
      client.setQueryData<Recent>(
        recentKey(locale),
        (old) => old && { imports: withReadings(old.imports, client, locale, detail.import) },
      );
      return detail;
    },
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
    if (res.status === 403) apiHooks.onForbidden('admin/products/export');
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
