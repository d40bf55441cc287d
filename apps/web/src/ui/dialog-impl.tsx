import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Read to screen readers after the title; hidden when it is only for them. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

const overlay = 'dialog-overlay fixed inset-0 z-50 bg-slate-950/50';

/** The Radix parts of ./dialog.tsx, loaded only when a dialog first opens. A centred modal dialog with a title and a close button (Radix: focus trap, Escape, scroll lock). */
export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  className = '',
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content
          className={`fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl ${className}`}
        >
          <div className="mb-3 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full p-1 text-slate-600 hover:bg-slate-100"
              aria-label={t('close')}
            >
              <CloseIcon size={22} />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-3 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A panel that slides in from the start side (right in Arabic, left in English), full height. */
export function DrawerImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  className = '',
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content
          className={`drawer-panel fixed inset-y-0 start-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-xl ${className}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full p-2 text-slate-700 hover:bg-slate-100"
              aria-label={t('close')}
            >
              <CloseIcon size={22} />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{description ?? title}</RadixDialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
