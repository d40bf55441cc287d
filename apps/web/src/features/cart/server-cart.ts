import type { Cart } from '@store/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';
import { onSignIn, onSignOut, useAuth, useIsSignedIn } from '../auth';
import { serverCartKey } from './cart-key';
import { useMergeNotice } from './merge-notice';
import { useGuestCart } from './store';

/** The server cart (an order in progress) as GET/PUT v1/users/cart answer it (contracts' Cart). */
export type CartOrder = Cart;
export type CartItem = Cart['items'][number];

export { serverCartKey };

// Sign-out resets the cart (spec §4): nothing of the shopper's cart stays in this browser.
onSignOut(() => {
  useGuestCart.getState().clear();
  useMergeNotice.getState().clear();
});

export const getServerCart = () => api<{ order: CartOrder }>('users/cart').then((r) => r.order);

/** PUT v1/users/cart: quantity 0 or `_destroy` removes the line. */
export const putServerCart = (product_id: number, quantity: number, destroy = false) =>
  api<{ order: CartOrder }>('users/cart', {
    method: 'PUT',
    body: { order_product: { product_id, quantity, _destroy: destroy || quantity <= 0 } },
  }).then((r) => r.order);

// What a guest put in the cart is still there after signing in: the sign-in page waits for this. The merge's code
// (merge-guest-cart.ts) is fetched then: no page needs it at its first load.
onSignIn((qc) => import('./merge-guest-cart').then((m) => m.mergeGuestCartIntoServer(qc)));

export function useServerCart() {
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: serverCartKey(locale),
    queryFn: getServerCart,
    enabled: signedIn,
    staleTime: 0,
  });
}

export const isSignedInNow = () => useAuth.getState().headers !== null;
