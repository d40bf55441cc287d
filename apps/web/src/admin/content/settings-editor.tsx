import { zodResolver } from '@hookform/resolvers/zod';
import {
  pageSettingDef,
  pageSettingsFormSchema,
  SETTING_IMAGE_MAX_BYTES,
  SETTING_IMAGE_TYPES,
  type AdminPageSettings,
  type ContentGroup,
  type PageSettingsForm,
} from '@store/contracts/admin-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Field, TextAreaField } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { applyServerErrors, errorMessages, errorOf, messageText } from '../../lib/form-errors';
import { pageSettingsQueryOptions, savePageSettings, uploadSettingImage } from './api';

const formValues = (data: AdminPageSettings): PageSettingsForm =>
  Object.fromEntries(data.settings.filter((s) => s.kind !== 'image').map((s) => [s.name, s.value ?? '']));

export interface SettingsEditor {
  form: UseFormReturn<PageSettingsForm>;
  data: AdminPageSettings;
  /** A setting's picture (its current address), or null. */
  image(name: string): string | null;
}

/**
 * The editor of one group of page settings: reads the group, keeps the form, sends the changed texts and links with
 * the `updated_at` it read (a 409 says another edit landed, and offers to load it), puts errors on their fields.
 * `children` lays the fields out; `aside` (a preview) sits beside them.
 */
export function SettingsPage({
  group,
  children,
  aside,
}: {
  group: ContentGroup;
  children(editor: SettingsEditor): ReactNode;
  aside?(editor: SettingsEditor): ReactNode;
}) {
  const q = useQuery(pageSettingsQueryOptions(group));
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-96" />;
  return (
    <LoadedSettings group={group} data={q.data} aside={aside}>
      {children}
    </LoadedSettings>
  );
}

function LoadedSettings({
  group,
  data,
  children,
  aside,
}: {
  group: ContentGroup;
  data: AdminPageSettings;
  children(editor: SettingsEditor): ReactNode;
  aside?(editor: SettingsEditor): ReactNode;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const key = pageSettingsQueryOptions(group).queryKey;
  const schema = useMemo(() => pageSettingsFormSchema(group), [group]);
  const form = useForm<PageSettingsForm>({ resolver: zodResolver(schema), defaultValues: formValues(data) });
  const [failure, setFailure] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const names = Object.keys(formValues(data));

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure([]);
    setSaved(false);
    setStale(false);
    const dirty = form.formState.dirtyFields;
    const settings = names
      .filter((n) => dirty[n])
      .map((n) => ({ name: n, value: values[n]?.trim() ? values[n]!.trim() : null }));
    if (!settings.length) {
      setSaved(true);
      return;
    }
    try {
      const latest = qc.getQueryData(key) ?? data;
      const next = await savePageSettings({ group, updated_at: latest.updated_at, settings });
      qc.setQueryData(key, next);
      form.reset(formValues(next));
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setStale(true);
      setFailure(applyServerErrors(err, form.setError, names));
    }
  });

  const reload = async () => {
    const next = await qc.fetchQuery({ ...pageSettingsQueryOptions(group), staleTime: 0 });
    form.reset(formValues(next));
    setFailure([]);
    setStale(false);
  };

  // `data` follows the query: an uploaded picture shows at once, the typed texts stay as they are.
  const editor: SettingsEditor = {
    form,
    data,
    image: (name) => data.settings.find((s) => s.name === name)?.attachment_url ?? null,
  };

  return (
    <div className={aside ? 'grid gap-4 xl:grid-cols-[minmax(0,1fr)_26rem] xl:items-start' : ''}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        data-testid={`settings-${group}`}
      >
        {children(editor)}
        <div
          className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-sm"
          aria-live="polite"
        >
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="settings-save">
            {t('content.save')}
          </Button>
          {saved && (
            <p className="text-sm text-emerald-800" data-testid="settings-saved">
              {t('content.saved')}
            </p>
          )}
          {stale && (
            <Button variant="outline" size="sm" onClick={() => void reload()}>
              {t('content.loadLatest')}
            </Button>
          )}
          <ErrorBox messages={failure} className="w-full" />
        </div>
      </form>
      {aside && <div className="min-w-0 xl:sticky xl:top-4">{aside(editor)}</div>}
    </div>
  );
}

/** One field of the group's form, its label in the staff member's language, typed in `lang`. */
export function SettingField({
  editor,
  name,
  label,
  lang,
  rows = 7,
}: {
  editor: SettingsEditor;
  name: string;
  label: string;
  lang?: 'ar' | 'en';
  /** Lines of a paragraph's box. */
  rows?: number;
}) {
  const def = pageSettingDef(name);
  const { register, formState } = editor.form;
  const common = {
    label,
    lang,
    dir: lang === 'ar' ? 'rtl' : lang === 'en' ? 'ltr' : undefined,
    maxLength: def?.max,
    error: errorOf(formState.errors, name),
    'data-testid': `setting-${name}`,
    ...register(name),
  };
  if (def?.kind === 'paragraph') return <TextAreaField rows={rows} {...common} />;
  if (def?.kind === 'link')
    return <Field {...common} dir="ltr" inputMode="url" placeholder="/special-offers  ·  https://…" />;
  return <Field {...common} />;
}

/** An English field and its Arabic twin side by side (`<name>` and `<name>_ar`). */
export function Bilingual({
  editor,
  name,
  label,
  rows,
}: {
  editor: SettingsEditor;
  name: string;
  label: string;
  rows?: number;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SettingField
        editor={editor}
        name={`${name}_ar`}
        lang="ar"
        rows={rows}
        label={`${label} · ${t('content.arabic')}`}
      />
      <SettingField
        editor={editor}
        name={name}
        lang="en"
        rows={rows}
        label={`${label} · ${t('content.english')}`}
      />
    </div>
  );
}

/**
 * A picture setting: what the store shows now, and a file to replace it (checked here for size, by the server for
 * what it is). The group's `updated_at` goes along, as with texts.
 */
export function ImageSetting({
  editor,
  group,
  name,
  label,
}: {
  editor: SettingsEditor;
  group: ContentGroup;
  name: string;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = editor.image(name);
  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > SETTING_IMAGE_MAX_BYTES) {
      setError(messageText(`content_file_too_large:${SETTING_IMAGE_MAX_BYTES / 1024 / 1024}`) ?? null);
      return;
    }
    setBusy(true);
    try {
      const key = pageSettingsQueryOptions(group).queryKey;
      const latest = qc.getQueryData(key) ?? editor.data;
      qc.setQueryData(key, await uploadSettingImage(name, file, latest.updated_at));
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors.file : undefined;
      setError((fe ?? errorMessages(err)).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3"
      data-testid={`image-${name}`}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {url ? (
        <img src={url} alt="" className="max-h-28 w-full rounded-lg bg-slate-100 object-contain" />
      ) : (
        <p className="rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600">
          {t('content.noImage')}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={SETTING_IMAGE_TYPES.join(',')}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="text-sm file:me-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-700"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {busy ? t('content.uploading') : t('content.imageHint')}
        </p>
      )}
    </div>
  );
}
