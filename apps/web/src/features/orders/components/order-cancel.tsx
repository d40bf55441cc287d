import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@store/contracts/checkout';
import { HOTLINE } from '@store/contracts/constants';
import { cancelThroughShop, shopperCanCancel } from '@store/contracts/order-states';
import { useState } from 'react';
import { errorMessages } from '../../../lib/form-errors';
import { useLocaleStore } from '../../../lib/locale-store';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { cancelOrder, ORDERS_KEY, orderQueryOptions } from '../api/orders';
import { useOrdersTranslation } from '../i18n';
import { orderNumberOf } from '../order-labels';

/**
 * Cancelling an order from its page (QA: a shopper could not): while it is pending (the shop has not confirmed it:
 * contracts' transitions table) a Cancel order button that asks first, then shows the order cancelled; once the shop
 * confirmed it, until it arrives, a line saying to call the hotline instead. The server's refusals (confirmed
 * meanwhile, already cancelled) are shown in the page's language, and the order is read again.
 */
export function OrderCancel({ order: o }: { order: Order }) {
  const { t } = useOrdersTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(o.id),
    onSuccess: async (order) => {
      qc.setQueryData(orderQueryOptions(locale, o.id).queryKey, order);
      setOpen(false);
      setDone(true);
      // The order and the orders list (and any other language's copy) are read again.
      await qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
    },
    onError: async (err) => {
      setOpen(false);
      setProblem(errorMessages(err));
      await qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
    },
  });
  const canCancel = shopperCanCancel(o.status);
  const callUs = cancelThroughShop(o.status);
  if (!canCancel && !callUs && !done && !problem.length) return null;
  const number = orderNumberOf(o);
  return (
    <div className="mt-4 flex flex-col items-start gap-2" data-testid="order-cancel">
      {done && (
        <p role="status" className="text-emerald-800" data-testid="order-cancel-done">
          {t('detail.cancel.done')}
        </p>
      )}
      {problem.length > 0 && (
        <div role="alert" className="text-sm text-red-700" data-testid="order-cancel-error">
          {problem.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {canCancel && (
        <button
          type="button"
          className="inline-flex h-9 items-center justify-center rounded-lg border border-red-700 bg-white px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          onClick={() => {
            setProblem([]);
            setOpen(true);
          }}
          data-testid="order-cancel-button"
        >
          {t('detail.cancel.button')}
        </button>
      )}
      {callUs && (
        <p className="text-sm text-slate-700" data-testid="order-cancel-hint">
          {t('detail.cancel.hint')}{' '}
          <a href={`tel:${HOTLINE}`} dir="ltr" className="font-bold text-brand-700 hover:underline">
            {HOTLINE}
          </a>
        </p>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title={number ? t('detail.cancel.title', { id: number }) : t('detail.cancel.button')}
        description={t('detail.cancel.text')}
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className={buttonClass('ghost', 'md')}
            disabled={cancel.isPending}
            onClick={() => setOpen(false)}
            data-testid="order-cancel-keep"
          >
            {t('detail.cancel.keep')}
          </button>
          <button
            type="button"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-testid="order-cancel-confirm"
          >
            {t('detail.cancel.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
