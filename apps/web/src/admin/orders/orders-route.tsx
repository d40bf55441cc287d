import { ADMIN_ORDER_SORTS, ADMIN_ORDERS_PAGE_SIZES } from '@store/contracts/admin-orders';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@store/contracts/constants';
import { PAYMENT_KINDS } from '@store/contracts/payment-states';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { ChevronEndIcon, ChevronStartIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { Tabs } from '../../ui/tabs';
import { Field, SelectField } from '../../ui/field';
import { useCan } from '../auth/store';
import { SearchBox } from '../components/search-box';
import { LoadError, Forbidden } from '../components/messages';
import { count } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { ordersQueryOptions, zonesQueryOptions } from './api';
import { pageCount, readFilters, withFilters, type OrderFilters } from './filters';
import { BulkShipping } from './bulk-shipping';
import { OrdersTable } from './orders-table';

type Tab = 'all' | (typeof ORDER_STATUSES)[number];

/** Orders: status tabs with their counts, filters, sort and pages, all in the address and served by the API. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('orders.title'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const allowed = useCan('orders');
  const q = useQuery({ ...ordersQueryOptions(filters, locale), enabled: allowed });
  const zones = useQuery({ ...zonesQueryOptions(locale), enabled: allowed });
  const [showFilters, setShowFilters] = useState(false);
  // The orders selected for bulk shipping and labels (kept across pages and filters until cleared).
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const filtersId = useId();

  if (!allowed) return <Forbidden title={t('orders.title')} />;

  const set = (patch: Partial<OrderFilters>, replace = false) =>
    setParams(withFilters(params, patch), { replace });

  const counts = q.data?.counts ?? {};
  const all = ORDER_STATUSES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  // A tab reads "Pending (3)": the count of the same filters in that status.
  const tabs = [
    { value: 'all' as Tab, label: `${t('orders.all')} (${count(all, locale)})` },
    ...ORDER_STATUSES.map((s) => ({
      value: s as Tab,
      label: `${t(`statuses.${s}`)} (${count(counts[s] ?? 0, locale)})`,
    })),
  ];
  const total = q.data?.meta.total_entries ?? 0;
  const pages = pageCount(total, filters.per_page);
  const filtered = [
    'payment_method',
    'paid_with',
    'from',
    'to',
    'governorate',
    'query',
    'status',
    'refund_required',
  ].some((k) => params.has(k));
  const moreFilters = [
    'payment_method',
    'paid_with',
    'from',
    'to',
    'governorate',
    'sort',
    'refund_required',
  ].filter((k) => params.has(k)).length;

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('orders.title')}</h1>

      <form
        className="mb-4 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        role="search"
        aria-label={t('orders.filters.label')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex items-end gap-2 sm:col-span-2">
          <div className="min-w-0 flex-1">
            <SearchBox
              value={filters.query ?? ''}
              onSearch={(v) => set({ query: v }, true)}
              label={t('orders.filters.search')}
              placeholder={t('orders.filters.searchHint')}
              testId="orders-search"
            />
          </div>
          {/* On a phone the other filters fold away behind this button; from 640 px they are always shown. */}
          <Button
            variant="outline"
            className="sm:hidden"
            aria-expanded={showFilters}
            aria-controls={filtersId}
            onClick={() => setShowFilters((v) => !v)}
            data-testid="filters-toggle"
          >
            {moreFilters ? t('orders.filters.moreCount', { n: moreFilters }) : t('orders.filters.more')}
          </Button>
        </div>
        <div id={filtersId} className={`${showFilters ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:contents`}>
          <SelectField
            label={t('orders.filters.method')}
            value={filters.payment_method ?? ''}
            onChange={(e) =>
              set({ payment_method: (e.target.value || undefined) as OrderFilters['payment_method'] })
            }
            data-testid="filter-method"
          >
            <option value="">{t('orders.filters.any')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`methods.${m}`)}
              </option>
            ))}
          </SelectField>
          {/* How an online payment was paid, from the gateway's answer (issue 47). */}
          <SelectField
            label={t('orders.filters.paidWith')}
            value={filters.paid_with ?? ''}
            onChange={(e) => set({ paid_with: (e.target.value || undefined) as OrderFilters['paid_with'] })}
            data-testid="filter-paid-with"
          >
            <option value="">{t('orders.filters.any')}</option>
            {PAYMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`order.payment.kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('orders.filters.governorate')}
            value={filters.governorate ?? ''}
            onChange={(e) => set({ governorate: e.target.value || undefined })}
            data-testid="filter-governorate"
          >
            <option value="">{t('orders.filters.any')}</option>
            {filters.governorate && !zones.data?.some((z) => z.name_en === filters.governorate) && (
              <option value={filters.governorate}>{filters.governorate}</option>
            )}
            {zones.data?.map((z) => (
              <option key={z.id} value={z.name_en}>
                {z.name}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('orders.filters.from')}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => set({ from: e.target.value || undefined })}
            data-testid="filter-from"
          />
          <Field
            label={t('orders.filters.to')}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set({ to: e.target.value || undefined })}
            data-testid="filter-to"
          />
          <SelectField
            label={t('orders.filters.sort')}
            value={filters.sort}
            onChange={(e) => set({ sort: e.target.value as OrderFilters['sort'] })}
            wrapClassName="sm:col-span-1 lg:col-span-2"
            data-testid="filter-sort"
          >
            {ADMIN_ORDER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`orders.sorts.${s}`)}
              </option>
            ))}
          </SelectField>
          <label className="flex items-center gap-2 self-end py-2 text-sm sm:col-span-1 lg:col-span-2">
            <input
              type="checkbox"
              className="size-4"
              checked={filters.refund_required ?? false}
              onChange={(e) => set({ refund_required: e.target.checked })}
              data-testid="filter-refund-required"
            />
            {t('orders.filters.refundRequired')}
          </label>
          <div className="flex items-end sm:col-span-1 lg:col-span-2 lg:justify-end">
            {filtered && (
              <Button variant="ghost" size="sm" onClick={() => setParams(new URLSearchParams())}>
                {t('orders.filters.reset')}
              </Button>
            )}
          </div>
        </div>
      </form>

      <Tabs<Tab>
        label={t('orders.filters.status')}
        tabs={tabs}
        value={filters.status ?? 'all'}
        onValueChange={(v) => set({ status: v === 'all' ? undefined : v })}
      >
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : q.data.orders.length === 0 ? (
          <p
            className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700"
            data-testid="orders-empty"
          >
            {t('orders.empty')}
          </p>
        ) : (
          <div
            aria-busy={q.isFetching}
            className={q.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
          >
            <BulkShipping
              selected={[...selected]}
              rows={q.data.orders}
              locale={locale}
              onClear={() => setSelected(new Set())}
            />
            <OrdersTable
              selected={selected}
              onSelect={select}
              rows={q.data.orders}
              total={total}
              filters={filters}
              locale={locale}
              backTo={`?${params.toString()}`}
              onSortChange={(sort) => set({ sort })}
            />
          </div>
        )}
      </Tabs>

      {q.data && q.data.orders.length > 0 && (
        <nav
          aria-label={t('orders.pages.label')}
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
        >
          <p aria-live="polite" data-testid="orders-page-info">
            {t('orders.pages.info', {
              count: total,
              page: count(filters.page, locale),
              pages: count(pages, locale),
              total: count(total, locale),
            })}
          </p>
          <div className="flex items-center gap-2">
            <label className="flex items-center gap-2">
              <span>{t('orders.pages.perPage')}</span>
              <select
                value={filters.per_page}
                onChange={(e) => set({ per_page: Number(e.target.value) })}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {ADMIN_ORDERS_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <Button
              variant="outline"
              size="sm"
              disabled={filters.page <= 1}
              onClick={() => set({ page: filters.page - 1 })}
              aria-label={t('orders.pages.previous')}
            >
              <ChevronStartIcon size={18} />
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!q.data.meta.next_page}
              onClick={() => set({ page: filters.page + 1 })}
              aria-label={t('orders.pages.next')}
            >
              <ChevronEndIcon size={18} />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
