import { ICON_MAX_BYTES } from '@store/contracts/admin-taxonomy';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { useCan } from '../auth/store';
import { errorMessages, messageText } from '../../lib/form-errors';

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

/** A labelled checkbox. */
export function Check({
  label,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: ReactNode;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  );
}

/** The Arabic and English names side by side (Arabic first), each typed in its own direction. */
export function NameFields({
  ar,
  en,
  onAr,
  onEn,
  errors,
  max,
}: {
  ar: string;
  en: string;
  onAr(v: string): void;
  onEn(v: string): void;
  errors: FieldErrors;
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
        value={ar}
        onChange={(e) => onAr(e.target.value)}
        error={errors.name_ar}
      />
      <Field
        label={t('taxonomy.nameEn')}
        dir="ltr"
        lang="en"
        maxLength={max}
        value={en}
        onChange={(e) => onEn(e.target.value)}
        error={errors.name_en}
      />
    </div>
  );
}

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
