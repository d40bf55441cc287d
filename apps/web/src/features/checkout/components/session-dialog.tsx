import { apiMessage } from '@store/contracts/messages';
import { useEffect } from 'react';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { minutesSeconds, useSecondsUntil } from '../countdown';
import { useCheckoutTranslation } from '../i18n';

export interface SessionNotice {
  /** When a new payment session may start (this device's clock, ms). */
  until: number;
  /** A sap_sync message to show instead of the countdown. */
  sapMessages?: string[];
}

/**
 * The payment-expiry modal (spec §2, §8): 'A payment session is already active. You can start a new session in
 * {mm:ss}.' counting down every second, closing by itself at zero; or the sap_sync message when there is one.
 * With `onEndSession`, the shopper need not wait: ending that earlier payment (its items join the cart) lets them
 * pay now (QA: the countdown and Close were a dead end).
 */
export function SessionDialog({
  notice,
  onClose,
  onEndSession,
}: {
  notice: SessionNotice | null;
  onClose(): void;
  onEndSession?: () => void;
}) {
  const { t } = useCheckoutTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const seconds = useSecondsUntil(notice?.until ?? null);
  const open = notice !== null;
  // A sap_sync message is not about an open payment: nothing to end then.
  const canEnd = !!onEndSession && !notice?.sapMessages?.length;
  useEffect(() => {
    if (open && seconds === 0) onClose();
  }, [open, seconds, onClose]);
  return (
    <Dialog open={open && seconds > 0} onOpenChange={(o) => !o && onClose()} title={t('session.title')}>
      <div data-testid="session-dialog">
        {notice?.sapMessages?.length ? (
          <ul className="space-y-1 text-slate-700">
            {notice.sapMessages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700" aria-live="off">
            {apiMessage('payment_session_active', locale, { time_remaining: minutesSeconds(seconds) })}
          </p>
        )}
        <p
          className="mt-4 text-center text-3xl font-bold tabular-nums"
          dir="ltr"
          role="timer"
          aria-label={t('session.remaining')}
          data-testid="session-countdown"
        >
          {minutesSeconds(seconds)}
        </p>
        {canEnd && <p className="mt-4 text-sm text-slate-700">{t('session.endHint')}</p>}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {canEnd && (
            <Button variant="outline" onClick={onEndSession} data-testid="session-end">
              {t('session.end')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common:close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
