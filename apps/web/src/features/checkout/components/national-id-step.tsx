import { NATIONAL_ID_LENGTH, nationalIdError } from '@store/contracts/national-id';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useAuth } from '../../auth';
import { messageText } from '../../../lib/form-messages';
import { saveNationalId } from '../api/checkout';
import { useCheckoutTranslation } from '../i18n';
import { MessagesDialog } from './messages-dialog';

/**
 * The National ID step (spec §2, §5), for totals of 25,000 EGP or more: contracts' one rule checks the number here
 * and on the server, which saves it on the user. Submit is disabled while the field is empty.
 */
export function NationalIdStep({ onNext }: { onNext(): void }) {
  const { t } = useCheckoutTranslation();
  const user = useAuth((s) => s.user);
  const setUser = useAuth((s) => s.setUser);
  const [value, setValue] = useState(user?.national_id ?? '');
  const [error, setError] = useState<string | undefined>();
  const [dialog, setDialog] = useState<string[] | null>(null);
  const id = useId();
  const save = useMutation({
    mutationFn: saveNationalId,
    onSuccess: (saved) => {
      if (user) setUser({ ...user, national_id: saved.national_id });
      onNext();
    },
    onError: (e) => {
      // Spec §8: errors per field.
      const field = e instanceof ApiError ? e.fieldErrors.national_id : undefined;
      if (field?.length) setError(field.join(' '));
      else setDialog(e instanceof ApiError && e.messages.length ? e.messages : [t('errors.generic')]);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The shopper's today judges a birth date in the future here; the API judges it again by the store's clock.
    const problem = nationalIdError(value, new Date());
    if (problem) return setError(messageText(problem));
    setError(undefined);
    save.mutate(value);
  };

  return (
    <section aria-labelledby="step-title" className="mx-auto w-full max-w-xl">
      <h2 id="step-title" className="text-xl font-bold">
        {t('nationalId.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('nationalId.why')}</p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-5 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {t('nationalId.label')}
          </label>
          <input
            id={id}
            name="national_id"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={NATIONAL_ID_LENGTH + 4}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className="rounded-lg border border-slate-300 px-3 py-2 text-lg tracking-wider outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-600"
            data-testid="national-id"
          />
          {error ? (
            <p
              id={`${id}-error`}
              role="alert"
              className="text-sm text-red-700"
              data-testid="national-id-error"
            >
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              {t('nationalId.hint')}
            </p>
          )}
        </div>
        <Button
          type="submit"
          size="lg"
          disabled={value.trim() === '' || save.isPending}
          data-testid="national-id-submit"
        >
          {save.isPending && <Spinner size={18} className="text-white" />}
          {t('nationalId.submit')}
        </Button>
      </form>
      <MessagesDialog messages={dialog} title={t('errors.title')} onClose={() => setDialog(null)} />
    </section>
  );
}
