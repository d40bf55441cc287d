import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';

/** The governorate a guest chose to see delivery fees and dates for (a signed-in shopper's address wins). */
export const useDeliveryZoneChoice = create<{ zoneId: number | null; choose(id: number | null): void }>()(
  persist((set) => ({ zoneId: null, choose: (zoneId) => set({ zoneId }) }), {
    skipHydration: serverRendered,
    name: 'store-delivery-zone',
  }),
);
afterHydration(() => void useDeliveryZoneChoice.persist.rehydrate());
