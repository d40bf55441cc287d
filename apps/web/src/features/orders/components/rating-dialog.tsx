import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { longDate, price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { ORDERS_KEY, rateOrders, unratedOrdersQueryOptions } from '../api/orders';
import { useOrdersTranslation } from '../i18n';
import { StarRating } from './star-rating';
import { orderNumberOf } from '../order-labels';
import { StoreImage } from '../../../ui/store-image';

export interface RatingDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * Every listed order was rated and saved: the caller goes on (to checkout). Without it the dialog just closes.
   * Not `onOpenChange(false)`, which callers read as Cancel (back to the cart; QA: rating sent the shopper there).
   */
  onRated?(): void;
}

/**
 * The rating modal (spec §2, §5): the delivered orders without a rating, each rated 1 to 5; Submit only when all
 * are rated. Checkout opens only once there are none left. It says why it stands before checkout and that the cart
 * is kept, and each order leads to its page, where it can be rated too (issue 43); Cancel leaves the shopper where
 * the caller says (the cart).
 */
export default function RatingDialog({ open, onOpenChange, onRated }: RatingDialogProps) {
  const { t } = useOrdersTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const unrated = useQuery({ ...unratedOrdersQueryOptions(locale), enabled: open });
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const orders = unrated.data ?? [];
  const allRated = orders.length > 0 && orders.every((o) => ratings[o.id] !== undefined);
  const submit = useMutation({
    mutationFn: () => rateOrders(orders.map((o) => ({ id: o.id, rating: ratings[o.id]! }))),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
      setRatings({});
      if (onRated) onRated();
      else onOpenChange(false);
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('rating.title')} description={t('rating.intro')}>
      <div data-testid="rating-dialog">
        {unrated.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : unrated.isError ? (
          <p role="alert" className="text-red-700">
            {t('rating.error')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {orders.map((o) => {
              const images = o.order_products
                .map((p) => p.product.thumbnail_url)
                .filter((u): u is string => !!u)
                .slice(0, 4);
              return (
                <li
                  key={o.id}
                  className="rounded-xl border border-slate-200 p-3"
                  data-testid="rating-order"
                  data-order-id={o.id}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={`/my-account/orders/${o.id}#rate`}
                      className="font-semibold text-brand-700 underline"
                      onClick={() => onOpenChange(false)}
                      data-testid="rating-order-link"
                    >
                      {t('rating.openOrder', { id: orderNumberOf(o) })}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {longDate(o.checkout_date ?? o.created_at, locale)} · {price(o.checkout_total_price)}
                    </p>
                  </div>
                  {images.length > 0 && (
                    <div className="mt-2 flex gap-2">
                      {images.map((src) => (
                        <StoreImage
                          key={src}
                          src={src}
                          sizes="48px"
                          maxWidth={320}
                          alt=""
                          width={48}
                          height={48}
                          className="size-12 rounded-md border border-slate-100 object-contain"
                        />
                      ))}
                    </div>
                  )}
                  <div className="mt-2">
                    <StarRating
                      label={t('rating.orderLabel', { id: orderNumberOf(o) })}
                      value={ratings[o.id] ?? null}
                      onChange={(n) => setRatings((r) => ({ ...r, [o.id]: n }))}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {submit.isError && (
          <p role="alert" className="mt-3 text-red-700">
            {t('rating.error')}
          </p>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:cancel')}
          </Button>
          <Button
            onClick={() => submit.mutate()}
            disabled={!allRated || submit.isPending}
            data-testid="rating-submit"
          >
            {submit.isPending && <Spinner size={18} className="text-white" />}
            {t('rating.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
