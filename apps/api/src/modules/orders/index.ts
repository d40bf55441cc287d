/**
 * The order module's face for the rest of the API. The order core (core.ts) is the only code that creates or
 * changes an order row: the cart, checkout and payments go through these functions, never through SQL of their own.
 * The payments module answers the order's hooks about its payments (`orderCanceled`, `paymentRefund`, and the
 * outbox's `paymentReversal`).
 */
export {
  GATEWAY,
  SYSTEM,
  checkOut,
  emit,
  fixCheckoutPrices,
  holdAgainForPayment,
  orderCanceled,
  paymentRefund,
  placePaidOrder,
  type CheckoutFacts,
  type MoneyRefund,
  type OrderDiscount,
  type OrderRow,
  type TransitionEnd,
} from './core.ts';
export { returnToCart } from './back-to-cart.ts';
export {
  cartOf,
  chooseCartAddress,
  recordLineVariants,
  removeCartLine,
  setCartDiscountCode,
  setCartLine,
  touchCart,
} from './cart.ts';
export { getOrder, hasUnratedOrders } from './service.ts';
export { paymentReversal, returnPickupDue } from './events.ts';
export { listAdminOrders, placedOrder, refundLines, type LinesRefunded } from './admin-service.ts';
// The order follows its shipment (a courier's news), registered where every part of the API loads this module.
import './shipping.ts';
