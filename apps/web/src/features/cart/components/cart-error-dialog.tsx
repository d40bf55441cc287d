import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

/**
 * Spec §8: a failed cart add, update or remove shows a dialog listing the server's messages. On the cart page
 * its Continue button also leaves for home (`onContinue`).
 */
export function CartErrorDialog({
  error,
  onClose,
  onContinue,
}: {
  error: unknown;
  onClose(): void;
  onContinue?(): void;
}) {
  const { t } = useTranslation('cart');
  const messages = error instanceof ApiError && error.messages.length ? error.messages : [t('common:error')];
  return (
    <Dialog open={error != null} onOpenChange={(o) => !o && onClose()} title={t('errors.title')}>
      <ul className="space-y-1 text-slate-700">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button
          onClick={() => {
            onClose();
            onContinue?.();
          }}
        >
          {t('common:continue')}
        </Button>
      </div>
    </Dialog>
  );
}
