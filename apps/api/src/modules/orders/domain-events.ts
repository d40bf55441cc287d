/**
 * The outbox's events (decision 029): what the order core (`emit`, core.ts) writes to `domain_events` in the
 * transaction of a change, and what events.ts handles after the commit. One union, so whoever writes an event and
 * whoever handles it agree on its type and its payload; a new kind of event is a new member here.
 */
import type { OrderActor, OrderState } from '@store/contracts';

/** An order moved (core.ts `transition`): every change of status, carts and payment holds included. */
export type OrderStatusChanged = {
  type: 'order.status_changed';
  payload: { order_id: number; user_id: number; from: string; to: OrderState; actor: OrderActor };
};

/**
 * Money to give back by hand (payments/rows.ts `requireRefund`): a cancel writes one per payment it marked, a refund
 * the gateway cannot make one for the refund's amount. The staff who asked are alerted (core.ts `emit`).
 */
export type RefundRequired = {
  type: 'refund.required';
  payload:
    | { order_id: number; payment_id: number; amount_piastres: number; reason: 'canceled' }
    | { order_id: number; amount_piastres: number; reason: 'refund' };
};

/**
 * A payment's money goes back through its gateway (payments/rows.ts `requireReversal`: a cancel, or a payment that
 * succeeded after its order could no longer be placed): the outbox voids it (a card, the same Cairo business day)
 * or refunds what is left of it (payments/reversal.ts). A refusal keeps the payment refund_required with the
 * gateway's words, and the event is tried again.
 */
export type PaymentReversalDue = {
  type: 'payment.reversal_due';
  payload: { order_id: number; payment_id: number; amount_piastres: number };
};

/** A refund was made (orders/admin-service.ts `refundOrder`); the shopper hears of it with the amount. */
export type RefundMade = {
  type: 'refund.made';
  payload: {
    order_id: number;
    user_id: number;
    amount_piastres: number;
    refunded_piastres: number;
    /** What the shopper paid in the end, after this refund (absent in events written before issue 43). */
    paid_piastres?: number;
    /** Through the gateway: its name and refund id; otherwise by hand. */
    provider?: string;
    refund_id?: string | null;
    refunded_by?: 'gateway' | 'by_hand';
    restock: boolean;
    lines: { order_product_id: number; quantity: number }[];
  };
};

/**
 * A credit note was issued (core.ts `issueCreditNote`: a refund, or a cancel after the invoice, issue 47): with
 * ETA_RECEIPTS=on the outbox sends the e-receipt's return for its lines (and the delivery fee a cancel gives back).
 */
export type CreditNoteIssued = {
  type: 'credit_note.issued';
  payload: {
    order_id: number;
    credit_note_id: number;
    number: string;
    reason: 'refund' | 'cancel';
    lines: { product_id: number; quantity: number; gross_piastres: number; vat_piastres: number }[];
    shipping_piastres: number;
    shipping_vat_piastres: number;
  };
};

/**
 * A shopper's return moved (modules/returns, issue 48 item 5): asked for, approved (the outbox books the courier's
 * pickup before the message), refused (with staff's note) or received. The shopper hears of each step.
 */
export type ReturnStepped = {
  type: 'return.requested' | 'return.approved' | 'return.refused' | 'return.received';
  payload: { order_id: number; return_id: number; user_id: number; note?: string | null };
};

export type DomainEvent =
  OrderStatusChanged | RefundRequired | RefundMade | CreditNoteIssued | PaymentReversalDue | ReturnStepped;
export type DomainEventType = DomainEvent['type'];
