import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';

/** A line of the guest cart, held in the browser until sign-in merges it into the server cart. */
export interface GuestCartLine {
  productId: number;
  quantity: number;
}

interface GuestCartState {
  lines: GuestCartLine[];
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
}

export const useGuestCart = create<GuestCartState>()(
  persist(
    (set) => ({
      lines: [],
      setQuantity: (productId, quantity) =>
        set((s) => {
          if (quantity <= 0) return { lines: s.lines.filter((l) => l.productId !== productId) };
          const exists = s.lines.some((l) => l.productId === productId);
          return {
            lines: exists
              ? s.lines.map((l) => (l.productId === productId ? { ...l, quantity } : l))
              : [...s.lines, { productId, quantity }],
          };
        }),
      remove: (productId) => set((s) => ({ lines: s.lines.filter((l) => l.productId !== productId) })),
      clear: () => set({ lines: [] }),
    }),
    { skipHydration: serverRendered, name: 'store-guest-cart' },
  ),
);

afterHydration(() => void useGuestCart.persist.rehydrate());

/** Number of items in the cart (the header badge). */
export const useCartCount = () => useGuestCart((s) => s.lines.reduce((n, l) => n + l.quantity, 0));
