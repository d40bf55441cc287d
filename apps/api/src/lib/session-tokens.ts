import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The mechanics of the store's sessions (decision 005): a device id `client` (16 random bytes), a secret `token` (32
 * random bytes) of which only the sha256 is stored, constant-time comparison, and, for shoppers' header sessions
 * (modules/auth/session.ts, auth_tokens), the headers. Staff sessions (modules/staff/session.ts, staff_sessions)
 * use the same tokens in an HttpOnly cookie instead (decision 025).
 */
export interface SessionTokens {
  client: string;
  token: string;
  uid: string;
  expiresAt: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const newClient = () => randomBytes(16).toString('base64url');

/** True when `token` is the one whose sha256 (hex) is `storedHash`; constant time. */
export function tokenMatches(token: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const actual = createHash('sha256').update(token).digest();
  const expected = Buffer.from(storedHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const header = (v: unknown, max: number) =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined;

/** The client, token and uid headers of a request, or null when one is missing or longer than it can be. */
export function readSessionHeaders(
  headers: Record<string, unknown>,
  uidMax: number,
): { client: string; token: string; uid: string } | null {
  const client = header(headers.client, 64);
  const token = header(headers.token, 128);
  const uid = header(headers.uid, uidMax);
  return client && token && uid ? { client, token, uid } : null;
}

/** The response headers of a sign-in (or of a call that gives the device a new token). */
export function sessionHeaders(s: SessionTokens): Record<string, string> {
  return {
    client: s.client,
    token: s.token,
    uid: s.uid,
    expiry: String(Math.floor(s.expiresAt.getTime() / 1000)),
    'token-type': 'Bearer',
  };
}
