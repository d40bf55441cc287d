import { adminDeliveryZoneFieldsSchema, type AdminDeliveryZone } from '@store/contracts/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { EditDialog } from '../components/edit-dialog';
import { DataTable, ListPage, type Column } from '../components/list-page';
import { count, money } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { zonesApi, CONTENT_KEY } from './api';
import { CheckField } from '../components/check-field';
import { ActiveBadge, DeleteButton } from './row-editor';

type ZoneForm = z.input<typeof adminDeliveryZoneFieldsSchema>;

function ZoneDialog({ zone, onClose }: { zone: AdminDeliveryZone | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const defaults: ZoneForm = zone
    ? {
        name_ar: zone.name_ar,
        name_en: zone.name_en,
        shipping_fees: String(zone.shipping_fees),
        free_shipping_from: zone.free_shipping_from === null ? '' : String(zone.free_shipping_from),
        delivery_days_min: String(zone.delivery_days_min),
        delivery_days_max: String(zone.delivery_days_max),
        active: zone.active,
      }
    : {
        name_ar: '',
        name_en: '',
        shipping_fees: '',
        free_shipping_from: '',
        delivery_days_min: '2',
        delivery_days_max: '4',
        active: true,
      };
  return (
    <EditDialog
      invalidate={CONTENT_KEY}
      title={zone ? t('content.zones.edit') : t('content.zones.add')}
      schema={adminDeliveryZoneFieldsSchema}
      defaults={defaults}
      onSave={(v) => (zone ? zonesApi.update(zone.id, { ...v, version: zone.version }) : zonesApi.create(v))}
      onClose={onClose}
      testId="zone-form"
      fields={(form, field) => {
        return (
          <>
            <p className="text-sm text-slate-600">{t('content.zones.nameHint')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('content.zones.nameAr')} lang="ar" dir="rtl" {...field('name_ar')} />
              <Field label={t('content.zones.nameEn')} lang="en" dir="ltr" {...field('name_en')} />
              <Field
                label={t('content.zones.fee')}
                dir="ltr"
                inputMode="decimal"
                {...field('shipping_fees')}
                data-testid="zone-fee"
              />
              <Field
                label={t('content.zones.freeFrom')}
                hint={t('content.zones.freeFromHint')}
                dir="ltr"
                inputMode="decimal"
                {...field('free_shipping_from')}
              />
              <Field
                label={t('content.zones.daysMin')}
                dir="ltr"
                inputMode="numeric"
                {...field('delivery_days_min')}
              />
              <Field
                label={t('content.zones.daysMax')}
                dir="ltr"
                inputMode="numeric"
                {...field('delivery_days_max')}
              />
            </div>
            <CheckField label={t('content.zones.shown')} {...form.register('active')} />
          </>
        );
      }}
    />
  );
}

/** Delivery zones (one per governorate): fee, free-delivery amount and delivery days, in both languages. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('content.zones.title'));
  const q = useQuery(zonesApi.queryOptions());
  const [editing, setEditing] = useState<AdminDeliveryZone | 'new' | null>(null);
  const columns: Column<AdminDeliveryZone>[] = [
    {
      key: 'name',
      header: t('content.zones.name'),
      cell: (z) => (
        <>
          <span className="font-semibold">{locale === 'ar' ? z.name_ar : z.name_en}</span>{' '}
          <span className="text-slate-500">({locale === 'ar' ? z.name_en : z.name_ar})</span>{' '}
          <ActiveBadge active={z.active} />
        </>
      ),
    },
    {
      key: 'fee',
      header: t('content.zones.fee'),
      className: 'whitespace-nowrap',
      cell: (z) => money(z.shipping_fees),
    },
    {
      key: 'free-from',
      header: t('content.zones.freeFrom'),
      className: 'whitespace-nowrap',
      cell: (z) => (z.free_shipping_from === null ? t('content.zones.never') : money(z.free_shipping_from)),
    },
    {
      key: 'days',
      header: t('content.zones.days'),
      className: 'whitespace-nowrap',
      cell: (z) =>
        t('content.zones.daysRange', {
          count: z.delivery_days_max,
          min: count(z.delivery_days_min, locale),
          max: count(z.delivery_days_max, locale),
        }),
    },
    { key: 'addresses', header: t('content.zones.addresses'), cell: (z) => count(z.addresses, locale) },
    {
      key: 'actions',
      header: t('content.edit'),
      srOnly: true,
      cell: (z) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="outline" onClick={() => setEditing(z)}>
            {t('content.edit')}
          </Button>
          <DeleteButton
            what={locale === 'ar' ? z.name_ar : z.name_en}
            onDelete={() => zonesApi.remove(z.id)}
          />
        </div>
      ),
    },
  ];
  return (
    <ListPage
      className="flex flex-col gap-3"
      actions={<Button onClick={() => setEditing('new')}>{t('content.zones.add')}</Button>}
      read={q}
      empty={() => null}
      dialogs={
        editing && <ZoneDialog zone={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      }
    >
      {(zones) => (
        <DataTable
          caption={t('content.zones.title')}
          columns={columns}
          rows={zones}
          rowKey={(z) => z.id}
          rowTestId={(z) => `zone-${z.id}`}
          testId="zones"
        />
      )}
    </ListPage>
  );
}
