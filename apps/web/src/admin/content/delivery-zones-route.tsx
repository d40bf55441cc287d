import { adminDeliveryZoneFieldsSchema, type AdminDeliveryZone } from '@store/contracts/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Field } from '../../ui/field';
import { EditDialog } from '../components/edit-dialog';
import { LoadError } from '../components/messages';
import { count, money } from '../lib/format';
import { errorOf } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { zonesApi, CONTENT_KEY } from './api';
import { ActiveBadge, CheckField, DeleteButton } from './row-editor';

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
      fields={(form) => {
        const e = form.formState.errors;
        return (
          <>
            <p className="text-sm text-slate-600">{t('content.zones.nameHint')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={t('content.zones.nameAr')}
                lang="ar"
                dir="rtl"
                {...form.register('name_ar')}
                error={errorOf(e, 'name_ar')}
              />
              <Field
                label={t('content.zones.nameEn')}
                lang="en"
                dir="ltr"
                {...form.register('name_en')}
                error={errorOf(e, 'name_en')}
              />
              <Field
                label={t('content.zones.fee')}
                dir="ltr"
                inputMode="decimal"
                {...form.register('shipping_fees')}
                error={errorOf(e, 'shipping_fees')}
                data-testid="zone-fee"
              />
              <Field
                label={t('content.zones.freeFrom')}
                hint={t('content.zones.freeFromHint')}
                dir="ltr"
                inputMode="decimal"
                {...form.register('free_shipping_from')}
                error={errorOf(e, 'free_shipping_from')}
              />
              <Field
                label={t('content.zones.daysMin')}
                dir="ltr"
                inputMode="numeric"
                {...form.register('delivery_days_min')}
                error={errorOf(e, 'delivery_days_min')}
              />
              <Field
                label={t('content.zones.daysMax')}
                dir="ltr"
                inputMode="numeric"
                {...form.register('delivery_days_max')}
                error={errorOf(e, 'delivery_days_max')}
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
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-64" />;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button onClick={() => setEditing('new')}>{t('content.zones.add')}</Button>
      </div>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="zones">
          <thead className="bg-slate-50 text-start text-slate-700">
            <tr>
              <th className="p-3 text-start">{t('content.zones.name')}</th>
              <th className="p-3 text-start">{t('content.zones.fee')}</th>
              <th className="p-3 text-start">{t('content.zones.freeFrom')}</th>
              <th className="p-3 text-start">{t('content.zones.days')}</th>
              <th className="p-3 text-start">{t('content.zones.addresses')}</th>
              <th className="p-3" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {q.data.map((z) => (
              <tr key={z.id} data-testid={`zone-${z.id}`}>
                <td className="p-3">
                  <span className="font-semibold">{locale === 'ar' ? z.name_ar : z.name_en}</span>{' '}
                  <span className="text-slate-500">({locale === 'ar' ? z.name_en : z.name_ar})</span>{' '}
                  <ActiveBadge active={z.active} />
                </td>
                <td className="p-3 whitespace-nowrap">{money(z.shipping_fees)}</td>
                <td className="p-3 whitespace-nowrap">
                  {z.free_shipping_from === null ? t('content.zones.never') : money(z.free_shipping_from)}
                </td>
                <td className="p-3 whitespace-nowrap">
                  {t('content.zones.daysRange', {
                    min: count(z.delivery_days_min, locale),
                    max: count(z.delivery_days_max, locale),
                  })}
                </td>
                <td className="p-3">{count(z.addresses, locale)}</td>
                <td className="p-3">
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="outline" onClick={() => setEditing(z)}>
                      {t('content.edit')}
                    </Button>
                    <DeleteButton
                      what={locale === 'ar' ? z.name_ar : z.name_en}
                      onDelete={() => zonesApi.remove(z.id)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <ZoneDialog zone={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
