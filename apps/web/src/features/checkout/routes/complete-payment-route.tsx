import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { longDate, price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { SignedInOnly } from '../../auth';
import { methodKey, orderNumberOf, orderQueryOptions, useOrdersTranslation } from '../../orders';
import { clearPaymentState, usePaymentStore } from '../payment-store';
import { StoreImage } from '../../../ui/store-image';

/** /complete-payment (spec §2): success=true shows the success page, anything else the failure page. */
export function Component() {
  const [params] = useSearchParams();
  return <SignedInOnly>{params.get('success') === 'true' ? <Success /> : <Failure />}</SignedInOnly>;
}

/**
 * The order placed: from the address (offline methods, the gateway's return: `order_id`, or `order` as a gateway's
 * own return names it) or the payment state (online).
 */
function useOrderId(): number | null {
  const [params] = useSearchParams();
  const held = usePaymentStore((s) => s.payment?.order_id ?? null);
  const fromQuery = Number(params.get('order_id') ?? params.get('order'));
  return Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : held;
}

/** After the order: the cart (a new, empty one on the server) is fetched again and the payment state goes. */
function useAfterOrder(done: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!done) return;
    clearPaymentState();
    void qc.invalidateQueries({ queryKey: ['server-cart'] });
  }, [done, qc]);
}

function Success() {
  const { t } = useOrdersTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const id = useOrderId();
  const order = useQuery({ ...orderQueryOptions(locale, id ?? 0), enabled: id !== null });
  useAfterOrder(order.isSuccess);
  useDocumentTitle(t('success.title'));
  if (id === null || order.isError) return <Navigate to="/my-account/orders" replace />;
  const o = order.data;
  const images = o ? o.order_products.filter((p) => p.product.thumbnail_url).slice(0, 6) : [];
  return (
    <section
      className="mx-auto my-8 w-full max-w-2xl px-4"
      aria-labelledby="success-title"
      data-testid="payment-success"
    >
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <svg
            width="34"
            height="34"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 id="success-title" className="mt-4 text-2xl font-bold">
          {t('success.title')}
        </h1>
        <p className="mt-1 text-slate-600">{t('success.text')}</p>
        {!o ? (
          <Skeleton className="mx-auto mt-6 h-40 w-full" />
        ) : (
          <>
            {images.length > 0 && (
              <ul className="mt-6 flex flex-wrap justify-center gap-3" aria-label={t('success.products')}>
                {images.map((p) => (
                  <li key={p.id}>
                    <StoreImage
                      src={p.product.thumbnail_url!}
                      sizes="72px"
                      maxWidth={320}
                      alt={p.product.title}
                      width={72}
                      height={72}
                      className="size-18 rounded-lg border border-slate-200 object-contain"
                    />
                  </li>
                ))}
              </ul>
            )}
            <dl className="mx-auto mt-6 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-start text-sm">
              <dt className="text-slate-600">{t('number')}</dt>
              <dd className="font-semibold" data-testid="success-order-number">
                {/* The number given at placement (issue 43); none yet while a payment is still being confirmed. */}
                {o.order_number === null ? '—' : `#${orderNumberOf(o)}`}
              </dd>
              <dt className="text-slate-600">{t('date')}</dt>
              <dd data-testid="success-date">{longDate(o.checkout_date ?? o.created_at, locale)}</dd>
              <dt className="text-slate-600">{t('total')}</dt>
              <dd className="font-semibold" data-testid="success-total">
                {price(o.checkout_total_price)}
              </dd>
              <dt className="text-slate-600">{t('method')}</dt>
              <dd data-testid="success-method">{t(`methods.${methodKey(o.payment_method)}`)}</dd>
            </dl>
          </>
        )}
        <Link
          to="/my-account/orders"
          className={buttonClass('primary', 'lg', 'mt-8')}
          data-testid="orders-history"
        >
          {t('success.history')}
        </Link>
      </div>
    </section>
  );
}

function Failure() {
  const { t } = useOrdersTranslation();
  // The order whose payment failed, read once: the payment state that may hold it is cleared just after.
  const current = useOrderId();
  const [orderId] = useState(current);
  // The session is over either way: its lines are back in the cart, and the key is of no more use.
  useAfterOrder(true);
  useDocumentTitle(t('failure.title'));
  return (
    <section className="mx-auto my-8 w-full max-w-xl px-4" data-testid="payment-failure">
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-red-100 text-red-700">
          <svg
            width="34"
            height="34"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M7 7l10 10M17 7L7 17" strokeLinecap="round" />
          </svg>
        </span>
        <h1 className="mt-4 text-2xl font-bold">{t('failure.title')}</h1>
        {/* The server gave the held items back to the cart (with the discount code): the way on is from there. */}
        <p className="mt-2 text-slate-600" data-testid="payment-failure-text">
          {t('failure.text')}
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row">
          <Link to="/cart" className={buttonClass('primary', 'lg')} data-testid="payment-failure-cart">
            {t('failure.cart')}
          </Link>
          {/* The order (its page says its payment was not completed); without one, the orders (spec §2, §8). */}
          <Link
            to={orderId === null ? '/my-account/orders' : `/my-account/orders/${orderId}`}
            className={buttonClass('outline', 'lg')}
            data-testid="payment-failure-back"
          >
            {t('failure.back')}
          </Link>
        </div>
      </div>
    </section>
  );
}
