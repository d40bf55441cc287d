import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordIsEmail,
  staffPasswordChangeSchema,
  type StaffPasswordChangeBody,
} from '@store/contracts/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorOf } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox } from '../components/messages';
import { changeOwnPassword } from './api';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * My password (every member): a new one, given the current one, typed twice. This device stays signed in; the
 * member's other devices are signed out (PUT v1/admin/me/password).
 */
export function PasswordCard() {
  const { t } = useTranslation('admin');
  const email = useStaffAuth((s) => s.staff?.email ?? '');
  const [failure, setFailure] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const { register, handleSubmit, formState, setError, reset } = useForm<StaffPasswordChangeBody>({
    resolver: zodResolver(staffPasswordChangeSchema),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit(async (body) => {
    setFailure([]);
    setDone(null);
    // Not the email address (the API checks it too, and common passwords).
    if (passwordIsEmail(body.password, email))
      return setError('password', { type: 'validate', message: 'password_is_email' });
    try {
      setDone((await changeOwnPassword(body)).message);
      reset(empty);
    } catch (err) {
      setFailure(applyServerErrors(err, setError, FIELDS));
    }
  });
  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <Field
      label={label}
      type="password"
      autoComplete={autoComplete}
      dir="ltr"
      data-testid={`password-${name}`}
      {...register(name)}
      error={errorOf(formState.errors, name)}
    />
  );
  return (
    <Card title={t('account.password.title')} testId="password-card">
      <p className="mb-3 text-sm text-slate-700">{t('account.password.why')}</p>
      <p aria-live="polite" className="mb-2 text-sm text-emerald-800" data-testid="password-done">
        {done}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-xs">
        {field('current_password', t('account.password.current'), 'current-password')}
        {field('password', t('account.password.new'), 'new-password')}
        {field('password_confirmation', t('account.password.confirm'), 'new-password')}
        <p className="text-xs text-slate-600">{t('account.password.hint')}</p>
        <ErrorBox messages={failure} />
        <div>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="password-save">
            {t('account.password.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
