import type { PaymentKeyResponse } from '@store/contracts/checkout';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';
import { onSignOut } from '../auth';
import { PAYMENT_STORAGE } from './payment-storage';

/**
 * The payment state of spec §3: payment_key, payment_key_expiration (5 minutes after the key is received),
 * checkoutPrice (from checkout_total_price) and order_id; also the hosted checkout's address. Persisted, so a
 * reload or a return from the gateway finds it. The expiration is on this device's clock, computed from the
 * answer's expires_in_seconds (not from the server's clock, which may differ).
 */
export interface PaymentState {
  payment_key: string;
  payment_key_expiration: string;
  checkoutPrice: number;
  order_id: number;
  unified_checkout_url: string;
}

interface PaymentStore {
  payment: PaymentState | null;
  set(payment: PaymentState): void;
  clear(): void;
}

export const usePaymentStore = create<PaymentStore>()(
  persist(
    (set) => ({
      payment: null,
      set: (payment) => set({ payment }),
      clear: () => set({ payment: null }),
    }),
    { skipHydration: serverRendered, name: PAYMENT_STORAGE },
  ),
);

afterHydration(() => void usePaymentStore.persist.rehydrate());

export const clearPaymentState = () => usePaymentStore.getState().clear();

// A payment session belongs to the shopper who opened it. Once this store is loaded it forgets the session itself
// on sign-out; before, app.tsx removes what the browser remembered.
onSignOut(clearPaymentState);

export function paymentFromKey(r: PaymentKeyResponse, nowMs: number): PaymentState {
  return {
    payment_key: r.payment_key,
    payment_key_expiration: new Date(nowMs + r.expires_in_seconds * 1000).toISOString(),
    checkoutPrice: r.checkout_total_price,
    order_id: r.order_id,
    unified_checkout_url: r.unified_checkout_url,
  };
}

/** Whole seconds until the key expires (0 once it has). */
export const secondsLeft = (p: Pick<PaymentState, 'payment_key_expiration'> | null, nowMs: number) =>
  p ? Math.max(0, Math.ceil((Date.parse(p.payment_key_expiration) - nowMs) / 1000)) : 0;
