import type { AdminOrder } from '@store/contracts/admin-orders';
import { hasPlaceName, type Locale, type OrderStatus } from '@store/contracts/constants';
import { idParam } from '@store/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { ChevronStartIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { LoadError, Forbidden } from '../components/messages';
import { StatusBadge } from '../components/status-badge';
import { count, dateTime, money } from '../lib/format';
import { staffName } from '../lib/staff-name';
import { useAdminTitle } from '../lib/use-admin-title';
import { OrderMessages } from '../messages/order-messages';
import { OrderReturns } from '../returns/order-returns';
import { OrderActions } from './order-actions';
import { OrderShipment } from './order-shipment';
import { OrderInvoice } from './order-invoice';
import { orderQueryOptions } from './api';
import { isStatus, methodKey } from './labels';
import { PaymentByHand } from './payment-by-hand';

// Leaflet comes with the map, only for an order whose address has a position.
const OrderMap = lazy(() => import('./order-map'));

/** What the last action did, said again in the current language if the language changes. */
type Notice = { kind: 'ok'; to: OrderStatus } | { kind: 'refunded' } | { kind: 'conflict' } | null;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-end font-medium break-words">{children}</dd>
    </div>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="order-lines">
        {order.order_products.map((l) => (
          <li key={l.id} className="flex gap-3 py-3">
            {l.product.thumbnail_url ? (
              <img
                src={l.product.thumbnail_url}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-14 shrink-0 rounded-lg border border-slate-100 object-contain"
              />
            ) : (
              <div className="size-14 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium">{l.product.title}</p>
              <p className="text-sm text-slate-600">
                {t('order.lines.quantity', { n: count(l.quantity, locale) })}
                {l.refunded_quantity > 0 && (
                  <span className="ms-2 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">
                    {t('order.lines.refunded', { n: count(l.refunded_quantity, locale) })}
                  </span>
                )}
              </p>
            </div>
            <div className="shrink-0 text-end text-sm">
              <p className="font-semibold">{money((l.checkout_price ?? 0) * l.quantity)}</p>
              {l.quantity > 1 && (
                <p className="text-slate-600">
                  {t('order.lines.each', { price: money(l.checkout_price ?? 0) })}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 border-t border-slate-200 pt-2">
        <Row label={t('order.lines.subtotal')}>{money(order.total_cart_price)}</Row>
        {order.discount_code && (
          <Row label={t('order.lines.discount', { code: order.discount_code })}>
            <span data-testid="order-discount">−{money(order.discount)}</span>
          </Row>
        )}
        <Row label={t('order.lines.shipping')}>{money(order.checkout_shipping_fees)}</Row>
        <Row label={t('order.lines.total')}>
          <span className="text-base font-bold" data-testid="order-total">
            {money(order.checkout_total_price)}
          </span>
        </Row>
        {order.refunded_amount > 0 && (
          <>
            <Row label={t('order.lines.refunded_amount')}>
              <span data-testid="order-refunded-amount">{money(order.refunded_amount)}</span>
            </Row>
            <Row label={t('order.lines.paid')}>
              <span className="font-bold" data-testid="order-paid">
                {money(Math.round(order.checkout_total_price * 100 - order.refunded_amount * 100) / 100)}
              </span>
            </Row>
          </>
        )}
      </dl>
    </>
  );
}

function Payment({ order, locale }: { order: AdminOrder; locale: Locale }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <dl>
        <Row label={t('order.payment.method')}>{t(`methods.${methodKey(order.payment_method)}`)}</Row>
        {order.bank_installment && (
          <Row label={t('order.payment.installments')}>
            {/* Each name in its own direction: "6 شهور" beside a bank's name read as 60 months (issue 43). */}
            <span data-testid="order-plan">
              <bdi>{order.bank_installment.bank_name}</bdi> · <bdi>{order.bank_installment.title}</bdi>
            </span>
          </Row>
        )}
      </dl>
      {order.payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('order.payment.none')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" data-testid="order-payments">
          {order.payments.map((p, i) => (
            <li key={`${p.reference ?? ''}-${i}`} className="rounded-xl border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold" data-testid="payment-status" data-status={p.status}>
                  {p.provider} · {t(`order.payment.statuses.${p.status}`, { defaultValue: p.status })}
                </span>
                <span className="font-bold">{money(p.amount)}</span>
              </div>
              {p.reference && (
                <p className="text-slate-600">
                  {t('order.payment.reference')}: <span dir="ltr">{p.reference}</span>
                </p>
              )}
              {p.method && (
                <p className="text-slate-700" data-testid="payment-method">
                  {t('order.payment.paidWith')}: {t(`order.payment.kinds.${p.method}`)}
                  {p.method_name && (
                    <>
                      {' · '}
                      <span dir="ltr">{p.method_name}</span>
                    </>
                  )}
                </p>
              )}
              {p.refunded > 0 && (
                <p className="text-slate-700">
                  {t('order.payment.givenBack')}: {money(p.refunded)}
                </p>
              )}
              {p.gateway_error && (
                <p className="mt-1 rounded-lg bg-amber-50 p-2 text-amber-900" role="status">
                  {t('order.payment.gatewayError')} <span dir="auto">{p.gateway_error}</span>
                </p>
              )}
              <PaymentByHand orderId={order.id} payment={p} />
              <p className="text-slate-600">{dateTime(p.created_at, locale)}</p>
              <p className="mt-2 font-medium">
                {t('order.payment.callbacks', { n: count(p.callbacks.length, locale) })}
              </p>
              {p.callbacks.length > 0 && (
                <ul className="mt-1 flex flex-col gap-1">
                  {p.callbacks.map((c, j) => (
                    <li
                      key={`${c.transaction_id}-${j}`}
                      className="flex flex-wrap items-center gap-2 text-xs"
                    >
                      <span
                        className={`rounded-full px-2 py-0.5 font-semibold ${c.success ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
                      >
                        {c.success ? t('order.payment.approved') : t('order.payment.declined')}
                      </span>
                      <span dir="ltr">{c.transaction_id}</span>
                      <span className="text-slate-600">{dateTime(c.created_at, locale)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function History({ order, locale }: { order: AdminOrder; locale: Locale }) {
  const { t } = useTranslation('admin');
  if (!order.history.length) return <p className="text-sm text-slate-600">{t('order.history.none')}</p>;
  return (
    <ol className="relative ms-2 border-s-2 border-slate-200" data-testid="order-history">
      {[...order.history].reverse().map((h, i) => (
        <li key={`${h.created_at}-${i}`} className="relative mb-4 ps-5 last:mb-0">
          <span
            className="absolute -start-[7px] top-1.5 size-3 rounded-full bg-brand-600 ring-4 ring-white"
            aria-hidden="true"
          />
          <div className="flex flex-wrap items-center gap-2">
            {/* A move out of the cart or a payment (internal states) shows only where the order arrived. */}
            {isStatus(h.from) && (
              <>
                <StatusBadge status={h.from} />
                <span aria-hidden="true" className="flip-rtl inline-block">
                  →
                </span>
                <span className="sr-only">{t('order.history.to')}</span>
              </>
            )}
            <StatusBadge status={h.to} />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            <bdi>{t(`order.history.by.${h.actor}`, { name: staffName(h.actor_name ?? '', t) })}</bdi> ·{' '}
            <bdi>{dateTime(h.created_at, locale)}</bdi>
          </p>
          {h.note && <p className="mt-1 rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-line">{h.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** One order: lines, customer, address and map, payments and callbacks, history, and the moves allowed now. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const params = useParams();
  const location = useLocation();
  const qc = useQueryClient();
  const idOk = idParam.safeParse(params.id);
  const id = idOk.success ? idOk.data : 0;
  const allowed = useCan('orders');
  const q = useQuery({ ...orderQueryOptions(id, locale), enabled: allowed && idOk.success });
  // The order's number (issue 43), once it is read; the address holds the internal id.
  useAdminTitle(t('order.title', { id: q.data?.order_number ?? '' }));
  const [notice, setNotice] = useState<Notice>(null);
  // Another order opened in the same page: the last one's notice goes.
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setNotice(null);
  }
  const heading = useRef<HTMLHeadingElement>(null);
  const back = (location.state as { back?: string } | null)?.back ?? '';

  if (!allowed) return <Forbidden title={t('orders.title')} />;

  const reload = async (n: Notice) => {
    setNotice(n);
    // The list, its counts and the dashboard change with the order.
    await qc.invalidateQueries({ queryKey: ['admin'] });
    heading.current?.focus();
  };
  const onMoved = (r: { to: OrderStatus } | { conflict: true }) =>
    void reload('conflict' in r ? { kind: 'conflict' } : { kind: 'ok', to: r.to });
  const onRefunded = (r: { refunded: true } | { conflict: true }) =>
    void reload('conflict' in r ? { kind: 'conflict' } : { kind: 'refunded' });
  const noticeText =
    notice?.kind === 'ok'
      ? t('order.moved', { id: q.data?.order_number ?? '', status: t(`statuses.${notice.to}`) })
      : notice?.kind === 'refunded'
        ? t('order.refund.done')
        : t('order.changedElsewhere');

  const o = q.data;
  const a = o?.address;
  const hasPosition =
    !!a && Number.isFinite(a.lat) && Number.isFinite(a.lng) && !(a.lat === 0 && a.lng === 0);

  return (
    <div className="mx-auto max-w-6xl">
      <Link
        to={`/orders${back}`}
        className="mb-3 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <ChevronStartIcon size={16} />
        {t('order.back')}
      </Link>

      {!idOk.success || q.isError ? (
        <LoadError error={q.error} onRetry={idOk.success ? () => void q.refetch() : undefined} />
      ) : !o ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none sm:text-2xl">
              {t('order.title', { id: o.order_number ?? '' })}
            </h1>
            <span data-testid="order-status">
              <StatusBadge status={o.status} />
            </span>
            <p className="w-full text-sm text-slate-600">
              {t('order.placed', { date: dateTime(o.checkout_date ?? o.created_at, locale) })}
            </p>
          </div>

          <div aria-live="polite" data-testid="order-notice">
            {notice && (
              <p
                className={`mb-4 rounded-lg border p-3 text-sm ${notice.kind !== 'conflict' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
              >
                {noticeText}
              </p>
            )}
          </div>
          {o.refund_required && (
            <p
              className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              data-testid="refund-required"
            >
              {t('order.refundRequired')}
            </p>
          )}

          <div className="grid gap-4 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
              <Card title={t('order.actions.title')} testId="order-actions">
                <OrderActions order={o} onMoved={onMoved} onRefunded={onRefunded} />
              </Card>
              <OrderReturns orderId={o.id} locale={locale} />
              <Card title={t('shipment.title')} testId="order-shipment">
                <OrderShipment order={o} locale={locale} />
              </Card>
              <Card title={t('order.lines.title', { n: count(o.count, locale) })}>
                <Lines order={o} />
              </Card>
              <Card title={t('invoice.title')} testId="order-invoice">
                <OrderInvoice order={o} locale={locale} />
              </Card>
              <Card title={t('order.payment.title')}>
                <Payment order={o} locale={locale} />
              </Card>
              <Card title={t('order.history.title')}>
                <History order={o} locale={locale} />
              </Card>
              <Card title={t('messages.orderTitle')} testId="order-messages">
                <OrderMessages orderId={o.id} locale={locale} />
              </Card>
            </div>
            <div className="flex min-w-0 flex-col gap-4">
              <Card title={t('order.customer.title')} testId="order-customer">
                <dl>
                  <Row label={t('order.customer.name')}>{o.customer.full_name}</Row>
                  <Row label={t('order.customer.phone')}>
                    <a href={`tel:${o.customer.phone_number}`} dir="ltr" className="text-brand-700 underline">
                      {o.customer.phone_number}
                    </a>
                  </Row>
                  <Row label={t('order.customer.email')}>
                    <span dir="ltr">{o.customer.email}</span>
                  </Row>
                  <Row label={t('order.customer.orders')}>
                    <Link
                      to={`/orders?query=${encodeURIComponent(o.customer.phone_number)}`}
                      className="text-brand-700 underline"
                    >
                      {count(o.customer.orders_count, locale)}
                    </Link>
                  </Row>
                </dl>
              </Card>
              <Card title={t('order.address.title')} testId="order-address">
                {!a ? (
                  <p className="text-sm text-slate-600">{t('order.address.none')}</p>
                ) : (
                  <>
                    <address className="mb-3 text-sm not-italic leading-relaxed">
                      <span className="font-semibold">{a.full_name}</span>
                      {a.label && <span className="text-slate-600"> · {a.label}</span>}
                      <br />
                      {t('order.address.line', {
                        building: a.building,
                        street: a.street_name,
                        floor: a.floor,
                        apartment: a.apartment,
                      })}
                      <br />
                      {t('order.address.area', { district: a.district, governorate: a.governorate })}
                      <br />
                      <span dir="ltr">{a.phone_number}</span>
                      {hasPlaceName(a.name) && (
                        <>
                          <br />
                          <span className="text-slate-600">{a.name}</span>
                        </>
                      )}
                    </address>
                    {a.instructions && (
                      <p className="mb-3 rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-line">
                        {a.instructions}
                      </p>
                    )}
                    {hasPosition && (
                      <Suspense fallback={<Skeleton className="h-48" />}>
                        <OrderMap lat={a.lat} lng={a.lng} />
                      </Suspense>
                    )}
                  </>
                )}
              </Card>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
