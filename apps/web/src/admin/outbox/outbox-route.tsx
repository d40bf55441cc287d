import type { AdminOutboxEvent } from '@store/contracts/admin-outbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime } from '../lib/format';
import { errorMessages } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { OUTBOX_KEY, outboxFailuresQueryOptions, retryOutboxEvent } from './api';

/** One failed event: what it was, its order, how often it was tried, the error, and a retry once it is given up. */
function EventRow({ e, onRetry, busy }: { e: AdminOutboxEvent; onRetry(): void; busy: boolean }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  return (
    <li className="flex flex-col gap-1 py-3 text-sm" data-testid={`outbox-event-${e.id}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${e.state === 'failed' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {t(`outbox.states.${e.state}`)}
        </span>
        <span className="font-semibold">
          {t(`outbox.types.${e.type.replaceAll('.', '_')}`, { defaultValue: e.type })}
        </span>
        {e.order_id !== null && (
          <Link to={`/orders/${e.order_id}`} className="text-brand-700 underline">
            {t('outbox.order', { id: e.order_id })}
          </Link>
        )}
        <span className="ms-auto text-xs text-slate-500">{dateTime(e.created_at, locale)}</span>
      </div>
      <p className="text-xs text-slate-600">
        {t('outbox.attempts', { count: e.attempts, n: count(e.attempts, locale) })}
        {e.next_attempt_at && <> · {t('outbox.next', { at: dateTime(e.next_attempt_at, locale) })}</>}
      </p>
      <p className="text-xs text-red-800">
        {t('outbox.error')} <bdi dir="ltr">{e.error}</bdi>
      </p>
      {e.state === 'failed' && (
        <div>
          <Button variant="outline" size="sm" onClick={onRetry} disabled={busy} data-testid="outbox-retry">
            {t('outbox.retry')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Failed outbox events (owners only): SMS about orders and hand-ons that did not go, with a retry. */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('outbox.title'));
  const allowed = useCan('outbox');
  const qc = useQueryClient();
  const q = useQuery({ ...outboxFailuresQueryOptions(), enabled: allowed });
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  if (!allowed)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('outbox.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      </div>
    );

  const retry = async (id: number) => {
    setBusy(id);
    setFailure([]);
    setDone(null);
    try {
      await retryOutboxEvent(id);
      setDone(t('outbox.retried'));
      await qc.invalidateQueries({ queryKey: OUTBOX_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('outbox.title')}</h1>
      <p className="text-sm text-slate-700">{t('outbox.intro')}</p>
      <Card title={t('outbox.list')}>
        <p aria-live="polite" className="text-sm text-emerald-800">
          {done}
        </p>
        {failure.length > 0 && <ErrorBox messages={failure} />}
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton className="h-32" />
        ) : q.data.events.length === 0 ? (
          <p className="py-6 text-center text-slate-600" data-testid="outbox-empty">
            {t('outbox.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="outbox-list">
            {q.data.events.map((e) => (
              <EventRow key={e.id} e={e} busy={busy === e.id} onRetry={() => void retry(e.id)} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
