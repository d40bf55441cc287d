import type { Cart } from '@store/contracts/cart';
import { useState } from 'react';
import { Link } from 'react-router';
import { price } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/button';
import { CartErrorDialog, QuantityCounter, useCartActions } from '../../cart';
import { useCheckoutTranslation } from '../i18n';
import { BidiText } from '../../../ui/bidi-text';
import { Thumbnail } from '../../../ui/thumbnail';

/** Step 1: the cart's items, still changeable, then on to shipping. */
export function CartStep({ cart, onNext }: { cart: Cart; onNext(): void }) {
  const { t } = useCheckoutTranslation();
  const actions = useCartActions();
  const [error, setError] = useState<unknown>(null);
  const run = (p: Promise<void>) => void p.catch((e: unknown) => setError(e));
  const unavailable = cart.items.some((i) => !i.available);
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" className="mb-4 text-xl font-bold">
        {t('cart.title')}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {cart.items.map((i) => {
          const image = i.product.images.find((img) => !img.is_3d_image);
          return (
            <li
              key={i.id}
              className="flex gap-3 p-3 sm:p-4"
              data-testid="checkout-line"
              data-product-id={i.product.id}
            >
              <Thumbnail
                src={image?.versions.thumbnail}
                px={72}
                sizes="(min-width: 640px) 72px, 64px"
                className="size-16 shrink-0 rounded-lg border border-slate-100 sm:size-18"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                  <Link
                    to={`/products/${i.product.id}`}
                    className="line-clamp-2 min-w-0 flex-1 basis-40 font-semibold hover:text-brand-700 hover:underline"
                  >
                    <BidiText text={i.product.title} />
                  </Link>
                  <p className="font-bold whitespace-nowrap">{price(i.line_total)}</p>
                </div>
                {!i.available && (
                  <p className="text-sm font-semibold text-red-700">{t('cart.unavailable')}</p>
                )}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <QuantityCounter
                    size="sm"
                    value={i.quantity}
                    onChange={(q) => run(actions.setQuantity(i.product.id, q))}
                    onRemove={() => run(actions.remove(i.product.id))}
                    stock={i.product.stock}
                    maxPerOrder={i.product.maximum_number_per_order}
                    productTitle={i.product.title}
                    disabled={!i.available}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => run(actions.remove(i.product.id))}
                  >
                    {t('cart.remove')}
                    <span className="sr-only">: {i.product.title}</span>
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <Link to="/" className={buttonClass('outline')}>
          {t('cart.continueShopping')}
        </Link>
        <Button size="lg" onClick={onNext} disabled={unavailable} data-testid="checkout-next">
          {t('cart.next')}
        </Button>
      </div>
      {unavailable && <p className="mt-2 text-sm text-red-700">{t('cart.removeUnavailable')}</p>}
      <CartErrorDialog error={error} onClose={() => setError(null)} />
    </section>
  );
}
