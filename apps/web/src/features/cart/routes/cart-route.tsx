import type { Product } from '@store/contracts/catalog';
import { deliveryFee, orderTotals, toEgp, toPiastres, type DeliveryRule } from '@store/contracts/money';
import { useQueries } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { cartPageTexts } from '../../../i18n/cart-page';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { deliveryFeeText, price, priceOff } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { CartIcon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/skeleton';
import { useIsSignedIn } from '../../auth';
import { AvailabilityBadge, DeliveryEstimate, productQueryOptions, useDeliveryZone } from '../../catalog';
import { CartErrorDialog } from '../components/cart-error-dialog';
import { QuantityCounter } from '../components/quantity-counter';
import { useServerCart } from '../server-cart';
import { useMergeNotice } from '../merge-notice';
import { useGuestCart } from '../store';
import { useCartActions } from '../use-cart';
import { BidiText } from '../../../ui/bidi-text';
import { HeldNotice } from '../components/held-notice';
import { DiscountCodeBox } from '../components/discount-code-box';
import type { CartOrder } from '../server-cart';
import { Thumbnail } from '../../../ui/thumbnail';

interface Line {
  productId: number;
  quantity: number;
  product?: Product;
  /** The product no longer exists (the API answered 404). */
  gone?: boolean;
}

/** The lines of the shopper's cart with their products: the guest cart's ids fetched one by one, or the server cart. */
function useCartLines(): {
  lines: Line[];
  loading: boolean;
  /** The server cart's figures; `addressed`: an address is chosen on it, so its delivery fee is the real one. */
  serverTotals?: {
    subtotal: number;
    /** What the cart's discount code takes off (issue 49 item 1), and the code. */
    discount: number;
    discount_code: string | null;
    delivery_fee: number;
    total: number;
    vat_amount: number;
    addressed: boolean;
    free_delivery_from: number | null;
  };
  error: unknown;
  /** The server cart itself (signed in): its discount code box. */
  order?: CartOrder;
} {
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  const guestLines = useGuestCart((s) => s.lines);
  const products = useQueries({
    queries: (signedIn ? [] : guestLines).map((l) => ({
      ...productQueryOptions(locale, l.productId, false),
      retry: false,
    })),
  });
  const server = useServerCart();
  if (signedIn) {
    const order = server.data;
    return {
      lines: (order?.items ?? []).map((i) => ({
        productId: i.product.id,
        quantity: i.quantity,
        product: i.product,
      })),
      loading: server.isPending,
      serverTotals: order
        ? {
            subtotal: order.subtotal,
            discount: order.discount,
            discount_code: order.discount_code,
            delivery_fee: order.delivery_fee,
            total: order.total,
            vat_amount: order.vat_amount,
            addressed: order.address !== null,
            free_delivery_from: order.free_delivery_from,
          }
        : undefined,
      error: server.error,
      order,
    };
  }
  return {
    lines: guestLines.map((l, i) => {
      const q = products[i];
      return { ...l, product: q?.data, gone: q?.error instanceof ApiError && q.error.status === 404 };
    }),
    loading: false,
    error: null,
  };
}

const unitPrice = (p: Product) => p.price_after_promotion ?? p.checkout_price;

/**
 * The cart page's checkout button, given by the app (checkout's own entry: the cart is below checkout and never
 * imports it). `onGuest`: a guest pressed it.
 */
export type CheckoutButton = ComponentType<{
  count: number;
  onGuest(): void;
  className?: string;
  children: ReactNode;
}>;

/**
 * /cart (spec §2): the items with counters and remove, Continue shopping, and the order summary. Its module's
 * `Component` is this page with checkout's button in it (app/routes.tsx).
 */
export function CartPage({ CheckoutButton }: { CheckoutButton: CheckoutButton }) {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const { lines, loading, serverTotals, error: loadError, order } = useCartLines();
  const cart = useCartActions();
  const [error, setError] = useState<unknown>(null);
  const [guestPrompt, setGuestPrompt] = useState(false);
  useDocumentTitle(t('title'));

  const run = (action: Promise<void>) => action.catch((e: unknown) => setError(e));
  const ready = lines.every((l) => l.product || l.gone);
  // Delivery as the box under the summary shows it (issue 43: the box said "50 EGP" while the summary said
  // "calculated at checkout" and left it out of the total): the order's address once one is chosen on the
  // server's cart, else the governorate chosen in the box (or the first saved address's), else not known yet.
  const { zone } = useDeliveryZone();
  const rule: DeliveryRule | null = zone
    ? {
        feePiastres: toPiastres(zone.shipping_fees),
        freeFromPiastres: zone.free_shipping_from == null ? null : toPiastres(zone.free_shipping_from),
      }
    : null;
  // A guest's cart adds integer piastres with the server's one calculator (contracts), not EGP floats.
  const guest = orderTotals(
    lines.flatMap((l) =>
      l.product
        ? [
            {
              unitPiastres: toPiastres(unitPrice(l.product)),
              quantity: l.quantity,
              vatRateBp: Math.round(l.product.vat_rate * 100),
            },
          ]
        : [],
    ),
    rule ?? 0,
  );
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotal = serverTotals?.subtotal ?? toEgp(guest.subtotal);
  // A discount code's amount (the server's one calculator): free delivery is judged after it.
  const discount = serverTotals?.discount ?? 0;
  const products = toPiastres(subtotal) - toPiastres(discount);
  const delivery: { fee: number } | null = serverTotals?.addressed
    ? { fee: serverTotals.delivery_fee }
    : rule
      ? { fee: toEgp(deliveryFee(products, rule)) }
      : null;
  const total = toEgp(products + toPiastres(delivery?.fee ?? 0));
  // The VAT inside the prices (issue 47): the server's figure for a signed-in cart, the same calculator's for a guest's.
  const vat = serverTotals?.vat_amount ?? toEgp(guest.vat);

  return (
    <div className="mx-auto w-full max-w-[1400px] px-4 py-4 sm:px-6" data-testid="cart-page">
      <Breadcrumbs items={[{ label: t('title') }]} />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <MergeNotice />
      {signedIn && <HeldNotice />}

      {loading ? (
        <div className="mt-6 space-y-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : lines.length === 0 ? (
        <div
          className="mt-6 flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center"
          data-testid="cart-empty"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CartIcon size={32} />
          </span>
          <p className="mt-4 text-lg font-semibold">{t('empty')}</p>
          <p className="mt-1 text-slate-600">{t('emptyHint')}</p>
          <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
            {t('continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-label={t('items')}>
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {lines.map((l) => (
                <CartLine
                  key={l.productId}
                  line={l}
                  onQuantity={(q) => void run(cart.setQuantity(l.productId, q))}
                  onRemove={() => void run(cart.remove(l.productId))}
                />
              ))}
            </ul>
            <Link to="/" className={buttonClass('outline', 'md', 'mt-4')} data-testid="continue-shopping">
              {t('continueShopping')}
            </Link>
          </section>

          <aside
            aria-labelledby="summary-title"
            className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-4"
            data-testid="order-summary"
          >
            <h2 id="summary-title" className="text-lg font-bold">
              {t('summary.title')}
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('summary.items')}</dt>
                <dd className="font-semibold tabular-nums" data-testid="summary-count">
                  {count}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('summary.subtotal')}</dt>
                <dd className="font-semibold" data-testid="summary-subtotal">
                  {ready ? price(subtotal) : '…'}
                </dd>
              </div>
              {discount > 0 && serverTotals?.discount_code && (
                <div className="flex justify-between gap-4 text-emerald-800">
                  <dt>
                    {t('discount.line')}{' '}
                    <bdi dir="ltr" className="font-mono">
                      {serverTotals.discount_code}
                    </bdi>
                  </dt>
                  <dd className="font-semibold" data-testid="summary-discount">
                    {priceOff(discount)}
                  </dd>
                </div>
              )}
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('summary.delivery')}</dt>
                <dd className="text-end font-medium text-slate-700" data-testid="summary-delivery">
                  {!delivery
                    ? t('summary.deliveryAtCheckout')
                    : deliveryFeeText(delivery.fee, t('summary.free'))}
                </dd>
              </div>
              <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-base">
                <dt className="font-bold">{t('summary.total')}</dt>
                <dd className="font-bold" data-testid="summary-total">
                  {ready ? price(total) : '…'}
                </dd>
                {ready && vat > 0 && (
                  <dd className="basis-full text-end text-xs text-slate-600" data-testid="summary-vat">
                    {t('summary.vat', { amount: price(vat) })}
                  </dd>
                )}
              </div>
            </dl>
            {order && <DiscountCodeBox cart={order} />}
            <DeliveryEstimate amount={toEgp(products)} className="mt-4" />
            <CheckoutButton count={count} onGuest={() => setGuestPrompt(true)} className="mt-5 w-full">
              {t('proceed')}
            </CheckoutButton>
          </aside>
        </div>
      )}

      <Dialog
        open={guestPrompt}
        onOpenChange={setGuestPrompt}
        title={t('guest.title')}
        description={t('guest.text')}
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Link to="/auth/register" state={{ from: '/cart' }} className={buttonClass('outline')}>
            {t('guest.register')}
          </Link>
          <Link to="/auth/signin" state={{ from: '/cart' }} className={buttonClass('primary')}>
            {t('guest.signIn')}
          </Link>
        </div>
      </Dialog>
      <CartErrorDialog
        error={error ?? loadError}
        onClose={() => setError(null)}
        onContinue={() => void navigate('/')}
      />
    </div>
  );
}

function CartLine({
  line,
  onQuantity,
  onRemove,
}: {
  line: Line;
  onQuantity(q: number): void;
  onRemove(): void;
}) {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const p = line.product;
  const removeButton = (
    <button
      type="button"
      onClick={onRemove}
      className="inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
      data-testid="cart-remove"
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path
          d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t('remove')}
      {p && <span className="sr-only">: {p.title}</span>}
    </button>
  );
  if (!p) {
    return (
      <li
        className="flex items-center justify-between gap-4 p-4"
        data-testid="cart-line"
        data-product-id={line.productId}
      >
        {line.gone ? <p className="text-slate-700">{t('gone')}</p> : <Skeleton className="h-20 flex-1" />}
        {line.gone && removeButton}
      </li>
    );
  }
  const unit = unitPrice(p);
  const original = p.price > unit ? p.price : null;
  const image = p.images.find((i) => !i.is_3d_image);
  return (
    <li className="flex gap-3 p-4 sm:gap-4" data-testid="cart-line" data-product-id={p.id}>
      <Link to={`/products/${p.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Thumbnail
          src={image?.versions.thumbnail}
          px={96}
          sizes="(min-width: 640px) 96px, 80px"
          loading="lazy"
          className="size-20 rounded-lg border border-slate-100 sm:size-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <Link
            to={`/products/${p.id}`}
            className="line-clamp-2 min-w-0 flex-1 basis-48 font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          >
            <BidiText text={p.title} />
          </Link>
          <p className="font-bold whitespace-nowrap" data-testid="line-total">
            {price(unit * line.quantity)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-slate-700">
            {price(unit)}
            {original !== null && <s className="ms-2 text-slate-500">{price(original)}</s>}
          </span>
          <AvailabilityBadge stock={p.stock} />
        </div>
        <div className="flex items-start justify-between gap-2">
          <QuantityCounter
            size="sm"
            value={line.quantity}
            onChange={onQuantity}
            onRemove={onRemove}
            stock={p.stock}
            maxPerOrder={p.maximum_number_per_order}
            productTitle={p.title}
            disabled={p.stock <= 0}
          />
          {removeButton}
        </div>
      </div>
    </li>
  );
}

/** After signing in: what the merge of the guest cart had to change (quantities capped, products left out). */
function MergeNotice() {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const { messages, clear } = useMergeNotice();
  if (!messages.length) return null;
  return (
    <section
      role="status"
      className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4"
      data-testid="cart-merge-notice"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-bold text-amber-900">{t('merged.title')}</h2>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-amber-900">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          onClick={clear}
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-amber-900 hover:bg-amber-100"
        >
          {t('merged.dismiss')}
        </button>
      </div>
    </section>
  );
}
