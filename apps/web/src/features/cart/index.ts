export { useGuestCart, useCartCount, type GuestCartLine } from './store';
export { putServerCart, serverCartKey, useServerCart, type CartOrder, type CartItem } from './server-cart';
export { useCartActions, useCartQuantity } from './use-cart';
export { CartErrorDialog } from './components/cart-error-dialog';
export { QuantityCounter } from './components/quantity-counter';
export { CardCartButton } from './components/card-cart-button';
export { clampQuantity, quantityLimit, type QuantityResult } from './quantity';
