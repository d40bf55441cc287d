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

/**
 * The place-order button appears for an offline method once the terms are accepted, and for installments only
 * once a plan is chosen. Online never has one: choosing it requests a payment key instead.
 */
export function showPlaceOrder(s: {
  method: PaymentMethod | null;
  termsAccepted: boolean;
  planId: number | null;
}): boolean {
  if (!s.method || s.method === 'online' || !s.termsAccepted) return false;
  return s.method !== 'visa_on_delivery_installments' || s.planId !== null;
}
