import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, signUpSchema } from '@store/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNamespace } from '../../../lib/i18n';
import { authTexts } from '../../../i18n/auth';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { signIn, signUp } from '../api/auth-api';
import { Field } from '../../../ui/field';
import { MessageDialog } from '../../../ui/message-dialog';
import { applyServerErrors, errorOf, messageText, wrongCodeMessage } from '../../../lib/form-errors';
import { GuestOnly, returnPath, statePhone } from '../guards';
import { signedIn, useAuth } from '../store';
import { useDocumentTitle } from '../../../lib/use-document-title';

type SignIn = { phone_number: string; password: string; sms_sign_in_otp?: string };
type SignUp = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
  password_confirmation: string;
};

function SignInForm() {
  const { t } = useNamespace('auth', authTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [dialog, setDialog] = useState<{
    messages: string[];
    needConfirmation: boolean;
    phone: string;
  } | null>(null);
  // While the number's sign-in limit is hit, the server sends a code to the phone when the password is right
  // (429 otp_required): the form then asks for that code too (decision 010).
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<SignIn>({
    resolver: zodResolver(signInSchema),
    // Sign-up's "this number is already registered" brings its number here.
    defaultValues: { phone_number: statePhone(location.state) },
  });
  const onSubmit = handleSubmit(async (values) => {
    const auth = useAuth.getState();
    // The page stays until the cart is merged, then goes where the shopper was headed (or home).
    auth.setSigningIn(true);
    try {
      await signIn({
        phone_number: values.phone_number,
        password: values.password,
        ...(codeNotice && values.sms_sign_in_otp ? { sms_sign_in_otp: values.sms_sign_in_otp } : {}),
      });
      // What a guest put in the cart is still there after signing in (the cart listens: onSignIn).
      await signedIn(qc);
      // Unless the shopper already went somewhere else (the header's links work as soon as they are signed in).
      if (mounted.current) await navigate(returnPath(location.state) ?? '/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.body.otp_required === true) {
        setCodeNotice(err.messages[0] ?? '');
        return;
      }
      if (err instanceof ApiError && err.status === 404 && codeNotice) {
        setError('sms_sign_in_otp', { type: 'server', message: wrongCodeMessage(err) });
        return;
      }
      const needConfirmation = err instanceof ApiError && err.body.need_confirmation === true;
      // The number as the server saved it (Latin digits), for the OTP page.
      const phone =
        err instanceof ApiError && typeof err.body.phone_number === 'string'
          ? err.body.phone_number
          : values.phone_number;
      const rest = applyServerErrors(err, setError, ['phone_number', 'password']);
      if (rest.length || needConfirmation) setDialog({ messages: rest, needConfirmation, phone });
    } finally {
      auth.setSigningIn(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('signIn.title')}>
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
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={errorOf(formState.errors, 'password')}
      />
      {codeNotice !== null && (
        <>
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {codeNotice}
          </p>
          <Field
            label={t('fields.signInCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            {...register('sms_sign_in_otp')}
            error={errorOf(formState.errors, 'sms_sign_in_otp')}
          />
        </>
      )}
      <Link
        to="/auth/forgot_password"
        state={{ from: returnPath(location.state) }}
        className="text-sm text-brand-700 underline"
      >
        {t('signIn.forgot')}
      </Link>
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t('signIn.submit')}
      </button>
      <MessageDialog
        open={!!dialog}
        title={t('signIn.errorTitle')}
        messages={dialog?.messages}
        onClose={() => setDialog(null)}
      >
        {dialog?.needConfirmation && (
          <button
            type="button"
            className="mt-4 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700"
            onClick={() =>
              navigate('/auth/otp_confirmation', {
                state: { phone_number: dialog.phone, previous: 'signin', from: returnPath(location.state) },
              })
            }
          >
            {t('signIn.enterOtp')}
          </button>
        )}
      </MessageDialog>
    </form>
  );
}

function RegisterForm() {
  const { t } = useNamespace('auth', authTexts);
  const navigate = useNavigate();
  const from = returnPath(useLocation().state);
  const [terms, setTerms] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  // The number the server says is already registered: its owner is offered sign-in, or a new password by a code to
  // that phone (which also frees it from a stranger who signed up with it and never confirmed).
  const [taken, setTaken] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, watch } = useForm<SignUp>({
    resolver: zodResolver(signUpSchema),
  });
  const onSubmit = handleSubmit(async (values) => {
    setTaken(null);
    try {
      await signUp(values);
      setCreated(values.phone_number);
    } catch (err) {
      const rest = applyServerErrors(err, setError, Object.keys(values));
      if (rest.length) setFailure(rest);
      const phoneErrors = err instanceof ApiError ? (err.fieldErrors.phone_number ?? []) : [];
      if (phoneErrors.includes(messageText('phone_taken') ?? '')) setTaken(values.phone_number);
    }
  });
  const e = formState.errors;
  const phoneNow = watch('phone_number');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('register.title')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label={t('fields.firstName')}
          autoComplete="given-name"
          {...register('first_name')}
          error={errorOf(e, 'first_name')}
        />
        <Field
          label={t('fields.lastName')}
          autoComplete="family-name"
          {...register('last_name')}
          error={errorOf(e, 'last_name')}
        />
      </div>
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        dir="ltr"
        {...register('email')}
        error={errorOf(e, 'email')}
      />
      <Field
        label={t('fields.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        dir="ltr"
        id="f-phone_number"
        {...register('phone_number')}
        error={errorOf(e, 'phone_number')}
      />
      {taken !== null && taken === phoneNow && (
        <p className="-mt-2 text-sm text-slate-700" data-testid="phone-taken-help">
          {t('register.takenHint')}{' '}
          <Link to="/auth/signin" state={{ phone_number: taken, from }} className="text-brand-700 underline">
            {t('register.takenSignIn')}
          </Link>
          {' · '}
          <Link
            to="/auth/forgot_password"
            state={{ phone_number: taken, from }}
            className="text-brand-700 underline"
          >
            {t('register.takenReset')}
          </Link>
        </p>
      )}
      <Field
        label={t('fields.password')}
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
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={terms}
          onChange={(ev) => setTerms(ev.target.checked)}
          className="size-4"
        />
        <span>
          {t('register.agree')}{' '}
          <Link to="/terms-conditions" className="text-brand-700 underline">
            {t('register.terms')}
          </Link>
        </span>
      </label>
      <button
        type="submit"
        disabled={!terms || formState.isSubmitting}
        aria-describedby={terms ? undefined : 'register-why'}
        className="rounded-lg bg-brand-700 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
      >
        {t('register.submit')}
      </button>
      {/* Spec §5: the button waits for the terms; say so rather than leave it greyed out with no reason. */}
      {!terms && (
        <p id="register-why" className="-mt-2 text-sm text-slate-700" data-testid="register-why">
          {t('register.termsFirst')}
        </p>
      )}
      <MessageDialog
        open={!!created}
        title={t('register.createdTitle')}
        messages={[t('register.created')]}
        actionLabel={t('common:continue')}
        onClose={() =>
          navigate('/auth/otp_confirmation', { state: { phone_number: created, previous: 'register', from } })
        }
      />
      <MessageDialog
        open={!!failure}
        title={t('register.errorTitle')}
        messages={failure ?? []}
        onClose={() => setFailure(null)}
      />
    </form>
  );
}

export function Component() {
  const { t } = useNamespace('auth', authTexts);
  const { pathname, state } = useLocation();
  // Switching tabs keeps the page the shopper is to go back to after signing in.
  const from = returnPath(state);
  const tab = pathname.startsWith('/auth/register') ? 'register' : 'signin';
  useDocumentTitle(tab === 'signin' ? t('signIn.title') : t('register.title'));
  const tabClass = (active: boolean) =>
    `flex-1 border-b-2 py-3 text-center font-semibold ${active ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-600'}`;
  return (
    <GuestOnly>
      <section className="mx-auto my-8 w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h1 className="sr-only">{tab === 'signin' ? t('signIn.title') : t('register.title')}</h1>
        <nav className="mb-6 flex" aria-label={t('tabsLabel')}>
          <Link
            to="/auth/signin"
            replace
            state={{ from }}
            className={tabClass(tab === 'signin')}
            aria-current={tab === 'signin' ? 'page' : undefined}
          >
            {t('signIn.title')}
          </Link>
          <Link
            to="/auth/register"
            replace
            state={{ from }}
            className={tabClass(tab === 'register')}
            aria-current={tab === 'register' ? 'page' : undefined}
          >
            {t('register.title')}
          </Link>
        </nav>
        {tab === 'signin' ? <SignInForm /> : <RegisterForm />}
      </section>
    </GuestOnly>
  );
}
