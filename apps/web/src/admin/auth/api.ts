import type { Staff, StaffSignInBody } from '@store/contracts/staff';
import { api, apiWithHeaders } from '../../lib/api-client';
import { staffHeadersFrom, useStaffAuth } from './store';

/** POST v1/admin/sign_in: keeps the staff member and the session headers. */
export async function signIn(body: StaffSignInBody): Promise<Staff> {
  const { data, headers } = await apiWithHeaders<{ staff: Staff }>('admin/sign_in', { method: 'POST', body });
  const h = staffHeadersFrom(headers);
  if (!h) throw new Error('missing session headers');
  useStaffAuth.getState().signIn(h, data.staff);
  return data.staff;
}

/** DELETE v1/admin/sign_out: ends the session on the server, and here whatever the server says. */
export async function signOut() {
  try {
    await api('admin/sign_out', { method: 'DELETE' });
  } finally {
    useStaffAuth.getState().signOut();
  }
}

/** GET v1/admin/me: who the session belongs to now (a role may have changed since sign-in). */
export const meQueryOptions = (uid: string | undefined) => ({
  queryKey: ['admin', 'me', uid],
  queryFn: async () => {
    const { staff } = await api<{ staff: Staff }>('admin/me');
    useStaffAuth.getState().setStaff(staff);
    return staff;
  },
  enabled: !!uid,
  staleTime: 5 * 60_000,
});
