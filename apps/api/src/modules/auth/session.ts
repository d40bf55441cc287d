import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import {
  hashToken,
  newClient,
  newToken,
  readSessionHeaders,
  tokenMatches,
  type SessionTokens,
} from '../../lib/session-tokens.ts';

export { sessionHeaders, type SessionTokens } from '../../lib/session-tokens.ts';

/**
 * Sessions (devise_token_auth style): one auth_tokens row per signed-in device (`client`), holding the sha256 of a
 * random 32-byte token and an expiry. The client sends the headers client, token and uid (the phone number) on
 * every call. Sign-out deletes the device's row; a password change deletes the others; a reset deletes all.
 */
export const SESSION_DAYS = 14;
/** Devices signed in at once; signing in on one more drops the oldest. */
export const MAX_DEVICES = 10;

/** Who is calling, as the auth headers proved. */
export interface SessionUser {
  id: number;
  phoneNumber: string;
  client: string;
  tokenId: number;
}

const expiry = (now: Date) => new Date(now.getTime() + SESSION_DAYS * 86_400_000);

export async function createSession(db: DbOrTx, user: { id: number; phoneNumber: string }, now: Date) {
  const client = newClient();
  const token = newToken();
  const expiresAt = expiry(now);
  await db.insert(authTokens).values({
    userId: user.id,
    client,
    tokenHash: hashToken(token),
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
      tokenHash: hashToken(token),
      expiresAt,
      lastUsedAt: now,
    })
    .where(eq(authTokens.id, session.tokenId));
  return { client: session.client, token, uid: session.phoneNumber, expiresAt };
}

/** The user the headers belong to, or null for missing, unknown, wrong, expired or revoked tokens. */
export async function authenticate(
  db: DbOrTx,
  headers: Record<string, unknown>,
  now: Date,
): Promise<SessionUser | null> {
  const sent = readSessionHeaders(headers, 20);
  if (!sent) return null;
  const { client, token, uid } = sent;
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
  const current = tokenMatches(token, row.token_hash);
  const previous =
    !current &&
    row.previous_valid_until != null &&
    new Date(row.previous_valid_until).getTime() > now.getTime() &&
    tokenMatches(token, row.previous_token_hash);
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
