import type { AbandonedCart, AbandonedCartChannels } from '@store/contracts/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan, useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime, money } from '../lib/format';
import { addInsightsTexts } from '../lib/insights-texts';
import { useAdminTitle } from '../lib/use-admin-title';
import { ABANDONED_KEY, abandonedCartsQueryOptions, saveReminderChannels } from './api';

addInsightsTexts();

function Age({ hours }: { hours: number }) {
  const { t } = useTranslation('insights');
  const locale = useLocaleStore((s) => s.locale);
  return (
    <>
      {hours < 48
        ? t('carts.ageHours', { n: count(hours, locale) })
        : t('carts.ageDays', { n: count(Math.floor(hours / 24), locale) })}
    </>
  );
}

function CartRow({ c }: { c: AbandonedCart }) {
  const { t } = useTranslation('insights');
  const locale = useLocaleStore((s) => s.locale);
  return (
    <li
      className="grid grid-cols-2 gap-x-3 gap-y-1 py-3 text-sm sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-center"
      data-testid="abandoned-cart"
    >
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className="truncate font-semibold">{c.customer.name}</p>
        <p className="text-xs text-slate-600" dir="ltr">
          <bdi>{c.customer.phone_number}</bdi>
        </p>
      </div>
      <p>
        <span className="text-slate-600 sm:sr-only">{t('carts.items')}: </span>
        {count(c.items, locale)}
      </p>
      <p className="font-semibold tabular-nums" data-testid="abandoned-cart-value">
        <span className="font-normal text-slate-600 sm:sr-only">{t('carts.value')}: </span>
        {money(c.value)}
      </p>
      <p>
        <span className="text-slate-600 sm:sr-only">{t('carts.age')}: </span>
        <Age hours={c.age_hours} />
      </p>
      <p data-testid="abandoned-cart-reminded">
        {c.reminded_at ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
            {t('carts.remindedAt', { at: dateTime(c.reminded_at, locale) })}
          </span>
        ) : (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {c.in_stock ? t('carts.notReminded') : t('carts.soldOut')}
          </span>
        )}
      </p>
    </li>
  );
}

/** The reminders' channels: owners tick them (saved at once); the others read them. */
function Channels({ settings }: { settings: AbandonedCartChannels & { email_available: boolean } }) {
  const { t } = useTranslation('insights');
  const owner = useStaffAuth((s) => s.staff?.role === 'owner');
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  // What the boxes show: the choice as ticked, saved at once (back to the saved one if saving fails).
  const [shown, setShown] = useState<AbandonedCartChannels>({ sms: settings.sms, email: settings.email });
  const save = useMutation({
    mutationFn: saveReminderChannels,
    onSuccess: (saved) => {
      setShown(saved);
      setNote(t('carts.saved'));
      return qc.invalidateQueries({ queryKey: ABANDONED_KEY });
    },
    onError: () => setShown({ sms: settings.sms, email: settings.email }),
  });
  const off = !shown.sms && !shown.email;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <span className="text-sm font-semibold">{t('carts.channels')}</span>
        {(['sms', 'email'] as const).map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={shown[c]}
              disabled={!owner || save.isPending}
              onChange={(e) => {
                const next = { ...shown, [c]: e.target.checked };
                setNote(null);
                setShown(next);
                save.mutate(next);
              }}
              data-testid={`reminder-${c}`}
            />
            {t(`carts.${c}`)}
          </label>
        ))}
      </div>
      {!owner && <p className="text-xs text-slate-600">{t('carts.ownerOnly')}</p>}
      {off && <p className="text-sm text-amber-800">{t('carts.off')}</p>}
      {shown.email && !settings.email_available && (
        <p className="text-sm text-amber-800">{t('carts.emailOff')}</p>
      )}
      <p aria-live="polite" className="text-sm text-emerald-800">
        {note}
      </p>
      {save.isError && <ErrorBox messages={errorMessages(save.error)} />}
    </div>
  );
}

/** Abandoned carts (orders area, issue 49): who left what, its value now, how long ago, and whether it was reminded. */
export function Component() {
  const { t } = useTranslation('insights');
  useAdminTitle(t('carts.title'));
  const allowed = useCan('orders');
  const locale = useLocaleStore((s) => s.locale);
  const [page, setPage] = useState(1);
  const q = useQuery({ ...abandonedCartsQueryOptions(page), enabled: allowed });

  if (!allowed)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('carts.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('admin:errors.forbidden')}
        </p>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('carts.title')}</h1>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-48" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('carts.intro', { hours: count(q.data.settings.hours, locale) })}
          </p>
          <Card>
            <Channels settings={q.data.settings} />
          </Card>
          <Card testId="abandoned-carts">
            {q.data.carts.length === 0 ? (
              <p className="py-6 text-center text-slate-600" data-testid="abandoned-empty">
                {t('carts.empty')}
              </p>
            ) : (
              <>
                <div
                  className="hidden grid-cols-[1fr_auto_auto_auto_auto] gap-x-3 border-b border-slate-200 pb-2 text-xs font-semibold text-slate-600 sm:grid"
                  aria-hidden="true"
                >
                  <span>{t('carts.customer')}</span>
                  <span>{t('carts.items')}</span>
                  <span>{t('carts.value')}</span>
                  <span>{t('carts.age')}</span>
                  <span>{t('carts.reminded')}</span>
                </div>
                <ul className="divide-y divide-slate-100" data-testid="abandoned-list">
                  {q.data.carts.map((c) => (
                    <CartRow key={c.id} c={c} />
                  ))}
                </ul>
              </>
            )}
            {(page > 1 || q.data.meta.next_page) && (
              <div className="mt-3 flex items-center justify-between gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('carts.prev')}
                </Button>
                <span className="text-sm text-slate-600">{t('carts.page', { n: count(page, locale) })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!q.data.meta.next_page}
                  onClick={() => setPage(page + 1)}
                >
                  {t('carts.more')}
                </Button>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
