import type { Product } from '@store/contracts/catalog';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';
import { useAuth, useIsSignedIn } from '../auth';
import { useGuestCart } from './store';

/** The server cart (an order in progress) as GET/PUT v1/users/cart answer it. */
export interface CartItem {
  id: number;
  product: Product;
  quantity: number;
  line_total: number;
}
export interface CartOrder {
  id: number;
  order_id: number;
  items: CartItem[];
  count: number;
  subtotal: number;
  delivery_fee: number;
  total: number;
  address: unknown;
  sap_sync?: boolean;
}

export const serverCartKey = (locale: string) => ['server-cart', locale] as const;

export const getServerCart = () => api<{ order: CartOrder }>('users/cart').then((r) => r.order);

/** PUT v1/users/cart: quantity 0 or `_destroy` removes the line. */
export const putServerCart = (product_id: number, quantity: number, destroy = false) =>
  api<{ order: CartOrder }>('users/cart', {
    method: 'PUT',
    body: { order_product: { product_id, quantity, _destroy: destroy || quantity <= 0 } },
  }).then((r) => r.order);

/** Sign-in: the guest cart goes into the server cart (the server caps quantities), then the guest cart empties. */
export async function mergeGuestCartIntoServer(qc: QueryClient) {
  const lines = useGuestCart.getState().lines;
  if (lines.length) {
    await api('users/cart/merge', {
      method: 'POST',
      body: { items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })) },
    });
    useGuestCart.getState().clear();
  }
  await qc.invalidateQueries({ queryKey: ['server-cart'] });
}

export function useServerCart() {
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: serverCartKey(locale), queryFn: getServerCart, enabled: signedIn, staleTime: 0 });
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
