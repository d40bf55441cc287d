import {
  adminBranchFieldsSchema,
  BRANCH_PHONE_PATTERN,
  BRANCH_PHONES_MAX,
  splitBranchPhones,
  type AdminBranch,
} from '@store/contracts/admin-content';
import { MAP_DEFAULT } from '@store/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Field, TextAreaField } from '../../ui/field';
import { EditDialog } from '../components/edit-dialog';
import { ListPage } from '../components/list-page';
import { useAdminTitle } from '../lib/use-admin-title';
import { branchesApi, CONTENT_KEY } from './api';
import { CheckField } from '../components/check-field';
import { ActiveBadge, DeleteButton } from './row-editor';

const BranchMap = lazy(() => import('./branch-map'));

/** The form holds the phone numbers as one line ("16581, 097 231 0000"); the API takes a list. */
const splitPhones = splitBranchPhones;
const branchFormSchema = adminBranchFieldsSchema
  .omit({ phone_numbers: true })
  .extend({ phones: z.string() })
  .superRefine((v, ctx) => {
    const list = splitPhones(v.phones);
    if (list.length > BRANCH_PHONES_MAX)
      ctx.addIssue({ code: 'custom', path: ['phones'], message: `too_many:${BRANCH_PHONES_MAX}` });
    else if (list.some((p) => !BRANCH_PHONE_PATTERN.test(p)))
      ctx.addIssue({ code: 'custom', path: ['phones'], message: 'phone_invalid' });
  })
  .transform(({ phones, ...rest }) => ({ ...rest, phone_numbers: splitPhones(phones) }));
type BranchForm = z.input<typeof branchFormSchema>;

function BranchDialog({ branch, onClose }: { branch: AdminBranch | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const defaults: BranchForm = branch
    ? {
        name_ar: branch.name_ar,
        name_en: branch.name_en,
        address_ar: branch.address_ar,
        address_en: branch.address_en,
        phones: branch.phone_numbers.join(', '),
        lat: String(branch.lat),
        lng: String(branch.lng),
        position: String(branch.position),
        active: branch.active,
      }
    : {
        name_ar: '',
        name_en: '',
        address_ar: '',
        address_en: '',
        phones: '',
        lat: String(MAP_DEFAULT.lat),
        lng: String(MAP_DEFAULT.lng),
        position: '0',
        active: true,
      };
  return (
    <EditDialog
      invalidate={CONTENT_KEY}
      title={branch ? t('content.branches.edit') : t('content.branches.add')}
      schema={branchFormSchema}
      defaults={defaults}
      serverField={(f) => (f.startsWith('phone_numbers') ? 'phones' : f)}
      onSave={(v) =>
        branch ? branchesApi.update(branch.id, { ...v, version: branch.version }) : branchesApi.create(v)
      }
      onClose={onClose}
      testId="branch-form"
      fields={(form, field) => {
        const num = (s: unknown) => (s === '' || Number.isNaN(Number(s)) ? null : Number(s));
        const lat = num(form.watch('lat'));
        const lng = num(form.watch('lng'));
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('content.branches.nameAr')} lang="ar" dir="rtl" {...field('name_ar')} />
              <Field label={t('content.branches.nameEn')} lang="en" dir="ltr" {...field('name_en')} />
              <TextAreaField
                rows={2}
                label={t('content.branches.addressAr')}
                lang="ar"
                dir="rtl"
                {...field('address_ar')}
              />
              <TextAreaField
                rows={2}
                label={t('content.branches.addressEn')}
                lang="en"
                dir="ltr"
                {...field('address_en')}
              />
            </div>
            <Field
              label={t('content.branches.phones')}
              hint={t('content.branches.phonesHint')}
              dir="ltr"
              inputMode="tel"
              {...field('phones')}
            />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label={t('content.branches.lat')} dir="ltr" inputMode="decimal" {...field('lat')} />
              <Field label={t('content.branches.lng')} dir="ltr" inputMode="decimal" {...field('lng')} />
              <Field label={t('content.position')} dir="ltr" inputMode="numeric" {...field('position')} />
            </div>
            <p className="text-sm text-slate-600">{t('content.branches.mapHint')}</p>
            <Suspense fallback={<Skeleton className="h-64" />}>
              <BranchMap
                lat={lat}
                lng={lng}
                onPick={(p) => {
                  form.setValue('lat', String(p.lat), { shouldDirty: true, shouldValidate: true });
                  form.setValue('lng', String(p.lng), { shouldDirty: true, shouldValidate: true });
                }}
              />
            </Suspense>
            <CheckField label={t('content.branches.shown')} {...form.register('active')} />
          </>
        );
      }}
    />
  );
}

/** Branches (spec §3): name and address in both languages, phone numbers, and a pin on the map. */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('content.branches.title'));
  const q = useQuery(branchesApi.queryOptions());
  const [editing, setEditing] = useState<AdminBranch | 'new' | null>(null);
  return (
    <ListPage
      className="flex flex-col gap-3"
      actions={
        <Button onClick={() => setEditing('new')} data-testid="branch-add">
          {t('content.branches.add')}
        </Button>
      }
      read={q}
      empty={(list) => (list.length === 0 ? t('content.branches.empty') : null)}
      dialogs={
        editing && (
          <BranchDialog branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )
      }
    >
      {(list) => (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="branches">
          {list.map((b) => (
            <li key={b.id} className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex items-center gap-2">
                <p className="font-bold" lang="ar">
                  {b.name_ar}
                </p>
                <span className="text-slate-400">·</span>
                <p className="text-slate-700" lang="en" dir="ltr">
                  {b.name_en}
                </p>
                <span className="ms-auto">
                  <ActiveBadge active={b.active} />
                </span>
              </div>
              <p className="text-sm text-slate-700" lang="ar">
                {b.address_ar}
              </p>
              <p className="text-sm text-slate-600" lang="en" dir="ltr">
                {b.address_en}
              </p>
              <p className="text-sm text-slate-600" dir="ltr">
                {b.phone_numbers.join(' · ')} · {b.lat}, {b.lng}
              </p>
              <div className="mt-1 flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(b)}>
                  {t('content.edit')}
                </Button>
                <DeleteButton what={b.name_ar} onDelete={() => branchesApi.remove(b.id)} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
