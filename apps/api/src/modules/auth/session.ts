import { and, eq, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';

/**
 * Sessions (devise_token_auth style): one auth_tokens row per signed-in device (`client`), holding the sha256 of a
 * random 32-byte token and an expiry. The client sends the headers client, token and uid (the phone number) on
 * every call. Sign-out deletes the device's row; a password change deletes the others; a reset deletes all.
 */
export const SESSION_DAYS = 14;
/** Devices signed in at once; signing in on one more drops the oldest. */
export const MAX_DEVICES = 10;

export interface SessionTokens {
  client: string;
  token: string;
  uid: string;
  expiresAt: Date;
}

/** Who is calling, as the auth headers proved. */
export interface SessionUser {
  id: number;
  phoneNumber: string;
  client: string;
  tokenId: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const expiry = (now: Date) => new Date(now.getTime() + SESSION_DAYS * 86_400_000);

export async function createSession(db: DbOrTx, user: { id: number; phoneNumber: string }, now: Date) {
  const client = randomBytes(16).toString('base64url');
  const token = newToken();
  const expiresAt = expiry(now);
  await db.insert(authTokens).values({
    userId: user.id,
    client,
    tokenHash: sha256(token),
    expiresAt,
    lastUsedAt: now,
    createdAt: now,
  });
  // Expired rows go; beyond MAX_DEVICES the oldest go.
  await db.execute(sql`delete from auth_tokens where user_id = ${user.id} and (
      expires_at <= ${now.toISOString()}::timestamptz
      or id not in (select id from auth_tokens where user_id = ${user.id} order by id desc limit ${MAX_DEVICES}))`);
  return { client, token, uid: user.phoneNumber, expiresAt } satisfies SessionTokens;
}

/**
 * How long the token before a rotation still works. A page sends several calls at once; when one of them (a
 * profile edit) rotates the token, the others are already on their way with the old one, and a 401 would sign
 * the shopper out of that tab. devise_token_auth keeps the same kind of buffer.
 */
export const PREVIOUS_TOKEN_GRACE_MS = 10_000;

/** A new token (and expiry) for the same device; the old one keeps working for PREVIOUS_TOKEN_GRACE_MS. */
export async function rotateSession(db: DbOrTx, session: SessionUser, now: Date): Promise<SessionTokens> {
  const token = newToken();
  const expiresAt = expiry(now);
  await db
    .update(authTokens)
    .set({
      previousTokenHash: sql`${authTokens.tokenHash}`,
      previousValidUntil: new Date(now.getTime() + PREVIOUS_TOKEN_GRACE_MS),
      tokenHash: sha256(token),
      expiresAt,
      lastUsedAt: now,
    })
    .where(eq(authTokens.id, session.tokenId));
  return { client: session.client, token, uid: session.phoneNumber, expiresAt };
}

const header = (v: unknown, max: number) =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined;

/** The user the headers belong to, or null for missing, unknown, wrong, expired or revoked tokens. */
export async function authenticate(
  db: DbOrTx,
  headers: Record<string, unknown>,
  now: Date,
): Promise<SessionUser | null> {
  const client = header(headers.client, 64);
  const token = header(headers.token, 128);
  const uid = header(headers.uid, 20);
  if (!client || !token || !uid) return null;
  const result = (await db.execute(sql`
    select t.id as token_id, t.token_hash, t.previous_token_hash, t.previous_valid_until, t.expires_at,
      u.id as user_id, u.phone_number
    from auth_tokens t join users u on u.id = t.user_id
    where u.phone_number = ${uid} and t.client = ${client} and u.confirmed_at is not null
    limit 1`)) as unknown as {
    rows: {
      token_id: number;
      token_hash: string;
      previous_token_hash: string | null;
      previous_valid_until: Date | string | null;
      expires_at: Date | string;
      user_id: number;
      phone_number: string;
    }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  const actual = createHash('sha256').update(token).digest();
  const matches = (hash: string | null) => {
    if (!hash) return false;
    const expected = Buffer.from(hash, 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
  const current = matches(row.token_hash);
  const previous =
    !current &&
    row.previous_valid_until != null &&
    new Date(row.previous_valid_until).getTime() > now.getTime() &&
    matches(row.previous_token_hash);
  if (!current && !previous) return null;
  if (new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return { id: Number(row.user_id), phoneNumber: row.phone_number, client, tokenId: Number(row.token_id) };
}

export async function revokeSession(db: DbOrTx, session: SessionUser) {
  await db.delete(authTokens).where(eq(authTokens.id, session.tokenId));
}

export async function revokeOtherSessions(db: DbOrTx, session: SessionUser) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, session.id), ne(authTokens.id, session.tokenId)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

/** The response headers of a sign-in or profile update. */
export function sessionHeaders(s: SessionTokens): Record<string, string> {
  return {
    client: s.client,
    token: s.token,
    uid: s.uid,
    expiry: String(Math.floor(s.expiresAt.getTime() / 1000)),
    'token-type': 'Bearer',
  };
}
