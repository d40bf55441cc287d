/**
 * The order's states and who may move it between them (spec §4 names the eight statuses a shopper or staff member
 * sees; "transitions: not shown", so this table is our choice, issue 13). The API enforces it in one place
 * (apps/api/src/modules/orders/core.ts); the back office offers exactly the moves it allows.
 *
 * Internal states, never shown in a list: `cart` (the shopper's cart is an order in progress), `awaiting_payment`
 * (an online payment session holds the stock), `abandoned` (a held order whose lines went back into a newer cart).
 */
import { ORDER_STATUSES, type OrderStatus } from './constants.ts';

/** The online payment's own states, which an order's page and history name (waiting for it; not completed). */
export const PAYMENT_ORDER_STATES = ['awaiting_payment', 'abandoned'] as const;
export const INTERNAL_ORDER_STATES = ['cart', ...PAYMENT_ORDER_STATES] as const;
export type InternalOrderState = (typeof INTERNAL_ORDER_STATES)[number];
/** Every value orders.status may hold (a CHECK constraint in migration 0005 says the same). */
export const ORDER_STATES = [...INTERNAL_ORDER_STATES, ...ORDER_STATUSES] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Who moves an order: the shopper, a staff member, the payment gateway's callback, or the server itself (its jobs,
 * and the courier's news read from its webhook).
 */
export const ORDER_ACTORS = ['shopper', 'staff', 'gateway', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export interface OrderTransition {
  from: OrderState;
  to: OrderState;
  by: readonly OrderActor[];
}

/** The whole table. A move not listed here is refused (422); a move the order left meanwhile loses (409). */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // Checkout: an offline order is placed; an online payment holds the cart's stock.
  { from: 'cart', to: 'pending', by: ['shopper'] },
  { from: 'cart', to: 'awaiting_payment', by: ['shopper', 'gateway'] },
  // The payment: paid (a placed order), or failed / expired / ended by the shopper to pay another way (back to the
  // cart, or into a newer cart).
  { from: 'awaiting_payment', to: 'pending', by: ['gateway'] },
  { from: 'awaiting_payment', to: 'cart', by: ['gateway', 'system', 'shopper'] },
  { from: 'awaiting_payment', to: 'abandoned', by: ['gateway', 'system', 'shopper'] },
  // The back office runs a placed order to the door; the courier's news (its webhook, issue 48) moves a confirmed
  // order along the same steps: picked up, the order is on its way; handed over, it is delivered.
  { from: 'pending', to: 'confirmed', by: ['staff'] },
  { from: 'confirmed', to: 'processing', by: ['staff', 'system'] },
  { from: 'processing', to: 'delivering', by: ['staff', 'system'] },
  { from: 'delivering', to: 'delivered', by: ['staff', 'system'] },
  // Returned to the shop by the courier (Bosta's 46, issue 48): never delivered; its stock comes back.
  { from: 'processing', to: 'returned', by: ['system'] },
  { from: 'delivering', to: 'returned', by: ['system'] },
  // Cancelled before it arrives (the stock goes back). The shopper cancels their own order only while the shop has
  // not confirmed it (POST v1/users/orders/{id}/cancel); once confirmed, they call the shop.
  { from: 'pending', to: 'canceled', by: ['staff', 'shopper'] },
  { from: 'confirmed', to: 'canceled', by: ['staff'] },
  { from: 'processing', to: 'canceled', by: ['staff'] },
  { from: 'delivering', to: 'canceled', by: ['staff'] },
  // Refunds after delivery, in full or in part (per line refunded_quantity), only through POST …/refunds
  // (REFUND_STATUSES). An order marked refunded by hand before issue 42 kept its units: their refund still counts.
  { from: 'delivered', to: 'partially_refunded', by: ['staff'] },
  { from: 'delivered', to: 'refunded', by: ['staff'] },
  { from: 'partially_refunded', to: 'partially_refunded', by: ['staff'] },
  { from: 'partially_refunded', to: 'refunded', by: ['staff'] },
  { from: 'refunded', to: 'partially_refunded', by: ['staff'] },
  { from: 'refunded', to: 'refunded', by: ['staff'] },
];

export const canTransition = (from: string, to: string, actor: OrderActor) =>
  ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(actor));

/**
 * The statuses only a refund sets (POST …/refunds: the units, their money and their stock come back). PUT …/status
 * refuses them (issue 42: a status set by hand gave nothing back and then blocked the real refund).
 */
export const REFUND_STATUSES = ['refunded', 'partially_refunded'] as const satisfies readonly OrderStatus[];
export const isRefundStatus = (s: string) => (REFUND_STATUSES as readonly string[]).includes(s);

/** The statuses a staff member may move an order to from `from` with PUT …/status (refunds have their own call). */
export const staffNextStatuses = (from: string): OrderStatus[] =>
  ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes('staff') && !isRefundStatus(t.to)).map(
    (t) => t.to as OrderStatus,
  );

/** Whether the shopper may cancel the order from its page themselves (the table: only while it is pending). */
export const shopperCanCancel = (status: string) => canTransition(status, 'canceled', 'shopper');

/**
 * Whether the order can still be cancelled, but only by the shop (confirmed, on its way...): the shopper's page says
 * to call the hotline instead of offering the button.
 */
export const cancelThroughShop = (status: string) =>
  !shopperCanCancel(status) && canTransition(status, 'canceled', 'staff');

/** A refund may be made once the order was delivered, while some unit is not refunded yet. */
export const canRefund = (status: string, unitsLeft: number) =>
  (status === 'delivered' || isRefundStatus(status)) && unitsLeft > 0;

/** Statuses after which the shopper gets an SMS (in their language). */
export const SMS_ON_STATUS: readonly OrderStatus[] = ['confirmed', 'delivering', 'delivered', 'canceled'];
