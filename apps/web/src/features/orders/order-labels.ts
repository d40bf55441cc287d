import { ORDER_STATUSES, PAYMENT_METHODS } from '@store/contracts/constants';
import { PAYMENT_ORDER_STATES } from '@store/contracts/order-states';

/**
 * Colours of the order statuses (spec §2 "colour-coded"); the online payment's own states (waiting for it, and not
 * completed: a payment declined or left) are labelled in the neutral colour; any other value is 'unknown'.
 */
const STATUS_COLOURS: Record<(typeof ORDER_STATUSES)[number], string> = {
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
const UNKNOWN_COLOUR = 'bg-slate-100 text-slate-700';

export type StatusKey = (typeof ORDER_STATUSES)[number] | (typeof PAYMENT_ORDER_STATES)[number] | 'unknown';
export type MethodKey = (typeof PAYMENT_METHODS)[number] | 'unknown';

export const statusKey = (status: string | null | undefined): StatusKey =>
  ([...ORDER_STATUSES, ...PAYMENT_ORDER_STATES] as readonly string[]).includes(status ?? '')
    ? (status as StatusKey)
    : 'unknown';

export const statusClass = (status: string | null | undefined) =>
  (ORDER_STATUSES as readonly string[]).includes(status ?? '')
    ? STATUS_COLOURS[status as keyof typeof STATUS_COLOURS]
    : UNKNOWN_COLOUR;

/** The payment method's label key: cash, online, visa_on_delivery, visa_on_delivery_installments, otherwise unknown. */
export const methodKey = (method: string | null | undefined): MethodKey =>
  (PAYMENT_METHODS as readonly string[]).includes(method ?? '') ? (method as MethodKey) : 'unknown';

/**
 * The number a shopper reads for an order (issue 43): its order number, given when it was placed, one after the
 * other with no gap. The internal id stays the order's address (/my-account/orders/{id}); an order not placed yet
 * (an online payment under way) has no number and shows none.
 */
export const orderNumberOf = (o: { order_number: number | null }): string =>
  o.order_number === null ? '' : String(o.order_number);

/** What the shopper finally paid: the total less what refunds gave back (EGP, to the piastre). */
export const paidAfterRefunds = (o: { checkout_total_price: number; refunded_amount: number }): number =>
  Math.round(o.checkout_total_price * 100 - o.refunded_amount * 100) / 100;
