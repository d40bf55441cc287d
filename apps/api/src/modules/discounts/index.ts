/**
 * Discount codes (issue 49 item 1): the back office's routes, and what the cart and checkout ask of a code. It
 * reads orders (a shopper's uses, a first order) but writes only its own table; the cart's code and the order's
 * discount are written by the orders module.
 */
export {
  checkCode,
  codeById,
  codeDropped,
  findCode,
  giveUseBack,
  takeUse,
  type AppliedDiscount,
  type DiscountCodeRow,
  type DiscountLine,
} from './apply.ts';
