import { HOME_BRANDS } from '@store/contracts/constants';
import {
  adminBrandBodySchema,
  adminBrandUpdateSchema,
  BRAND_NAME_MAX,
  type AdminBrand,
} from '@store/contracts/admin-taxonomy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { ErrorBox, LoadError } from '../components/messages';
import { count } from '../lib/format';
import { errorMessages } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { brandsQueryOptions, createBrand, deleteBrand, TAXONOMY_KEY, updateBrand, uploadIcon } from './api';
import {
  Check,
  ConfirmDelete,
  Forbidden,
  IconImage,
  IconUpload,
  issuesOf,
  NameFields,
  serverErrors,
  useCatalogRole,
  type FieldErrors,
} from './parts';

type Flags = Pick<AdminBrand, 'featured' | 'show_on_homepage' | 'active'>;

/** Add or edit a brand: both names side by side and its flags. */
function BrandForm({ brand, onClose }: { brand: AdminBrand | null; onClose(saved?: string): void }) {
  const { t } = useTranslation('admin');
  const [nameAr, setNameAr] = useState(brand?.name_ar ?? '');
  const [nameEn, setNameEn] = useState(brand?.name_en ?? '');
  const [flags, setFlags] = useState<Flags>({
    featured: brand?.featured ?? false,
    show_on_homepage: brand?.show_on_homepage ?? false,
    active: brand?.active ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setFailure([]);
    const fields = { name_ar: nameAr, name_en: nameEn, icon_url: brand?.icon_url ?? null, ...flags };
    let run: () => Promise<unknown>;
    if (brand) {
      const r = adminBrandUpdateSchema.safeParse({ ...fields, updated_at: brand.updated_at });
      if (!r.success) return setErrors(issuesOf(r.error));
      run = () => updateBrand(brand.id, r.data);
    } else {
      const r = adminBrandBodySchema.safeParse(fields);
      if (!r.success) return setErrors(issuesOf(r.error));
      run = () => createBrand(r.data);
    }
    setErrors({});
    setBusy(true);
    try {
      await run();
      onClose(t('taxonomy.saved'));
    } catch (err) {
      const e = serverErrors(err, ['name_ar', 'name_en']);
      setErrors(e.fields);
      setFailure(e.rest);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={brand ? t('taxonomy.brands.editTitle', { name: brand.name_ar }) : t('taxonomy.brands.newTitle')}
      className="max-w-2xl"
    >
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="brand-form"
      >
        <NameFields
          ar={nameAr}
          en={nameEn}
          onAr={setNameAr}
          onEn={setNameEn}
          errors={errors}
          max={BRAND_NAME_MAX}
        />
        <div className="flex flex-wrap gap-x-6">
          <Check
            label={t('taxonomy.brands.featured')}
            checked={flags.featured}
            onChange={(featured) => setFlags({ ...flags, featured })}
          />
          <Check
            label={t('taxonomy.showOnHomepage')}
            checked={flags.show_on_homepage}
            onChange={(show_on_homepage) => setFlags({ ...flags, show_on_homepage })}
          />
          <Check
            label={t('taxonomy.activeLabel')}
            checked={flags.active}
            onChange={(active) => setFlags({ ...flags, active })}
          />
        </div>
        <ErrorBox messages={failure} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onClose()}>
            {t('taxonomy.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="brand-save">
            {t('taxonomy.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Brands (owners and catalog staff): a table with the icon, both names, products, and the featured / home page /
 * shown flags as checkboxes saved at once; a warning when more brands are on the home page than it shows.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('taxonomy.brands.title'));
  const allowed = useCatalogRole();
  const qc = useQueryClient();
  const q = useQuery({ ...brandsQueryOptions(), enabled: allowed });
  const [editing, setEditing] = useState<AdminBrand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBrand | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  if (!allowed) return <Forbidden title={t('taxonomy.brands.title')} />;
  const refresh = () => qc.invalidateQueries({ queryKey: TAXONOMY_KEY });
  const name = (b: AdminBrand) => (locale === 'ar' ? b.name_ar : b.name_en);

  const flip = async (b: AdminBrand, change: Partial<Flags>) => {
    setFailure([]);
    setStatus(null);
    try {
      const { name_en, name_ar, icon_url, featured, show_on_homepage, active, updated_at } = b;
      await updateBrand(b.id, {
        name_en,
        name_ar,
        icon_url,
        featured,
        show_on_homepage,
        active,
        updated_at,
        ...change,
      });
      setStatus(t('taxonomy.saved'));
    } catch (err) {
      setFailure(errorMessages(err));
    }
    await refresh();
  };

  const onHome = q.data?.on_homepage ?? 0;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{t('taxonomy.brands.title')}</h1>
        <Button onClick={() => setEditing('new')} data-testid="brand-new">
          {t('taxonomy.brands.new')}
        </Button>
      </div>
      {onHome > HOME_BRANDS && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="home-brands-warning"
        >
          {t('taxonomy.brands.homeWarning', { n: count(onHome, locale), max: HOME_BRANDS })}
        </p>
      )}
      <div aria-live="polite">
        <ErrorBox messages={failure} />
        {status && <p className="text-sm text-emerald-800">{status}</p>}
      </div>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-64" />
      ) : q.data.brands.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          {t('taxonomy.brands.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-sm" data-testid="brands-table">
            <caption className="sr-only">{t('taxonomy.brands.title')}</caption>
            <thead className="bg-slate-50 text-start text-slate-700">
              <tr>
                <th scope="col" className="p-3 text-start">
                  {t('taxonomy.brands.columns.brand')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('taxonomy.brands.columns.products')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('taxonomy.brands.featured')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('taxonomy.showOnHomepage')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('taxonomy.activeLabel')}
                </th>
                <th scope="col" className="p-3 text-start">
                  <span className="sr-only">{t('taxonomy.brands.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {q.data.brands.map((b) => (
                <tr key={b.id} data-testid={`brand-${b.id}`}>
                  <td className="p-3">
                    <div className="flex items-center gap-3">
                      <IconImage url={b.icon_url} />
                      <div className="min-w-0">
                        <p className="font-semibold">
                          <bdi lang="ar">{b.name_ar}</bdi>
                        </p>
                        <p className="text-slate-600" dir="ltr" lang="en">
                          <bdi>{b.name_en}</bdi>
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="p-3">{count(b.products_count, locale)}</td>
                  {(['featured', 'show_on_homepage', 'active'] as const).map((flag) => (
                    <td key={flag} className="p-3">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={b[flag]}
                        onChange={(e) => void flip(b, { [flag]: e.target.checked })}
                        aria-label={t(`taxonomy.brands.flagOf.${flag}`, { name: name(b) })}
                      />
                    </td>
                  ))}
                  <td className="p-3">
                    <div className="flex flex-wrap justify-end gap-1">
                      <Button size="sm" variant="ghost" onClick={() => setEditing(b)}>
                        {t('taxonomy.edit')}
                      </Button>
                      <IconUpload
                        label={t('taxonomy.iconOf', { name: name(b) })}
                        upload={(file) => uploadIcon('brands', b.id, file)}
                        onDone={() => void refresh()}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-800"
                        onClick={() => setDeleting(b)}
                      >
                        {t('taxonomy.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <BrandForm
          brand={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              setStatus(saved);
              void refresh();
            }
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('taxonomy.deleteTitle', { name: name(deleting) })}
          onConfirm={async () => {
            await deleteBrand(deleting.id);
            // The API answers 204 with no body: the sentence is the page's own, in the user's language.
            setFailure([]);
            setStatus(t('taxonomy.deleted', { name: name(deleting) }));
            await refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
