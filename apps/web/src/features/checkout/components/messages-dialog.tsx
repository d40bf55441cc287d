import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { useCheckoutTranslation } from '../i18n';

/** A modal listing the server's messages (spec §8), with one button. */
export function MessagesDialog({
  messages,
  title,
  onClose,
  actionLabel,
  testId,
}: {
  messages: string[] | null;
  title: string;
  onClose(): void;
  actionLabel?: ReactNode;
  testId?: string;
}) {
  const { t } = useCheckoutTranslation();
  return (
    <Dialog open={messages !== null} onOpenChange={(o) => !o && onClose()} title={title}>
      <ul className="space-y-1 text-slate-700" data-testid={testId}>
        {(messages ?? []).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>{actionLabel ?? t('common:close')}</Button>
      </div>
    </Dialog>
  );
}
