import type { Locale } from '@store/contracts/constants';
import type { ReportGroup, SalesReportResponse } from '@store/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiHooks, ApiError, buildQuery } from '../../lib/api-client';

export interface ReportParams {
  from?: string;
  to?: string;
  group_by: ReportGroup;
}

const query = (p: ReportParams) => ({ from: p.from, to: p.to, group_by: p.group_by });

/** GET v1/admin/reports/sales (owners): labels (governorates, products...) in `locale`, the page's language. */
export const salesReportQueryOptions = (p: ReportParams, locale: Locale) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'sales', p.from ?? '', p.to ?? '', p.group_by, locale],
    queryFn: ({ signal }) => api<SalesReportResponse>('admin/reports/sales', { query: query(p), signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The same report as a CSV file (format=csv): the session travels in headers, not cookies, so the file is fetched
 * here and handed to the browser as a download.
 */
export async function downloadSalesCsv(p: ReportParams) {
  const res = await fetch(`/v1/admin/reports/sales?${buildQuery({ ...query(p), format: 'csv' })}`, {
    headers: { accept: 'text/csv', ...apiHooks.headers() },
  });
  if (!res.ok) {
    if (res.status === 401) apiHooks.onUnauthorized();
    if (res.status === 403) apiHooks.onForbidden('admin/reports/sales');
    let body: ApiError['body'] = {};
    try {
      body = (await res.json()) as ApiError['body'];
    } catch {
      /* not JSON: the status says enough */
    }
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const name =
    /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `sales-${p.group_by}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
