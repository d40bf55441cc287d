import {
  passwordIsEmail,
  type Locale,
  type NewStaffBody,
  type Staff,
  type StaffMember,
  type StaffRole,
  type StaffSignInBody,
} from '@store/contracts';
import { isCommonPassword } from '@store/contracts/common-passwords';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import type { DbOrTx } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, undoHits } from '../../lib/rate-limit.ts';
import type { SessionTokens } from '../../lib/session-tokens.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/index.ts';
import type { CurrentStaff } from './access.ts';
import { audit } from './audit.ts';
import type { StaffLimits } from './limits.ts';
import { createStaffSession, revokeAllStaffSessions, revokeStaffSession } from './session.ts';

/** What the staff services use: the app's database and clock, and the sign-in limits. */
export type StaffContext = Pick<AppContext, 'db' | 'clock'> & { limits: StaffLimits };

/** What a call knows about its caller besides the body. */
export interface Caller {
  ip: string;
  locale: Locale;
}

type StaffRow = typeof staff.$inferSelect;

export const toStaff = (s: StaffRow): Staff => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role as StaffRole,
});

const toMember = (s: StaffRow): StaffMember => ({
  ...toStaff(s),
  active: s.active,
  created_at: s.createdAt.toISOString(),
});

/** A new password of a staff member: the contracts' rules (length, not blank) have run; not common, not the email. */
export function checkStaffPassword(password: string, email: string) {
  if (passwordIsEmail(password, email)) throw AppError.field('password', 'password_is_email');
  if (isCommonPassword(password)) throw AppError.field('password', 'password_too_common');
}

/* ---------------- sign-in, sign-out ---------------- */

/**
 * POST v1/admin/sign_in. Every attempt counts against the address, the email, and the pair before the password is
 * checked (429 with Retry-After when one is over: the answer says nothing about the password); a right password
 * takes its hits back (limits.ts). An unknown email costs the same time as a wrong password, and a removed member's
 * right password gets the same 401 as a wrong one. Failures against a real account are in the audit log.
 */
export async function signIn(
  ctx: StaffContext,
  body: StaffSignInBody,
  caller: Caller,
): Promise<{ staff: Staff; session: SessionTokens }> {
  const email = body.email;
  const now = ctx.clock.now();
  const checks = [
    { key: `staff-signin:ip:${caller.ip}`, limit: ctx.limits.signInPerIp },
    { key: `staff-signin:email:${email}`, limit: ctx.limits.signInPerEmail },
    { key: `staff-signin:email-ip:${email}:${caller.ip}`, limit: ctx.limits.signInPerEmailAndIp },
  ];
  await enforce(ctx.db, checks, now);
  const [member] = await ctx.db.select().from(staff).where(eq(staff.email, email)).limit(1);
  const valid = member
    ? await verifyPassword(body.password, member.passwordHash)
    : await verifyAgainstNothing(body.password);
  if (!member || !valid || !member.active) {
    if (member)
      await audit(
        ctx.db,
        { id: null, ip: caller.ip },
        'staff.sign_in_failed',
        { type: 'staff', id: member.id },
        { reason: valid ? 'removed' : 'wrong_password' },
        now,
      );
    throw new AppError(401, 'invalid_credentials', ['staff_invalid_credentials']);
  }
  await undoHits(ctx.db, checks, now);
  const session = await ctx.db.transaction(async (tx) => {
    const tokens = await createStaffSession(tx, member, now);
    await audit(
      tx,
      { id: member.id, ip: caller.ip },
      'staff.signed_in',
      { type: 'staff', id: member.id },
      {},
      now,
    );
    return tokens;
  });
  return { staff: toStaff(member), session };
}

/** DELETE v1/admin/sign_out: ends this device's session. */
export async function signOut(ctx: StaffContext, me: CurrentStaff) {
  await ctx.db.transaction(async (tx) => {
    await revokeStaffSession(tx, me);
    await audit(tx, me, 'staff.signed_out', { type: 'staff', id: me.id }, {}, ctx.clock.now());
  });
}

/* ---------------- staff management (owners) ---------------- */

/** GET v1/admin/staff: everyone, the active first, oldest first. */
export async function listStaff(ctx: StaffContext): Promise<StaffMember[]> {
  const rows = await ctx.db.select().from(staff).orderBy(desc(staff.active), asc(staff.id));
  return rows.map(toMember);
}

/**
 * POST v1/admin/staff: a new member signs in with this email and password. An email of a removed member brings
 * that account back with the new name, role and password (their audit entries stay theirs).
 */
export async function addStaff(
  ctx: StaffContext,
  me: CurrentStaff,
  body: NewStaffBody,
): Promise<StaffMember> {
  checkStaffPassword(body.password, body.email);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(staff)
        .where(eq(staff.email, body.email))
        .limit(1)
        .for('update');
      if (existing?.active) throw AppError.field('email', 'staff_email_taken');
      const values = { name: body.name, role: body.role, passwordHash, active: true, updatedAt: now };
      const [row] = existing
        ? await tx.update(staff).set(values).where(eq(staff.id, existing.id)).returning()
        : await tx
            .insert(staff)
            .values({ ...values, email: body.email, createdAt: now })
            .returning();
      await audit(
        tx,
        me,
        existing ? 'staff.restored' : 'staff.added',
        { type: 'staff', id: row!.id },
        { email: row!.email, name: row!.name, role: row!.role },
        now,
      );
      return toMember(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field('email', 'staff_email_taken');
    throw err;
  }
}

/**
 * DELETE v1/admin/staff/{id}: deactivates the member and ends their sessions. An owner cannot remove themselves,
 * and the last active owner cannot be removed. The active owners are locked first (in id order), so two owners
 * removing each other at the same moment cannot leave the store without one: the second finds they are no longer
 * an owner (403).
 */
export async function removeStaff(ctx: StaffContext, me: CurrentStaff, id: number) {
  if (id === me.id) throw new AppError(422, 'invalid', ['staff_cannot_remove_self']);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    if (!owners.includes(me.id)) throw new AppError(403, 'forbidden', ['staff_forbidden']);
    const [target] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1).for('update');
    if (!target) throw AppError.notFound('staff_not_found');
    if (!target.active) return; // already removed: nothing more to do
    if (target.role === 'owner' && owners.length <= 1)
      throw new AppError(422, 'invalid', ['staff_last_owner']);
    await tx.update(staff).set({ active: false, updatedAt: now }).where(eq(staff.id, id));
    await revokeAllStaffSessions(tx, id);
    await audit(
      tx,
      me,
      'staff.removed',
      { type: 'staff', id },
      { email: target.email, name: target.name, role: target.role },
      now,
    );
  });
}

async function lockActiveOwners(tx: DbOrTx) {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.active, true)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((r) => r.id);
}
