import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorBox } from '../components/messages';
import { applyServerErrors, errorMessages } from '../../lib/form-errors';
import { CONTENT_KEY, type DeleteResult } from './api';

/**
 * A dialog with a row's form (a branch, a zone, a bank, a plan): the contract's schema checks it here as the API
 * will; the server's field errors land on the fields (`serverField` renames one the form names otherwise); a 409
 * (someone else changed the row since it was read) is said above the Save button, nothing overwritten.
 */
export function RowDialog<T extends FieldValues, Out>({
  title,
  schema,
  defaults,
  fields,
  onSave,
  onClose,
  serverField = (f) => f,
  testId,
}: {
  title: string;
  schema: z.ZodType<Out, T>;
  defaults: DefaultValues<T>;
  fields(form: UseFormReturn<T, unknown, Out>): ReactNode;
  onSave(values: Out): Promise<unknown>;
  onClose(): void;
  serverField?: (field: string) => string;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string[]>([]);
  const form = useForm<T, unknown, Out>({ resolver: zodResolver(schema), defaultValues: defaults });
  const names = Object.keys(defaults as object);
  const submit = form.handleSubmit(async (values) => {
    setFailure([]);
    try {
      await onSave(values);
      await qc.invalidateQueries({ queryKey: CONTENT_KEY });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const renamed = new ApiError(err.status, {
          errors: Object.fromEntries(
            Object.entries(err.fieldErrors).map(([f, m]) => [serverField(f), m] as const),
          ),
        });
        setFailure(applyServerErrors(renamed, form.setError, names));
      } else setFailure(applyServerErrors(err, form.setError, names));
    }
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} className="sm:max-w-3xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid={testId}>
        {fields(form)}
        <ErrorBox messages={failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="row-save">
            {t('content.save')}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('content.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

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

/** A labelled checkbox of a row's form. */
export function CheckField({
  label,
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" className="size-4 accent-brand-700" {...rest} />
      {label}
    </label>
  );
}
