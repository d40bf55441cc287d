import type { CartMergeResponse } from '@store/contracts/cart';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';
import { useMergeNotice } from './merge-notice';
import { serverCartKey } from './cart-key';
import { useGuestCart } from './store';

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
