export { useGuestCart, useCartCount, type GuestCartLine } from './store';
export { mergeGuestCartIntoServer, putServerCart, useAddToCart, useServerCart, type CartOrder, type CartItem } from './server-cart';
