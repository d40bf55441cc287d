import type {
  StaffAlertPreferences,
  StaffPasswordChangeBody,
  StaffAlertPreferencesResponse,
  StaffTotpSetup,
  StaffTotpStatus,
} from '@store/contracts/staff';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const TOTP_KEY = ['admin', 'me', 'totp'] as const;

/** GET v1/admin/me/totp: whether this member has an authenticator app. */
export const totpQueryOptions = () =>
  queryOptions({
    queryKey: TOTP_KEY,
    queryFn: async ({ signal }) => (await api<StaffTotpStatus>('admin/me/totp', { signal })).totp,
  });

/** POST v1/admin/me/totp: a new secret to type or open in the app (nothing changes until confirmed). */
export const startTotp = () => api<StaffTotpSetup>('admin/me/totp', { method: 'POST' });

/** PUT v1/admin/me/totp: the app's code turns it on. */
export const confirmTotp = (code: string) =>
  api<{ message: string }>('admin/me/totp', { method: 'PUT', body: { code } });

/** DELETE v1/admin/me/totp: off, with the password. */
export const disableTotp = (password: string) =>
  api<{ message: string }>('admin/me/totp', { method: 'DELETE', body: { password } });

export const ALERTS_KEY = ['admin', 'me', 'alerts'] as const;

/** GET v1/admin/me/alerts: the staff alerts this member gets (issue 44), the digest's language, an owner's phone. */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: async ({ signal }) =>
      (await api<StaffAlertPreferencesResponse>('admin/me/alerts', { signal })).alerts,
  });

/** PUT v1/admin/me/alerts: saves them. */
export const saveAlerts = (body: StaffAlertPreferences) =>
  api<StaffAlertPreferencesResponse>('admin/me/alerts', { method: 'PUT', body });

/** PUT v1/admin/me/password: the member's own new password; their other devices are signed out. */
export const changeOwnPassword = (body: StaffPasswordChangeBody) =>
  api<{ message: string }>('admin/me/password', { method: 'PUT', body });
