import { zodResolver } from '@hookform/resolvers/zod';
import { otpSchema, resetPasswordSchema } from '@store/contracts/auth';
import { OTP_RESEND_SECONDS } from '@store/contracts/constants';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { authTexts } from '../../../i18n/auth';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { confirmAccount, resendOtp, resetPassword } from '../api/auth-api';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { applyServerErrors, errorOf, wrongCodeMessage } from '../../../lib/form-errors';
import { GuestOnly, returnPath } from '../guards';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface OtpState {
  phone_number: string;
  previous: 'signin' | 'register' | 'forgot_password';
  /** The page that asked the shopper to sign in (SignedInOnly's `from`): sign-in goes back there after. */
  from?: string;
}
type Values = { code: string; password?: string; password_confirmation?: string };

/** Seconds left before a code may be resent; counts down once a second to 0. */
function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft] as const;
}

function OtpForm({ state }: { state: OtpState }) {
  const { t } = useNamespace('auth', authTexts);
  const navigate = useNavigate();
  const forgot = state.previous === 'forgot_password';
  const [left, setLeft] = useCountdown(OTP_RESEND_SECONDS);
  const [done, setDone] = useState(false);
  const [dialog, setDialog] = useState<string[] | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(forgot ? resetPasswordSchema.extend({ code: otpSchema.shape.code }) : otpSchema),
  });

  const onSubmit = handleSubmit(async (v) => {
    try {
      if (forgot) {
        await resetPassword({
          phone_number: state.phone_number,
          sms_password_reset_otp: v.code,
          password: v.password ?? '',
          password_confirmation: v.password_confirmation ?? '',
        });
      } else {
        await confirmAccount(state.phone_number, v.code);
      }
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setError('code', { type: 'server', message: wrongCodeMessage(err) });
        return;
      }
      const rest = applyServerErrors(err, setError, ['code', 'password', 'password_confirmation']);
      if (rest.length) setDialog(rest);
    }
  });

  const resend = async () => {
    try {
      await resendOtp(state.phone_number, forgot ? 'password_reset' : 'confirmation');
      setLeft(OTP_RESEND_SECONDS);
    } catch (err) {
      setDialog(err instanceof ApiError && err.messages.length ? err.messages : [t('otp.genericError')]);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">{t('otp.sentTo', { phone: state.phone_number })}</p>
      <Field
        label={t('otp.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        id="f-code"
        {...register('code')}
        error={errorOf(formState.errors, 'code')}
      />
      {forgot && (
        <>
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
        </>
      )}
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t('otp.verify')}
      </button>
      <button
        type="button"
        onClick={resend}
        disabled={left > 0}
        className="text-sm font-semibold text-brand-700 disabled:text-slate-500"
        data-testid="otp-resend"
      >
        {left > 0 ? t('otp.resendIn', { seconds: left }) : t('otp.resend')}
      </button>
      <MessageDialog
        open={done}
        title={forgot ? t('otp.resetDoneTitle') : t('otp.confirmedTitle')}
        messages={[forgot ? t('otp.resetDone') : t('otp.confirmed')]}
        actionLabel={t('signIn.title')}
        onClose={() =>
          navigate('/auth/signin', {
            replace: true,
            state: { phone_number: state.phone_number, from: returnPath(state) },
          })
        }
      />
      <MessageDialog
        open={!!dialog}
        title={t('otp.errorTitle')}
        messages={dialog ?? []}
        onClose={() => setDialog(null)}
      />
    </form>
  );
}

/** /auth/otp_confirmation: only with phone_number and previous in navigation state (else 404, spec §2). */
export function Component() {
  const { t } = useNamespace('auth', authTexts);
  useDocumentTitle(t('otp.title'));
  const state = useLocation().state as Partial<OtpState> | null;
  if (!state?.phone_number || !state.previous) return <Navigate to="/404" replace />;
  return (
    <GuestOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-xl font-bold">{t('otp.title')}</h1>
        <OtpForm state={state as OtpState} />
      </section>
    </GuestOnly>
  );
}
