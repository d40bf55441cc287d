import { SETTLEMENT_COURIERS } from '@store/contracts/admin-settlements';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, money, shortDay } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { addSettlementTexts, SETTLEMENTS_KEY, settlementReportQueryOptions, uploadSettlement } from './api';
import { SettlementFiles } from './settlement-files';

addSettlementTexts();

const cairoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

const KIND_CLASS: Record<string, string> = {
  short: 'bg-red-100 text-red-900',
  not_collected: 'bg-red-100 text-red-900',
  over: 'bg-amber-100 text-amber-900',
  unknown: 'bg-slate-200 text-slate-900',
};

/** The courier's settlement file uploaded by an owner, and what came of it. */
function UploadCard() {
  const { t } = useTranslation('settlements');
  const qc = useQueryClient();
  const [courier, setCourier] = useState<string>('bosta');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setDone(null);
    if (!file) return;
    setBusy(true);
    try {
      const r = await uploadSettlement(file, courier);
      setDone(
        r.created
          ? t('upload.done', {
              count: r.rows,
              recorded: r.recorded,
              rows: r.rows,
              // Each count with its own noun: "1 for an unknown shipment", «صفين متسوّيين قبل كده».
              unknown: t('upload.unknown', { count: r.unknown, n: r.unknown }),
              already: t('upload.already', { count: r.already_settled, n: r.already_settled }),
            })
          : r.recorded > 0
            ? t('upload.againCounted', { count: r.rows, recorded: r.recorded, rows: r.rows })
            : t('upload.again'),
      );
      await qc.invalidateQueries({ queryKey: SETTLEMENTS_KEY });
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('upload.title')}>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(e) => void submit(e)}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('upload.courier')}
          <select
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
            data-testid="settlement-courier"
          >
            {SETTLEMENT_COURIERS.map((c) => (
              <option key={c} value={c}>
                {t(`upload.couriers.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t('upload.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            className="min-h-11 max-w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="settlement-file"
          />
        </label>
        <Button type="submit" disabled={busy || !file} data-testid="settlement-upload">
          {busy ? t('upload.busy') : t('upload.submit')}
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-600">{t('upload.columns')}</p>
      <p aria-live="polite" className="mt-2 text-sm text-emerald-800" data-testid="settlement-done">
        {done}
      </p>
      {errors.length > 0 && <ErrorBox messages={errors} />}
    </Card>
  );
}

/**
 * Cash on delivery (owners, issue 48 item 4): the courier's settlement file (and the files uploaded, removable when
 * uploaded by mistake), then collected against expected per day and courier, and every difference (short, over, not
 * collected, an unknown shipment) with its order.
 */
export function Component() {
  const { t } = useTranslation('settlements');
  const { t: ta } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('title'));
  const allowed = useCan('reports');
  const [to, setTo] = useState(cairoToday);
  const [from, setFrom] = useState(() => daysBefore(cairoToday(), 30));
  const q = useQuery({ ...settlementReportQueryOptions(from, to), enabled: allowed && !!from && !!to });

  if (!allowed)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {ta('errors.forbidden')}
        </p>
      </div>
    );

  const diffClass = (n: number) => (n < 0 ? 'text-red-800' : n > 0 ? 'text-amber-800' : 'text-slate-900');

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <UploadCard />
      <SettlementFiles />
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('range.from')}
          <input
            type="date"
            className="min-h-11 rounded-lg border border-slate-300 px-3"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="settlement-from"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('range.to')}
          <input
            type="date"
            className="min-h-11 rounded-lg border border-slate-300 px-3"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            data-testid="settlement-to"
          />
        </label>
      </div>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-40" />
      ) : (
        <>
          <Card title={t('days.title')} testId="settlement-days">
            {q.data.days.length === 0 ? (
              <p className="py-6 text-center text-slate-600">{t('days.empty')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {q.data.days.map((d) => (
                  <li
                    key={`${d.day}|${d.courier}`}
                    className="grid grid-cols-2 gap-x-3 gap-y-1 py-3 text-sm sm:grid-cols-6 sm:items-center"
                    data-testid="settlement-day"
                  >
                    <span className="font-semibold">{shortDay(d.day, locale)}</span>
                    <span>{d.courier}</span>
                    <span>
                      <span className="text-xs text-slate-600 sm:hidden">{t('days.expected')}: </span>
                      {money(d.expected)}
                    </span>
                    <span>
                      <span className="text-xs text-slate-600 sm:hidden">{t('days.collected')}: </span>
                      {money(d.collected)}
                    </span>
                    <span className={`font-semibold ${diffClass(d.difference)}`}>
                      <span className="text-xs font-normal text-slate-600 sm:hidden">
                        {t('days.difference')}:{' '}
                      </span>
                      <bdi dir="ltr">{money(d.difference)}</bdi>
                    </span>
                    <span>
                      {t('days.flagged')}: {count(d.flagged, locale)}
                    </span>
                  </li>
                ))}
                <li
                  className="grid grid-cols-2 gap-x-3 py-3 text-sm font-bold sm:grid-cols-6"
                  data-testid="settlement-total"
                >
                  <span className="sm:col-span-2">{t('days.total')}</span>
                  <span>{money(q.data.totals.expected)}</span>
                  <span>{money(q.data.totals.collected)}</span>
                  <span className={diffClass(q.data.totals.difference)}>
                    <bdi dir="ltr">{money(q.data.totals.difference)}</bdi>
                  </span>
                </li>
              </ul>
            )}
          </Card>
          <Card title={t('differences.title')} testId="settlement-differences">
            {q.data.differences.length === 0 ? (
              <p className="py-6 text-center text-slate-600">{t('differences.empty')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {q.data.differences.map((x) => (
                  <li
                    key={`${x.courier}|${x.tracking_number}`}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm"
                    data-testid={`settlement-diff-${x.kind}`}
                  >
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${KIND_CLASS[x.kind]}`}
                    >
                      {t(`differences.kinds.${x.kind}`)}
                    </span>
                    {x.order_id !== null ? (
                      <Link to={`/orders/${x.order_id}`} className="text-brand-700 underline">
                        {t('differences.order', { number: x.order_number ?? x.order_id })}
                      </Link>
                    ) : null}
                    <span className="text-slate-700">
                      {t('differences.tracking', { tracking: '' })}
                      <bdi dir="ltr">{x.tracking_number}</bdi>
                    </span>
                    <span className="text-slate-600">
                      {x.courier} · {shortDay(x.day, locale)}
                    </span>
                    <span className="ms-auto text-xs">
                      {t('days.expected')} {money(x.expected)} · {t('days.collected')}{' '}
                      {x.collected === null ? '—' : money(x.collected)} ·{' '}
                      <bdi dir="ltr" className={`font-semibold ${diffClass(x.difference)}`}>
                        {money(x.difference)}
                      </bdi>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
