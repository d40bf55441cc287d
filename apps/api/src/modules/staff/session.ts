import { STAFF_MAX_DEVICES, STAFF_SESSION_HOURS, type StaffRole } from '@store/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { hashToken, newClient, newToken, tokenMatches } from '../../lib/session-tokens.ts';
import {
  csrfTokenFor,
  parseSessionCookie,
  readCookie,
  SESSION_COOKIE,
  type SessionCookie,
} from './cookies.ts';

/**
 * Staff sessions: one row per signed-in device in staff_sessions (a device id `client`, the sha256 of a secret
 * token, an expiry), carried by the HttpOnly `staff_session` cookie (cookies.ts, decision 025), never by headers
 * a script could read or set: a shopper's session headers mean nothing here, and a staff cookie nothing to the shop
 * (its Path is /v1/admin). Sessions end STAFF_SESSION_HOURS after sign-in, at sign-out, and when the member is
 * removed; a removed (inactive) member's rows no longer count in any case.
 */

/** Who is calling, as the session cookie proved, and the CSRF token their writes must carry. */
export interface StaffSession {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  client: string;
  sessionId: number;
  csrfToken: string;
}

export async function createStaffSession(
  db: DbOrTx,
  member: { id: number },
  now: Date,
): Promise<SessionCookie & { expiresAt: Date }> {
  const client = newClient();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  await db
    .insert(staffSessions)
    .values({ staffId: member.id, client, tokenHash: hashToken(token), expiresAt, createdAt: now });
  // Expired rows go; beyond STAFF_MAX_DEVICES the oldest go.
  await db.execute(sql`delete from staff_sessions where staff_id = ${member.id} and (
      expires_at <= ${now.toISOString()}::timestamptz
      or id not in (select id from staff_sessions where staff_id = ${member.id} order by id desc
        limit ${STAFF_MAX_DEVICES}))`);
  return { staffId: member.id, client, token, expiresAt };
}

/** The active staff member the request's session cookie belongs to, or null for a missing, wrong, expired or ended one. */
export async function authenticateStaff(
  db: DbOrTx,
  cookieHeader: string | string[] | undefined,
  now: Date,
): Promise<StaffSession | null> {
  const sent = parseSessionCookie(readCookie(cookieHeader, SESSION_COOKIE));
  if (!sent) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      tokenHash: staffSessions.tokenHash,
      expiresAt: staffSessions.expiresAt,
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.staffId, sent.staffId),
        eq(staffSessions.client, sent.client),
        eq(staff.active, true),
      ),
    )
    .limit(1);
  if (!row || !tokenMatches(sent.token, row.tokenHash)) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    client: sent.client,
    sessionId: row.sessionId,
    csrfToken: csrfTokenFor(sent.token),
  };
}

export async function revokeStaffSession(db: DbOrTx, session: Pick<StaffSession, 'sessionId'>) {
  await db.delete(staffSessions).where(eq(staffSessions.id, session.sessionId));
}

export async function revokeAllStaffSessions(db: DbOrTx, staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Every session of the member but this one (a new password of their own signs their other devices out). */
export async function revokeOtherStaffSessions(db: DbOrTx, session: Pick<StaffSession, 'id' | 'sessionId'>) {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, session.id), ne(staffSessions.id, session.sessionId)));
}

/** Expired staff sessions, for a periodic clean-up (sign-in also drops the member's own expired rows). */
export async function purgeExpiredStaffSessions(db: DbOrTx, now: Date) {
  await db.execute(sql`delete from staff_sessions where expires_at <= ${now.toISOString()}::timestamptz`);
}
