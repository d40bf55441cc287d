import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { longDate, price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { ordersQueryOptions } from '../api/orders';
import { useOrdersTranslation } from '../i18n';
import { ensureNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import type { Order } from '@store/contracts/checkout';
import { Dialog } from '../../../ui/dialog';
import { methodKey, orderNumberOf } from '../order-labels';
import { OrderStatusBadge } from './order-status-badge';
import { RateOrder, canRate } from './rate-order';

/**
 * Account area, Orders tab (spec §2): order number, date, payment method, status (colour-coded), total and View
 * details; 10 a page. A table on wide screens, one card per order on a phone. A delivered order without a rating has
 * a Rate button (issue 43): the stars open in a dialog, sent with the same call as the order page's.
 */
export default function OrdersTab() {
  const { t } = useOrdersTranslation();
  // `account:` keys: the pagination's texts are the account area's.
  ensureNamespace('account', accountTexts);
  const locale = useLocaleStore((s) => s.locale);
  const [page, setPage] = useState(1);
  const [rating, setRating] = useState<Order | null>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(ordersQueryOptions(locale, page));

  if (isPending)
    return (
      <div className="space-y-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  if (isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-red-700">{t('common:error')}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  const date = (o: (typeof data.orders)[number]) => longDate(o.checkout_date ?? o.created_at, locale);
  return (
    <div aria-busy={isPlaceholderData}>
      <h2 className="mb-4 text-lg font-bold">{t('title')}</h2>
      {data.orders.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <>
          <table className="hidden w-full text-sm md:table" data-testid="orders-table">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="p-2 text-start">
                  {t('number')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('date')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('method')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('status')}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t('total')}
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">{t('view')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr
                  key={o.id}
                  className="border-b border-slate-100"
                  data-testid="order-row"
                  data-order-id={o.id}
                >
                  <td className="p-2 font-medium" data-testid="order-number">
                    #{orderNumberOf(o)}
                  </td>
                  <td className="p-2">{date(o)}</td>
                  <td className="p-2">{t(`methods.${methodKey(o.payment_method)}`)}</td>
                  <td className="p-2">
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td className="p-2 whitespace-nowrap">{price(o.checkout_total_price)}</td>
                  <td className="p-2 text-end whitespace-nowrap">
                    {canRate(o) && (
                      <RateButton
                        label={t('rate.button')}
                        number={orderNumberOf(o)}
                        onClick={() => setRating(o)}
                      />
                    )}
                    <Link
                      to={`/my-account/orders/${o.id}`}
                      className="font-semibold text-brand-700 underline"
                      aria-label={t('viewOf', { id: orderNumberOf(o) })}
                    >
                      {t('view')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="flex flex-col gap-3 md:hidden">
            {data.orders.map((o) => (
              <li
                key={o.id}
                className="rounded-xl border border-slate-200 p-3"
                data-testid="order-card"
                data-order-id={o.id}
              >
                <div className="flex items-center justify-between gap-2">
                  <p className="font-bold" data-testid="order-number">
                    {t('numberValue', { id: orderNumberOf(o) })}
                  </p>
                  <OrderStatusBadge status={o.status} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">{t('date')}</dt>
                  <dd>{date(o)}</dd>
                  <dt className="text-slate-600">{t('method')}</dt>
                  <dd>{t(`methods.${methodKey(o.payment_method)}`)}</dd>
                  <dt className="text-slate-600">{t('total')}</dt>
                  <dd className="font-semibold">{price(o.checkout_total_price)}</dd>
                </dl>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  {canRate(o) && (
                    <RateButton
                      label={t('rate.button')}
                      number={orderNumberOf(o)}
                      onClick={() => setRating(o)}
                    />
                  )}
                  <Link
                    to={`/my-account/orders/${o.id}`}
                    className="inline-block font-semibold text-brand-700 underline"
                    aria-label={t('viewOf', { id: orderNumberOf(o) })}
                  >
                    {t('view')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={rating !== null}
        onOpenChange={(open) => !open && setRating(null)}
        title={rating ? t('rate.dialogTitle', { id: orderNumberOf(rating) }) : ''}
      >
        <div data-testid="rate-dialog">
          {/* The order as the list has it now: once rated, it shows its stars until the dialog closes. */}
          {rating && (
            <RateOrder
              order={data.orders.find((o) => o.id === rating.id) ?? rating}
              onRated={() => setRating(null)}
            />
          )}
        </div>
      </Dialog>
      {(page > 1 || data.meta.next_page) && (
        <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('account:pagination.previous')}
          </Button>
          <span className="text-sm text-slate-600">{t('account:pagination.page', { page })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={!data.meta.next_page}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('account:pagination.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

function RateButton({ label, number, onClick }: { label: string; number: string; onClick(): void }) {
  const { t } = useOrdersTranslation();
  return (
    <Button
      variant="outline"
      size="sm"
      className="me-3"
      onClick={onClick}
      aria-label={t('rate.buttonOf', { id: number })}
      data-testid="rate-order-button"
    >
      {label}
    </Button>
  );
}
