import type { AdminReturn } from '@store/contracts/returns';
import { idParam } from '@store/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { ReturnPickupLine } from '../../ui/return-pickup';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { dateTime, money } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  addReturnTexts,
  approveReturn,
  receiveReturn,
  refuseReturn,
  RETURN_TONE,
  RETURNS_KEY,
  returnsQueryOptions,
  setReturnPickup,
} from './api';
import { PickupNews, ReturnPhotos } from './order-returns';

addReturnTexts();

const FILTERS = ['requested', 'approved', 'refunded', 'refused', ''] as const;
const input = 'min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3';

/**
 * One return: what the shopper asked and why, their photos, and the step staff take next. A step that moves it to
 * another tab says so through `onDone` (the page shows it: the card itself leaves the list).
 */
function ReturnCard({
  r,
  booksPickups,
  chosen,
  onDone,
}: {
  r: AdminReturn;
  booksPickups: boolean;
  chosen: boolean;
  onDone(notice: string | null): void;
}) {
  const { t } = useTranslation('admin-returns');
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  // A courier that books no pickup itself (manual, Aramex, Mylerz): staff type its carrier and tracking number.
  const manual = !booksPickups;
  const amount = r.lines.reduce((n, l) => n + l.quantity * l.unit_price, 0);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    setErrors([]);
    onDone(null);
    setBusy(true);
    try {
      await fn();
      if (done) onDone(done);
      await qc.invalidateQueries({ queryKey: RETURNS_KEY });
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const typed = carrier.trim() && tracking.trim() ? { carrier, tracking_number: tracking } : {};

  return (
    <li
      id={`return-${r.id}`}
      className={`min-w-0 scroll-mt-4 py-4 ${chosen ? '-mx-2 rounded-xl px-2 ring-2 ring-brand-600' : ''}`}
      data-testid="admin-return"
      data-order-id={r.order_id}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-bold">{t('return', { id: r.id })}</span>
        <Link to={`/orders/${r.order_id}`} className="text-brand-700 underline">
          {t('order', { number: r.order_number ?? r.order_id })}
        </Link>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_TONE[r.status]}`}
          data-testid="admin-return-status"
        >
          {t(`status.${r.status}`)}
        </span>
        <span className="text-sm text-slate-600">
          {t('askedOn', { date: dateTime(r.created_at, locale) })}
        </span>
      </div>
      <p className="mt-1 text-sm break-words">
        {r.customer.name} · <bdi dir="ltr">{r.customer.phone}</bdi>
      </p>
      <ul className="mt-2 text-sm">
        {r.lines.map((l) => (
          <li key={l.order_product_id} className="break-words">
            {l.quantity} × <bdi>{l.name}</bdi> · {money(l.unit_price)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <span className="font-semibold">{t('reason')}:</span> {t(`reasons.${r.reason}`)}
      </p>
      {r.details && (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{r.details}</p>
      )}
      <ReturnPhotos photos={r.photos} size="size-20" />
      {r.staff_note && r.status !== 'requested' && (
        <p className="mt-2 text-sm break-words text-slate-700">{t('staffNote', { note: r.staff_note })}</p>
      )}
      {r.status === 'approved' &&
        (r.pickup ? (
          <div className="mt-2">
            <ReturnPickupLine
              pickup={r.pickup}
              text={t('pickup', { carrier: r.pickup.carrier })}
              testId="admin-return-pickup"
              className="text-sm"
            />
            <PickupNews r={r} locale={locale} />
          </div>
        ) : (
          !manual && <p className="mt-2 text-sm text-slate-600">{t('pickupWaiting')}</p>
        ))}
      {r.refund !== null && (
        <p className="mt-2 text-sm font-semibold text-emerald-800" data-testid="admin-return-refund">
          {t('refund', { amount: money(r.refund), method: t(`methods.${r.refund_method ?? 'cash'}`) })}
        </p>
      )}

      {r.status === 'requested' && (
        <div className="mt-3 flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t('note')}
            <textarea
              className={`${input} py-2`}
              rows={2}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              data-testid="admin-return-note"
            />
          </label>
          {manual && <PickupFields {...{ carrier, setCarrier, tracking, setTracking }} hint />}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={busy}
              onClick={() =>
                void act(
                  () => approveReturn(r.id, { note: note || undefined, ...typed }),
                  t('done.approved', { id: r.id }),
                )
              }
              data-testid="admin-return-approve"
            >
              {t('approve')}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                if (!note.trim()) return setErrors([t('noteRequired')]);
                void act(() => refuseReturn(r.id, note), t('done.refused', { id: r.id }));
              }}
              data-testid="admin-return-refuse"
            >
              {t('refuse')}
            </Button>
          </div>
        </div>
      )}
      {r.status === 'approved' && (
        <div className="mt-3 flex flex-col gap-2">
          {manual && !r.pickup && (
            <>
              <PickupFields {...{ carrier, setCarrier, tracking, setTracking }} />
              <div>
                <Button
                  variant="outline"
                  disabled={busy || !carrier.trim() || !tracking.trim()}
                  onClick={() =>
                    void act(() => setReturnPickup(r.id, { carrier, tracking_number: tracking }))
                  }
                >
                  {t('savePickup')}
                </Button>
              </div>
            </>
          )}
          {confirming ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold">{t('confirmReceive', { amount: money(amount) })}</span>
              <Button
                disabled={busy}
                onClick={() => void act(() => receiveReturn(r.id), t('done.received', { id: r.id }))}
                data-testid="admin-return-receive-confirm"
              >
                {t('receive')}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
                ✕
              </Button>
            </div>
          ) : (
            <div>
              <Button disabled={busy} onClick={() => setConfirming(true)} data-testid="admin-return-receive">
                {t('receive')}
              </Button>
            </div>
          )}
        </div>
      )}
      {errors.length > 0 && <ErrorBox messages={errors} className="mt-2" />}
    </li>
  );
}

function PickupFields(p: {
  carrier: string;
  setCarrier: (v: string) => void;
  tracking: string;
  setTracking: (v: string) => void;
  hint?: boolean;
}) {
  const { t } = useTranslation('admin-returns');
  return (
    <>
      {p.hint && <p className="text-xs text-slate-600">{t('manualPickup')}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t('carrier')}
          <input
            className={input}
            maxLength={80}
            value={p.carrier}
            onChange={(e) => p.setCarrier(e.target.value)}
            data-testid="admin-return-carrier"
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t('tracking')}
          <input
            className={input}
            dir="ltr"
            maxLength={60}
            value={p.tracking}
            onChange={(e) => p.setTracking(e.target.value)}
            data-testid="admin-return-tracking"
          />
        </label>
      </div>
    </>
  );
}

/**
 * Returns (issue 48 item 5), for staff with the orders area: the requests waiting for a decision first, each with
 * its order, shopper, units, reason and photos; approve (the courier's pickup is booked) or refuse with a note, then
 * mark the items received, which refunds them.
 */
export function Component() {
  const { t } = useTranslation('admin-returns');
  const { t: ta } = useTranslation('admin');
  useAdminTitle(t('title'));
  const allowed = useCan('orders');
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('requested');
  // From an order's page: that order's returns, every status (?order=), the one followed marked (#return-{id}).
  const [params, setParams] = useSearchParams();
  const order = idParam.safeParse(params.get('order') ?? '');
  const orderId = order.success ? order.data : undefined;
  const { hash } = useLocation();
  const q = useQuery({ ...returnsQueryOptions(status, orderId), enabled: allowed });
  // What the last step did (approved, refused, received): its card leaves the tab, so the page says where it went.
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = !!q.data;
  useEffect(() => {
    if (loaded && hash.startsWith('#return-')) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  const choose = (f: (typeof FILTERS)[number]) => {
    setStatus(f);
    setNotice(null);
    if (orderId) setParams({}, { replace: true });
  };

  if (!allowed)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {ta('errors.forbidden')}
        </p>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <div className="flex flex-wrap gap-2" role="group">
        {FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            aria-pressed={!orderId && status === f}
            onClick={() => choose(f)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
              !orderId && status === f
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white'
            }`}
            data-testid={`returns-filter-${f || 'all'}`}
          >
            {t(`filters.${f || 'all'}`)}
          </button>
        ))}
      </div>
      {orderId && (
        <p className="text-sm font-semibold" data-testid="returns-of-order">
          {t('onlyOrder', { number: q.data?.returns[0]?.order_number ?? orderId })}
        </p>
      )}
      {/* There from the start (hidden while empty), so that what comes is read out. */}
      <p
        role="status"
        className={
          notice
            ? 'rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900'
            : 'sr-only'
        }
        data-testid="returns-notice"
      >
        {notice}
      </p>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-40" />
      ) : (
        <Card testId="admin-returns">
          {q.data.returns.length === 0 ? (
            <p className="py-6 text-center text-slate-600">{t('empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {q.data.returns.map((r) => (
                <ReturnCard
                  key={r.id}
                  r={r}
                  booksPickups={q.data.books_pickups}
                  chosen={hash === `#return-${r.id}`}
                  onDone={setNotice}
                />
              ))}
            </ul>
          )}
        </Card>
      )}
    </div>
  );
}
