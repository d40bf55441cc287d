import { zodResolver } from '@hookform/resolvers/zod';
import {
  staffTotpConfirmSchema,
  staffTotpOffSchema,
  type StaffTotpConfirmBody,
  type StaffTotpOffBody,
  type StaffTotpSetup,
} from '@store/contracts/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { Field } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { applyServerErrors, errorMessages, errorOf } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import { AlertsCard } from './alerts-card';
import { PasswordCard } from './password-card';
import { confirmTotp, disableTotp, startTotp, TOTP_KEY, totpQueryOptions } from './api';

/** The secret in groups of four, as it is easiest to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Step 2 of setting up: the secret and its address, then the app's code. */
function ConfirmForm({ setup, onDone }: { setup: StaffTotpSetup; onDone: (message: string) => void }) {
  const { t } = useTranslation('admin');
  const [failure, setFailure] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError } = useForm<StaffTotpConfirmBody>({
    resolver: zodResolver(staffTotpConfirmSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure([]);
    try {
      onDone((await confirmTotp(code)).message);
    } catch (err) {
      setFailure(applyServerErrors(err, setError, ['code']));
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-inside list-decimal space-y-2 text-sm text-slate-800">
        <li>{t('account.totp.step1')}</li>
        <li>
          {t('account.totp.step2')}
          <p
            className="mt-2 rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all"
            dir="ltr"
            data-testid="totp-secret"
          >
            {grouped(setup.secret)}
          </p>
          <p className="mt-2 text-xs text-slate-600">
            {t('account.totp.uri')}{' '}
            <a
              href={setup.uri}
              className="break-all text-brand-700 underline"
              dir="ltr"
              data-testid="totp-uri"
            >
              {setup.uri}
            </a>
          </p>
        </li>
        <li>{t('account.totp.step3')}</li>
      </ol>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-xs">
        <Field
          label={t('account.totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          data-testid="totp-code"
          {...register('code')}
          error={errorOf(formState.errors, 'code')}
        />
        <ErrorBox messages={failure} />
        <div>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="totp-confirm">
            {t('account.totp.confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Turning the app off takes the password. */
function TurnOffForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation('admin');
  const [failure, setFailure] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError } = useForm<StaffTotpOffBody>({
    resolver: zodResolver(staffTotpOffSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure([]);
    try {
      onDone((await disableTotp(password)).message);
    } catch (err) {
      setFailure(applyServerErrors(err, setError, ['password']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-xs">
      <Field
        label={t('account.totp.password')}
        type="password"
        autoComplete="current-password"
        dir="ltr"
        {...register('password')}
        error={errorOf(formState.errors, 'password')}
      />
      <ErrorBox messages={failure} />
      <div>
        <Button type="submit" variant="outline" disabled={formState.isSubmitting} data-testid="totp-off">
          {t('account.totp.turnOff')}
        </Button>
      </div>
    </form>
  );
}

/**
 * My account (every member): the authenticator app asked for while someone is trying to sign in as them from
 * other places (decision 025). Set up in three steps: a secret shown as text and as an otpauth:// address, then a
 * code of it confirms it. Below it, a new password (password-card.tsx) and the staff alerts the member gets
 * (alerts-card.tsx).
 */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('account.title'));
  const me = useStaffAuth((s) => s.staff);
  const qc = useQueryClient();
  const q = useQuery(totpQueryOptions());
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setFailure([]);
    setDone(null);
    try {
      setSetup(await startTotp());
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setStarting(false);
    }
  };
  const finished = async (message: string) => {
    setSetup(null);
    setDone(message);
    await qc.invalidateQueries({ queryKey: TOTP_KEY });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('account.title')}</h1>
      {me && (
        <p className="text-sm text-slate-700">
          {me.name} · <span dir="ltr">{me.email}</span>
        </p>
      )}
      <Card title={t('account.totp.title')} testId="totp-card">
        <p className="mb-3 text-sm text-slate-700">{t('account.totp.why')}</p>
        <p aria-live="polite" className="mb-2 text-sm text-emerald-800" data-testid="totp-done">
          {done}
        </p>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <Skeleton className="h-16" />
        ) : q.data.enabled ? (
          <div className="flex flex-col gap-3">
            <p className="font-semibold text-emerald-800" data-testid="totp-status">
              {t('account.totp.on')}
            </p>
            <TurnOffForm onDone={(m) => void finished(m)} />
          </div>
        ) : setup ? (
          <ConfirmForm setup={setup} onDone={(m) => void finished(m)} />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-slate-800" data-testid="totp-status">
              {t('account.totp.off')}
            </p>
            <ErrorBox messages={failure} />
            <div>
              <Button onClick={() => void start()} disabled={starting} data-testid="totp-start">
                {t('account.totp.start')}
              </Button>
            </div>
          </div>
        )}
      </Card>
      <PasswordCard />
      <AlertsCard />
    </div>
  );
}
