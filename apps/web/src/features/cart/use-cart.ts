import { useQueryClient } from '@tanstack/react-query';
import { useLocaleStore } from '../../lib/locale-store';
import { useIsSignedIn } from '../auth';
import {
  getServerCart,
  isSignedInNow,
  putServerCart,
  serverCartKey,
  useServerCart,
  type CartOrder,
} from './server-cart';
import { useGuestCart } from './store';

/** How many of a product are in the shopper's cart (guest cart, or the server cart when signed in). */
export function useCartQuantity(productId: number): number {
  const signedIn = useIsSignedIn();
  const guest = useGuestCart((s) => s.lines.find((l) => l.productId === productId)?.quantity ?? 0);
  const server = useServerCart();
  if (!signedIn) return guest;
  return server.data?.items.find((i) => i.product.id === productId)?.quantity ?? 0;
}

/**
 * Sets or removes a cart line in whichever cart the shopper has. The guest cart never fails; the server cart
 * may answer with messages (ApiError), which the caller shows in a dialog (spec §8).
 */
export function useCartActions() {
  const qc = useQueryClient();
  const setQuantity = async (productId: number, quantity: number) => {
    if (!isSignedInNow()) {
      useGuestCart.getState().setQuantity(productId, quantity);
      return;
    }
    const locale = useLocaleStore.getState().locale;
    const order = await putServerCart(productId, quantity, quantity <= 0);
    qc.setQueryData<CartOrder>(serverCartKey(locale), order);
  };
  return {
    setQuantity,
    remove: (productId: number) => setQuantity(productId, 0),
    /** Adds `quantity` to what the cart already holds. */
    add: async (productId: number, quantity = 1) => {
      if (!isSignedInNow()) {
        const existing = useGuestCart.getState().lines.find((l) => l.productId === productId)?.quantity ?? 0;
        useGuestCart.getState().setQuantity(productId, existing + quantity);
        return;
      }
      const locale = useLocaleStore.getState().locale;
      const cart = qc.getQueryData<CartOrder>(serverCartKey(locale)) ?? (await getServerCart());
      const existing = cart.items.find((i) => i.product.id === productId)?.quantity ?? 0;
      await setQuantity(productId, existing + quantity);
    },
  };
}
