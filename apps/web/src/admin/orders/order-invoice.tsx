import type { AdminOrder } from '@store/contracts/admin-orders';
import type { Locale } from '@store/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { Button, buttonClass } from '../../ui/button';
import { ErrorBox } from '../components/messages';
import { money } from '../lib/format';
import { ORDERS_KEY } from './api';

/** Where an e-receipt stands, as a colour. */
const TONE: Record<string, string> = {
  valid: 'bg-emerald-100 text-emerald-900',
  submitted: 'bg-sky-100 text-sky-900',
  pending: 'bg-slate-100 text-slate-800',
  failed: 'bg-amber-100 text-amber-900',
  invalid: 'bg-red-100 text-red-900',
};

/**
 * The order's invoice, credit notes and e-receipts (issue 47): the VAT inside its total, the invoice and each credit
 * note as a PDF in the staff member's language (staff sign in with a cookie, so a link is enough), and with
 * ETA_RECEIPTS on, each receipt sent to the Tax Authority: its uuid, where it stands, the ETA's reasons for a
 * rejection, and "Send again" for one rejected or not sent.
 */
export function OrderInvoice({ order: o, locale }: { order: AdminOrder; locale: Locale }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const doc = (path: string) => `/v1/admin/orders/${o.id}/${path}?locale=${locale}`;

  const resubmit = async (receiptId: number) => {
    setBusy(receiptId);
    setFailure([]);
    try {
      await api(`admin/orders/${o.id}/e-receipts/${receiptId}/resubmit`, { method: 'POST' });
      await qc.invalidateQueries({ queryKey: ORDERS_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <dl className="space-y-1">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('invoice.vat')}</dt>
          <dd data-testid="order-vat">{money(o.vat_amount)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('invoice.number')}</dt>
          <dd dir="ltr" data-testid="order-invoice-number">
            {o.invoice_number ?? t('invoice.none')}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {o.invoice_number && (
          <a
            href={doc('invoice')}
            download={`${o.invoice_number}.pdf`}
            className={buttonClass('outline', 'sm')}
            data-testid="order-invoice-download"
          >
            {t('invoice.download')}
          </a>
        )}
        {o.credit_notes.map((n) => (
          <a
            key={n.number}
            href={doc(`credit-notes/${n.number}`)}
            download={`${n.number}.pdf`}
            className={buttonClass('ghost', 'sm')}
            data-testid="order-credit-note-download"
          >
            <span dir="auto">{t('invoice.creditNote', { number: n.number, amount: money(n.total) })}</span>
          </a>
        ))}
      </div>

      {o.e_receipts.length > 0 && (
        <div>
          <h3 className="font-semibold">{t('invoice.receipts')}</h3>
          <ul className="mt-2 space-y-3" data-testid="order-e-receipts">
            {o.e_receipts.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-3" data-testid="order-e-receipt">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {t(`invoice.kind.${r.kind}`)} · <span dir="ltr">{r.receipt_number}</span>
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[r.status] ?? TONE.pending}`}
                    data-testid="order-e-receipt-status"
                  >
                    {t(`invoice.status.${r.status}`, { defaultValue: r.status })}
                  </span>
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {t('invoice.uuid')}{' '}
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noreferrer"
                    dir="ltr"
                    className="font-mono break-all text-brand-700 underline"
                    data-testid="order-e-receipt-uuid"
                  >
                    {r.uuid}
                  </a>
                </p>
                {r.reasons.length > 0 && (
                  <ul
                    className="mt-2 list-disc ps-5 text-xs text-red-800"
                    data-testid="order-e-receipt-reasons"
                  >
                    {r.reasons.map((reason) => (
                      <li key={reason} dir="auto">
                        {reason}
                      </li>
                    ))}
                  </ul>
                )}
                {r.last_error && r.status === 'failed' && (
                  <p className="mt-2 text-xs text-amber-900" dir="auto">
                    {r.last_error}
                  </p>
                )}
                {(r.status === 'invalid' || r.status === 'failed') && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    disabled={busy !== null}
                    onClick={() => void resubmit(r.id)}
                    data-testid="order-e-receipt-resubmit"
                  >
                    {busy === r.id ? t('invoice.resubmitting') : t('invoice.resubmit')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure.length > 0 && <ErrorBox messages={failure} />}
    </div>
  );
}
