import type { AdminMessage } from '@store/contracts/sms';
import type { Locale } from '@store/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { count, dateTime } from '../lib/format';

const STATUS_TONE: Record<string, string> = {
  sending: 'bg-slate-100 text-slate-800',
  sent: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  undelivered: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

/** A recorded SMS's state as a coloured label. */
export function MessageStatus({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status] ?? STATUS_TONE.sending}`}
      data-status={status}
    >
      {t(`messages.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

/**
 * Recorded SMS, newest first: state, number, what it was about, the gateway and its id, parts, time, the order it
 * is about, the text (codes show as ******) and, when it failed, the gateway's reason.
 */
export function MessageList({
  messages,
  locale,
  showOrder = true,
}: {
  messages: AdminMessage[];
  locale: Locale;
  showOrder?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <ul className="flex flex-col gap-3" data-testid="messages-list">
      {messages.map((m) => (
        <li
          key={m.id}
          className="rounded-2xl border border-slate-200 bg-white p-3 text-sm sm:p-4"
          data-testid={`message-${m.id}`}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <MessageStatus status={m.status} />
            <span dir="ltr" className="font-semibold" data-testid="message-phone">
              {m.phone_number}
            </span>
            <span className="text-slate-700">{t(`messages.kinds.${m.kind}`, { defaultValue: m.kind })}</span>
            {showOrder && m.order_id !== null && m.order_number !== null && (
              <Link to={`/orders/${m.order_id}`} className="text-brand-700 underline">
                {t('messages.order', { id: m.order_number })}
              </Link>
            )}
            <span className="ms-auto text-xs text-slate-500">{dateTime(m.created_at, locale)}</span>
          </div>
          <p className="mt-2 text-slate-900">
            <bdi>{m.body}</bdi>
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
            <span data-testid="message-provider">
              {t(`messages.providers.${m.provider}`, { defaultValue: m.provider })}
            </span>
            <span>{t('messages.parts', { n: count(m.parts, locale) })}</span>
            {m.provider_message_id && (
              <span>
                {t('messages.gatewayId')}{' '}
                <bdi dir="ltr" className="font-mono">
                  {m.provider_message_id}
                </bdi>
              </span>
            )}
          </p>
          {m.error && (
            <p className="mt-1 text-xs text-red-800" data-testid="message-error">
              {t('messages.why')} <bdi dir="ltr">{m.error}</bdi>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
