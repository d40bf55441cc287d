import type { Locale } from '@store/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/skeleton';
import { LoadError } from '../components/messages';
import { orderMessagesQueryOptions } from './api';
import { MessageList } from './message-list';

/** The SMS sent to the shopper about one order (its page's Messages panel). */
export function OrderMessages({ orderId, locale }: { orderId: number; locale: Locale }) {
  const { t } = useTranslation('admin');
  const q = useQuery(orderMessagesQueryOptions(orderId, locale));
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-16" />;
  if (!q.data.messages.length) return <p className="text-sm text-slate-600">{t('messages.orderNone')}</p>;
  return <MessageList messages={q.data.messages} locale={locale} showOrder={false} />;
}
