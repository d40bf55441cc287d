import type { Order } from '@store/contracts/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ORDERS_KEY, rateOrders } from '../api/orders';
import { useOrdersTranslation } from '../i18n';
import { orderNumberOf } from '../order-labels';
import { StarRating, Stars } from './star-rating';

/** Whether the shopper can rate this order now: the API says so (delivered, not rated yet). */
export const canRate = (o: Pick<Order, 'rateable'>) => o.rateable;

/**
 * One order's rating (issue 43): 1 to 5 stars and Send, for a delivered order without a rating (the order page, the
 * orders list's dialog); its stars once rated. Sent with the same call as the rating modal's.
 */
export function RateOrder({ order, onRated }: { order: Order; onRated?(): void }) {
  const { t } = useOrdersTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (rating: number) => rateOrders([{ id: order.id, rating }]),
    onSuccess: async () => {
      // The order, the list and the checkout's gate (the unrated orders) all read it again.
      await qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
      onRated?.();
    },
  });
  const number = orderNumberOf(order);

  if (order.rating !== null)
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="order-rated">
        <Stars value={order.rating} />
        <span>{t('rate.yours', { n: order.rating })}</span>
      </p>
    );
  if (!canRate(order)) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value !== null) save.mutate(value);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="rate-order">
      <p className="text-sm text-slate-700">{t('rate.ask')}</p>
      <StarRating label={t('rating.orderLabel', { id: number })} value={value} onChange={setValue} />
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {save.error instanceof ApiError && save.error.messages.length
            ? save.error.messages.join(' ')
            : t('rating.error')}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" disabled={value === null || save.isPending} data-testid="rate-submit">
          {save.isPending && <Spinner size={16} className="text-white" />}
          {t('rate.submit')}
        </Button>
      </div>
    </form>
  );
}
