export { clearPaymentState, usePaymentStore, type PaymentState } from './payment-store';
export { useCheckoutEntry } from './entry';
