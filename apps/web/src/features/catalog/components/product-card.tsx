import type { Product } from '@store/contracts/catalog';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useLocaleStore } from '../../../lib/locale-store';
import { price as formatPrice } from '../../../lib/format';
import { Price } from '../../../ui/price';
import { usePurchaseControls } from '../purchase-controls';
import { mainImage, pricesOf, titleIn } from '../product-text';
import { availabilityOf } from '../availability';
import { AvailabilityBadge } from './availability-badge';
import { MonthlyPrice } from './monthly-price';
import { FreeDeliveryHint } from './free-delivery-hint';
import { RatingStars } from './rating-stars';
import { StoreImage } from '../../../ui/store-image';
import { BidiText, latinDir } from '../../../ui/bidi-text';

/**
 * A product in a grid or slider: image, title, price, stock, and a button that adds it to the cart or removes it
 * (the cart's, given through the purchase slot: purchase-controls.tsx).
 * `priority`: the card is in the first screen of its page (its picture may be the page's largest): loaded at once
 * and early instead of lazily. `row`: in a list on a phone (under 640 px) the card is a row, picture beside the
 * words and the cart button a round icon at its end, so six products fit the first screen (issue 16); wider, the
 * usual card. `sizes`: how wide the picture is shown where the card is (the `sizes` attribute): each list lays its
 * cards out differently, and a phone fetches the file that width needs (a row's 60 px picture is not a grid's 180).
 */
export function ProductCard({
  product,
  className = '',
  priority = false,
  row = false,
  sizes,
}: {
  product: Product;
  className?: string;
  priority?: boolean;
  row?: boolean;
  sizes: string;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocaleStore((s) => s.locale);
  const controls = usePurchaseControls();
  const title = titleIn(product, locale);
  const image = mainImage(product);
  const { now, original } = pricesOf(product);
  const href = `/products/${product.id}`;
  const variants = product.price_max != null;

  return (
    <article
      data-testid="product-card"
      data-product-id={product.id}
      data-price={now}
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-md ${row ? 'max-sm:flex-row max-sm:items-center' : ''} ${className}`}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={`block bg-white p-3 ${row ? 'max-sm:w-[72px] max-sm:shrink-0 max-sm:p-1.5' : ''}`}
      >
        {image ? (
          <StoreImage
            src={image.versions.thumbnail}
            sizes={sizes}
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
          <div data-testid="no-image" className="aspect-square w-full rounded-lg bg-slate-100" />
        )}
      </Link>
      {original !== null && (
        <span
          className={`absolute start-2 top-2 rounded-md bg-red-700 px-2 py-0.5 text-xs font-bold text-white ${row ? 'max-sm:start-1 max-sm:top-1 max-sm:px-1 max-sm:text-[10px]' : ''}`}
        >
          {t('card.sale')}
        </span>
      )}
      <div
        className={`flex flex-1 flex-col gap-2 px-3 pb-3 ${row ? 'max-sm:min-w-0 max-sm:gap-0.5 max-sm:py-1.5 max-sm:ps-1 max-sm:pe-14' : ''}`}
      >
        {/* A title all in Latin letters reads left to right, on an Arabic page too: cut at its end (latinDir). */}
        <h3
          dir={latinDir(title)}
          className={`line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-semibold text-slate-900 ${row ? 'max-sm:min-h-0 max-sm:text-[13px] max-sm:leading-[17px]' : ''}`}
        >
          <Link to={href} className="hover:text-brand-700 hover:underline">
            <BidiText text={title} />
          </Link>
        </h3>
        {/* In a row the stock shows when it is low or gone (the cart button says so too); "in stock" is the norm. */}
        <AvailabilityBadge
          stock={product.stock}
          className={row && availabilityOf(product.stock).state === 'in_stock' ? 'max-sm:hidden' : ''}
        />
        {/* In a row: the price, the rating beside it, the monthly amount under them. */}
        <div
          className={`contents ${row ? 'max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-2' : ''}`}
        >
          {variants && product.price_max! > now ? (
            // A product sold in variants: one card, the range of its variants' prices (issue 49).
            <span
              data-testid="price-range"
              className={`font-bold text-slate-900 ${row ? 'max-sm:text-[15px] max-sm:leading-5' : 'text-base'}`}
            >
              {t('card.priceRange', { from: formatPrice(now), to: formatPrice(product.price_max!) })}
            </span>
          ) : (
            <Price
              value={now}
              original={original}
              className={`text-base ${row ? 'max-sm:text-[15px] max-sm:leading-5' : ''}`}
            />
          )}
          <RatingStars rating={product.rating} compact={row} />
          <FreeDeliveryHint price={now} className={row ? 'max-sm:basis-full max-sm:text-[11px]' : ''} />
          <MonthlyPrice
            amount={product.monthly_from}
            short={row}
            className={row ? 'max-sm:basis-full max-sm:text-[11px] max-sm:leading-4' : ''}
          />
        </div>
        {variants ? (
          <Link
            to={href}
            data-testid="choose-options"
            className={`mt-auto inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 ${row ? 'max-sm:min-h-9 max-sm:self-start' : ''}`}
          >
            {t('card.chooseOptions')}
          </Link>
        ) : (
          controls && <controls.CardButton product={product} title={title} row={row} />
        )}
      </div>
    </article>
  );
}
