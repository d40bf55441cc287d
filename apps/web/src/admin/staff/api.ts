import type {
  NewStaffBody,
  StaffMember,
  StaffSignInFailuresResponse,
  StaffUpdateBody,
} from '@store/contracts/staff';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const STAFF_KEY = ['admin', 'staff'] as const;

/** GET v1/admin/staff (owners): every member, removed ones too (active false). */
export const staffQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_KEY,
    queryFn: async ({ signal }) => (await api<{ staff: StaffMember[] }>('admin/staff', { signal })).staff,
  });

export const FAILURES_KEY = ['admin', 'staff', 'sign-in-failures'] as const;

/** GET v1/admin/sign_in_failures (owners): the latest failed sign-ins, and the emails under attack now. */
export const signInFailuresQueryOptions = () =>
  queryOptions({
    queryKey: FAILURES_KEY,
    queryFn: ({ signal }) => api<StaffSignInFailuresResponse>('admin/sign_in_failures', { signal }),
  });

/** POST v1/admin/staff (owners). */
export const addStaff = (body: NewStaffBody) =>
  api<{ staff: StaffMember }>('admin/staff', { method: 'POST', body });

/** DELETE v1/admin/staff/{id} (owners): the member can no longer sign in, and is signed out everywhere. */
export const removeStaff = (id: number) => api<unknown>(`admin/staff/${id}`, { method: 'DELETE' });

/**
 * PATCH v1/admin/staff/{id} (owners): another member's new role (from their next click) or a new password (which
 * signs them out everywhere), or both.
 */
export const updateStaff = (id: number, body: StaffUpdateBody) =>
  api<{ staff: StaffMember }>(`admin/staff/${id}`, { method: 'PATCH', body });
