import type { Staff } from '@store/contracts/staff';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { apiHooks } from '../../lib/api-client';

export interface StaffHeaders {
  client: string;
  token: string;
  uid: string;
}

interface StaffAuthState {
  headers: StaffHeaders | null;
  staff: Staff | null;
  signIn(headers: StaffHeaders, staff: Staff): void;
  setStaff(staff: Staff): void;
  setHeaders(headers: StaffHeaders): void;
  signOut(): void;
}

const signOutListeners = new Set<() => void>();
/** Listeners run at sign-out (cached back-office answers are dropped). */
export const onStaffSignOut = (fn: () => void) => {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
};

/**
 * The staff session: headers (client, token, uid = email) and the staff member, persisted like the shop's session
 * but under a key of its own, so a shopper's session and a staff session on one browser never mix.
 */
export const useStaffAuth = create<StaffAuthState>()(
  persist(
    (set, get) => ({
      headers: null,
      staff: null,
      signIn: (headers, staff) => set({ headers, staff }),
      setStaff: (staff) => set({ staff }),
      setHeaders: (headers) => set({ headers }),
      signOut: () => {
        if (!get().headers && !get().staff) return;
        set({ headers: null, staff: null });
        signOutListeners.forEach((fn) => fn());
      },
    }),
    { name: 'admin-auth', partialize: ({ headers, staff }) => ({ headers, staff }) },
  ),
);

/** Reads the session headers of an answer (sign-in). */
export function staffHeadersFrom(res: Headers): StaffHeaders | null {
  const token = res.get('token');
  const client = res.get('client');
  const uid = res.get('uid');
  return token && client && uid ? { token, client, uid } : null;
}

// This page's API client carries the staff session (the back office is its own page: the shop's session is never
// sent from here); any 401 signs the staff member out; headers the server renews are kept.
apiHooks.headers = (): Record<string, string> => {
  const h = useStaffAuth.getState().headers;
  return h ? { client: h.client, token: h.token, uid: h.uid } : {};
};
apiHooks.onUnauthorized = () => useStaffAuth.getState().signOut();
apiHooks.onHeaders = (res) => {
  const h = staffHeadersFrom(res);
  if (h && useStaffAuth.getState().headers) useStaffAuth.getState().setHeaders(h);
};
