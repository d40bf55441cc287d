import { ICON_MAX_BYTES } from '@store/contracts/admin-taxonomy';
import { useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors as FieldErrorsOf, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { useCan } from '../auth/store';
import { errorMessages, errorOf, messageText } from '../../lib/form-errors';
import { CheckField } from '../components/check-field';

export type FieldErrors = Record<string, string>;

/** A contracts schema's issues as field → message in the staff member's language (the first per field). */
export function issuesOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'base';
    out[key] ??= messageText(issue.message) ?? issue.message;
  }
  return out;
}

/** A failed call: its field errors (already in the request's language) and the messages of no field. */
export function serverErrors(
  err: unknown,
  fields: readonly string[],
): { fields: FieldErrors; rest: string[] } {
  if (!(err instanceof ApiError)) return { fields: {}, rest: errorMessages(err) };
  const out: FieldErrors = {};
  const rest: string[] = [];
  for (const [field, msgs] of Object.entries(err.fieldErrors)) {
    if (fields.includes(field)) out[field] = msgs.join(' ');
    else rest.push(...msgs);
  }
  if (!Object.keys(err.fieldErrors).length) rest.push(...errorMessages(err));
  return { fields: out, rest };
}

/** Owners and catalog staff may open these pages; anyone else reads why not. */
export function useCatalogRole() {
  return useCan('catalog');
}

export function Forbidden({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
        {t('errors.forbidden')}
      </p>
    </div>
  );
}

type NameInput = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/**
 * The Arabic and English names side by side (Arabic first), each typed in its own direction: a form's
 * (`form.register('name_ar')`) or a page's own state (`value` and `onChange`).
 */
export function NameFields({
  ar,
  en,
  errors,
  max,
}: {
  ar: NameInput;
  en: NameInput;
  errors: { name_ar?: string; name_en?: string };
  max: number;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        label={t('taxonomy.nameAr')}
        dir="rtl"
        lang="ar"
        maxLength={max}
        {...ar}
        error={errors.name_ar}
      />
      <Field
        label={t('taxonomy.nameEn')}
        dir="ltr"
        lang="en"
        maxLength={max}
        {...en}
        error={errors.name_en}
      />
    </div>
  );
}

/**
 * A category's or a brand's fields in its edit dialog: both names side by side, then its flags as checkboxes
 * (`flags`: each flag's field and label), on the dialog's form.
 */
export function NamesAndFlags<T extends NamedRow, Out>({
  form,
  max,
  flags,
}: {
  form: UseFormReturn<T, unknown, Out>;
  max: number;
  flags: { name: keyof T & string; label: string }[];
}) {
  const errors = form.formState.errors as FieldErrorsOf<NamedRow>;
  const field = (name: string) => form.register(name as Path<T>);
  return (
    <>
      <NameFields
        ar={field('name_ar')}
        en={field('name_en')}
        errors={{ name_ar: errorOf(errors, 'name_ar'), name_en: errorOf(errors, 'name_en') }}
        max={max}
      />
      <div className="flex flex-wrap gap-x-6">
        {flags.map((f) => (
          <CheckField key={f.name} label={f.label} {...field(f.name)} />
        ))}
      </div>
    </>
  );
}
type NamedRow = { name_ar: string; name_en: string };

/** An icon, or a grey square where there is none. */
export function IconImage({ url, size = 40 }: { url: string | null; size?: number }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-md bg-slate-50 object-contain"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="shrink-0 rounded-md bg-slate-100"
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}

/** A button that picks an SVG, PNG or WebP file and uploads it; the server checks it by its content. */
export function IconUpload({
  label,
  upload,
  onDone,
  testId,
}: {
  label: string;
  upload(file: File): Promise<unknown>;
  onDone(): void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError([]);
    if (file.size > ICON_MAX_BYTES) {
      setError([messageText(`icon_too_large:${ICON_MAX_BYTES / 1024}`)!]);
      return;
    }
    setBusy(true);
    try {
      await upload(file);
      onDone();
    } catch (err) {
      const { fields, rest } = serverErrors(err, ['file']);
      setError([...(fields.file ? [fields.file] : []), ...rest]);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <input
        ref={input}
        type="file"
        accept="image/svg+xml,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={testId}
      />
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-label={label}
      >
        {busy ? t('taxonomy.uploading') : t('taxonomy.icon')}
      </Button>
      <ErrorBox messages={error} />
    </span>
  );
}

/** "Delete X?" with the server's refusal (in use: how many) shown in the dialog. */
export function ConfirmDelete({
  title,
  onConfirm,
  onClose,
}: {
  title: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title}>
      <p className="mb-4 text-slate-800">{t('taxonomy.deleteText')}</p>
      <ErrorBox messages={error} className="mb-4" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('taxonomy.cancel')}
        </Button>
        <Button
          disabled={busy}
          className="bg-red-700 hover:bg-red-800"
          data-testid="confirm-delete"
          onClick={async () => {
            setBusy(true);
            setError([]);
            try {
              await onConfirm();
              onClose();
            } catch (err) {
              setError(errorMessages(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('taxonomy.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
