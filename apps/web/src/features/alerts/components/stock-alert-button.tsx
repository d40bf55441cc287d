import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { alertsTexts } from '../../../i18n/alerts';
import { ApiError } from '../../../lib/api-client';
import { useNamespace } from '../../../lib/i18n';
import { Button, buttonClass } from '../../../ui/button';
import { useIsSignedIn } from '../../auth';
import { ALERTS_KEY, setStockAlert, stockAlertQueryOptions } from '../api';

/**
 * On a sold-out product's page (issue 49): a signed-in shopper asks to be told when it is back, and may cancel it;
 * a guest is sent to sign in and back here. One message goes out when the stock comes back.
 */
export function StockAlertButton({ productId }: { productId: number }) {
  const { t } = useNamespace('alerts', alertsTexts);
  const signedIn = useIsSignedIn();
  const { pathname, search } = useLocation();
  const qc = useQueryClient();
  const state = useQuery({ ...stockAlertQueryOptions(productId), enabled: signedIn });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);

  if (!signedIn)
    return (
      <Link
        to="/auth/signin"
        state={{ from: pathname + search }}
        className={buttonClass('outline', 'md', 'w-full sm:w-auto')}
        data-testid="stock-alert-signin"
      >
        {t('stock.guest')}
      </Link>
    );

  const asked = state.data?.stock_alert ?? false;
  const toggle = async () => {
    setBusy(true);
    setError([]);
    try {
      const r = await setStockAlert(productId, !asked);
      qc.setQueryData(stockAlertQueryOptions(productId).queryKey, r);
      void qc.invalidateQueries({ queryKey: ALERTS_KEY, exact: true });
    } catch (e) {
      setError(e instanceof ApiError && e.messages.length ? e.messages : [t('tab.error')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex w-full flex-col gap-2" data-testid="stock-alert">
      {asked ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-emerald-800" role="status" data-testid="stock-alert-asked">
            {t('stock.asked')}
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void toggle()}
            disabled={busy}
            data-testid="stock-alert-cancel"
          >
            {t('stock.cancel')}
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => void toggle()}
          disabled={busy || state.isPending}
          data-testid="stock-alert-ask"
        >
          {t('stock.ask')}
        </Button>
      )}
      <p className="text-xs text-slate-600">{t('stock.how')}</p>
      {error.length > 0 && (
        <p role="alert" className="text-sm text-red-800">
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}
