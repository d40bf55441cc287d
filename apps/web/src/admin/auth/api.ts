import type { Staff, StaffSecondFactor, StaffSignInBody } from '@store/contracts/staff';
import { api, ApiError } from '../../lib/api-client';
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

/** GET v1/admin/me: who the session belongs to now (at each load, and a role may have changed since sign-in). */
export const meQueryOptions = (session: boolean) => ({
  queryKey: ['admin', 'me'],
  queryFn: async () => {
    const { staff } = await api<{ staff: Staff }>('admin/me');
    useStaffAuth.getState().setStaff(staff);
    return staff;
  },
  enabled: session,
  staleTime: 5 * 60_000,
});
