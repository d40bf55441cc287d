import {
  passwordIsEmail,
  type Locale,
  type NewStaffBody,
  type Staff,
  type StaffMember,
  type StaffRole,
  type StaffSecondFactor,
  type StaffSignInBody,
  type StaffTotpSetup,
  type StaffPasswordChangeBody,
  type StaffUpdateBody,
} from '@store/contracts';
import { isCommonPassword } from '@store/contracts/common-passwords';
import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, tooManyAttempts, undoHits } from '../../lib/rate-limit.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/index.ts';
import type { CurrentStaff } from './access.ts';
import { audit } from './audit.ts';
import type { SessionCookie } from './cookies.ts';
import { addressWait, recentFailures, recordFailure, underAttack, type FailureReason } from './failures.ts';
import type { StaffLimits } from './limits.ts';
import {
  createStaffSession,
  revokeAllStaffSessions,
  revokeOtherStaffSessions,
  revokeStaffSession,
} from './session.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

/** What the staff services use: the app's database, clock and address, and the sign-in limits. */
export type StaffContext = Pick<AppContext, 'db' | 'clock' | 'publicUrl'> & { limits: StaffLimits };

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
  totp: s.totpSecret !== null,
  created_at: s.createdAt.toISOString(),
});

/** A new password of a staff member: the contracts' rules (length, not blank) have run; not common, not the email. */
export function checkStaffPassword(password: string, email: string) {
  if (passwordIsEmail(password, email)) throw AppError.field('password', 'password_is_email');
  if (isCommonPassword(password)) throw AppError.field('password', 'password_too_common');
}

/* ---------------- sign-in, sign-out ---------------- */

/**
 * The second steps a member can answer while their email is under attack. Today the authenticator app (TOTP).
 * An emailed code (issue 44 brings email) joins here: offered when the password is right (the code sent in the
 * background, as the shop's SMS sign-in code is, decision 010), and checked by `secondStepMatches` beside TOTP.
 */
const secondFactorsOf = (m: StaffRow | undefined): StaffSecondFactor[] =>
  m?.active && m.totpSecret ? ['totp'] : [];

/**
 * Takes `code` for the member's second step at `now`: the TOTP step is marked used in the same statement, so a
 * code signs in once, and of two requests with it only one.
 */
async function secondStepMatches(db: DbOrTx, m: StaffRow, code: string, now: Date) {
  if (!m.totpSecret) return false;
  const step = matchTotp(m.totpSecret, code, now, m.totpLastStep);
  if (step === null) return false;
  const used = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, m.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return used.length === 1;
}

/** Whether the member has signed in from this network (their last 50 sign-ins, by the audit log's addresses). */
async function signedInFrom(db: DbOrTx, memberId: number, network: string) {
  const rows = await db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.staffId, memberId), eq(auditLog.action, 'staff.signed_in')))
    .orderBy(desc(auditLog.id))
    .limit(50);
  return rows.some((r) => r.ip !== null && clientNetwork(r.ip) === network);
}

/**
 * POST v1/admin/sign_in (decision 025).
 * 1. An address in its back-off (too many failures lately, any email) gets 429 with Retry-After, before anything
 *    is checked; other addresses are not slowed by it.
 * 2. Every attempt counts against the address before the password is checked (parallel guesses cannot all slip
 *    under the limit); a right password takes its hit back.
 * 3. While the email is under attack (failures from several addresses), a member with an authenticator app signs
 *    in with the password and its code: without a code every attempt gets the same 401 asking for it, whether the
 *    password is right or wrong (guesses learn nothing). A member without one signs in with the password, checked
 *    at most `newNetworkPerEmail` times from networks they never signed in from (a botnet's addresses), and never
 *    refused from one they did for what strangers do (decision 049).
 * Addresses count by network (an IPv6 client by its /64, lib/client-network.ts) in the back-off and the limits.
 * An unknown email costs the same time as a wrong password, and a removed member's right password gets the same
 * 401 as a wrong one. Every failure is kept (failures.ts); those against a real account are in the audit log.
 */
export async function signIn(
  ctx: StaffContext,
  body: StaffSignInBody,
  caller: Caller,
): Promise<{ staff: Staff; session: SessionCookie & { expiresAt: Date } }> {
  const email = body.email;
  const now = ctx.clock.now();
  // Counted by network: an IPv6 client changing its last 64 bits for each guess is one address.
  const network = clientNetwork(caller.ip);
  const wait = await addressWait(ctx.db, network, ctx.limits.backoff, now);
  if (wait > 0) throw tooManyAttempts(wait);
  const checks = [{ key: `staff-signin:ip:${network}`, limit: ctx.limits.signInPerIp }];
  await enforce(ctx.db, checks, now);

  const [member] = await ctx.db.select().from(staff).where(eq(staff.email, email)).limit(1);
  const factors = secondFactorsOf(member);
  const attackedEmail = await underAttack(ctx.db, email, ctx.limits.underAttack, now);
  const attacked = factors.length > 0 && attackedEmail;
  // Under attack, a password alone is guessed at most `newNetworkPerEmail` times from networks the member never
  // signed in from (a botnet has many addresses); from one they did, it is never refused for what others do.
  if (
    attackedEmail &&
    factors.length === 0 &&
    !(member && (await signedInFrom(ctx.db, member.id, network)))
  ) {
    const perEmail = {
      key: `staff-signin:email:${email.toLowerCase()}`,
      limit: ctx.limits.newNetworkPerEmail,
    };
    await enforce(ctx.db, [perEmail], now);
    checks.push(perEmail);
  }
  const valid = member
    ? await verifyPassword(body.password, member.passwordHash)
    : await verifyAgainstNothing(body.password);

  let reason: FailureReason | null = null;
  if (!member || !valid) reason = 'wrong_password';
  else if (!member.active) reason = 'removed';
  else if (attacked && body.code === undefined) reason = 'code_required';
  else if (factors.length > 0 && body.code !== undefined) {
    // A code sent is checked, under attack or not (the attack may have ended while it was typed).
    if (!(await secondStepMatches(ctx.db, member, body.code, now))) reason = 'wrong_code';
  }

  if (reason) {
    // Timed when decided (after the password check): an address's wait runs from here.
    await recordFailure(ctx.db, { email, ip: network, reason }, ctx.clock.now());
    if (member)
      await audit(
        ctx.db,
        { id: null, ip: caller.ip },
        'staff.sign_in_failed',
        { type: 'staff', id: member.id },
        { reason },
        now,
      );
    const askForCode = { second_factor: factors };
    if (attacked && body.code === undefined)
      throw new AppError(401, 'second_factor_required', ['staff_second_factor_required'], askForCode);
    if (attacked || (factors.length > 0 && body.code !== undefined))
      throw new AppError(401, 'invalid_credentials', ['staff_invalid_password_or_code'], askForCode);
    throw new AppError(401, 'invalid_credentials', ['staff_invalid_credentials']);
  }

  await undoHits(ctx.db, checks, now);
  const session = await ctx.db.transaction(async (tx) => {
    const tokens = await createStaffSession(tx, member!, now);
    await audit(
      tx,
      { id: member!.id, ip: caller.ip },
      'staff.signed_in',
      { type: 'staff', id: member!.id },
      body.code !== undefined && factors.length > 0 ? { second_factor: 'totp' } : {},
      now,
    );
    return tokens;
  });
  return { staff: toStaff(member!), session };
}

/** DELETE v1/admin/sign_out: ends this device's session. */
export async function signOut(ctx: StaffContext, me: CurrentStaff) {
  await ctx.db.transaction(async (tx) => {
    await revokeStaffSession(tx, me);
    await audit(tx, me, 'staff.signed_out', { type: 'staff', id: me.id }, {}, ctx.clock.now());
  });
}

/* ---------------- the member's authenticator app (TOTP) ---------------- */

/** GET v1/admin/me/totp. */
export async function totpStatus(ctx: StaffContext, me: CurrentStaff) {
  const [row] = await ctx.db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.id, me.id));
  return { totp: { enabled: !!row?.secret } };
}

/**
 * POST v1/admin/me/totp: a new secret to set up (replacing one not yet confirmed). Sign-in does not change until a
 * code of it is confirmed (confirmTotp), so a secret shown and never typed into an app locks no one out.
 */
export async function startTotp(ctx: StaffContext, me: CurrentStaff): Promise<StaffTotpSetup> {
  const secret = newTotpSecret();
  await ctx.db
    .update(staff)
    .set({ totpPendingSecret: secret, updatedAt: ctx.clock.now() })
    .where(eq(staff.id, me.id));
  // The issuer is the store's host name (no port: a colon would split the app's label).
  return { secret, uri: totpUri(secret, me.email, new URL(ctx.publicUrl).hostname) };
}

/** PUT v1/admin/me/totp: the app's code for the secret being set up turns it on (422 for a wrong code). */
export async function confirmTotp(ctx: StaffContext, me: CurrentStaff, code: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, me.id)).for('update');
    if (!row?.totpPendingSecret) throw new AppError(422, 'invalid', ['staff_totp_not_started']);
    const step = matchTotp(row.totpPendingSecret, code, now);
    if (step === null) throw AppError.field('code', 'staff_totp_code_wrong');
    await tx
      .update(staff)
      .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: now })
      .where(eq(staff.id, me.id));
    await audit(tx, me, 'staff.totp_enabled', { type: 'staff', id: me.id }, {}, now);
  });
}

/**
 * The member's own password given again (turning the app off, a new password): 422 on `field` when wrong, at most 5
 * wrong ones per member and `limitKey` in 15 minutes (then 429), so a session left open is no way to guess it. A
 * right one takes its hit back. The member's row.
 */
async function ownPassword(
  ctx: StaffContext,
  me: CurrentStaff,
  given: { password: string; field: string; limitKey: string },
  now: Date,
) {
  const checks = [{ key: `${given.limitKey}:${me.id}`, limit: { max: 5, windowSeconds: 900 } }];
  await enforce(ctx.db, checks, now);
  const [row] = await ctx.db.select().from(staff).where(eq(staff.id, me.id));
  if (!row || !(await verifyPassword(given.password, row.passwordHash)))
    throw AppError.field(given.field, 'current_password_wrong');
  await undoHits(ctx.db, checks, now);
  return row;
}

/**
 * DELETE v1/admin/me/totp: turns the app off; takes the password again (422 on password when wrong), at most 5
 * wrong ones per member in 15 minutes, so a session left open is no way to guess the password.
 */
export async function disableTotp(ctx: StaffContext, me: CurrentStaff, password: string) {
  const now = ctx.clock.now();
  await ownPassword(ctx, me, { password, field: 'password', limitKey: 'staff-totp-off' }, now);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(staff.id, me.id));
    await audit(tx, me, 'staff.totp_disabled', { type: 'staff', id: me.id }, {}, now);
  });
}

/**
 * PUT v1/admin/me/password: the member's own new password, given the one they have (422 on current_password when
 * wrong; at most 5 wrong ones per member in 15 minutes, as turning the app off). The new one follows the rules of
 * adding a member; every other session of theirs ends (this one stays signed in). Audited.
 */
export async function changeOwnPassword(ctx: StaffContext, me: CurrentStaff, body: StaffPasswordChangeBody) {
  const now = ctx.clock.now();
  const row = await ownPassword(
    ctx,
    me,
    { password: body.current_password, field: 'current_password', limitKey: 'staff-password' },
    now,
  );
  checkStaffPassword(body.password, row.email);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    // Still the password checked above: an owner's reset (or another device's change) meanwhile wins, and this
    // one is refused as a wrong current password rather than written over it.
    const [locked] = await tx
      .select({ passwordHash: staff.passwordHash })
      .from(staff)
      .where(eq(staff.id, me.id))
      .for('update');
    if (locked?.passwordHash !== row.passwordHash)
      throw AppError.field('current_password', 'current_password_wrong');
    await tx.update(staff).set({ passwordHash, updatedAt: now }).where(eq(staff.id, me.id));
    await revokeOtherStaffSessions(tx, me);
    await audit(tx, me, 'staff.password_changed', { type: 'staff', id: me.id }, {}, now);
  });
}

/* ---------------- staff management (owners) ---------------- */

/** GET v1/admin/sign_in_failures (owners): the latest failed sign-ins and the emails under attack now. */
export const signInFailures = (ctx: StaffContext) =>
  recentFailures(ctx.db, ctx.limits.underAttack, ctx.clock.now());

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

/**
 * PATCH v1/admin/staff/{id}: another member's new role, a new password for them, or both, in one transaction.
 * Your own account is refused (422), an unknown or removed member is 404, and the last active owner cannot be made
 * something else (422); the active owners are locked first in id order, as removeStaff does, so two owners
 * demoting each other at once leave one, and an owner demoted meanwhile is refused (403). A new password follows
 * the rules of adding a member and ends every session of the member (whoever knew the old one is signed out). A
 * new role counts from the member's next request: sessions read it from the staff row each time (session.ts).
 */
export async function updateStaff(
  ctx: StaffContext,
  me: CurrentStaff,
  id: number,
  body: StaffUpdateBody,
): Promise<StaffMember> {
  if (id === me.id) throw new AppError(422, 'invalid', ['staff_cannot_change_self']);
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    if (!owners.includes(me.id)) throw new AppError(403, 'forbidden', ['staff_forbidden']);
    const [target] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1).for('update');
    if (!target?.active) throw AppError.notFound('staff_not_found');
    if (body.password !== undefined) checkStaffPassword(body.password, target.email);
    const from = target.role as StaffRole;
    const newRole = body.role !== undefined && body.role !== from ? body.role : undefined;
    // A defence: only an owner may ask and not for themselves, so another owner is always locked here.
    if (newRole && from === 'owner' && owners.length <= 1)
      throw new AppError(422, 'invalid', ['staff_last_owner']);
    if (!newRole && !passwordHash) return toMember(target);
    const [row] = await tx
      .update(staff)
      .set({ ...(newRole && { role: newRole }), ...(passwordHash && { passwordHash }), updatedAt: now })
      .where(eq(staff.id, id))
      .returning();
    if (newRole) await audit(tx, me, 'staff.role_changed', { type: 'staff', id }, { from, to: newRole }, now);
    if (passwordHash) {
      await revokeAllStaffSessions(tx, id);
      await audit(tx, me, 'staff.password_reset', { type: 'staff', id }, {}, now);
    }
    return toMember(row!);
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
