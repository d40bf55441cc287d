import { api } from '../../lib/api-client';
import type { CartOrder } from './server-cart';

// The cart page's discount code (discount-code-box.tsx), apart from the server cart's reads, which every page's
// header needs: the first load carries none of it.

/** PUT v1/users/cart/discount_code: 422 with the reason (in the shopper's language) when it does not apply. */
export const setDiscountCode = (code: string) =>
  api<{ order: CartOrder }>('users/cart/discount_code', { method: 'PUT', body: { code } }).then(
    (r) => r.order,
  );

/** DELETE v1/users/cart/discount_code. */
export const removeDiscountCode = () =>
  api<{ order: CartOrder }>('users/cart/discount_code', { method: 'DELETE' }).then((r) => r.order);
