import { zodResolver } from '@hookform/resolvers/zod';
import { newStaffSchema, STAFF_ROLES, type NewStaffBody, type StaffMember } from '@store/contracts/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useCan, useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { Field, SelectField } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { dateTime } from '../lib/format';
import { applyServerErrors, errorMessages, errorOf } from '../../lib/form-errors';
import { staffName } from '../lib/staff-name';
import { useAdminTitle } from '../lib/use-admin-title';
import { dangerClass } from '../orders/status-actions';
import { addStaff, removeStaff, signInFailuresQueryOptions, STAFF_KEY, staffQueryOptions } from './api';
import { MemberChangeDialog } from './member-change-dialog';

const FIELDS = ['email', 'name', 'role', 'password'] as const;

function AddStaffForm() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<NewStaffBody>({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { email: '', name: '', role: 'staff', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure([]);
    setAdded(null);
    try {
      const { staff } = await addStaff(values);
      reset();
      setAdded(t('staff.added', { name: staff.name }));
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
    } catch (err) {
      setFailure(applyServerErrors(err, setError, FIELDS));
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t('staff.add')}>
      <Field
        label={t('staff.fields.name')}
        autoComplete="off"
        {...register('name')}
        error={errorOf(e, 'name')}
      />
      <Field
        label={t('staff.fields.email')}
        type="email"
        dir="ltr"
        autoComplete="off"
        {...register('email')}
        error={errorOf(e, 'email')}
      />
      <SelectField label={t('staff.fields.role')} {...register('role')} error={errorOf(e, 'role')}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('staff.fields.password')}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        hint={t('staff.passwordHint')}
        {...register('password')}
        error={errorOf(e, 'password')}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <ErrorBox messages={failure} />
        <p aria-live="polite" className="text-sm text-emerald-800">
          {added}
        </p>
        <div>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="staff-add">
            {t('staff.add')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * Owners: the latest failed sign-ins (who was tried, from which address, when, why it failed), the emails under
 * attack now first: their members sign in with their authenticator app's code meanwhile (decision 025).
 */
function SignInFailures() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const q = useQuery(signInFailuresQueryOptions());
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-24" />;
  const { failures, under_attack } = q.data;
  return (
    <div className="flex flex-col gap-3">
      {under_attack.length > 0 && (
        <ul
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="under-attack"
        >
          {under_attack.map((a) => (
            <li key={a.email}>
              <span dir="ltr" className="font-semibold">
                {a.email}
              </span>
              {' · '}
              {t('staff.failures.underAttack', { failures: a.failures, addresses: a.addresses })}
            </li>
          ))}
        </ul>
      )}
      {failures.length === 0 ? (
        <p className="text-sm text-slate-700">{t('staff.failures.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-start text-sm" data-testid="sign-in-failures">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th className="py-2 text-start font-medium">{t('staff.failures.email')}</th>
                <th className="py-2 text-start font-medium">{t('staff.failures.address')}</th>
                <th className="py-2 text-start font-medium">{t('staff.failures.reason')}</th>
                <th className="py-2 text-start font-medium">{t('staff.failures.time')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {failures.map((f, i) => (
                <tr key={`${f.at}-${i}`}>
                  <td className="py-2" dir="ltr">
                    {f.email}
                  </td>
                  <td className="py-2" dir="ltr">
                    {f.ip}
                  </td>
                  <td className="py-2">
                    {t(`staff.failures.reasons.${f.reason}`, { defaultValue: f.reason })}
                  </td>
                  <td className="py-2">{dateTime(f.at, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * Staff (owners only): who may sign in to the back office, adding a member, changing another's role or password,
 * removing one, failed sign-ins.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('staff.title'));
  const me = useStaffAuth((s) => s.staff);
  const allowed = useCan('staff');
  const qc = useQueryClient();
  const q = useQuery({ ...staffQueryOptions(), enabled: allowed });
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  // Another member's role or password being changed (the dialog's member null: closed).
  const [changing, setChanging] = useState<{ change: 'role' | 'password'; member: StaffMember | null }>({
    change: 'role',
    member: null,
  });
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (!me || !allowed)
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('staff.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      </div>
    );

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    setFailure([]);
    try {
      await removeStaff(removing.id);
      setDone(t('staff.removed', { name: removing.name }));
      setRemoving(null);
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('staff.title')}</h1>
      <Card title={t('staff.list')}>
        <p aria-live="polite" className="text-sm text-emerald-800">
          {done}
        </p>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton className="h-32" />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="staff-list">
            {q.data.map((m) => (
              <li
                key={m.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="staff-row"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {staffName(m.name, t)}
                    {m.id === me.id && (
                      <span className="ms-2 text-xs font-normal text-slate-600">{t('staff.you')}</span>
                    )}
                  </p>
                  <p className="truncate text-sm text-slate-600" dir="ltr">
                    {m.email}
                  </p>
                  <p className="text-xs text-slate-600">
                    {t(`roles.${m.role}`)} · {t('staff.since', { date: dateTime(m.created_at, locale) })}
                    {m.active && <> · {t(m.totp ? 'staff.totpOn' : 'staff.totpOff')}</>}
                  </p>
                </div>
                {m.active ? (
                  m.id !== me.id && (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        onClick={() => setChanging({ change: 'role', member: m })}
                        data-testid="staff-change-role"
                      >
                        {t('staff.changeRole')}
                      </Button>
                      <Button
                        variant="outline"
                        onClick={() => setChanging({ change: 'password', member: m })}
                        data-testid="staff-reset-password"
                      >
                        {t('staff.resetPassword')}
                      </Button>
                      <button
                        type="button"
                        className={dangerClass}
                        onClick={() => {
                          setFailure([]);
                          setRemoving(m);
                        }}
                      >
                        {t('staff.remove')}
                      </button>
                    </div>
                  )
                ) : (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t('staff.inactive')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('staff.add')}>
        <AddStaffForm />
      </Card>
      <Card title={t('staff.failures.title')} testId="failures-card">
        <SignInFailures />
      </Card>
      <MemberChangeDialog
        change={changing.change}
        member={changing.member}
        onClose={() => setChanging((c) => ({ ...c, member: null }))}
        onDone={(message) => {
          setDone(message);
          setChanging((c) => ({ ...c, member: null }));
        }}
      />
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setRemoving(null);
        }}
        title={t('staff.removeTitle', { name: removing?.name ?? '' })}
        description={t('staff.removeText')}
      >
        <ErrorBox messages={failure} className="mb-3" />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setRemoving(null)} disabled={busy}>
            {t('order.confirm.back')}
          </Button>
          <button type="button" className={dangerClass} disabled={busy} onClick={() => void confirmRemove()}>
            {t('staff.remove')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
