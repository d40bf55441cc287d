import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordLinkSchema } from '@store/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { authTexts } from '../../../i18n/auth';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-api';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { applyServerErrors, errorOf, wrongCodeMessage } from '../../../lib/form-errors';
import { GuestOnly } from '../guards';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Values = { phone_number: string; password: string; password_confirmation: string };

/**
 * /auth/reset_password/{code}: the code from the SMS link, the phone it went to (prefilled from ?phone_number=; a
 * code is only ever checked with its phone, decision 010), a new password twice.
 */
export function Component() {
  const { t } = useNamespace('auth', authTexts);
  useDocumentTitle(t('reset.title'));
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [dialog, setDialog] = useState<string[] | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(resetPasswordLinkSchema),
    defaultValues: { phone_number: search.get('phone_number') ?? '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      await resetPassword({ sms_password_reset_otp: code, ...v });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setError('password', { type: 'server', message: wrongCodeMessage(err) });
        return;
      }
      const rest = applyServerErrors(err, setError, ['phone_number', 'password', 'password_confirmation']);
      if (rest.length) setDialog(rest);
    }
  });
  return (
    <GuestOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-xl font-bold">{t('reset.title')}</h1>
        <p className="mb-4 text-slate-700">{t('reset.intro')}</p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field
            label={t('fields.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            dir="ltr"
            {...register('phone_number')}
            error={errorOf(formState.errors, 'phone_number')}
          />
          <Field
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            {...register('password')}
            error={errorOf(formState.errors, 'password')}
          />
          <Field
            label={t('fields.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            {...register('password_confirmation')}
            error={errorOf(formState.errors, 'password_confirmation')}
          />
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {t('reset.submit')}
          </button>
        </form>
        <MessageDialog
          open={done}
          title={t('otp.resetDoneTitle')}
          messages={[t('otp.resetDone')]}
          actionLabel={t('signIn.title')}
          onClose={() => navigate('/auth/signin', { replace: true })}
        />
        <MessageDialog
          open={!!dialog}
          title={t('common:error')}
          messages={dialog ?? []}
          onClose={() => setDialog(null)}
        />
      </section>
    </GuestOnly>
  );
}
