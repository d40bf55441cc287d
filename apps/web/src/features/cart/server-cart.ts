import type { Cart, CartMergeResponse } from '@store/contracts/cart';
import type { Product } from '@store/contracts/catalog';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';
import { onSignIn, onSignOut, useAuth, useIsSignedIn } from '../auth';
import { useMergeNotice } from './merge-notice';
import { useGuestCart } from './store';

/** The server cart (an order in progress) as GET/PUT v1/users/cart answer it (contracts' Cart). */
export type CartOrder = Cart;
export type CartItem = Cart['items'][number];

export const serverCartKey = (locale: string) => ['server-cart', locale] as const;

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

/** PUT v1/users/cart/discount_code: 422 with the reason (in the shopper's language) when it does not apply. */
export const setDiscountCode = (code: string) =>
  api<{ order: CartOrder }>('users/cart/discount_code', { method: 'PUT', body: { code } }).then(
    (r) => r.order,
  );

/** DELETE v1/users/cart/discount_code. */
export const removeDiscountCode = () =>
  api<{ order: CartOrder }>('users/cart/discount_code', { method: 'DELETE' }).then((r) => r.order);

/**
 * Sign-in: the guest cart goes into the server cart (the server caps quantities by stock and per-order maximum),
 * then the guest cart empties. What was lowered or left out is kept for the cart page to tell.
 */
export async function mergeGuestCartIntoServer(qc: QueryClient) {
  const lines = useGuestCart.getState().lines;
  if (lines.length) {
    const answer = await api<CartMergeResponse>('users/cart/merge', {
      method: 'POST',
      body: { items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })) },
    });
    useGuestCart.getState().clear();
    const titleOf = (id: number) => answer.order.items.find((i) => i.product.id === id)?.product.title;
    const notes = [...answer.adjusted, ...answer.skipped].map((c) => {
      const title = titleOf(c.product_id);
      return title ? `${title}: ${c.message}` : c.message;
    });
    useMergeNotice.getState().show(notes);
    qc.setQueryData(serverCartKey(useLocaleStore.getState().locale), answer.order);
  }
  await qc.invalidateQueries({ queryKey: ['server-cart'] });
}

// What a guest put in the cart is still there after signing in: the sign-in page waits for this.
onSignIn(mergeGuestCartIntoServer);

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

/**
 * Adds `quantity` of a product to whichever cart the shopper has: the server cart when signed in (the server
 * checks stock and the per-order maximum), the guest cart otherwise.
 */
export function useAddToCart() {
  const qc = useQueryClient();
  return async (product: Pick<Product, 'id'>, quantity: number) => {
    if (isSignedInNow()) {
      const locale = useLocaleStore.getState().locale;
      const cart = qc.getQueryData<CartOrder>(serverCartKey(locale)) ?? (await getServerCart());
      const existing = cart.items.find((i) => i.product.id === product.id)?.quantity ?? 0;
      const order = await putServerCart(product.id, existing + quantity);
      qc.setQueryData(serverCartKey(locale), order);
    } else {
      const existing = useGuestCart.getState().lines.find((l) => l.productId === product.id)?.quantity ?? 0;
      useGuestCart.getState().setQuantity(product.id, existing + quantity);
    }
  };
}
