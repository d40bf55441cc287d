import { ORDERS_PAGE_SIZE } from '@store/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { longDate, price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';

interface OrderRow {
  id: number;
  status: string;
  created_at: string;
  checkout_date: string | null;
  payment_method: string | null;
  checkout_total_price: number;
}
const STATUS_COLOURS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  processing: 'bg-indigo-100 text-indigo-900',
  delivering: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  canceled: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-200 text-slate-900',
  partially_refunded: 'bg-slate-200 text-slate-900',
};
export const statusKey = (s: string) => (s in STATUS_COLOURS ? s : 'unknown');
export const statusClass = (s: string) => STATUS_COLOURS[s] ?? 'bg-slate-100 text-slate-700';
export const methodKey = (m: string | null) =>
  m && ['cash', 'online', 'visa_on_delivery', 'visa_on_delivery_installments'].includes(m) ? m : 'unknown';

/** Orders: 10 a page, colour-coded statuses (unknown for any other value). */
export default function OrdersTab() {
  const { t } = useTranslation('orders');
  const locale = useLocaleStore((s) => s.locale);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    queryKey: ['orders', locale, page],
    queryFn: () =>
      api<{ orders: OrderRow[]; meta: { next_page: number | null } }>('users/orders', { query: { page, per_page: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  if (isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  if (isError) return <p className="text-red-700">{t('common:error')}</p>;
  return (
    <div>
      <h2 className="mb-4 text-lg font-bold">{t('title')}</h2>
      {data.orders.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th className="p-2 text-start">{t('number')}</th>
                <th className="p-2 text-start">{t('date')}</th>
                <th className="p-2 text-start">{t('method')}</th>
                <th className="p-2 text-start">{t('status')}</th>
                <th className="p-2 text-start">{t('total')}</th>
                <th className="p-2" />
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.id} className="border-b border-slate-100" data-testid="order-row">
                  <td className="p-2 font-medium">#{o.id}</td>
                  <td className="p-2">{longDate(o.checkout_date ?? o.created_at, locale)}</td>
                  <td className="p-2">{t(`methods.${methodKey(o.payment_method)}`)}</td>
                  <td className="p-2">
                    <span className={`rounded-full px-2 py-1 text-xs font-semibold ${statusClass(o.status)}`}>{t(`statuses.${statusKey(o.status)}`)}</span>
                  </td>
                  <td className="p-2 whitespace-nowrap">{price(o.checkout_total_price)}</td>
                  <td className="p-2">
                    <Link to={`/my-account/orders/${o.id}`} className="font-semibold text-brand-700 underline">
                      {t('view')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex items-center justify-between">
        <button type="button" disabled={page === 1} onClick={() => setPage((p) => p - 1)} className="rounded-lg border px-3 py-1 disabled:opacity-40">
          {t('account:pagination.previous')}
        </button>
        <button type="button" disabled={!data.meta.next_page} onClick={() => setPage((p) => p + 1)} className="rounded-lg border px-3 py-1 disabled:opacity-40">
          {t('account:pagination.next')}
        </button>
      </div>
    </div>
  );
}
