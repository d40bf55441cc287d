import type { Staff } from '@store/contracts/staff';
import { can, type StaffArea } from '@store/contracts/staff-areas';
import { create } from 'zustand';
import { apiHooks } from '../../lib/api-client';

/**
 * The staff session lives in two cookies the API sets (decision 025): `staff_session`, HttpOnly, which no script
 * here can read and the browser sends only to /v1/admin; and `staff_csrf`, readable by the back office's pages
 * (its Path is /admin), which every call sends back in X-CSRF-Token. Nothing of the session is kept in
 * localStorage or sessionStorage: a script injected into the shop cannot carry the back office away.
 */
const CSRF_COOKIE = 'staff_csrf';

/** The CSRF token of this browser's staff session, or null when there is none. */
export function csrfToken(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  const value = entry?.slice(CSRF_COOKIE.length + 1);
  return value ? value : null;
}

/** Drops the CSRF cookie of a session the server no longer knows (the session cookie is the server's to drop). */
const forgetCsrf = () => {
  document.cookie = `${CSRF_COOKIE}=; Path=/admin; Max-Age=0; SameSite=Strict`;
};

interface StaffAuthState {
  /** A session may exist (its CSRF cookie is here): the pages ask GET v1/admin/me who it belongs to. */
  session: boolean;
  /** The signed-in staff member, once sign-in or GET v1/admin/me said so; in memory only. */
  staff: Staff | null;
  signIn(staff: Staff): void;
  setStaff(staff: Staff): void;
  signOut(): void;
}

const signOutListeners = new Set<() => void>();
/** Listeners run at sign-out (cached back-office answers are dropped). */
export const onStaffSignOut = (fn: () => void) => {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
};

export const useStaffAuth = create<StaffAuthState>()((set, get) => ({
  session: csrfToken() !== null,
  staff: null,
  signIn: (staff) => set({ session: true, staff }),
  setStaff: (staff) => set({ staff }),
  signOut: () => {
    forgetCsrf();
    if (!get().session && !get().staff) return;
    set({ session: false, staff: null });
    signOutListeners.forEach((fn) => fn());
  },
}));

/**
 * Whether the signed-in member may open `area`: contracts' table of areas per role, the one the API's guards use
 * (requireStaff(area)), so a page and its API never disagree on who may.
 */
export const useCan = (area: StaffArea) => useStaffAuth((s) => can(s.staff?.role, area));

// This page's API client sends the CSRF token (the browser adds the session cookie by itself, to /v1/admin only;
// the shop's session is never sent from here); any 401 signs the staff member out.
apiHooks.headers = (): Record<string, string> => {
  const token = csrfToken();
  return token ? { 'x-csrf-token': token } : {};
};
apiHooks.onUnauthorized = () => useStaffAuth.getState().signOut();
