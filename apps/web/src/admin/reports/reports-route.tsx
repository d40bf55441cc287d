import { REPORT_GROUPS, type ReportGroup, type SalesReportRow } from '@store/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, money } from '../lib/format';
import { addInsightsTexts } from '../lib/insights-texts';
import { useAdminTitle } from '../lib/use-admin-title';
import { downloadSalesCsv, salesReportQueryOptions, type ReportParams } from './api';

addInsightsTexts();

const COLS = ['orders', 'units', 'revenue', 'discounts', 'vat', 'refunds', 'net'] as const;
const isGroup = (g: string | null): g is ReportGroup =>
  !!g && (REPORT_GROUPS as readonly string[]).includes(g);

/** One figure of a row: counts as counts, amounts as money. */
function Figure({ row, col }: { row: Omit<SalesReportRow, 'key' | 'label'>; col: (typeof COLS)[number] }) {
  const locale = useLocaleStore((s) => s.locale);
  const v = row[col];
  // Discounts by product, category or brand are not summarised (already out of their revenue).
  if (v === null) return <>—</>;
  return <>{col === 'orders' || col === 'units' ? count(v, locale) : money(v)}</>;
}

/**
 * Reports (owners, issue 49): sales of a range of Cairo days grouped by day, week, month, product, category, brand,
 * governorate or payment method, with each row's share of the revenue drawn as a bar; the filters live in the
 * address (?from&to&group_by), so a report can be bookmarked or sent; the same rows export as CSV.
 */
export function Component() {
  const { t } = useTranslation('insights');
  useAdminTitle(t('reports.title'));
  const allowed = useCan('reports');
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('group_by');
  const p: ReportParams = {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    group_by: isGroup(groupParam) ? groupParam : 'day',
  };
  const locale = useLocaleStore((s) => s.locale);
  const q = useQuery({ ...salesReportQueryOptions(p, locale), enabled: allowed });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string[]>([]);
  // The form's own values until "Show": the report follows the address only.
  const [from, setFrom] = useState(p.from ?? '');
  const [to, setTo] = useState(p.to ?? '');
  const [group, setGroup] = useState<ReportGroup>(p.group_by);
  if (q.data && !p.from && !from) setFrom(q.data.from);
  if (q.data && !p.to && !to) setTo(q.data.to);

  if (!allowed)
    return (
      <div className="mx-auto max-w-5xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('reports.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('admin:errors.forbidden')}
        </p>
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    next.set('group_by', group);
    setParams(next);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError([]);
    try {
      await downloadSalesCsv(p);
    } catch (err) {
      setExportError(errorMessages(err));
    } finally {
      setExporting(false);
    }
  };
  const rows = q.data?.rows ?? [];
  const top = Math.max(1, ...rows.map((r) => r.revenue));
  const field = 'h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm';

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('reports.title')}</h1>
      <p className="text-sm text-slate-700">{t('reports.intro')}</p>
      <Card>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="report-filters">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('reports.from')}
            <input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={field}
              data-testid="report-from"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('reports.to')}
            <input
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className={field}
              data-testid="report-to"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('reports.groupBy')}
            <select
              value={group}
              onChange={(e) => setGroup(e.target.value as ReportGroup)}
              className={field}
              data-testid="report-group"
            >
              {REPORT_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`reports.groups.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" data-testid="report-show">
            {t('reports.show')}
          </Button>
          <Button
            variant="outline"
            onClick={() => void exportCsv()}
            disabled={exporting || !q.data}
            data-testid="report-export"
          >
            {exporting ? t('reports.exporting') : t('reports.export')}
          </Button>
        </form>
        <ErrorBox messages={exportError} className="mt-3" />
      </Card>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-64" />
      ) : (
        <Card testId="report">
          {q.data.totals.orders === 0 && <p className="mb-3 text-slate-600">{t('reports.empty')}</p>}
          <div className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-sm" data-testid="report-table">
              <thead>
                <tr className="border-b border-slate-200 text-start text-xs text-slate-600">
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">
                    {t(`reports.groups.${q.data.group_by}`)}
                  </th>
                  {COLS.map((c) => (
                    <th key={c} scope="col" className="px-2 py-2 text-end font-semibold">
                      {t(`reports.cols.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="w-32 ps-3 py-2 text-start font-semibold">
                    {t('reports.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key} className="border-b border-slate-100" data-testid="report-row">
                    <th scope="row" className="max-w-64 py-2 pe-3 text-start font-medium">
                      <bdi>{r.label}</bdi>
                    </th>
                    {COLS.map((c) => (
                      <td key={c} className="px-2 py-2 text-end tabular-nums whitespace-nowrap">
                        <Figure row={r} col={c} />
                      </td>
                    ))}
                    <td className="ps-3 py-2">
                      <div className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                        <div
                          className="h-3 rounded-full bg-brand-700"
                          style={{ width: `${Math.max(0, (r.revenue / top) * 100)}%` }}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-bold" data-testid="report-total">
                  <th scope="row" className="py-2 pe-3 text-start">
                    {t('reports.total')}
                  </th>
                  {COLS.map((c) => (
                    <td key={c} className="px-2 py-2 text-end tabular-nums whitespace-nowrap">
                      <Figure row={q.data.totals} col={c} />
                    </td>
                  ))}
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        </Card>
      )}
    </div>
  );
}
