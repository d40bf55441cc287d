import type { StaffSignInFailure } from '@store/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffSignInFailures } from '../../db/schema.ts';
import { backoffSeconds, type StaffLimits } from './limits.ts';

/**
 * Failed staff sign-ins (staff_sign_in_failures): what an address's back-off and an email's "under attack" are
 * judged on, and what owners read. Every query is on an index: (ip, created_at), (email, created_at), created_at.
 */
export type FailureReason = 'wrong_password' | 'removed' | 'wrong_code' | 'code_required';

/** How long past the window failures are kept for owners to read. */
const KEEP_DAYS = 30;
/** The most the owners' list shows. */
const LIST_MAX = 100;

const since = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

export async function recordFailure(
  db: DbOrTx,
  f: { email: string; ip: string; reason: FailureReason },
  now: Date,
) {
  await db.insert(staffSignInFailures).values({ ...f, createdAt: now });
}

/** Seconds this address must wait before its next sign-in attempt is looked at (0: none). */
export async function addressWait(db: DbOrTx, ip: string, limits: StaffLimits['backoff'], now: Date) {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${staffSignInFailures.createdAt})`,
    })
    .from(staffSignInFailures)
    .where(
      and(
        eq(staffSignInFailures.ip, ip),
        gt(staffSignInFailures.createdAt, since(now, limits.windowSeconds)),
      ),
    );
  const wait = backoffSeconds(limits, Number(row?.failures ?? 0));
  if (wait === 0 || !row?.last) return 0;
  const remaining = new Date(row.last).getTime() + wait * 1000 - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/** Failures for an email in the attack window, and from how many addresses. */
async function failuresOf(db: DbOrTx, email: string, limits: StaffLimits['underAttack'], now: Date) {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      addresses: sql<number>`count(distinct ${staffSignInFailures.ip})::int`,
    })
    .from(staffSignInFailures)
    .where(
      and(
        eq(staffSignInFailures.email, email),
        gt(staffSignInFailures.createdAt, since(now, limits.windowSeconds)),
      ),
    );
  return { failures: Number(row?.failures ?? 0), addresses: Number(row?.addresses ?? 0) };
}

/** True when the email has had many failures from several addresses lately (limits.ts `underAttack`). */
export async function underAttack(db: DbOrTx, email: string, limits: StaffLimits['underAttack'], now: Date) {
  const { failures, addresses } = await failuresOf(db, email, limits, now);
  return failures >= limits.failures && addresses >= limits.addresses;
}

/** For owners: the latest failures (newest first, at most 100 of the last 30 days) and the emails under attack now. */
export async function recentFailures(db: DbOrTx, limits: StaffLimits['underAttack'], now: Date) {
  const rows = await db
    .select()
    .from(staffSignInFailures)
    .where(gt(staffSignInFailures.createdAt, since(now, KEEP_DAYS * 86_400)))
    .orderBy(desc(staffSignInFailures.createdAt), desc(staffSignInFailures.id))
    .limit(LIST_MAX);
  const failures: StaffSignInFailure[] = rows.map((r) => ({
    email: r.email,
    ip: r.ip,
    reason: r.reason,
    at: r.createdAt.toISOString(),
  }));
  const attacked = await db
    .select({
      email: staffSignInFailures.email,
      failures: sql<number>`count(*)::int`,
      addresses: sql<number>`count(distinct ${staffSignInFailures.ip})::int`,
    })
    .from(staffSignInFailures)
    .where(gt(staffSignInFailures.createdAt, since(now, limits.windowSeconds)))
    .groupBy(staffSignInFailures.email)
    .having(
      sql`count(*) >= ${limits.failures} and count(distinct ${staffSignInFailures.ip}) >= ${limits.addresses}`,
    )
    .orderBy(sql`count(*) desc`)
    .limit(LIST_MAX);
  return {
    failures,
    under_attack: attacked.map((a) => ({
      email: a.email,
      failures: Number(a.failures),
      addresses: Number(a.addresses),
    })),
  };
}

/** Failures older than 30 days (jobs.ts, hourly). */
export async function purgeOldFailures(db: DbOrTx, now: Date) {
  await db
    .delete(staffSignInFailures)
    .where(
      sql`${staffSignInFailures.createdAt} <= ${since(now, KEEP_DAYS * 86_400).toISOString()}::timestamptz`,
    );
}
