import { adminRefundBodySchema, ORDER_NOTE_MAX, type AdminOrder } from '@store/contracts/admin-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { controlClass, TextAreaField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { count, money } from '../lib/format';
import { errorMessages, messageText } from '../../lib/form-errors';
import { refund } from './api';
import { checkRefund, refundableQuantity, type RefundDraft } from './refund-lines';

interface Props {
  order: AdminOrder;
  open: boolean;
  onOpenChange(open: boolean): void;
  onDone(result: { refunded: true } | { conflict: true }): void;
}

const blank = (): RefundDraft => ({ quantities: {}, restock: true, note: '' });

/**
 * A refund in full or in part: per line, how many units go back (up to quantity − refunded_quantity), whether they
 * go back into stock, and a note. The amount at the prices paid is shown before it is sent.
 */
export function RefundDialog({ order, open, onOpenChange, onDone }: Props) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const [draft, setDraft] = useState<RefundDraft>(blank);
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const lines = order.order_products.filter((l) => refundableQuantity(l) > 0);
  const check = checkRefund(order.order_products, draft);

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) {
      setDraft(blank());
      setFailure([]);
      setTried(false);
    }
    onOpenChange(o);
  };

  const submit = async () => {
    setTried(true);
    if (!check.ok) return;
    const parsed = adminRefundBodySchema.safeParse(check.body);
    if (!parsed.success) {
      setFailure(parsed.error.issues.map((i) => messageText(i.message) ?? i.message));
      return;
    }
    setBusy(true);
    setFailure([]);
    try {
      await refund(order.id, parsed.data);
      setBusy(false);
      close(false);
      onDone({ refunded: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 409) {
        close(false);
        onDone({ conflict: true });
      } else setFailure(errorMessages(err));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('order.refund.title', { id: order.order_number ?? '' })}
      className="max-w-xl"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        className="flex flex-col gap-4"
        data-testid="refund-dialog"
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t('order.refund.lines')}</legend>
          {lines.map((l) => {
            const max = refundableQuantity(l);
            const err = !check.ok && tried ? check.lineErrors[l.id] : undefined;
            const id = `refund-${l.id}`;
            return (
              <div key={l.id} className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                  <span className="block">{l.product.title}</span>
                  <span className="text-xs text-slate-600">
                    {t('order.refund.left', { n: count(max, locale), price: money(l.checkout_price ?? 0) })}
                  </span>
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={max}
                  step={1}
                  value={draft.quantities[l.id] ?? ''}
                  placeholder="0"
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, quantities: { ...d.quantities, [l.id]: e.target.value } }))
                  }
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-error` : undefined}
                  className={`${controlClass} w-24`}
                  data-testid="refund-quantity"
                />
                {err && (
                  <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
                    {err === 'tooMany'
                      ? t('order.refund.tooMany', { n: max })
                      : messageText('must_be_whole_number')}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.restock}
            onChange={(e) => setDraft((d) => ({ ...d, restock: e.target.checked }))}
            className="size-4 accent-brand-700"
            data-testid="refund-restock"
          />
          {t('order.refund.restock')}
        </label>
        <TextAreaField
          label={t('order.confirm.note')}
          value={draft.note}
          onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
          maxLength={ORDER_NOTE_MAX}
          rows={2}
        />
        <p className="rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite" data-testid="refund-amount">
          {check.ok
            ? t('order.refund.amount', { amount: money(check.amount) })
            : tried && check.empty
              ? t('order.refund.empty')
              : t('order.refund.choose')}
        </p>
        <ErrorBox messages={failure} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)} disabled={busy}>
            {t('order.confirm.back')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="refund-submit">
            {busy ? t('order.confirm.working') : t('order.refund.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
