import { create } from 'zustand';

/**
 * What the sign-in merge could not keep as the guest had it (a quantity lowered to the stock or the per-order
 * maximum, a product no longer sold): the cart page tells the shopper until they close the note.
 */
interface MergeNoticeState {
  messages: string[];
  show(messages: string[]): void;
  clear(): void;
}

export const useMergeNotice = create<MergeNoticeState>()((set) => ({
  messages: [],
  show: (messages) => set({ messages }),
  clear: () => set({ messages: [] }),
}));
