import type { Cart } from '@store/contracts/cart';
import { toEgp, toPiastres } from '@store/contracts/money';
import { deliveryFeeText, price, priceOff } from '../../../lib/format';
import { useCheckoutTranslation } from '../i18n';
import { BidiText } from '../../../ui/bidi-text';
import { Thumbnail } from '../../../ui/thumbnail';

interface Props {
  cart: Cart;
  /** The last step: a title and the items. */
  detailed?: boolean;
}

/** The cart summary beside the steps (spec §2): items, subtotal, the chosen address's delivery fee, total. */
export function CartSummary({ cart, detailed = false }: Props) {
  const { t } = useCheckoutTranslation();
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-4"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary-title" className={detailed ? 'text-lg font-bold' : 'sr-only'}>
        {t('summary.title')}
      </h2>
      {detailed && (
        <ul
          className="mt-3 divide-y divide-slate-100 border-b border-slate-200 pb-2"
          data-testid="summary-items"
        >
          {cart.items.map((i) => {
            const image = i.product.images.find((img) => !img.is_3d_image);
            return (
              <li key={i.id} className="flex items-center gap-3 py-2">
                <Thumbnail
                  src={image?.versions.thumbnail}
                  px={48}
                  className="size-12 shrink-0 rounded-md border border-slate-100"
                />
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm font-medium">
                    <BidiText text={i.product.title} />
                  </p>
                  <p className="text-xs text-slate-600">{t('summary.quantity', { n: i.quantity })}</p>
                </div>
                <p className="shrink-0 text-sm font-semibold whitespace-nowrap">{price(i.line_total)}</p>
              </li>
            );
          })}
        </ul>
      )}
      <dl className={`space-y-3 text-sm ${detailed ? 'mt-3' : ''}`}>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('summary.items')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="checkout-count">
            {cart.count}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('summary.subtotal')}</dt>
          <dd className="font-semibold">{price(cart.subtotal)}</dd>
        </div>
        {cart.discount > 0 && cart.discount_code && (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>
              {t('summary.discount')}{' '}
              <bdi dir="ltr" className="font-mono">
                {cart.discount_code}
              </bdi>
            </dt>
            <dd className="font-semibold" data-testid="checkout-discount">
              {priceOff(cart.discount)}
            </dd>
          </div>
        )}
        {/* A <dl> holds only groups of <dt> and <dd> (axe: a <p> here broke its list); the way to free delivery is
            a second <dd> of the delivery fee's group. */}
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t('summary.delivery')}</dt>
          <dd className="text-end font-medium" data-testid="checkout-delivery">
            {!cart.address
              ? t('summary.deliveryLater')
              : deliveryFeeText(cart.delivery_fee, t('summary.free'))}
          </dd>
          {cart.address && cart.free_delivery_from !== null && cart.subtotal < cart.free_delivery_from && (
            <dd className="basis-full text-xs font-medium text-emerald-800" data-testid="to-free-delivery">
              {t('summary.toFree', {
                amount: price(toEgp(toPiastres(cart.free_delivery_from) - toPiastres(cart.subtotal))),
              })}
            </dd>
          )}
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-base">
          <dt className="font-bold">{t('summary.total')}</dt>
          <dd className="font-bold" data-testid="checkout-total">
            {price(cart.total)}
          </dd>
          {cart.vat_amount > 0 && (
            <dd className="basis-full text-end text-xs font-normal text-slate-600" data-testid="checkout-vat">
              {t('summary.vat', { amount: price(cart.vat_amount) })}
            </dd>
          )}
        </div>
      </dl>
      {cart.address && (
        <p className="mt-3 text-xs text-slate-600">{t('summary.deliverTo', { label: cart.address.label })}</p>
      )}
    </aside>
  );
}

/** While an online payment is open the cart is held for it: only its total is known here. */
export function HeldSummary({ total }: { total: number }) {
  const { t } = useCheckoutTranslation();
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary-title" className="text-lg font-bold">
        {t('summary.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('summary.held')}</p>
      <div className="mt-3 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
        <span className="font-bold">{t('summary.total')}</span>
        <span className="font-bold" data-testid="checkout-total">
          {price(total)}
        </span>
      </div>
    </aside>
  );
}
