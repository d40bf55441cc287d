import { DISCOUNT_KINDS, DISCOUNT_SCOPES, type AdminDiscountCode } from '@store/contracts/discount-codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Forbidden } from '../components/messages';
import { z } from 'zod';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Field, SelectField } from '../../ui/field';
import { useCan } from '../auth/store';
import { CheckField } from '../components/check-field';
import { EditDialog } from '../components/edit-dialog';
import { ListPage } from '../components/list-page';
import { dateTime, money } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  createDiscountCode,
  discountCodesQueryOptions,
  DISCOUNTS_KEY,
  endDiscountCode,
  updateDiscountCode,
  type DiscountCodeInput,
} from './api';
import { addDiscountTexts } from './texts';

addDiscountTexts();

/** An ISO time as a `datetime-local` value in the browser's time zone, and back. */
const pad = (n: number) => String(n).padStart(2, '0');
function toLocalInput(value: string | null) {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string) {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** A number typed in a field, or null when empty (the server says what is wrong with it). */
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

/** The form's values (text as typed) and the body they make; the server checks the rules (contracts). */
const formSchema = z
  .object({
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string(),
    minimum_order: z.string(),
    scope: z.enum(DISCOUNT_SCOPES),
    scope_ids: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    max_uses: z.string(),
    max_uses_per_shopper: z.string(),
    first_order_only: z.boolean(),
  })
  .transform((v): DiscountCodeInput => ({
    code: v.code.trim(),
    kind: v.kind,
    value: Number(v.value.trim() || 'NaN'),
    minimum_order: numberOrNull(v.minimum_order),
    scope: v.scope,
    scope_ids:
      v.scope === 'all'
        ? []
        : v.scope_ids
            .split(/[\s,،]+/)
            .filter(Boolean)
            .map(Number),
    starts_at: fromLocalInput(v.starts_at),
    ends_at: fromLocalInput(v.ends_at),
    max_uses: numberOrNull(v.max_uses),
    max_uses_per_shopper: numberOrNull(v.max_uses_per_shopper),
    first_order_only: v.first_order_only,
  }));

function CodeDialog({
  code,
  onClose,
  onSaved,
}: {
  code: AdminDiscountCode | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('discounts');
  const text = (n: number | null) => (n === null ? '' : String(n));
  const defaults: z.input<typeof formSchema> = {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    value: code ? String(code.value) : '',
    minimum_order: text(code?.minimum_order ?? null),
    scope: code?.scope ?? 'all',
    scope_ids: code?.scope_ids.join(', ') ?? '',
    starts_at: toLocalInput(code?.starts_at ?? null),
    ends_at: toLocalInput(code?.ends_at ?? null),
    max_uses: text(code?.max_uses ?? null),
    max_uses_per_shopper: text(code?.max_uses_per_shopper ?? null),
    first_order_only: code?.first_order_only ?? false,
  };
  return (
    <EditDialog
      invalidate={DISCOUNTS_KEY}
      title={code ? t('edit', { code: code.code }) : t('add')}
      schema={formSchema}
      defaults={defaults}
      testId="discount-dialog"
      onSave={(v) => (code ? updateDiscountCode(code.id, v) : createDiscountCode(v))}
      onSaved={onSaved}
      onClose={onClose}
      fields={(form, field) => {
        const scope = form.watch('scope');
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={t('fields.code')}
                hint={t('fields.codeHint')}
                dir="ltr"
                autoCapitalize="characters"
                data-testid="discount-code-field"
                {...field('code')}
              />
              <SelectField label={t('fields.kind')} data-testid="discount-kind-field" {...field('kind')}>
                {DISCOUNT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </SelectField>
              <Field
                label={t('fields.value')}
                hint={t('fields.valueHint')}
                dir="ltr"
                inputMode="decimal"
                data-testid="discount-value-field"
                {...field('value')}
              />
              <Field label={t('fields.minimum')} dir="ltr" inputMode="decimal" {...field('minimum_order')} />
              <SelectField label={t('fields.scope')} {...field('scope')}>
                {DISCOUNT_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`scopes.${s}`)}
                  </option>
                ))}
              </SelectField>
              {scope !== 'all' && (
                <Field
                  label={t('fields.scopeIds')}
                  hint={t('fields.scopeIdsHint')}
                  dir="ltr"
                  inputMode="numeric"
                  {...field('scope_ids')}
                />
              )}
              <Field label={t('fields.startsAt')} type="datetime-local" dir="ltr" {...field('starts_at')} />
              <Field label={t('fields.endsAt')} type="datetime-local" dir="ltr" {...field('ends_at')} />
              <Field
                label={t('fields.maxUses')}
                hint={t('fields.limitHint')}
                dir="ltr"
                inputMode="numeric"
                data-testid="discount-max-uses-field"
                {...field('max_uses')}
              />
              <Field
                label={t('fields.maxUsesPerShopper')}
                hint={t('fields.limitHint')}
                dir="ltr"
                inputMode="numeric"
                {...field('max_uses_per_shopper')}
              />
            </div>
            <CheckField label={t('fields.firstOrderOnly')} {...form.register('first_order_only')} />
          </>
        );
      }}
    />
  );
}

const stateClass: Record<AdminDiscountCode['state'], string> = {
  running: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  used_up: 'bg-amber-100 text-amber-900',
  ended: 'bg-slate-200 text-slate-800',
};

/**
 * Discount codes (issue 49 item 1): every code with what it takes off, where, its uses and dates, and its state;
 * a dialog makes or edits one, "End now" ends it. For the discounts area (owners and the catalog role).
 */
export function Component() {
  const { t } = useTranslation('discounts');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('title'));
  const allowed = useCan('discounts');
  const qc = useQueryClient();
  const list = useQuery({ ...discountCodesQueryOptions(), enabled: allowed });
  const [editing, setEditing] = useState<AdminDiscountCode | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);

  // A role without the discounts area (the order staff) reads why, as on the other pages; its list is never asked.
  if (!allowed) return <Forbidden title={t('title')} />;

  const end = async (c: AdminDiscountCode) => {
    setFailure([]);
    try {
      await endDiscountCode(c.id);
      setNotice(t('ended', { code: c.code }));
      await qc.invalidateQueries({ queryKey: DISCOUNTS_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    }
  };
  const off = (c: AdminDiscountCode) =>
    c.kind === 'percent' ? t('percentOff', { n: c.value }) : money(c.value);
  const terms = (c: AdminDiscountCode) =>
    [
      c.minimum_order === null ? null : t('minimumShort', { amount: money(c.minimum_order) }),
      c.first_order_only ? t('firstOrder') : null,
      c.max_uses_per_shopper === null ? null : t('perShopper', { n: c.max_uses_per_shopper }),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <ListPage
      title={t('title')}
      intro={<p className="text-sm text-slate-600">{t('intro')}</p>}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="discount-add">
          {t('add')}
        </Button>
      }
      notice={notice}
      noticeTestId="discount-notice"
      failure={failure}
      read={list}
      empty={(d) => (d.length === 0 ? t('empty') : null)}
      dialogs={
        editing && (
          <CodeDialog
            code={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => setNotice(t('saved'))}
          />
        )
      }
    >
      {(codes) => (
        <ul className="flex flex-col gap-3" aria-label={t('title')}>
          {codes.map((c) => (
            <li
              key={c.id}
              className="flex min-w-0 flex-wrap items-start gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="discount-row"
              data-code={c.code}
            >
              <div className="min-w-0 flex-1 basis-56">
                <p className="flex flex-wrap items-center gap-2">
                  <bdi dir="ltr" className="font-mono text-base font-bold break-all">
                    {c.code}
                  </bdi>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[c.state]}`}
                    data-testid="discount-state"
                  >
                    {t(`states.${c.state}`)}
                  </span>
                </p>
                <p className="mt-1 text-sm text-slate-800">
                  <span className="font-semibold">{off(c)}</span> · {t(`scopes.${c.scope}`)}
                  {c.scope !== 'all' && (
                    <bdi dir="ltr" className="text-slate-600">
                      {' '}
                      ({c.scope_ids.join(', ')})
                    </bdi>
                  )}
                </p>
                {terms(c) && <p className="text-sm text-slate-600">{terms(c)}</p>}
                <p className="text-sm text-slate-600">
                  {[
                    c.starts_at ? t('from', { date: dateTime(c.starts_at, locale) }) : null,
                    c.ends_at ? t('until', { date: dateTime(c.ends_at, locale) }) : t('noEnd'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-2">
                <p className="text-sm text-slate-700" data-testid="discount-uses">
                  {t('cols.uses')}:{' '}
                  {c.max_uses === null ? c.uses : t('usesOf', { n: c.uses, max: c.max_uses })}
                </p>
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => setEditing(c)}>
                    {t('editButton')}
                  </Button>
                  {c.state !== 'ended' && (
                    <Button size="sm" variant="ghost" onClick={() => void end(c)} data-testid="discount-end">
                      {t('end')}
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
