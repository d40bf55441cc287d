import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus } from '@store/contracts/constants';
import { PAYMENT_ORDER_STATES, type REFUND_STATUSES } from '@store/contracts/order-states';

/** The store's status colours (the shopper's order pages use the same ones); anything else is 'unknown'. */
const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  processing: 'bg-indigo-100 text-indigo-900',
  delivering: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  canceled: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-200 text-slate-900',
  partially_refunded: 'bg-orange-100 text-orange-900',
  returned: 'bg-rose-100 text-rose-900',
};

// An order's history also shows the online payment's own states (staff see every move); never a cart.
export type StatusKey = OrderStatus | (typeof PAYMENT_ORDER_STATES)[number] | 'unknown';
export type MethodKey = (typeof PAYMENT_METHODS)[number] | 'unknown';

export const isStatus = (s: unknown): s is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(s);
export const statusKey = (s: string | null | undefined): StatusKey =>
  isStatus(s) || (PAYMENT_ORDER_STATES as readonly unknown[]).includes(s) ? (s as StatusKey) : 'unknown';
export const statusClass = (s: string | null | undefined) =>
  isStatus(s) ? STATUS_COLOURS[s] : 'bg-slate-100 text-slate-700';
export const methodKey = (m: string | null | undefined): MethodKey =>
  (PAYMENT_METHODS as readonly unknown[]).includes(m) ? (m as MethodKey) : 'unknown';

/**
 * The staff moves, in the order they come (the buttons of the order page follow it; cancel comes last). Never a
 * refund status: only the Refund dialog sets those, with the units that come back (issue 42).
 */
export const ACTION_ORDER: readonly Exclude<OrderStatus, (typeof REFUND_STATUSES)[number]>[] = [
  'confirmed',
  'processing',
  'delivering',
  'delivered',
  'canceled',
];
