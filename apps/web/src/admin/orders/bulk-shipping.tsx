import type { AdminOrderRow } from '@store/contracts/admin-orders';
import type { AdminLabelsResponse, StoreCourier } from '@store/contracts/admin-shipments';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { Button, buttonClass } from '../../ui/button';
import { ErrorBox } from '../components/messages';
import { count } from '../lib/format';

/** GET v1/admin/orders/courier: the courier the store ships with (COURIER). */
export const courierQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'orders', 'courier'],
    queryFn: async ({ signal }) =>
      (await api<{ courier: StoreCourier }>('admin/orders/courier', { signal })).courier,
    staleTime: 10 * 60_000,
  });

interface ShipResult {
  order_id: number;
  tracking_number: string | null;
  error: string | null;
}

/** A PDF sent as base64, as an address the browser opens (freed when replaced or gone). */
function pdfUrl(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
}

/**
 * The orders list's bulk actions (issue 48): for the orders staff selected, "Ship with <courier>" at once and their
 * labels printed at once (one PDF). Each order's result is said on its own: one refused does not stop the others.
 */
export function BulkShipping({
  selected,
  rows,
  locale,
  onClear,
}: {
  selected: number[];
  rows: AdminOrderRow[];
  locale: Locale;
  onClear(): void;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const courier = useQuery(courierQueryOptions());
  const [busy, setBusy] = useState<'ship' | 'labels' | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ order_id: number; error: string }[]>([]);
  const [pdf, setPdf] = useState<string | null>(null);
  useEffect(() => () => void (pdf && URL.revokeObjectURL(pdf)), [pdf]);

  const name = courier.data && courier.data !== 'manual' ? t(`shipment.couriers.${courier.data}`) : null;
  const numberOf = (id: number) => rows.find((r) => r.id === id)?.order_number ?? id;

  const run = async (what: 'ship' | 'labels') => {
    setBusy(what);
    setFailure([]);
    setDone(null);
    setFailed([]);
    setPdf(null);
    try {
      if (what === 'ship') {
        const res = await api<{ results: ShipResult[] }>('admin/orders/shipments', {
          method: 'POST',
          body: { order_ids: selected },
        });
        const ok = res.results.filter((r) => r.tracking_number);
        setDone(t('shipment.bulk.shipped', { count: ok.length, n: count(ok.length, locale) }));
        setFailed(res.results.flatMap((r) => (r.error ? [{ order_id: r.order_id, error: r.error }] : [])));
        await qc.invalidateQueries({ queryKey: ['admin'] });
      } else {
        const res = await api<AdminLabelsResponse>('admin/orders/labels', {
          method: 'POST',
          body: { order_ids: selected },
        });
        const ok = res.results.filter((r) => r.printed);
        setDone(t('shipment.bulk.printed', { count: ok.length, n: count(ok.length, locale) }));
        setFailed(res.results.flatMap((r) => (r.error ? [{ order_id: r.order_id, error: r.error }] : [])));
        if (res.pdf) setPdf(pdfUrl(res.pdf));
      }
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(null);
    }
  };

  const nothing = selected.length === 0;
  if (nothing && !done && !failure.length) return null;

  return (
    <section
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-3 text-sm"
      aria-label={t('shipment.bulk.label')}
      data-testid="bulk-shipping"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="me-auto font-semibold" aria-live="polite" data-testid="bulk-count">
          {t('shipment.bulk.selected', { count: selected.length, n: count(selected.length, locale) })}
        </p>
        {name && (
          <Button
            size="sm"
            onClick={() => void run('ship')}
            disabled={nothing || busy !== null}
            data-testid="bulk-ship"
          >
            {busy === 'ship' ? t('shipment.bulk.working') : t('shipment.shipWith', { courier: name })}
          </Button>
        )}
        {name && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void run('labels')}
            disabled={nothing || busy !== null}
            data-testid="bulk-labels"
          >
            {busy === 'labels' ? t('shipment.bulk.working') : t('shipment.bulk.printLabels')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClear} disabled={nothing || busy !== null}>
          {t('shipment.bulk.clear')}
        </Button>
      </div>
      {done && (
        <p role="status" className="font-medium text-emerald-800" data-testid="bulk-done">
          {done}
        </p>
      )}
      {pdf && (
        <a
          href={pdf}
          target="_blank"
          rel="noreferrer"
          download="labels.pdf"
          className={buttonClass('primary', 'sm', 'self-start')}
          data-testid="bulk-labels-pdf"
        >
          {t('shipment.bulk.openPdf')}
        </a>
      )}
      {failed.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-white p-3 text-red-900">
          <p className="font-semibold">{t('shipment.bulk.failed')}</p>
          <ul className="mt-1 flex flex-col gap-1" data-testid="bulk-failures">
            {failed.map((f) => (
              <li key={f.order_id} className="break-words">
                {t('shipment.bulk.orderFailed', { id: numberOf(f.order_id), error: f.error })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorBox messages={failure} />
    </section>
  );
}
