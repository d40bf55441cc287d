import type { PaymentMethod } from '@store/contracts/constants';

/** The payment step's choices, in the order spec §2 lists them. */
export const METHODS: readonly PaymentMethod[] = [
  'online',
  'cash',
  'visa_on_delivery',
  'visa_on_delivery_installments',
];

/** Once online is chosen (a payment key is held or being requested), the three other methods are disabled. */
export const methodDisabled = (method: PaymentMethod, onlineChosen: boolean) =>
  onlineChosen && method !== 'online';

/** What still stands between the shopper and placing the order: a method, a bank and plan, the terms. */
export type PlaceOrderMissing = 'method' | 'plan' | 'terms';

/**
 * The place-order button (issue 43: it did not exist until the terms box was ticked, so nothing said what was
 * missing): shown for the offline methods, and before a method is chosen, disabled while something is missing,
 * with what is missing listed beside it. Online never has one: choosing it requests a payment key, and its own
 * Pay button goes on.
 */
export function placeOrderState(s: {
  method: PaymentMethod | null;
  termsAccepted: boolean;
  planId: number | null;
}): { shown: boolean; missing: PlaceOrderMissing[] } {
  if (s.method === 'online') return { shown: false, missing: [] };
  const missing: PlaceOrderMissing[] = [];
  if (!s.method) missing.push('method');
  else if (s.method === 'visa_on_delivery_installments' && s.planId === null) missing.push('plan');
  if (!s.termsAccepted) missing.push('terms');
  return { shown: true, missing };
}
