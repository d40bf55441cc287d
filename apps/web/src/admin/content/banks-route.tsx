import {
  adminBankFieldsSchema,
  adminPlanFieldsSchema,
  type AdminBank,
  type AdminPlan,
} from '@store/contracts/admin-content';
import { monthsText } from '@store/contracts/installments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Card } from '../components/card';
import { Field } from '../../ui/field';
import { EditDialog } from '../components/edit-dialog';
import { ListPage } from '../components/list-page';
import { count, money } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { banksApi, plansApi, CONTENT_KEY } from './api';
import { CheckField } from '../components/check-field';
import { ActiveBadge, DeleteButton } from './row-editor';

function BankDialog({ bank, onClose }: { bank: AdminBank | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const defaults: z.input<typeof adminBankFieldsSchema> = bank
    ? { name_ar: bank.name_ar, name_en: bank.name_en, position: String(bank.position), active: bank.active }
    : { name_ar: '', name_en: '', position: '0', active: true };
  return (
    <EditDialog
      invalidate={CONTENT_KEY}
      title={bank ? t('content.banks.edit') : t('content.banks.add')}
      schema={adminBankFieldsSchema}
      defaults={defaults}
      onSave={(v) => (bank ? banksApi.update(bank.id, { ...v, version: bank.version }) : banksApi.create(v))}
      onClose={onClose}
      fields={(form, field) => {
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('content.banks.nameAr')} lang="ar" dir="rtl" {...field('name_ar')} />
              <Field label={t('content.banks.nameEn')} lang="en" dir="ltr" {...field('name_en')} />
              <Field label={t('content.position')} dir="ltr" inputMode="numeric" {...field('position')} />
            </div>
            <CheckField label={t('content.banks.shown')} {...form.register('active')} />
          </>
        );
      }}
    />
  );
}

function PlanDialog({ bankId, plan, onClose }: { bankId: number; plan: AdminPlan | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const defaults: z.input<typeof adminPlanFieldsSchema> = plan
    ? {
        bank_id: bankId,
        title_ar: plan.title_ar,
        title_en: plan.title_en,
        months: String(plan.months),
        interest_percent: String(plan.interest_percent),
        fee_percent: String(plan.fee_percent),
        minimum_amount: String(plan.minimum_amount),
        active: plan.active,
      }
    : {
        bank_id: bankId,
        title_ar: '',
        title_en: '',
        months: '',
        interest_percent: '0',
        fee_percent: '0',
        minimum_amount: '0',
        active: true,
      };
  return (
    <EditDialog
      invalidate={CONTENT_KEY}
      title={plan ? t('content.plans.edit') : t('content.plans.add')}
      schema={adminPlanFieldsSchema}
      defaults={defaults}
      onSave={(v) => (plan ? plansApi.update(plan.id, { ...v, version: plan.version }) : plansApi.create(v))}
      onClose={onClose}
      fields={(form, field) => {
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('content.plans.titleAr')} lang="ar" dir="rtl" {...field('title_ar')} />
              <Field label={t('content.plans.titleEn')} lang="en" dir="ltr" {...field('title_en')} />
            </div>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Field label={t('content.plans.months')} dir="ltr" inputMode="numeric" {...field('months')} />
              <Field
                label={t('content.plans.interest')}
                hint={t('content.plans.interestHint')}
                dir="ltr"
                inputMode="decimal"
                {...field('interest_percent')}
              />
              <Field
                label={t('content.plans.fee')}
                hint={t('content.plans.feeHint')}
                dir="ltr"
                inputMode="decimal"
                {...field('fee_percent')}
              />
            </div>
            <Field
              label={t('content.plans.minimum')}
              hint={t('content.plans.minimumHint')}
              dir="ltr"
              inputMode="decimal"
              {...field('minimum_amount')}
            />
            <CheckField label={t('content.plans.shown')} {...form.register('active')} />
          </>
        );
      }}
    />
  );
}

/** Banks and their installment plans (checkout's card-on-delivery installments), in both languages. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('content.banks.title'));
  const banks = useQuery(banksApi.queryOptions());
  const plans = useQuery(plansApi.queryOptions());
  const [bank, setBank] = useState<AdminBank | 'new' | null>(null);
  const [plan, setPlan] = useState<{ bankId: number; plan: AdminPlan | null } | null>(null);
  // Both lists read as one: the page shows when both are in, the first failure if either fails.
  const failed = banks.isError ? banks : plans.isError ? plans : null;
  const read = {
    data: banks.data && plans.data ? { banks: banks.data, plans: plans.data } : undefined,
    isError: failed !== null,
    error: failed?.error,
    refetch: () => failed?.refetch(),
  };
  const name = (x: { name_ar: string; name_en: string }) => (locale === 'ar' ? x.name_ar : x.name_en);
  return (
    <ListPage
      className="flex flex-col gap-3"
      actions={<Button onClick={() => setBank('new')}>{t('content.banks.add')}</Button>}
      read={read}
      empty={(d) => (d.banks.length === 0 ? t('content.banks.empty') : null)}
      dialogs={
        <>
          {bank && <BankDialog bank={bank === 'new' ? null : bank} onClose={() => setBank(null)} />}
          {plan && <PlanDialog bankId={plan.bankId} plan={plan.plan} onClose={() => setPlan(null)} />}
        </>
      }
    >
      {(d) =>
        d.banks.map((b) => {
          const own = d.plans.filter((p) => p.bank_id === b.id);
          return (
            <Card
              key={b.id}
              testId={`bank-${b.id}`}
              title={
                <span className="flex items-center gap-2">
                  {name(b)} <ActiveBadge active={b.active} />
                </span>
              }
              action={
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => setBank(b)}>
                    {t('content.edit')}
                  </Button>
                  <DeleteButton what={name(b)} onDelete={() => banksApi.remove(b.id)} />
                </div>
              }
            >
              {own.length === 0 ? (
                <p className="text-sm text-slate-600">{t('content.plans.empty')}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {own.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                      <span className="font-semibold">{locale === 'ar' ? p.title_ar : p.title_en}</span>
                      <span className="text-slate-600">
                        {t('content.plans.terms', {
                          months: monthsText(p.months, locale),
                          interest: count(p.interest_percent, locale),
                          fee: count(p.fee_percent, locale),
                        })}
                        {p.minimum_amount > 0 &&
                          ` · ${t('content.plans.from', { amount: money(p.minimum_amount) })}`}
                      </span>
                      <ActiveBadge active={p.active} />
                      <span className="ms-auto flex gap-1">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setPlan({ bankId: b.id, plan: p })}
                        >
                          {t('content.edit')}
                        </Button>
                        <DeleteButton
                          what={locale === 'ar' ? p.title_ar : p.title_en}
                          onDelete={() => plansApi.remove(p.id)}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Button
                size="sm"
                variant="ghost"
                className="mt-2"
                onClick={() => setPlan({ bankId: b.id, plan: null })}
              >
                {t('content.plans.add')}
              </Button>
            </Card>
          );
        })
      }
    </ListPage>
  );
}
