import type { AdminOrder } from '@store/contracts/admin-orders';
import {
  SHIPMENT_CARRIER_MAX,
  TRACKING_NUMBER_MAX,
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
 * collect, the courier's news) and its label to print; for an order ready to leave, "Ship with Bosta" when the store
 * ships with Bosta, and always the carrier and tracking number typed by hand.
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

  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-16" />;
  const live = q.data.shipments.find((s) => s.status !== 'canceled');

  const ship = async (body: Record<string, string>) => {
    setBusy(true);
    setFailure([]);
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
            <dd className="font-medium">{live.courier === 'bosta' ? t('shipment.bosta') : live.carrier}</dd>
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
      </div>
    );

  if (!SHIPPABLE.includes(order.status))
    return <p className="text-sm text-slate-600">{t('shipment.none')}</p>;

  return (
    <div className="flex flex-col gap-4" data-testid="shipment-new">
      {q.data.courier === 'bosta' && (
        <Button onClick={() => void ship({})} disabled={busy} data-testid="ship-bosta">
          {busy ? t('shipment.working') : t('shipment.shipWithBosta')}
        </Button>
      )}
      <form
        className="flex flex-col gap-3 border-t border-slate-100 pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          void ship({ carrier, tracking_number: tracking });
        }}
      >
        <p className="text-sm text-slate-700">{t('shipment.byHand')}</p>
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
    </div>
  );
}
