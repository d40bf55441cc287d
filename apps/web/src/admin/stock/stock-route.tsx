import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminStockBodySchema,
  STOCK_LEVELS,
  STOCK_NOTE_MAX,
  type AdminStockBody,
  type AdminStockInput,
  type AdminStockRow,
  type StockLevel,
} from '@store/contracts/admin-stock';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { controlClass, Field } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime } from '../lib/format';
import { applyServerErrors, errorOf } from '../../lib/form-errors';
import { staffName } from '../lib/staff-name';
import { useAdminTitle } from '../lib/use-admin-title';
import { movementsQueryOptions, saveStock, STOCK_KEY, stockQueryOptions, type StockFilters } from './api';

const readFilters = (p: URLSearchParams): StockFilters => {
  const level = p.get('level') as StockLevel | null;
  const page = Number(p.get('page'));
  return {
    query: (p.get('query') ?? '').slice(0, 100),
    level: level && STOCK_LEVELS.includes(level) ? level : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
};

const stockTone = (n: number) =>
  n === 0
    ? 'bg-red-100 text-red-900'
    : n <= 3
      ? 'bg-amber-100 text-amber-900'
      : 'bg-emerald-100 text-emerald-900';

/** One product's quick edit: the new stock and why; the stock it was read at goes along (409 if it moved). */
function StockEdit({ row, onHistory }: { row: AdminStockRow; onHistory(): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    AdminStockInput,
    unknown,
    AdminStockBody
  >({
    resolver: zodResolver(adminStockBodySchema),
    defaultValues: { stock: row.stock, from: row.stock, note: '' },
  });
  // The row read again (after a save, or someone else's change): the form starts from the stock as it is now.
  useEffect(() => reset({ stock: row.stock, from: row.stock, note: '' }), [row.stock, reset]);
  const onSubmit = handleSubmit(async (values) => {
    setFailure([]);
    setSaved(null);
    try {
      const { product } = await saveStock(row.id, values);
      setSaved(t('stock.saved', { stock: count(product.stock, useLocaleStore.getState().locale) }));
    } catch (err) {
      setFailure(applyServerErrors(err, setError, ['stock', 'note']));
    }
    await qc.invalidateQueries({ queryKey: STOCK_KEY });
  });
  const e = formState.errors;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-start"
      aria-label={t('stock.editOf', { title: row.title })}
    >
      <input type="hidden" {...register('from')} />
      <Field
        label={t('stock.newStock')}
        inputMode="numeric"
        dir="ltr"
        {...register('stock')}
        error={errorOf(e, 'stock')}
        data-testid={`stock-input-${row.id}`}
      />
      <Field
        label={t('stock.note')}
        maxLength={STOCK_NOTE_MAX}
        placeholder={t('stock.notePlaceholder')}
        {...register('note')}
        error={errorOf(e, 'note')}
      />
      <div className="flex gap-2 sm:pt-6">
        <Button
          type="submit"
          size="sm"
          disabled={formState.isSubmitting}
          data-testid={`stock-save-${row.id}`}
        >
          {t('stock.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onHistory}>
          {t('stock.history')}
        </Button>
      </div>
      <div className="sm:col-span-3" aria-live="polite">
        <ErrorBox messages={failure} />
        {saved && <p className="text-sm text-emerald-800">{saved}</p>}
      </div>
    </form>
  );
}

/** Every movement of one product's stock, newest first: orders, holds, cancels, refunds, edits with who and why. */
function History({ row, onClose }: { row: AdminStockRow; onClose(): void }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const q = useQuery(movementsQueryOptions(row.id, locale));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('stock.historyOf', { title: row.title })}>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-40" />
      ) : q.data.movements.length === 0 ? (
        <p className="text-slate-700">{t('stock.noMovements')}</p>
      ) : (
        <ol
          className="flex max-h-[60vh] flex-col divide-y divide-slate-100 overflow-y-auto"
          data-testid="movements"
        >
          {q.data.movements.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-semibold">{t(`stock.reasons.${m.reason}`)}</span>
              <span dir="ltr" className={m.delta < 0 ? 'text-red-800' : 'text-emerald-800'}>
                {m.delta > 0 ? `+${count(m.delta, locale)}` : count(m.delta, locale)}
              </span>
              <span className="text-slate-600">
                {t('stock.after', { stock: count(m.stock_after, locale) })}
              </span>
              {m.order_number !== null && (
                <span className="text-slate-600">{t('stock.order', { id: m.order_number })}</span>
              )}
              {m.staff && (
                <span className="text-slate-600">
                  {t('stock.by')} <bdi>{staffName(m.staff.name, t)}</bdi>
                </span>
              )}
              <span className="ms-auto text-xs text-slate-500">{dateTime(m.created_at, locale)}</span>
              {m.note && (
                <p className="w-full text-slate-800">
                  <bdi>{m.note}</bdi>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

/** Stock (owners and catalog staff): find a product, set its stock with a reason, read its movements. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('stock.title'));
  const allowed = useCan('stock');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [typed, setTyped] = useState(filters.query);
  const debounced = useDebouncedValue(typed.trim(), 300);
  const [history, setHistory] = useState<AdminStockRow | null>(null);
  const set = (next: Partial<StockFilters>) => {
    const f = { ...filters, page: 1, ...next };
    const p = new URLSearchParams();
    if (f.query) p.set('query', f.query);
    if (f.level !== 'all') p.set('level', f.level);
    if (f.page > 1) p.set('page', String(f.page));
    setParams(p, { replace: true });
  };
  // The search box writes the address once the staff member stops typing.
  useEffect(() => {
    if (debounced !== filters.query) set({ query: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const q = useQuery({ ...stockQueryOptions(filters, locale), enabled: allowed });

  if (!allowed)
    return (
      <div className="mx-auto max-w-5xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('stock.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('stock.title')}</h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="stock-search" className="text-sm font-medium text-slate-700">
            {t('stock.search')}
          </label>
          <input
            id="stock-search"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('stock.searchPlaceholder')}
            className={`${controlClass} h-11`}
          />
        </div>
        <div role="group" aria-label={t('stock.levels.label')} className="flex flex-wrap gap-1">
          {STOCK_LEVELS.map((level) => (
            <button
              key={level}
              type="button"
              aria-pressed={filters.level === level}
              onClick={() => set({ level })}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                filters.level === level
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {t(`stock.levels.${level}`)}
              {q.data && <span className="ms-1 opacity-80">({count(q.data.counts[level], locale)})</span>}
            </button>
          ))}
        </div>
      </div>

      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-64" />
      ) : q.data.products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          {t('stock.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="stock-list">
          {q.data.products.map((row) => (
            <li
              key={row.id}
              className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4"
              data-testid={`stock-row-${row.id}`}
            >
              <div className="mb-3 flex items-center gap-3">
                {row.image ? (
                  <img
                    src={row.image}
                    alt=""
                    width={48}
                    height={48}
                    className="size-12 rounded-lg object-contain"
                  />
                ) : (
                  <span className="size-12 rounded-lg bg-slate-100" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    <bdi>{row.title}</bdi>
                  </p>
                  <p className="text-xs text-slate-600">
                    #{row.id}
                    {row.sku && (
                      <>
                        {' · '}
                        <span data-testid={`stock-sku-${row.id}`}>
                          {t('stock.sku')} <bdi dir="ltr">{row.sku}</bdi>
                        </span>
                      </>
                    )}
                    {row.model && (
                      <>
                        {' · '}
                        <bdi>{row.model}</bdi>
                      </>
                    )}
                    {row.variant_of !== null && (
                      <>
                        {' · '}
                        <Link
                          to={`/products/${row.variant_of}`}
                          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                          data-testid={`stock-variant-of-${row.id}`}
                        >
                          {t('stock.variantOf', { id: row.variant_of })}
                        </Link>
                      </>
                    )}
                    {!row.active && <> · {t('stock.hidden')}</>}
                  </p>
                </div>
                <span
                  className={`shrink-0 rounded-full px-3 py-1 text-sm font-bold ${stockTone(row.stock)}`}
                  data-testid={`stock-now-${row.id}`}
                >
                  {t('stock.inStock', { stock: count(row.stock, locale) })}
                </span>
              </div>
              <StockEdit row={row} onHistory={() => setHistory(row)} />
            </li>
          ))}
        </ul>
      )}

      {q.data && (q.data.meta.current_page > 1 || q.data.meta.next_page) && (
        <nav aria-label={t('orders.pages.label')} className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => set({ ...filters, page: filters.page - 1 })}
          >
            {t('orders.pages.previous')}
          </Button>
          <p aria-live="polite" className="text-sm text-slate-700">
            {t('stock.pageInfo', { page: count(filters.page, locale) })}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={!q.data.meta.next_page}
            onClick={() => set({ ...filters, page: filters.page + 1 })}
          >
            {t('orders.pages.next')}
          </Button>
        </nav>
      )}
      {history && <History row={history} onClose={() => setHistory(null)} />}
    </div>
  );
}
