import { useQuery } from '@tanstack/react-query';
import type { Order } from '@store/contracts/checkout';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { deliveryFeeText, longDate, price, priceOff } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { AddressLines } from '../../addresses';
import { SignedInOnly } from '../../auth';
import { downloadDocument, orderQueryOptions } from '../api/orders';
import { OrderStatusBadge } from '../components/order-status-badge';
import { useOrdersTranslation } from '../i18n';
import { ensureNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { methodKey, orderNumberOf, paidAfterRefunds } from '../order-labels';
import { RateOrder, canRate } from '../components/rate-order';
import { BidiText } from '../../../ui/bidi-text';
import { Thumbnail } from '../../../ui/thumbnail';
import { OrderReturns } from '../components/order-returns';
import { OrderCancel } from '../components/order-cancel';

/**
 * /my-account/orders/{id} (spec §2): one order with its totals, payment, delivery address and products. The address
 * holds the internal id; the page shows the order's number (issue 43). A delivered order is rated here, and what
 * refunds gave back shows beside what was finally paid. A pending order is cancelled here (order-cancel.tsx).
 */
export function Component() {
  return (
    <SignedInOnly>
      <OrderPage />
    </SignedInOnly>
  );
}

function OrderPage() {
  const { t } = useOrdersTranslation();
  // `account:` keys: the breadcrumb names the account area.
  ensureNamespace('account', accountTexts);
  const locale = useLocaleStore((s) => s.locale);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: o, isPending, isError } = useQuery({ ...orderQueryOptions(locale, id), enabled: valid });
  const number = o ? orderNumberOf(o) : '';
  // Led here to rate it (the rating modal, #rate): the rating is brought into view once the order is shown.
  const { hash } = useLocation();
  const loaded = !!o;
  useEffect(() => {
    if (loaded && hash === '#rate') document.getElementById('rate')?.scrollIntoView({ block: 'center' });
  }, [loaded, hash]);
  useDocumentTitle(number ? t('detail.title', { id: number }) : t('detail.titleNoNumber'));
  const crumbs = [
    { label: t('account:title'), to: '/my-account/account' },
    { label: t('title'), to: '/my-account/orders' },
    { label: number ? t('numberValue', { id: number }) : t('detail.titleNoNumber') },
  ];

  if (!valid || isError)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        <Breadcrumbs items={crumbs} />
        <div className="mt-6 rounded-2xl bg-white p-6 text-center shadow-sm">
          <p className="text-lg font-semibold">{t('detail.notFound')}</p>
          <Link to="/my-account/orders" className={buttonClass('primary', 'md', 'mt-4')}>
            {t('detail.back')}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-4 sm:px-6" data-testid="order-page">
      <Breadcrumbs items={crumbs} />
      {isPending ? (
        <div className="mt-4 space-y-4">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold" data-testid="order-title">
              {number ? t('detail.title', { id: number }) : t('detail.titleNoNumber')}
            </h1>
            <OrderStatusBadge status={o.status} />
          </div>
          <p className="mt-1 text-slate-600">
            {t('detail.placedOn', { date: longDate(o.checkout_date ?? o.created_at, locale) })}
          </p>
          {/* Pending: the shopper cancels it here; confirmed until it arrives: they call the shop. */}
          <OrderCancel order={o} />
          {/* An online payment that did not happen: its items went back to the cart (or are the cart again). */}
          {(o.status === 'abandoned' || o.status === 'cart') && (
            <div
              className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="order-not-paid"
            >
              <p className="text-amber-900">{t('detail.notPaid')}</p>
              <Link
                to="/cart"
                className={buttonClass('primary', 'md', 'shrink-0')}
                data-testid="order-back-to-cart"
              >
                {t('detail.toCart')}
              </Link>
            </div>
          )}

          <div className="mt-5 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <section aria-labelledby="order-products" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
              <h2 id="order-products" className="text-lg font-bold">
                {t('detail.products')}
              </h2>
              <ul className="mt-3 divide-y divide-slate-100">
                {o.order_products.map((line) => (
                  <li key={line.id} className="flex gap-3 py-3" data-testid="order-line">
                    <Thumbnail
                      src={line.product.thumbnail_url}
                      px={64}
                      className="size-16 shrink-0 rounded-lg border border-slate-100"
                    />
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/products/${line.product.id}`}
                        className="line-clamp-2 font-semibold hover:text-brand-700 hover:underline"
                      >
                        <BidiText text={line.product.title} />
                      </Link>
                      <p className="mt-1 text-sm text-slate-600">
                        {t('detail.quantity', { n: line.quantity })}
                        {line.checkout_price !== null && <> · {price(line.checkout_price)}</>}
                      </p>
                      {line.refunded_quantity > 0 && (
                        <p className="text-sm text-orange-800">
                          {t('detail.refunded', { n: line.refunded_quantity })}
                        </p>
                      )}
                    </div>
                    {line.checkout_price !== null && (
                      <p className="shrink-0 font-semibold whitespace-nowrap">
                        {price(line.checkout_price * line.quantity)}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>

            <div className="flex flex-col gap-4">
              {(canRate(o) || o.rating !== null) && (
                <section
                  id="rate"
                  aria-labelledby="order-rating"
                  className={`rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${canRate(o) ? 'ring-2 ring-accent-500' : ''}`}
                  data-testid="order-rating"
                >
                  <h2 id="order-rating" className="text-lg font-bold">
                    {t('rate.title')}
                  </h2>
                  <div className="mt-2">
                    <RateOrder order={o} />
                  </div>
                </section>
              )}
              <section aria-labelledby="order-summary" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
                <h2 id="order-summary" className="text-lg font-bold">
                  {t('detail.summary')}
                </h2>
                <dl className="mt-3 space-y-2 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-600">{t('detail.subtotal')}</dt>
                    <dd>{price(o.total_cart_price)}</dd>
                  </div>
                  {o.discount_code && (
                    <div className="flex justify-between gap-3 text-emerald-800">
                      <dt>
                        {t('detail.discount')}{' '}
                        <bdi dir="ltr" className="font-mono" data-testid="order-discount-code">
                          {o.discount_code}
                        </bdi>
                      </dt>
                      <dd data-testid="order-discount">{priceOff(o.discount)}</dd>
                    </div>
                  )}
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-600">{t('detail.shipping')}</dt>
                    <dd data-testid="order-shipping">
                      {deliveryFeeText(o.checkout_shipping_fees, t('detail.shippingFree'))}
                    </dd>
                  </div>
                  <div className="flex flex-wrap justify-between gap-x-3 gap-y-1 border-t border-slate-200 pt-2 text-base font-bold">
                    <dt>{t('total')}</dt>
                    <dd data-testid="order-total">{price(o.checkout_total_price)}</dd>
                    {o.vat_amount > 0 && (
                      <dd
                        className="basis-full text-end text-xs font-normal text-slate-600"
                        data-testid="order-vat"
                      >
                        {t('detail.vat', { amount: price(o.vat_amount) })}
                      </dd>
                    )}
                  </div>
                  {o.refunded_amount > 0 && (
                    <>
                      <div className="flex justify-between gap-3 text-orange-800">
                        <dt>{t('detail.refundedAmount')}</dt>
                        <dd data-testid="order-refunded-amount">{price(o.refunded_amount)}</dd>
                      </div>
                      <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-bold">
                        <dt>{t('detail.paidAfterRefunds')}</dt>
                        <dd data-testid="order-paid">{price(paidAfterRefunds(o))}</dd>
                      </div>
                    </>
                  )}
                  <div className="flex justify-between gap-3 pt-1">
                    <dt className="text-slate-600">{t('method')}</dt>
                    <dd className="text-end" data-testid="order-method">
                      {t(`methods.${methodKey(o.payment_method)}`)}
                      {o.bank_installment && (
                        <span className="block text-xs text-slate-600">
                          {o.bank_installment.bank_name} · {o.bank_installment.title}
                        </span>
                      )}
                    </dd>
                  </div>
                </dl>
              </section>

              {o.invoice_number && <OrderInvoice order={o} />}

              {o.shipment && (
                <section
                  aria-labelledby="order-tracking"
                  className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
                  data-testid="order-tracking"
                >
                  <h2 id="order-tracking" className="text-lg font-bold">
                    {t('detail.tracking.title')}
                  </h2>
                  <dl className="mt-3 space-y-2 text-sm">
                    <div className="flex justify-between gap-3">
                      <dt className="text-slate-600">{t('detail.tracking.carrier')}</dt>
                      <dd>{o.shipment.carrier}</dd>
                    </div>
                    <div className="flex justify-between gap-3">
                      <dt className="text-slate-600">{t('detail.tracking.number')}</dt>
                      <dd dir="ltr" data-testid="order-tracking-number">
                        {o.shipment.tracking_number}
                      </dd>
                    </div>
                  </dl>
                  {o.shipment.tracking_url && (
                    <a
                      href={o.shipment.tracking_url}
                      target="_blank"
                      rel="noreferrer"
                      className={buttonClass('outline', 'sm', 'mt-3')}
                      data-testid="order-tracking-link"
                    >
                      {t('detail.tracking.follow')}
                    </a>
                  )}
                </section>
              )}

              {o.address && (
                <section
                  aria-labelledby="order-address"
                  className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
                  data-testid="order-address"
                >
                  <h2 id="order-address" className="text-lg font-bold">
                    {t('detail.address')}
                  </h2>
                  <address className="mt-2 space-y-0.5 text-sm not-italic text-slate-700">
                    <p className="font-semibold text-slate-900">{o.address.full_name}</p>
                    <p dir="ltr" className="text-start">
                      {o.address.number_type === 'home' && o.address.city_code
                        ? `${o.address.city_code} ${o.address.phone_number}`
                        : o.address.phone_number}
                    </p>
                    {/* Written as the address book writes it: floor and apartment too (one helper, both pages). */}
                    <Suspense fallback={<Skeleton className="h-10 w-full" />}>
                      <AddressLines address={o.address} />
                    </Suspense>
                  </address>
                </section>
              )}
            </div>
          </div>
          <div className="mt-4">
            <OrderReturns order={o} />
          </div>
        </>
      )}
    </div>
  );
}

/** The order's invoice and credit notes (issue 47): each a PDF in the shopper's language, downloaded with sign-in. */
function OrderInvoice({ order: o }: { order: Order }) {
  const { t } = useOrdersTranslation();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const get = (key: string, path: string, filename: string) => {
    setFailed(false);
    setBusy(key);
    downloadDocument(path, filename)
      .catch(() => setFailed(true))
      .finally(() => setBusy(null));
  };
  return (
    <section
      aria-labelledby="order-invoice"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      data-testid="order-invoice"
    >
      <h2 id="order-invoice" className="text-lg font-bold">
        {t('detail.invoice.title')}
      </h2>
      <dl className="mt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('detail.invoice.number')}</dt>
          <dd dir="ltr" data-testid="order-invoice-number">
            {o.invoice_number}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-col gap-2">
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={busy !== null}
          onClick={() => get('invoice', `users/orders/${o.id}/invoice`, `${o.invoice_number}.pdf`)}
          data-testid="order-invoice-download"
        >
          {t('detail.invoice.download')}
        </button>
        {o.credit_notes.map((n) => (
          <button
            key={n.number}
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={busy !== null}
            onClick={() => get(n.number, `users/orders/${o.id}/credit-notes/${n.number}`, `${n.number}.pdf`)}
            data-testid="order-credit-note-download"
          >
            <span dir="auto">{t('detail.invoice.creditNote', { number: n.number })}</span>
          </button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('detail.invoice.failed')}
        </p>
      )}
    </section>
  );
}
