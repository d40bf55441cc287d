export { useGuestCart, useCartCount, type GuestCartLine } from './store';
