import { HOME_BRANDS } from '@store/contracts/constants';
import { adminBrandBodySchema, BRAND_NAME_MAX, type AdminBrand } from '@store/contracts/admin-taxonomy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { EditDialog } from '../components/edit-dialog';
import { DataTable, ListPage, type Column } from '../components/list-page';
import { count } from '../lib/format';
import { errorMessages } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { brandsQueryOptions, createBrand, deleteBrand, TAXONOMY_KEY, updateBrand, uploadIcon } from './api';
import { ConfirmDelete, Forbidden, IconImage, IconUpload, NamesAndFlags, useCatalogRole } from './parts';

/** The flags' column headers. */
const FLAG_HEADERS = {
  featured: 'taxonomy.brands.featured',
  show_on_homepage: 'taxonomy.showOnHomepage',
  active: 'taxonomy.activeLabel',
} as const;

type Flags = Pick<AdminBrand, 'featured' | 'show_on_homepage' | 'active'>;
const brandFormSchema = adminBrandBodySchema.pick({
  name_ar: true,
  name_en: true,
  featured: true,
  show_on_homepage: true,
  active: true,
});

/** Add or edit a brand: both names side by side and its flags. */
function BrandForm({
  brand,
  onClose,
  onSaved,
}: {
  brand: AdminBrand | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('admin');
  const defaults: z.input<typeof brandFormSchema> = {
    name_ar: brand?.name_ar ?? '',
    name_en: brand?.name_en ?? '',
    featured: brand?.featured ?? false,
    show_on_homepage: brand?.show_on_homepage ?? false,
    active: brand?.active ?? true,
  };
  return (
    <EditDialog
      invalidate={TAXONOMY_KEY}
      title={brand ? t('taxonomy.brands.editTitle', { name: brand.name_ar }) : t('taxonomy.brands.newTitle')}
      schema={brandFormSchema}
      defaults={defaults}
      onSave={(v) =>
        brand
          ? updateBrand(brand.id, { ...v, icon_url: brand.icon_url, updated_at: brand.updated_at })
          : createBrand({ ...v, icon_url: null })
      }
      onSaved={onSaved}
      onClose={onClose}
      testId="brand-form"
      saveTestId="brand-save"
      fields={(form) => (
        <NamesAndFlags
          form={form}
          max={BRAND_NAME_MAX}
          flags={[
            { name: 'featured', label: t('taxonomy.brands.featured') },
            { name: 'show_on_homepage', label: t('taxonomy.showOnHomepage') },
            { name: 'active', label: t('taxonomy.activeLabel') },
          ]}
        />
      )}
    />
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
  const columns: Column<AdminBrand>[] = [
    {
      key: 'brand',
      header: t('taxonomy.brands.columns.brand'),
      cell: (b) => (
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
      ),
    },
    {
      key: 'products',
      header: t('taxonomy.brands.columns.products'),
      cell: (b) => count(b.products_count, locale),
    },
    ...(['featured', 'show_on_homepage', 'active'] as const).map((flag): Column<AdminBrand> => ({
      key: flag,
      header: t(FLAG_HEADERS[flag]),
      cell: (b) => (
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={b[flag]}
          onChange={(e) => void flip(b, { [flag]: e.target.checked })}
          aria-label={t(`taxonomy.brands.flagOf.${flag}`, { name: name(b) })}
        />
      ),
    })),
    {
      key: 'actions',
      header: t('taxonomy.brands.columns.actions'),
      srOnly: true,
      cell: (b) => (
        <div className="flex flex-wrap justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(b)}>
            {t('taxonomy.edit')}
          </Button>
          <IconUpload
            label={t('taxonomy.iconOf', { name: name(b) })}
            upload={(file) => uploadIcon('brands', b.id, file)}
            onDone={() => void refresh()}
          />
          <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setDeleting(b)}>
            {t('taxonomy.delete')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ListPage
      title={t('taxonomy.brands.title')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="brand-new">
          {t('taxonomy.brands.new')}
        </Button>
      }
      top={
        onHome > HOME_BRANDS && (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="home-brands-warning"
          >
            {t('taxonomy.brands.homeWarning', { count: onHome, n: count(onHome, locale), max: HOME_BRANDS })}
          </p>
        )
      }
      notice={status}
      failure={failure}
      read={q}
      empty={(d) => (d.brands.length === 0 ? t('taxonomy.brands.empty') : null)}
      dialogs={
        <>
          {editing && (
            <BrandForm
              brand={editing === 'new' ? null : editing}
              onSaved={() => setStatus(t('taxonomy.saved'))}
              onClose={() => setEditing(null)}
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
        </>
      }
    >
      {(d) => (
        <DataTable
          caption={t('taxonomy.brands.title')}
          columns={columns}
          rows={d.brands}
          rowKey={(b) => b.id}
          rowTestId={(b) => `brand-${b.id}`}
          testId="brands-table"
          minWidth="min-w-[44rem]"
        />
      )}
    </ListPage>
  );
}
