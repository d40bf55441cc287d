import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, serverRendered } from '../../lib/ssr';
import { apiHooks } from '../../lib/api-client';

export interface AuthHeaders {
  client: string;
  token: string;
  uid: string;
}

export interface SessionUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name?: string;
  email: string;
  phone_number: string;
  national_id?: string | null;
}

interface AuthState {
  headers: AuthHeaders | null;
  user: SessionUser | null;
  /**
   * True while a sign-in finishes its own work (the guest cart merging into the server cart): the auth pages wait
   * for it instead of sending the shopper on at once. Not persisted.
   */
  signingIn: boolean;
  setSigningIn(busy: boolean): void;
  signIn(headers: AuthHeaders, user: SessionUser): void;
  setUser(user: SessionUser): void;
  setHeaders(headers: AuthHeaders): void;
  signOut(): void;
}

/** Listeners run at sign-out (the cart resets, cached account data is dropped). */
const signOutListeners = new Set<() => void>();
export const onSignOut = (fn: () => void) => {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
};

/**
 * Listeners run once a sign-in has succeeded, before the sign-in page sends the shopper on (the guest cart merges
 * into the server cart). Features above auth subscribe here; auth never imports them.
 */
const signInListeners = new Set<(qc: QueryClient) => Promise<void> | void>();
export const onSignIn = (fn: (qc: QueryClient) => Promise<void> | void) => {
  signInListeners.add(fn);
  return () => signInListeners.delete(fn);
};
/** Runs the sign-in listeners and waits for them; one that fails does not fail the sign-in. */
export async function signedIn(qc: QueryClient): Promise<void> {
  await Promise.all(
    [...signInListeners].map((fn) =>
      Promise.resolve()
        .then(() => fn(qc))
        .catch(() => undefined),
    ),
  );
}

/** The session: auth headers (client, token, uid) and the current user, persisted across visits. */
export const useAuth = create<AuthState>()(
  persist(
    (set, get) => ({
      headers: null,
      user: null,
      signingIn: false,
      setSigningIn: (signingIn) => set({ signingIn }),
      signIn: (headers, user) => set({ headers, user }),
      setUser: (user) => set({ user }),
      setHeaders: (headers) => set({ headers }),
      signOut: () => {
        if (!get().headers && !get().user) return;
        set({ headers: null, user: null });
        signOutListeners.forEach((fn) => fn());
      },
    }),
    {
      skipHydration: serverRendered,
      name: 'store-auth',
      partialize: ({ headers, user }) => ({ headers, user }),
    },
  ),
);

afterHydration(() => void useAuth.persist.rehydrate());

export const useIsSignedIn = () => useAuth((s) => s.headers !== null);

// Every API call carries the session; any 401 signs the client out (spec §4); rotated headers are kept.
apiHooks.headers = (): Record<string, string> => {
  const h = useAuth.getState().headers;
  return h ? { client: h.client, token: h.token, uid: h.uid } : {};
};
apiHooks.onUnauthorized = () => useAuth.getState().signOut();
apiHooks.onHeaders = (res) => {
  const token = res.get('token');
  const client = res.get('client');
  const uid = res.get('uid');
  if (token && client && uid && useAuth.getState().headers)
    useAuth.getState().setHeaders({ token, client, uid });
};

/** Reads the auth headers of a sign-in (or profile update) answer. */
export function headersFrom(res: Headers): AuthHeaders | null {
  const token = res.get('token');
  const client = res.get('client');
  const uid = res.get('uid');
  return token && client && uid ? { token, client, uid } : null;
}
