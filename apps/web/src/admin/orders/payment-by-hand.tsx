import type { AdminOrder } from '@store/contracts/admin-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { useStaffAuth } from '../auth/store';
import { ErrorBox } from '../components/messages';
import { ORDERS_KEY } from './api';

/**
 * A refund by hand marked done (issue 47 item 4): kiosk money, which the gateway cannot give back, handed back by
 * the shop. Only an owner sees it (the API answers 403 to anyone else), on a payment still waiting for its refund
 * that the gateway will not give back itself. A second click asks first, since the money has left the till.
 */
export function PaymentByHand({
  orderId,
  payment: p,
}: {
  orderId: number;
  payment: AdminOrder['payments'][number];
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const owner = useStaffAuth((s) => s.staff?.role === 'owner');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  if (!owner || p.status !== 'refund_required' || p.method !== 'kiosk') return null;

  const markDone = async () => {
    setBusy(true);
    setFailure([]);
    try {
      await api(`admin/orders/${orderId}/payments/${p.id}/refunded`, { method: 'POST' });
      await qc.invalidateQueries({ queryKey: ORDERS_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="mt-2 flex flex-col gap-2">
      <p className="text-slate-700">{t('order.payment.byHand.hint')}</p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group">
          <span className="font-medium">{t('order.payment.byHand.sure')}</span>
          <Button onClick={() => void markDone()} disabled={busy} data-testid="payment-by-hand-confirm">
            {busy ? t('order.payment.byHand.saving') : t('order.payment.byHand.yes')}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
            {t('order.payment.byHand.no')}
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => setConfirming(true)}
          data-testid="payment-by-hand"
        >
          {t('order.payment.byHand.open')}
        </Button>
      )}
      <ErrorBox messages={failure} />
    </div>
  );
}
