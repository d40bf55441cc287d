import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { LoadError } from '../components/messages';
import { StatusBadge } from '../components/status-badge';
import { count, money } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { dashboardQueryOptions } from './api';
import { BackupCard } from './backup-card';

// The chart library comes with the chart, after the figures are on screen.
const SalesChart = lazy(() => import('./sales-chart'));

const WAITING = ['pending', 'confirmed', 'processing', 'delivering'] as const;

function Figure({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: string;
  sub: string;
  testId: string;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-extrabold text-brand-900">{value}</p>
      <p className="mt-1 text-sm text-slate-700">{sub}</p>
    </div>
  );
}

/**
 * The back office's first page (/admin). The dashboard is for owners and order staff; a catalog member, whom its
 * API refuses, goes to the products instead.
 */
export function Component() {
  const orders = useCan('orders');
  if (!orders) return <Navigate to="/products" replace />;
  return <Dashboard />;
}

/** The owner's first screen: sales and orders today and this month, what waits, low stock, refunds to do. */
function Dashboard() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const backups = useCan('backup');
  useAdminTitle(t('dashboard.title'));
  const q = useQuery(dashboardQueryOptions(locale));

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('dashboard.title')}</h1>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure
              testId="today-sales"
              label={t('dashboard.todaySales')}
              value={money(q.data.today.sales)}
              sub={t('dashboard.ordersCount', { n: count(q.data.today.orders, locale) })}
            />
            <Figure
              testId="month-sales"
              label={t('dashboard.monthSales')}
              value={money(q.data.month.sales)}
              sub={t('dashboard.ordersCount', { n: count(q.data.month.orders, locale) })}
            />
            <Card title={t('dashboard.refundsToDo')} testId="refunds-to-do" className="xl:col-span-2">
              <p className="text-2xl font-extrabold text-brand-900">{count(q.data.refunds_to_do, locale)}</p>
              <p className="text-sm text-slate-700">{t('dashboard.refundsHint')}</p>
              {q.data.refunds_to_do > 0 && (
                <Link
                  to="/admin/orders?refund_required=true"
                  className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
                >
                  {t('dashboard.refundsList')}
                </Link>
              )}
            </Card>
          </div>

          <div className="grid gap-4 lg:grid-cols-3">
            <Card title={t('dashboard.waiting')} testId="waiting" className="lg:col-span-1">
              <ul className="flex flex-col gap-1">
                {WAITING.map((s) => (
                  <li key={s}>
                    <Link
                      to={`/orders?status=${s}`}
                      className="flex items-center justify-between gap-2 rounded-lg px-2 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                      data-testid={`waiting-${s}`}
                    >
                      <StatusBadge status={s} />
                      <span className="font-bold">{count(q.data.waiting[s] ?? 0, locale)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
            <Card title={t('dashboard.chart.title')} className="lg:col-span-2">
              <Suspense fallback={<Skeleton className="h-64" />}>
                <SalesChart days={q.data.daily} />
              </Suspense>
            </Card>
          </div>

          <Card title={t('dashboard.lowStock')} testId="low-stock">
            {q.data.low_stock.length === 0 ? (
              <p className="text-slate-700">{t('dashboard.noLowStock')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {q.data.low_stock.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="block truncate">{p.title}</span>
                      {!p.active && <span className="text-xs text-slate-500">{t('dashboard.inactive')}</span>}
                    </span>
                    <span
                      className={`shrink-0 rounded-full px-2.5 py-0.5 text-sm font-bold ${p.stock === 0 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
                    >
                      {p.stock > 0
                        ? t('dashboard.inStock', { n: count(p.stock, locale) })
                        : t('dashboard.outOfStock')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      {backups && (
        <div className="mt-4">
          <BackupCard />
        </div>
      )}
    </div>
  );
}
