import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { RatingDialog, unratedOrdersQueryOptions } from '../orders';

/**
 * Checkout entry (spec §4): step 1 opens only when no order waits for a rating and the cart is not empty;
 * otherwise the rating dialog opens (and, once every order is rated, the wizard). For signed-in shoppers; the
 * cart page tells guests to sign in first.
 */
export function useCheckoutEntry() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [rating, setRating] = useState(false);
  const [checking, setChecking] = useState(false);

  const proceed = async (cartCount: number) => {
    if (cartCount <= 0) return;
    setChecking(true);
    try {
      const unrated = await qc.fetchQuery(unratedOrdersQueryOptions(useLocaleStore.getState().locale));
      if (unrated.length) return setRating(true);
    } catch {
      // The wizard checks again on arrival.
    } finally {
      setChecking(false);
    }
    void navigate('/checkout/cart');
  };

  const dialog = (
    <RatingDialog
      open={rating}
      onOpenChange={setRating}
      onRated={() => {
        setRating(false);
        void navigate('/checkout/cart');
      }}
    />
  );
  return { proceed, checking, dialog };
}
