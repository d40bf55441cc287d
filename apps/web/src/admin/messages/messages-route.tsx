import { adminMessagesQuerySchema, SMS_PROVIDERS, SMS_STATUSES } from '@store/contracts/sms';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { controlClass, Field, SelectField } from '../../ui/field';
import { LoadError } from '../components/messages';
import { count } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { messagesQueryOptions, type MessageFilters } from './api';
import { MessageList } from './message-list';

const shape = adminMessagesQuerySchema.shape;

/** A parameter of the address read with the contracts' own rule; one the API would refuse is left out. */
function read<T>(
  p: URLSearchParams,
  key: string,
  rule: { safeParse(v: unknown): { success: boolean; data?: T } },
) {
  const raw = p.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const r = rule.safeParse(raw);
  return r.success ? r.data : undefined;
}

const readFilters = (p: URLSearchParams): MessageFilters => ({
  status: read(p, 'status', shape.status),
  provider: read(p, 'provider', shape.provider),
  phone: read(p, 'phone', shape.phone),
  from: read(p, 'from', shape.from),
  to: read(p, 'to', shape.to),
  page: read(p, 'page', shape.page) ?? 1,
});

/**
 * Messages (owners and staff): every SMS the store tried to send, newest first, with its state (sent, delivered,
 * failed and why), the gateway and the order it is about; filters by state, number, gateway and days live in the
 * address. Codes never show: the record keeps them masked.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('messages.title'));
  const allowed = useCan('messages');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [typed, setTyped] = useState(filters.phone ?? '');
  const debounced = useDebouncedValue(typed.trim(), 300);
  const set = (next: Partial<MessageFilters>) => {
    const f = { ...filters, page: 1, ...next };
    const p = new URLSearchParams();
    for (const key of ['status', 'provider', 'phone', 'from', 'to'] as const) {
      const v = f[key];
      if (v) p.set(key, v);
    }
    if (f.page > 1) p.set('page', String(f.page));
    setParams(p, { replace: true });
  };
  // The number box writes the address once the staff member stops typing.
  useEffect(() => {
    if (debounced !== (filters.phone ?? '')) set({ phone: debounced || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const q = useQuery({ ...messagesQueryOptions(filters, locale), enabled: allowed });

  if (!allowed)
    return (
      <div className="mx-auto max-w-5xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('messages.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      </div>
    );

  const filtered = ['status', 'provider', 'phone', 'from', 'to'].some((k) => params.has(k));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold sm:text-2xl">{t('messages.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('messages.intro')}</p>
      </div>
      <form
        className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
        aria-label={t('messages.filters.label')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="messages-phone" className="text-sm font-medium text-slate-700">
            {t('messages.filters.phone')}
          </label>
          <input
            id="messages-phone"
            type="search"
            inputMode="tel"
            dir="ltr"
            value={typed}
            maxLength={20}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('messages.filters.phonePlaceholder')}
            className={`${controlClass} h-11`}
            data-testid="filter-phone"
          />
        </div>
        <SelectField
          label={t('messages.filters.status')}
          value={filters.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as MessageFilters['status'] })}
          data-testid="filter-status"
        >
          <option value="">{t('messages.filters.any')}</option>
          {SMS_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`messages.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('messages.filters.provider')}
          value={filters.provider ?? ''}
          onChange={(e) => set({ provider: (e.target.value || undefined) as MessageFilters['provider'] })}
          data-testid="filter-provider"
        >
          <option value="">{t('messages.filters.any')}</option>
          {SMS_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {t(`messages.providers.${p}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('messages.filters.from')}
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
          data-testid="filter-from"
        />
        <Field
          label={t('messages.filters.to')}
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
          data-testid="filter-to"
        />
        {filtered && (
          <div className="sm:col-span-2 lg:col-span-5">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setTyped('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('messages.filters.reset')}
            </Button>
          </div>
        )}
      </form>

      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-64" />
      ) : q.data.messages.length === 0 ? (
        <p
          className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700"
          data-testid="messages-empty"
        >
          {t('messages.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('messages.total', {
              count: q.data.meta.total_entries,
              n: count(q.data.meta.total_entries, locale),
            })}
          </p>
          <MessageList messages={q.data.messages} locale={locale} />
        </>
      )}

      {q.data && (q.data.meta.current_page > 1 || q.data.meta.next_page) && (
        <nav aria-label={t('orders.pages.label')} className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => set({ page: filters.page - 1 })}
          >
            {t('orders.pages.previous')}
          </Button>
          <p className="text-sm text-slate-700">
            {t('stock.pageInfo', { page: count(filters.page, locale) })}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={!q.data.meta.next_page}
            onClick={() => set({ page: filters.page + 1 })}
          >
            {t('orders.pages.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
