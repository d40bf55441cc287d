import type { Product } from '@store/contracts/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleStore } from '../../../lib/locale-store';
import { CartIcon } from '../../../ui/icons';
import { Price } from '../../../ui/price';
import { CartErrorDialog, useCartActions, useCartQuantity } from '../../cart';
import { mainImage, pricesOf, titleIn } from '../product-text';
import { AvailabilityBadge } from './availability-badge';
import { MonthlyPrice } from './monthly-price';
import { RatingStars } from './rating-stars';
import { StoreImage } from '../../../ui/store-image';
import { BidiText } from '../../../ui/bidi-text';

/** A product in a grid or slider: image, title, price, stock, and a button that adds it to the cart or removes it. */
/**
 * `priority`: the card is in the first screen of its page (its picture may be the page's largest): loaded at once
 * and early instead of lazily.
 */
export function ProductCard({
  product,
  className = '',
  priority = false,
}: {
  product: Product;
  className?: string;
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocaleStore((s) => s.locale);
  const inCart = useCartQuantity(product.id) > 0;
  const cart = useCartActions();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<unknown>(null);
  const title = titleIn(product, locale);
  const image = mainImage(product);
  const { now, original } = pricesOf(product);
  const soldOut = product.stock <= 0;
  const href = `/products/${product.id}`;

  const toggle = async () => {
    setBusy(true);
    try {
      await (inCart ? cart.remove(product.id) : cart.add(product.id, 1));
    } catch (e) {
      setErrors(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      data-testid="product-card"
      data-product-id={product.id}
      data-price={now}
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-md ${className}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-white p-3">
        {image ? (
          <StoreImage
            src={image.versions.thumbnail}
            sizes="(min-width: 1280px) 240px, (min-width: 640px) 30vw, 45vw"
            maxWidth={640}
            alt=""
            width={300}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="mx-auto aspect-square w-full object-contain transition-transform group-hover:scale-[1.03] motion-reduce:transform-none"
          />
        ) : (
          <div className="aspect-square w-full rounded-lg bg-slate-100" />
        )}
      </Link>
      {original !== null && (
        <span className="absolute start-2 top-2 rounded-md bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          {t('card.sale')}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-2 px-3 pb-3">
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-semibold text-slate-900">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            <BidiText text={title} />
          </Link>
        </h3>
        <AvailabilityBadge stock={product.stock} />
        <Price value={now} original={original} className="text-base" />
        <RatingStars rating={product.rating} />
        <MonthlyPrice amount={product.monthly_from} />
        <button
          type="button"
          onClick={toggle}
          disabled={busy || (soldOut && !inCart)}
          data-testid={inCart ? 'card-remove' : 'card-add'}
          className={`mt-auto inline-flex h-10 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${
            inCart
              ? 'border border-red-700 bg-white text-red-700 hover:bg-red-50'
              : 'bg-brand-700 text-white hover:bg-brand-900'
          }`}
        >
          <CartIcon size={18} />
          {soldOut && !inCart
            ? t('availability.outOfStock')
            : inCart
              ? t('card.removeFromCart')
              : t('card.addToCart')}
          <span className="sr-only">: {title}</span>
        </button>
      </div>
      <CartErrorDialog error={errors} onClose={() => setErrors(null)} />
    </article>
  );
}
