import { api, apiWithHeaders } from '../../../lib/api-client';
import { headersFrom, useAuth, type SessionUser } from '../store';

export interface SignInBody {
  phone_number: string;
  password: string;
}

/** POST v1/users/sign_in: stores the user and the auth headers. */
export async function signIn(body: SignInBody): Promise<SessionUser> {
  const { data, headers } = await apiWithHeaders<{ user: SessionUser }>('users/sign_in', {
    method: 'POST',
    body,
  });
  const h = headersFrom(headers);
  if (!h) throw new Error('missing auth headers');
  useAuth.getState().signIn(h, data.user);
  return data.user;
}

export const signUp = (body: Record<string, string>) =>
  api<{ message?: string }>('users', { method: 'POST', body });
export const confirmAccount = (phone_number: string, code: string) =>
  api('users/confirmations', { method: 'PUT', body: { phone_number, sms_confirmation_otp: code } });
export const resendOtp = (phone_number: string, purpose: 'confirmation' | 'password_reset') =>
  api('users/otps', { method: 'POST', body: { phone_number, purpose } });
export const forgotPassword = (phone_number: string) =>
  api('users/passwords', { method: 'POST', body: { phone_number } });
export const resetPassword = (body: {
  phone_number: string;
  sms_password_reset_otp: string;
  password: string;
  password_confirmation: string;
}) => api('users/passwords', { method: 'PUT', body });
export const changePassword = (body: {
  current_password: string;
  password: string;
  password_confirmation: string;
}) => api('users/password', { method: 'PUT', body });

/** PUT v1/users: the answer carries a new user and new headers. */
export async function updateProfile(body: {
  first_name: string;
  last_name: string;
  email: string;
  national_id?: string;
}) {
  const { data, headers } = await apiWithHeaders<{ user: SessionUser }>('users', { method: 'PUT', body });
  const h = headersFrom(headers);
  if (h) useAuth.getState().setHeaders(h);
  useAuth.getState().setUser(data.user);
  return data.user;
}

export async function signOutEverywhere() {
  try {
    await api('users/sign_out', { method: 'DELETE' });
  } finally {
    useAuth.getState().signOut();
  }
}
