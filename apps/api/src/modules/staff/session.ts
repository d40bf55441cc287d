import { STAFF_MAX_DEVICES, STAFF_SESSION_HOURS, type StaffRole } from '@store/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import {
  hashToken,
  newClient,
  newToken,
  readSessionHeaders,
  tokenMatches,
  type SessionTokens,
} from '../../lib/session-tokens.ts';

/**
 * Staff sessions: the shoppers' header sessions (decision 005, lib/session-tokens.ts) in a table of their own,
 * staff_sessions, with the email as `uid`. A shopper's headers name a phone and an auth_tokens row, so they never
 * match here, and a staff member's never match a shopper's route. Sessions end STAFF_SESSION_HOURS after sign-in,
 * at sign-out, and when the member is removed; a removed (inactive) member's rows no longer count in any case.
 */

/** Who is calling, as the staff headers proved. */
export interface StaffSession {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  client: string;
  sessionId: number;
}

const EMAIL_MAX = 200;

export async function createStaffSession(
  db: DbOrTx,
  member: { id: number; email: string },
  now: Date,
): Promise<SessionTokens> {
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
  return { client, token, uid: member.email, expiresAt };
}

/** The active staff member the headers belong to, or null for missing, unknown, wrong, expired or ended ones. */
export async function authenticateStaff(
  db: DbOrTx,
  headers: Record<string, unknown>,
  now: Date,
): Promise<StaffSession | null> {
  const sent = readSessionHeaders(headers, EMAIL_MAX);
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
    .where(and(eq(staff.email, sent.uid), eq(staffSessions.client, sent.client), eq(staff.active, true)))
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
  };
}

export async function revokeStaffSession(db: DbOrTx, session: Pick<StaffSession, 'sessionId'>) {
  await db.delete(staffSessions).where(eq(staffSessions.id, session.sessionId));
}

export async function revokeAllStaffSessions(db: DbOrTx, staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Expired staff sessions, for a periodic clean-up (sign-in also drops the member's own expired rows). */
export async function purgeExpiredStaffSessions(db: DbOrTx, now: Date) {
  await db.execute(sql`delete from staff_sessions where expires_at <= ${now.toISOString()}::timestamptz`);
}
