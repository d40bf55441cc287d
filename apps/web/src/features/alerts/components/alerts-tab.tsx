import type { AlertSettings } from '@store/contracts/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { alertsTexts } from '../../../i18n/alerts';
import { useNamespace } from '../../../lib/i18n';
import { Button } from '../../../ui/button';
import { ALERTS_KEY, alertsQueryOptions, saveAlertSettings, setStockAlert } from '../api';

/**
 * My account › Alerts (issue 49): the sold-out products the shopper waits for, each with a cancel; whether the
 * wishlist's price drops are told; and the channel (SMS or email). Each change is saved at once.
 */
export default function AlertsTab() {
  const { t } = useNamespace('alerts', alertsTexts);
  const qc = useQueryClient();
  const q = useQuery(alertsQueryOptions());
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  // The choice as ticked, shown at once while it is saved (the saved one again if saving fails).
  const [ticked, setTicked] = useState<AlertSettings | null>(null);
  const save = useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (data) => {
      qc.setQueryData(ALERTS_KEY, data);
      setTicked(null);
      setNote({ ok: true, text: t('tab.saved') });
    },
    onError: () => {
      setTicked(null);
      setNote({ ok: false, text: t('tab.error') });
    },
  });
  const cancel = useMutation({
    mutationFn: (id: number) => setStockAlert(id, false),
    onSuccess: () => qc.invalidateQueries({ queryKey: ALERTS_KEY }),
    onError: () => setNote({ ok: false, text: t('tab.error') }),
  });

  if (q.isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  if (q.isError) return <p className="text-red-800">{t('tab.error')}</p>;
  const { stock_alerts: waiting, email_available: emailAvailable } = q.data;
  const settings = ticked ?? q.data.settings;
  const change = (next: Partial<AlertSettings>) => {
    const body = { ...settings, ...next };
    setNote(null);
    setTicked(body);
    save.mutate(body);
  };

  return (
    <div className="flex flex-col gap-6" data-testid="alerts-tab">
      <h2 className="text-lg font-bold">{t('tab.title')}</h2>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-700"
            checked={settings.price_drops}
            onChange={(e) => change({ price_drops: e.target.checked })}
            disabled={save.isPending}
            data-testid="alerts-price-drops"
          />
          <span>
            <span className="font-medium">{t('tab.priceDrops')}</span>
            <span className="block text-sm text-slate-600">{t('tab.priceDropsHint')}</span>
          </span>
        </label>
        <div
          role="radiogroup"
          aria-labelledby="alerts-channel"
          className="flex flex-wrap items-center gap-x-5 gap-y-2"
        >
          <span id="alerts-channel" className="font-medium">
            {t('tab.channel')}
          </span>
          {(['sms', 'email'] as const).map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="radio"
                name="alerts-channel"
                className="size-5 accent-brand-700"
                checked={settings.channel === c}
                onChange={() => change({ channel: c })}
                disabled={save.isPending}
                data-testid={`alerts-channel-${c}`}
              />
              {t(`tab.${c}`)}
            </label>
          ))}
        </div>
        {settings.channel === 'email' && !emailAvailable && (
          <p className="text-sm text-amber-800">{t('tab.emailOff')}</p>
        )}
        <p aria-live="polite" className={`text-sm ${note?.ok ? 'text-emerald-800' : 'text-red-800'}`}>
          {note?.text}
        </p>
      </fieldset>
      <section>
        <h3 className="mb-2 font-bold">{t('tab.waiting')}</h3>
        {waiting.length === 0 ? (
          <p className="text-slate-600" data-testid="alerts-none">
            {t('tab.none')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="alerts-waiting">
            {waiting.map((a) => (
              <li key={a.product_id} className="flex flex-wrap items-center gap-3 py-3">
                <Link
                  to={`/products/${a.product_id}`}
                  className="min-w-0 flex-1 font-medium text-brand-700 underline"
                >
                  {a.title}
                </Link>
                {a.stock > 0 && <span className="text-sm text-emerald-800">{t('tab.inStock')}</span>}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => cancel.mutate(a.product_id)}
                  disabled={cancel.isPending}
                  data-testid={`alerts-cancel-${a.product_id}`}
                >
                  {t('tab.cancel')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
