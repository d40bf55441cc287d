import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword, verifyPassword } from '../auth/index.ts';
import { audit } from './audit.ts';
import { revokeAllStaffSessions } from './session.ts';

/**
 * The demo store's owner, seeded outside production when OWNER_EMAIL is not set (README names it). Its password is
 * public, so production switches it off at start-up.
 */
export const DEMO_OWNER = {
  email: 'owner@store.local',
  password: 'souq-demo-owner',
  name: 'Demo owner',
} as const;

/** created; password_reset (a new password, sessions ended); restored (made an active owner again); unchanged. */
export type OwnerResult = 'created' | 'password_reset' | 'restored' | 'unchanged';

/**
 * OWNER_EMAIL / OWNER_PASSWORD at start-up: creates that owner, or makes the account with that email an active owner
 * whose password is this one. A password that already matches changes nothing (a restart signs no one out); a new
 * one ends the account's sessions (whoever knew the old password is out). The config has checked both values.
 */
export async function ensureOwner(
  db: DbOrTx,
  owner: { email: string; password: string; name?: string },
  now: Date,
): Promise<OwnerResult> {
  try {
    return await ensureOwnerOnce(db, owner, now);
  } catch (err) {
    // Two instances started at once both found no such account and both added it: the second's insert is refused
    // by the unique email, and this pass finds the account the first one made.
    if (!isUniqueViolation(err)) throw err;
    return ensureOwnerOnce(db, owner, now);
  }
}

async function ensureOwnerOnce(
  db: DbOrTx,
  owner: { email: string; password: string; name?: string },
  now: Date,
): Promise<OwnerResult> {
  const email = owner.email.trim().toLowerCase();
  const [existing] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  const samePassword = existing ? await verifyPassword(owner.password, existing.passwordHash) : false;
  if (existing && samePassword && existing.active && existing.role === 'owner') return 'unchanged';
  const passwordHash = samePassword ? existing!.passwordHash : await hashPassword(owner.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.email, email)).limit(1).for('update');
    if (!row) {
      const [created] = await tx
        .insert(staff)
        .values({
          email,
          name: owner.name ?? 'Owner',
          role: 'owner',
          passwordHash,
          active: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await audit(tx, null, 'staff.owner_created', { type: 'staff', id: created!.id }, { email }, now);
      return 'created';
    }
    await tx
      .update(staff)
      .set({ passwordHash, role: 'owner', active: true, updatedAt: now })
      .where(eq(staff.id, row.id));
    if (!samePassword) await revokeAllStaffSessions(tx, row.id);
    await audit(
      tx,
      null,
      'staff.owner_reset',
      { type: 'staff', id: row.id },
      { email, password_changed: !samePassword, role_was: row.role, was_active: row.active },
      now,
    );
    return samePassword ? 'restored' : 'password_reset';
  });
}

/** True when an active owner exists. */
async function hasActiveOwner(db: DbOrTx) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.active, true)))
    .limit(1);
  return row !== undefined;
}

/** The demo owner's row when it is active and still has the public demo password. */
async function liveDemoOwner(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.email, DEMO_OWNER.email), eq(staff.active, true)))
    .limit(1);
  return row && (await verifyPassword(DEMO_OWNER.password, row.passwordHash)) ? row : undefined;
}

/**
 * Start-up (server.ts, after the migrations; the running server holds the embedded database, so this needs no
 * second process). Answers the lines to print; throws a sentence naming the variables when production has no owner.
 * - OWNER_EMAIL and OWNER_PASSWORD set: ensureOwner.
 * - Outside production without them: the demo owner is created when no owner exists, and named while it still has
 *   the demo password.
 * - Production: the demo owner (public password) is switched off; without any active owner the store refuses to
 *   start and says to set OWNER_EMAIL and OWNER_PASSWORD.
 */
export async function bootstrapOwner(
  db: DbOrTx,
  opts: {
    env: 'development' | 'production' | 'test';
    ownerEmail?: string;
    ownerPassword?: string;
    now: Date;
  },
): Promise<string[]> {
  const lines: string[] = [];
  if (opts.ownerEmail && opts.ownerPassword) {
    const result = await ensureOwner(db, { email: opts.ownerEmail, password: opts.ownerPassword }, opts.now);
    if (result === 'created') lines.push(`Back office: created the owner ${opts.ownerEmail} (OWNER_EMAIL).`);
    if (result === 'password_reset')
      lines.push(
        `Back office: ${opts.ownerEmail} is an owner with the password of OWNER_PASSWORD; its sessions ended.`,
      );
    if (result === 'restored')
      lines.push(`Back office: ${opts.ownerEmail} is an active owner again (OWNER_EMAIL).`);
  }
  if (opts.env === 'production') {
    const demo = await liveDemoOwner(db);
    if (demo) {
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ active: false, updatedAt: opts.now }).where(eq(staff.id, demo.id));
        await revokeAllStaffSessions(tx, demo.id);
        await audit(
          tx,
          null,
          'staff.removed',
          { type: 'staff', id: demo.id },
          { email: demo.email, reason: 'demo owner in production' },
          opts.now,
        );
      });
      lines.push(`Back office: switched off the demo owner ${DEMO_OWNER.email} (its password is public).`);
    }
    if (!(await hasActiveOwner(db)))
      throw new Error(
        'The store cannot start: no owner can sign in to the back office (/admin).\n' +
          '  OWNER_EMAIL, OWNER_PASSWORD: set both to create the first owner (e.g. OWNER_EMAIL=you@store.example and a password of 8 or more characters that is not a common one); once an owner exists, both may be left out.',
      );
    return lines;
  }
  if (!opts.ownerEmail && !(await hasActiveOwner(db))) {
    await ensureOwner(db, DEMO_OWNER, opts.now);
  }
  if (await liveDemoOwner(db))
    lines.push(
      `Back office (demo): sign in at /admin as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password} ` +
        '(set OWNER_EMAIL and OWNER_PASSWORD for a real owner).',
    );
  return lines;
}
