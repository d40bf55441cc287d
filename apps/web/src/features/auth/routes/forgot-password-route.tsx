import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@store/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { authTexts } from '../../../i18n/auth';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { forgotPassword } from '../api/auth-api';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { applyServerErrors, errorOf, messageText } from '../../../lib/form-errors';
import { GuestOnly, returnPath, statePhone } from '../guards';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function Component() {
  const { t } = useNamespace('auth', authTexts);
  useDocumentTitle(t('forgot.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<string[] | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ phone_number: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { phone_number: statePhone(location.state) },
  });
  const onSubmit = handleSubmit(async ({ phone_number }) => {
    try {
      await forgotPassword(phone_number);
      navigate('/auth/otp_confirmation', {
        state: { phone_number, previous: 'forgot_password', from: returnPath(location.state) },
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setError('phone_number', {
          type: 'server',
          message: messageText('phone_not_registered') ?? err.messages[0],
        });
        return;
      }
      const rest = applyServerErrors(err, setError, ['phone_number']);
      if (rest.length) setDialog(rest);
    }
  });
  return (
    <GuestOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-2 text-xl font-bold">{t('forgot.title')}</h1>
        <p className="mb-4 text-slate-600">{t('forgot.hint')}</p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field
            label={t('fields.phone')}
            type="tel"
            inputMode="numeric"
            dir="ltr"
            {...register('phone_number')}
            error={errorOf(formState.errors, 'phone_number')}
          />
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {t('forgot.submit')}
          </button>
        </form>
        <MessageDialog
          open={!!dialog}
          title={t('common:error')}
          messages={dialog?.length ? dialog : [t('common:error')]}
          onClose={() => setDialog(null)}
        />
      </section>
    </GuestOnly>
  );
}
