import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorBox } from './messages';
import { applyServerErrors, messageText } from '../../lib/form-errors';

/** An input's registration on the dialog's form and its error, to spread on a Field. */
type FieldProps = UseFormRegisterReturn & { error: string | undefined };

/**
 * The back office's edit dialog: a row's form (a branch, a zone, a bank, a plan…) checked here by the contract's
 * schema as the API will check it; saved by `onSave`, then the answers under `invalidate` are read again and the
 * dialog closes. The server's field errors land on the fields (`serverField` renames one the form names
 * otherwise); a 409 (someone else changed the row since it was read) is said above the Save button, nothing
 * overwritten. `onSaved` hears of a save (the page says so) before the dialog closes.
 */
export function EditDialog<T extends FieldValues, Out>({
  title,
  schema,
  defaults,
  fields,
  onSave,
  onClose,
  onSaved,
  serverField = (f) => f,
  testId,
  saveTestId = 'row-save',
  invalidate,
}: {
  title: string;
  schema: z.ZodType<Out, T>;
  defaults: DefaultValues<T>;
  /** The form's fields; `field(name)` gives an input its registration and its error in the staff's language. */
  fields(form: UseFormReturn<T, unknown, Out>, field: (name: Path<T>) => FieldProps): ReactNode;
  onSave(values: Out): Promise<unknown>;
  onClose(): void;
  onSaved?(): void;
  serverField?: (field: string) => string;
  testId?: string;
  saveTestId?: string;
  /** The query key whose answers the save changes. */
  invalidate: QueryKey;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string[]>([]);
  const form = useForm<T, unknown, Out>({ resolver: zodResolver(schema), defaultValues: defaults });
  const names = Object.keys(defaults as object);
  const field = (name: Path<T>): FieldProps => ({
    ...form.register(name),
    error: messageText((get(form.formState.errors, name) as { message?: string } | undefined)?.message),
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure([]);
    try {
      await onSave(values);
      onSaved?.();
      await qc.invalidateQueries({ queryKey: invalidate });
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
        {fields(form, field)}
        <ErrorBox messages={failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid={saveTestId}>
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
