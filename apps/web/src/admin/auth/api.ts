import type { Staff, StaffSecondFactor, StaffSignInBody } from '@store/contracts/staff';
import type { QueryClient } from '@tanstack/react-query';
import { api, apiHooks, ApiError } from '../../lib/api-client';
import { useStaffAuth } from './store';

/** POST v1/admin/sign_in: the API sets the session cookies; the staff member is kept in memory. */
export async function signIn(body: StaffSignInBody): Promise<Staff> {
  const { staff } = await api<{ staff: Staff }>('admin/sign_in', { method: 'POST', body });
  useStaffAuth.getState().signIn(staff);
  return staff;
}

/** The second steps a failed sign-in asks for (its email is under attack), or none. */
export function secondFactorsAsked(err: unknown): StaffSecondFactor[] {
  if (!(err instanceof ApiError) || err.status !== 401) return [];
  const asked = err.body.second_factor;
  return Array.isArray(asked) ? (asked as StaffSecondFactor[]) : [];
}

/** DELETE v1/admin/sign_out: ends the session on the server (which drops the cookies), and here whatever it says. */
export async function signOut() {
  try {
    await api('admin/sign_out', { method: 'DELETE' });
  } finally {
    useStaffAuth.getState().signOut();
  }
}

const ME_KEY = ['admin', 'me'] as const;

/** GET v1/admin/me: who the session belongs to now (at each load, and a role may have changed since sign-in). */
export const meQueryOptions = (session: boolean) => ({
  queryKey: ME_KEY,
  queryFn: async () => {
    const { staff } = await api<{ staff: Staff }>('admin/me');
    useStaffAuth.getState().setStaff(staff);
    return staff;
  },
  enabled: session,
  staleTime: 5 * 60_000,
});

/**
 * An owner may change a member's role while their back office is open: the API then refuses the old role's calls
 * with 403 (requireStaff's `staff_forbidden`; the answer carries only the translated message, so any 403 of a
 * back-office call counts, a stale CSRF token's too, which only costs one more GET). Each such answer asks GET
 * v1/admin/me again, so the menu and the pages' `useCan` follow the new role at once and the page shows its
 * "not allowed" view. A 403 of admin/me itself asks nothing (no loop); a 401 already signs out (store.ts).
 * Returns the undo, for an effect's cleanup.
 */
export function followRoleChanges(queryClient: QueryClient): () => void {
  apiHooks.onForbidden = (path) => {
    if (path.startsWith('admin/') && path !== 'admin/me')
      void queryClient.invalidateQueries({ queryKey: ME_KEY, exact: true });
  };
  return () => {
    apiHooks.onForbidden = () => {};
  };
}
