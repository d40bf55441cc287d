import {
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  type OtpPurpose,
} from '@store/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { otps } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limit } from '../../lib/rate-limit.ts';

/**
 * SMS one-time codes: 6 random digits, stored as an HMAC-SHA256 keyed by a random per-code salt (never the code),
 * valid OTP_TTL_MINUTES, dead after OTP_MAX_ATTEMPTS wrong tries, and not resent within OTP_RESEND_SECONDS.
 * A new code for a phone and purpose ends the earlier ones.
 */

function digest(salt: string, purpose: string, phone: string, code: string) {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(`${purpose}:${phone}:${code}`).digest();
}
function hashCode(purpose: string, phone: string, code: string) {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, purpose, phone, code).toString('hex')}`;
}
function matches(stored: string, purpose: string, phone: string, code: string) {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, purpose, phone, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** 'Please wait {time}s before resending code' (429) when a code went out less than 120 s ago. */
export function otpWaitError(seconds: number) {
  return new AppError(
    429,
    'otp_wait',
    [`otp_wait:${seconds}`],
    { wait_seconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Seconds until a new code may be sent to this phone for this purpose (0 = now). Call inside the transaction
 * that holds the user's row lock, so two requests cannot both pass.
 */
export async function secondsUntilResend(db: DbOrTx, phone: string, purpose: OtpPurpose, now: Date) {
  const [last] = await db
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  if (!last) return 0;
  return Math.max(
    0,
    Math.ceil((last.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000),
  );
}

/**
 * Seconds until the phone may get another code under `limit` (0: now), counted exactly over the last
 * `limit.windowSeconds` from the codes really sent (a code whose SMS failed is dropped, so it does not count).
 */
export async function secondsUntilSmsAllowed(db: DbOrTx, phone: string, limit: Limit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const recent = await db
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), gt(otps.createdAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(otps.createdAt))
    .limit(limit.max);
  if (recent.length < limit.max) return 0;
  const oldest = recent[limit.max - 1]!.createdAt.getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
}

/** A new code for the phone (throws the wait error within 120 s of the last one). Returns the code to send. */
export async function issueOtp(
  db: DbOrTx,
  args: { userId: number; phone: string; purpose: OtpPurpose; now: Date },
) {
  const { userId, phone, purpose, now } = args;
  const wait = await secondsUntilResend(db, phone, purpose, now);
  if (wait > 0) throw otpWaitError(wait);
  await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
  const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
  const [row] = await db
    .insert(otps)
    .values({
      userId,
      phoneNumber: phone,
      purpose,
      codeHash: hashCode(purpose, phone, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      createdAt: now,
    })
    .returning({ id: otps.id });
  return { code, otpId: row!.id };
}

export type OtpCheck =
  { ok: true; userId: number; phone: string } | { ok: false; reason: 'wrong' | 'expired' };

/**
 * Checks a code against the live code of its phone and, when it is right, uses it up. A code is never looked up
 * without its phone (decision 010): a wrong guess counts a try against that phone's live code, the fifth kills it,
 * and the caller's per-phone and per-address limits count it too. Compared in constant time. The caller commits
 * the transaction whatever the answer, so tries are counted.
 */
export async function checkOtp(
  db: DbOrTx,
  args: { purpose: OtpPurpose; code: string; phone: string; now: Date },
): Promise<OtpCheck> {
  const { purpose, code, phone, now } = args;
  const [live] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1)
    .for('update');
  if (!live) return { ok: false, reason: 'wrong' };
  if (live.expiresAt.getTime() <= now.getTime() || live.attempts >= OTP_MAX_ATTEMPTS)
    return { ok: false, reason: 'expired' };
  if (!matches(live.codeHash, purpose, phone, code)) {
    await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(eq(otps.id, live.id));
    return { ok: false, reason: 'wrong' };
  }
  await db.update(otps).set({ consumedAt: now }).where(eq(otps.id, live.id));
  return live.userId == null ? { ok: false, reason: 'wrong' } : { ok: true, userId: live.userId, phone };
}

/** Ends every live code of the user for a purpose (after a password change or reset). */
export async function endOtps(db: DbOrTx, userId: number, purpose: OtpPurpose, now: Date) {
  await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
}

/** Removes a code whose SMS could not be sent, so the shopper may ask again at once. */
export async function dropOtp(db: DbOrTx, otpId: number) {
  await db.delete(otps).where(eq(otps.id, otpId));
}
