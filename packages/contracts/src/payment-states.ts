/**
 * A payment's states and the moves between them (issue 47 item 5, decision 029). A payment row is an online payment
 * session (decision 006): it holds its order's stock while `pending`, and ends once. The API's payments module is
 * the only writer of payment rows and refuses a move this table does not list; a CHECK constraint (migration 0036)
 * keeps the column to these values.
 */

/** Every value payments.status may hold. */
export const PAYMENT_STATES = [
  'pending',
  'succeeded',
  'failed',
  'expired',
  'refund_required',
  'voided',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentTransition {
  from: PaymentState;
  to: PaymentState;
  /** What makes the move. */
  on: string;
}

/** The whole table. */
export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  // The session ends once: paid, declined, or its key's time ran out (the stock goes back).
  { from: 'pending', to: 'succeeded', on: 'a confirmed success callback' },
  { from: 'pending', to: 'failed', on: 'a failure callback, or the gateway could not open the session' },
  {
    from: 'pending',
    to: 'expired',
    on: "the key's time ran out, or the shopper ended the session to choose another way to pay",
  },
  // A success after the session ended: the order is placed again if it can be, else the money goes back.
  { from: 'failed', to: 'succeeded', on: 'a late success whose order could be placed' },
  { from: 'expired', to: 'succeeded', on: 'a late success whose order could be placed' },
  { from: 'failed', to: 'refund_required', on: 'a late success whose order cannot be placed' },
  { from: 'expired', to: 'refund_required', on: 'a late success whose order cannot be placed' },
  // The order was cancelled, or refunded where the gateway cannot refund: someone gives the money back by hand.
  { from: 'succeeded', to: 'refund_required', on: 'the order canceled, or a refund by hand' },
  // The money goes back through the gateway (decision 006): a cancel the same business day voids a card payment,
  // a later one (or another method) is refunded; per-line refunds that give everything back end it too.
  { from: 'refund_required', to: 'voided', on: 'the gateway voided the payment' },
  {
    from: 'refund_required',
    to: 'refunded',
    on: 'the gateway refunded what was left of it, or an owner gave it back by hand (kiosk money)',
  },
  { from: 'succeeded', to: 'refunded', on: 'per-line refunds through the gateway gave all of it back' },
];

/**
 * How the shopper paid online, from the gateway's answer (Paymob's source_data.type): a card, a mobile wallet
 * (Vodafone Cash, ...), a kiosk (Aman, Masary: cash at a shop, which the gateway cannot refund), buy now pay later
 * (ValU, Souhoola, ...), or another the store does not know yet.
 */
export const PAYMENT_KINDS = ['card', 'wallet', 'kiosk', 'bnpl', 'other'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Whether the gateway can give a payment of this kind back itself (Paymob refunds every method but kiosk). */
export const gatewayRefunds = (kind: string | null) => kind !== 'kiosk';

export const canMovePayment = (from: string, to: string) =>
  PAYMENT_TRANSITIONS.some((t) => t.from === from && t.to === to);
