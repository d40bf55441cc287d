import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { errorMessages } from '../../lib/form-errors';
import { CONTENT_KEY, type DeleteResult } from './api';

/** Delete with a confirmation; the server may switch the row off instead, and says so. */
export function DeleteButton({
  what,
  onDelete,
  testId,
}: {
  what: string;
  onDelete(): Promise<DeleteResult>;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string[]>([]);
  const confirm = async () => {
    setBusy(true);
    setNote([]);
    try {
      const r = await onDelete();
      await qc.invalidateQueries({ queryKey: CONTENT_KEY });
      if (r.message) setNote([r.message]);
      else setOpen(false);
    } catch (err) {
      setNote(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid={testId}>
        {t('content.delete')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setNote([]);
        }}
        title={t('content.deleteTitle', { what })}
      >
        {note.length ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              {note.join(' ')}
            </p>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('content.close')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p>{t('content.deleteConfirm')}</p>
            <div className="flex gap-2">
              <Button onClick={() => void confirm()} disabled={busy} data-testid="row-delete-confirm">
                {t('content.delete')}
              </Button>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('content.cancel')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

/** A yes/no of a row (shown in the store, or switched off). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-700'
      }`}
    >
      {t(active ? 'content.active' : 'content.inactive')}
    </span>
  );
}
