import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema } from '@store/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { useNavigate } from 'react-router';
import { SignedInOnly, updateProfile, useAuth } from '../../auth';
import { applyServerErrors, errorOf } from '../../../lib/form-errors';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Values = { first_name: string; last_name: string; email: string };

function EditProfileForm() {
  const { t } = useNamespace('account', accountTexts);
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [done, setDone] = useState(false);
  const [dialog, setDialog] = useState<string[] | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
    },
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      await updateProfile(v);
      setDone(true);
    } catch (err) {
      const rest = applyServerErrors(err, setError, ['first_name', 'last_name', 'email']);
      if (rest.length) setDialog(rest);
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('fields.firstName')} {...register('first_name')} error={errorOf(e, 'first_name')} />
      <Field label={t('fields.lastName')} {...register('last_name')} error={errorOf(e, 'last_name')} />
      <Field
        label={t('fields.email')}
        type="email"
        dir="ltr"
        {...register('email')}
        error={errorOf(e, 'email')}
      />
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t('save')}
      </button>
      <MessageDialog
        open={done}
        title={t('profileUpdated')}
        onClose={() => navigate('/my-account/account')}
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
  useDocumentTitle(t('editProfile'));
  return (
    <SignedInOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-xl font-bold">{t('editProfile')}</h1>
        <EditProfileForm />
      </section>
    </SignedInOnly>
  );
}
