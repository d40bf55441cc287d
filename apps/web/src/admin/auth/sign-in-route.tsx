import { zodResolver } from '@hookform/resolvers/zod';
import { staffSignInSchema, type StaffSignInBody } from '@store/contracts/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { LanguageSwitch } from '../components/language-switch';
import { Mark } from '../components/mark';
import { ErrorBox } from '../components/messages';
import { applyServerErrors, errorOf } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { secondFactorsAsked, signIn } from './api';
import { useStaffAuth } from './store';

/** Where the staff member was going before the sign-in page (only a page of the back office). */
function returnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/sign-in'
    ? from
    : '/';
}

/**
 * Staff sign-in: email and password; the API's errors come in the staff member's language. While the email is
 * under attack the API asks for a second step: the code of the member's authenticator app joins the form.
 */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('signIn.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useStaffAuth((s) => s.staff !== null);
  const [failure, setFailure] = useState<string[]>([]);
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<StaffSignInBody>({
    resolver: zodResolver(staffSignInSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure([]);
    try {
      await signIn(values);
      await navigate(returnTo(location.state), { replace: true });
    } catch (err) {
      if (secondFactorsAsked(err).includes('totp')) setAskCode(true);
      setFailure(applyServerErrors(err, setError, ['email', 'password', 'code']));
    }
  });

  if (signedIn && !formState.isSubmitting) return <Navigate to={returnTo(location.state)} replace />;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <div className="flex justify-end p-3">
        <LanguageSwitch className="text-brand-900 hover:bg-slate-200 focus-visible:outline-brand-700" />
      </div>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="mb-6 flex items-center gap-3">
            <Mark size={40} />
            <div>
              <p className="font-extrabold text-brand-900">{t('common:storeName')}</p>
              <h1 className="text-lg font-bold">{t('signIn.title')}</h1>
            </div>
          </div>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('signIn.title')}>
            <ErrorBox messages={failure} />
            <Field
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
              dir="ltr"
              autoFocus
              {...register('email')}
              error={errorOf(formState.errors, 'email')}
            />
            <Field
              label={t('signIn.password')}
              type="password"
              autoComplete="current-password"
              dir="ltr"
              {...register('password')}
              error={errorOf(formState.errors, 'password')}
            />
            {askCode && (
              <Field
                label={t('signIn.code')}
                hint={t('signIn.codeHint')}
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={6}
                autoFocus
                data-testid="staff-sign-in-code"
                {...register('code', { shouldUnregister: true })}
                error={errorOf(formState.errors, 'code')}
              />
            )}
            <Button type="submit" disabled={formState.isSubmitting} data-testid="staff-sign-in">
              {formState.isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
