import type { App } from '../app.ts';

export const PASSWORD = 'Secret#2024';

/**
 * Per-address limits roomy enough for a test file whose every request comes from one address (the per-address
 * limits themselves are tested with their own app): createTestApp({ authLimits: ROOMY_AUTH_LIMITS }).
 */
const roomy = { max: 10_000, windowSeconds: 60 };
export const ROOMY_AUTH_LIMITS = { signInPerIp: roomy, codePerIp: roomy, smsPerIp: roomy };

/** A six-digit code that is surely not `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

export interface AuthHeaders {
  client: string;
  token: string;
  uid: string;
  [key: string]: string;
}

/** The code of the latest SMS to this phone, read the way a person (or the browser tests) would. */
export async function latestCode(app: App, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone_number=${phone}` });
  const code = (res.json() as { messages: { code: string | null }[] }).messages[0]?.code;
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

export const signUpBody = (phone: string, extra: Record<string, string> = {}) => ({
  first_name: 'Mona',
  last_name: 'Hassan',
  email: `${phone}@example.com`,
  phone_number: phone,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...extra,
});

/** Signs up and confirms the phone with the code from the outbox. */
export async function registerUser(app: App, phone: string, extra: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone, extra) });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const code = await latestCode(app, phone);
  const ok = await app.inject({
    method: 'PUT',
    url: '/v1/users/confirmations',
    payload: { phone_number: phone, sms_confirmation_otp: code },
  });
  if (ok.statusCode !== 200) throw new Error(`confirmation failed: ${ok.statusCode} ${ok.body}`);
}

export async function signIn(app: App, phone: string, password = PASSWORD): Promise<AuthHeaders> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/sign_in',
    payload: { phone_number: phone, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return authHeadersOf(res.headers);
}

export function authHeadersOf(h: Record<string, unknown>): AuthHeaders {
  return { client: String(h.client), token: String(h.token), uid: String(h.uid) };
}

/** A confirmed, signed-in user: the headers to send. */
export async function newUser(app: App, phone: string): Promise<AuthHeaders> {
  await registerUser(app, phone);
  return signIn(app, phone);
}

/** A multipart/form-data body for inject. */
export function multipart(fields: Record<string, string>) {
  const boundary = `----store${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
