import type { NewStaffBody, StaffMember } from '@store/contracts/staff';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const STAFF_KEY = ['admin', 'staff'] as const;

/** GET v1/admin/staff (owners): every member, removed ones too (active false). */
export const staffQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_KEY,
    queryFn: async ({ signal }) => (await api<{ staff: StaffMember[] }>('admin/staff', { signal })).staff,
  });

/** POST v1/admin/staff (owners). */
export const addStaff = (body: NewStaffBody) =>
  api<{ staff: StaffMember }>('admin/staff', { method: 'POST', body });

/** DELETE v1/admin/staff/{id} (owners): the member can no longer sign in, and is signed out everywhere. */
export const removeStaff = (id: number) => api<unknown>(`admin/staff/${id}`, { method: 'DELETE' });
