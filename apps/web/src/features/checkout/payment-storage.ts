/**
 * Where the payment store keeps the payment session in this browser (payment-store.ts). A module of its own, with
 * nothing else in it: signing out (app/app.tsx) forgets the remembered session by this name without loading the
 * checkout's code, offline too.
 */
export const PAYMENT_STORAGE = 'store-payment';
