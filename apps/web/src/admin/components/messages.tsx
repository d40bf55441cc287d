import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { errorMessages } from '../../lib/form-errors';

/** Messages of a failed action, read out when they appear. */
export function ErrorBox({ messages, className = '' }: { messages: string[]; className?: string }) {
  if (!messages.length) return null;
  return (
    <div
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 ${className}`}
    >
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="list-inside list-disc">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A page whose data could not be loaded: the server's words (403: not for this role) and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center" data-testid="load-error">
      <p className="mb-4 text-slate-800">
        {forbidden ? t('errors.forbidden') : errorMessages(error).join(' ')}
      </p>
      {!forbidden && onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      )}
    </div>
  );
}

/** A page the member's role may not open (decision 030's areas): its title and why, and nothing of it is asked. */
export function Forbidden({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800" data-testid="forbidden">
        {t('errors.forbidden')}
      </p>
    </div>
  );
}
