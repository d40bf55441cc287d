import type { AdminOrder } from '@store/contracts/admin-orders';
import {
  SHIPMENT_CARRIER_MAX,
  TRACKING_NUMBER_MAX,
  type AdminShipment,
  type AdminShipmentsResponse,
} from '@store/contracts/admin-shipments';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Skeleton } from '../../ui/skeleton';
import { ErrorBox, LoadError } from '../components/messages';
import { dateTime, money } from '../lib/format';

/** GET v1/admin/orders/{id}/shipments: the order's parcels and the store's courier. */
export const shipmentsQueryOptions = (orderId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'shipments', orderId, locale],
    queryFn: ({ signal }) => api<AdminShipmentsResponse>(`admin/orders/${orderId}/shipments`, { signal }),
    staleTime: 5_000,
  });

/** Orders a parcel may leave for (the API says the same: 422 otherwise). */
const SHIPPABLE = ['confirmed', 'processing'];

/**
 * The order's delivery (issue 48): its parcel (carrier, tracking number and page, where it stands, the cash to
 * collect, the courier's news), its label to print and, until the courier picks it up, its cancel (the courier's
 * refusal shown as a failure); for an order ready to leave, "Ship with <courier>" when the store ships with a
 * courier's API (Bosta, Aramex, Mylerz), and always the carrier and tracking number typed by hand.
 */
export function OrderShipment({ order, locale }: { order: AdminOrder; locale: Locale }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const q = useQuery(shipmentsQueryOptions(order.id, locale));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-16" />;
  const live = q.data.shipments.find((s) => s.status !== 'canceled');
  const cancelled = q.data.shipments.filter((s) => s.status === 'canceled');
  const storeCourier = q.data.courier === 'manual' ? null : t(`shipment.couriers.${q.data.courier}`);
  const carrierOf = (s: AdminShipment) =>
    s.courier === 'manual' ? s.carrier : t(`shipment.couriers.${s.courier}`, { defaultValue: s.carrier });

  const cancel = async () => {
    setBusy(true);
    setFailure([]);
    setNotice(null);
    try {
      await api(`admin/orders/${order.id}/shipments/cancel`, { method: 'POST' });
      setAsking(false);
      setNotice(t('shipment.canceledDone'));
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  // Cancelled parcels stay in the order's record, under what is live now.
  const earlier = cancelled.length > 0 && (
    <details className="border-t border-slate-100 pt-2 text-sm" data-testid="shipments-cancelled">
      <summary className="cursor-pointer text-slate-700">{t('shipment.earlier')}</summary>
      <ul className="mt-1 flex flex-col gap-1">
        {cancelled.map((s) => (
          <li key={s.id} className="text-slate-600">
            {carrierOf(s)} · <bdi dir="ltr">{s.tracking_number}</bdi> · {t('shipment.statuses.canceled')}
          </li>
        ))}
      </ul>
    </details>
  );

  const ship = async (body: Record<string, string>) => {
    setBusy(true);
    setFailure([]);
    setNotice(null);
    setFieldErrors({});
    try {
      await api(`admin/orders/${order.id}/shipments`, { method: 'POST', body });
      // The order, its list and the shopper-facing tracking change with it.
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors : {};
      if (Object.keys(fe).length) setFieldErrors(fe);
      else setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  if (live)
    return (
      <div className="flex flex-col gap-3 text-sm" data-testid="shipment">
        <dl className="divide-y divide-slate-100">
          <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <dt className="text-slate-600">{t('shipment.carrier')}</dt>
            <dd className="font-medium">{carrierOf(live)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <dt className="text-slate-600">{t('shipment.trackingNumber')}</dt>
            <dd className="font-medium" dir="ltr" data-testid="shipment-tracking">
              {live.tracking_url ? (
                <a
                  href={live.tracking_url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-brand-700 underline"
                >
                  {live.tracking_number}
                </a>
              ) : (
                live.tracking_number
              )}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <dt className="text-slate-600">{t('shipment.status')}</dt>
            <dd className="font-medium" data-testid="shipment-status">
              {t(`shipment.statuses.${live.status}`, { defaultValue: live.status })}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <dt className="text-slate-600">{t('shipment.cod')}</dt>
            <dd className="font-medium">{money(live.cod)}</dd>
          </div>
          {live.cod_collected !== null && (
            <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
              <dt className="text-slate-600">{t('shipment.codCollected')}</dt>
              <dd className="font-medium">{money(live.cod_collected)}</dd>
            </div>
          )}
        </dl>
        {live.has_label && (
          <a
            href={`/v1/admin/orders/${order.id}/shipments/label`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-11 items-center justify-center self-start rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            data-testid="shipment-label"
          >
            {t('shipment.printLabel')}
          </a>
        )}
        {live.events.length > 0 && (
          <ol className="flex flex-col gap-1 border-t border-slate-100 pt-2" data-testid="shipment-events">
            {live.events.map((e, i) => (
              <li key={i} className={e.effect === 'exception' ? 'text-amber-800' : 'text-slate-700'}>
                <span className="font-medium">{e.state_name}</span>{' '}
                <span className="text-slate-500">· {dateTime(e.occurred_at, locale)}</span>
                {e.reason && <span className="block text-xs">{e.reason}</span>}
              </li>
            ))}
          </ol>
        )}
        {live.status === 'created' &&
          (asking ? (
            <div
              className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3"
              data-testid="shipment-cancel-ask"
            >
              <p>
                {t(live.courier === 'manual' ? 'shipment.cancelAskByHand' : 'shipment.cancelAsk', {
                  courier: carrierOf(live),
                })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => void cancel()}
                  disabled={busy}
                  data-testid="shipment-cancel-yes"
                >
                  {busy ? t('shipment.asking', { courier: carrierOf(live) }) : t('shipment.cancelYes')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setAsking(false)} disabled={busy}>
                  {t('shipment.cancelNo')}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className="self-start text-red-800"
              onClick={() => setAsking(true)}
              data-testid="shipment-cancel"
            >
              {t('shipment.cancel')}
            </Button>
          ))}
        <ErrorBox messages={failure} />
        {earlier}
      </div>
    );

  if (!SHIPPABLE.includes(order.status))
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">
          {/* Waiting to be confirmed, it will leave; past that (delivered, cancelled...) none was recorded. */}
          {t(order.status === 'pending' ? 'shipment.none' : 'shipment.noneRecorded')}
        </p>
        {earlier}
      </div>
    );

  return (
    <div className="flex flex-col gap-4" data-testid="shipment-new">
      {notice && (
        <p role="status" className="text-sm font-medium text-emerald-800" data-testid="shipment-notice">
          {notice}
        </p>
      )}
      {storeCourier && (
        <Button onClick={() => void ship({})} disabled={busy} data-testid="ship-courier">
          {busy
            ? t('shipment.asking', { courier: storeCourier })
            : t('shipment.shipWith', { courier: storeCourier })}
        </Button>
      )}
      <form
        // Under the courier's button, a divider and "Or …"; alone in the card, a plain sentence.
        className={`flex flex-col gap-3 ${storeCourier ? 'border-t border-slate-100 pt-3' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          void ship({ carrier, tracking_number: tracking });
        }}
      >
        <p className="text-sm text-slate-700">
          {t(storeCourier ? 'shipment.byHand' : 'shipment.byHandAlone')}
        </p>
        <Field
          label={t('shipment.carrier')}
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          maxLength={SHIPMENT_CARRIER_MAX}
          error={fieldErrors.carrier?.join(' ')}
          data-testid="ship-carrier"
        />
        <Field
          label={t('shipment.trackingNumber')}
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          maxLength={TRACKING_NUMBER_MAX}
          dir="ltr"
          error={fieldErrors.tracking_number?.join(' ')}
          data-testid="ship-tracking"
        />
        <Button type="submit" variant="outline" disabled={busy} data-testid="ship-manual">
          {t('shipment.saveByHand')}
        </Button>
      </form>
      <ErrorBox messages={failure} />
      {earlier}
    </div>
  );
}
