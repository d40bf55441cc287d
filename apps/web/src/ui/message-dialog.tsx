import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

interface Props {
  open: boolean;
  title: string;
  messages?: string[];
  children?: ReactNode;
  onClose(): void;
  actionLabel?: string;
  /** With onConfirm the dialog asks: a cancel button (closes) and the action button (confirms). */
  onConfirm?(): void;
}

/** A dialog for success notes and lists of server messages (spec §8). */
export function MessageDialog({
  open,
  title,
  messages = [],
  children,
  onClose,
  actionLabel,
  onConfirm,
}: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-1 text-slate-700">
              {messages.map((m) => (
                <p key={m}>{m}</p>
              ))}
            </div>
          </Dialog.Description>
          {children}
          <div className="mt-6 flex justify-end gap-2">
            {onConfirm && (
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700"
              >
                {t('common:cancel')}
              </button>
            )}
            <button
              type="button"
              onClick={onConfirm ?? onClose}
              className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
            >
              {actionLabel ?? t('common:close')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
