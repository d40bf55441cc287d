import { STAFF_SESSION_HOURS } from '@store/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * How a staff session travels (decision 025): two cookies, never a header or script storage.
 * - `staff_session` (HttpOnly, Path=/v1/admin): `<staff id>.<client>.<token>`; only the admin API reads it, and no
 *   script of any page can.
 * - `staff_csrf` (Path=/admin, readable by the back office's pages): a token derived from the session (HMAC of its
 *   secret), which the back office sends back in `X-CSRF-Token` on every write. A page at `/` cannot read it from
 *   document.cookie; another site can neither read nor send it.
 * Both are SameSite=Strict, last as long as the session, and are Secure when PUBLIC_URL is https (the same switch
 * as HSTS: a store on https never talks plain http to a browser that has been there; http://localhost in
 * development keeps working).
 */
export const SESSION_COOKIE = 'staff_session';
export const CSRF_COOKIE = 'staff_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE_PATH = '/v1/admin';
export const CSRF_COOKIE_PATH = '/admin';

/** What the session cookie names: the member, the device (client) and its secret. */
export interface SessionCookie {
  staffId: number;
  client: string;
  token: string;
}

const PART = /^[A-Za-z0-9_-]{16,128}$/;

export const sessionCookieValue = (s: SessionCookie) => `${s.staffId}.${s.client}.${s.token}`;

/** The cookie's parts, or null for anything that is not one of ours. */
export function parseSessionCookie(value: string | undefined): SessionCookie | null {
  if (!value || value.length > 300) return null;
  const [id, client, token, more] = value.split('.');
  if (more !== undefined || !id || !/^\d{1,9}$/.test(id) || !client || !token) return null;
  if (!PART.test(client) || !PART.test(token)) return null;
  return { staffId: Number(id), client, token };
}

/** The value of cookie `name` in a Cookie header (the first, as browsers send the most specific path first). */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The CSRF token of a session: derived from its secret, so nothing more is stored and it ends with it. */
export const csrfTokenFor = (token: string) =>
  createHmac('sha256', token).update('staff-csrf').digest('base64url');

/** True when `sent` is the session's CSRF token (constant time). */
export function csrfMatches(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string' || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}

/** Secure cookies when the store's public address is https. */
export const secureCookies = (publicUrl: string) => publicUrl.startsWith('https://');

function cookie(
  name: string,
  value: string,
  path: string,
  maxAge: number,
  opts: { httpOnly: boolean; secure: boolean },
) {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    ...(opts.httpOnly ? ['HttpOnly'] : []),
    'SameSite=Strict',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie values of a sign-in: the cookies last as long as the session (STAFF_SESSION_HOURS). */
export function sessionSetCookies(s: SessionCookie, secure: boolean): string[] {
  const maxAge = STAFF_SESSION_HOURS * 3600;
  return [
    cookie(SESSION_COOKIE, sessionCookieValue(s), SESSION_COOKIE_PATH, maxAge, { httpOnly: true, secure }),
    cookie(CSRF_COOKIE, csrfTokenFor(s.token), CSRF_COOKIE_PATH, maxAge, { httpOnly: false, secure }),
  ];
}

/** The Set-Cookie values that take both cookies away (sign-out). */
export const clearedSetCookies = (secure: boolean): string[] => [
  cookie(SESSION_COOKIE, '', SESSION_COOKIE_PATH, 0, { httpOnly: true, secure }),
  cookie(CSRF_COOKIE, '', CSRF_COOKIE_PATH, 0, { httpOnly: false, secure }),
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isWrite = (req: FastifyRequest) => !SAFE_METHODS.has(req.method);

/**
 * A write must not come from another origin: a browser names the page's origin in `Origin` on every write, and it
 * must be the store's own (PUBLIC_URL's). Callers that are not browsers send none.
 */
export function refuseOtherOrigins(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (origin !== new URL(req.server.ctx.publicUrl).origin)
    throw new AppError(403, 'forbidden', ['staff_cross_site']);
}
