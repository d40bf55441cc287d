import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@store/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { changePassword, SignedInOnly, signOutEverywhere } from '../../auth';
import { errorOf } from '../../../lib/form-errors';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { useGuestCart } from '../../cart';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Values = { current_password: string; password: string; password_confirmation: string };

function ChangePasswordForm() {
  const { t } = useNamespace('account', accountTexts);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [dialog, setDialog] = useState<string[] | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(changePasswordSchema),
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      await changePassword(v);
      setDone(true);
    } catch (err) {
      // Spec §8: a dialog listing the full messages.
      setDialog(err instanceof ApiError && err.messages.length ? err.messages : [t('common:error')]);
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...register('current_password')}
        error={errorOf(e, 'current_password')}
      />
      <Field
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={errorOf(e, 'password')}
      />
      <Field
        label={t('fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...register('password_confirmation')}
        error={errorOf(e, 'password_confirmation')}
      />
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t('changePassword')}
      </button>
      <MessageDialog
        open={done}
        title={t('passwordChanged')}
        messages={[t('passwordChangedHint')]}
        actionLabel={t('signOut')}
        onClose={async () => {
          // Signing out after a password change also clears the cart (spec §4).
          useGuestCart.getState().clear();
          await signOutEverywhere().catch(() => undefined);
          navigate('/auth/signin', { replace: true });
        }}
      />
      <MessageDialog
        open={!!dialog}
        title={t('common:error')}
        messages={dialog ?? []}
        onClose={() => setDialog(null)}
      />
    </form>
  );
}

export function Component() {
  const { t } = useNamespace('account', accountTexts);
  useDocumentTitle(t('changePassword'));
  return (
    <SignedInOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-xl font-bold">{t('changePassword')}</h1>
        <ChangePasswordForm />
      </section>
    </SignedInOnly>
  );
}
