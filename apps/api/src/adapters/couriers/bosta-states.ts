/**
 * Bosta's delivery states (the numeric codes of its webhook and its view-delivery answer, from Bosta's published
 * documentation, "Get Shipment Status via Webhook", and its dashboard's states) and what each does to a shipment of
 * the store. Always read by the code: the words are not enough, Bosta's answers call both 45 (delivered to the
 * receiver) and 46 (returned to the shop) "Delivered".
 */
import type { CourierEvent, ReturnPickupNews } from './types.ts';

export const BOSTA_STATES: Record<number, string> = {
  10: 'Pickup requested',
  11: 'Waiting for route',
  20: 'Route assigned',
  21: 'Picked up',
  22: 'Picking up from consignee',
  23: 'Picked up from consignee',
  24: 'Received at warehouse',
  25: 'Fulfilled',
  30: 'In transit between hubs',
  40: 'Picking up',
  41: 'Out for delivery',
  45: 'Delivered',
  46: 'Returned to business',
  47: 'Exception',
  48: 'Terminated',
  49: 'Canceled',
  60: 'Returned to stock',
  100: 'Lost',
  101: 'Damaged',
  102: 'Investigation',
  103: 'Awaiting your action',
  104: 'Archived',
  105: 'On hold',
};

/**
 * What a state does to the store's shipment (issue 48): picked up (21) and on to the receiver (24, 30, 41): the
 * order is being delivered; 45: delivered; 46: back at the shop, returned; terminated or cancelled (48, 49): the
 * shipment is cancelled (the order keeps its status; staff decide). Exceptions, loss, damage and Bosta's holds are
 * lines in the order's history only. Anything else (10, 11, 20: still waiting for pickup) is a note.
 */
export function bostaEffect(code: number): CourierEvent['effect'] {
  switch (code) {
    case 21:
    case 24:
    case 30:
    case 41:
      return 'delivering';
    case 45:
      return 'delivered';
    case 46:
      return 'returned';
    case 48:
    case 49:
      return 'canceled';
    case 47:
    case 100:
    case 101:
    case 102:
    case 103:
    case 105:
      return 'exception';
    default:
      return 'note';
  }
}

/**
 * What a state says of a return's pickup (a Customer Return Pickup, type 25): Bosta's state table gives 22 and 23
 * (picking up, picked up from the consignee) to CRP and Exchange only, and 46 (returned to business) to Exchange,
 * CRP and RTO. So 23: the courier has the items; 46: they are back at the shop. Any other state of a pickup (22,
 * 24, 30, 41, exceptions) is not recorded on the return.
 */
export function bostaReturnPickupNews(code: number): ReturnPickupNews | undefined {
  if (code === 23) return 'picked_up';
  if (code === 46) return 'back_at_shop';
  return undefined;
}

/**
 * A state code as Bosta sends it: a number (the webhook), a numeric string, or an object `{code, value}` (the
 * view-delivery answer); null when there is none.
 */
export function bostaStateCode(state: unknown): number | null {
  const raw =
    state && typeof state === 'object' && !Array.isArray(state) ? (state as { code?: unknown }).code : state;
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 0 ? raw : null;
  if (typeof raw === 'string' && /^\d{1,4}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}
