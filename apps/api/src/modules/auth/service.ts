import {
  apiMessage,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  nationalIdError,
  type ChangePasswordBody,
  type ConfirmationBody,
  type ForgotPasswordBody,
  type Locale,
  type OtpPurpose,
  type ProfileUpdateBody,
  type ResendOtpBody,
  type ResetPasswordBody,
  type SignInBody,
  type SignUpBody,
  type User,
  passwordIsPhone,
} from '@store/contracts';
import { isCommonPassword } from '@store/contracts/common-passwords';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { maskPhone } from '../../lib/logging.ts';
import { countHits, enforce, tooManyAttempts, undoHits } from '../../lib/rate-limit.ts';
import {
  checkOtp,
  dropOtp,
  endOtps,
  issueOtp,
  otpWaitError,
  secondsUntilResend,
  secondsUntilSmsAllowed,
} from './otp.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { rememberLocale } from './locale.ts';
import {
  createSession,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  rotateSession,
  type SessionTokens,
  type SessionUser,
} from './session.ts';

/** What the account services use: the app's database, clock, SMS sender and limits, and a logger. */
export type AuthContext = Pick<AppContext, 'db' | 'clock' | 'sms' | 'authLimits'> & {
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

/** What a call knows about its caller besides the body. */
export interface Caller {
  ip: string;
  locale: Locale;
}

type UserRow = typeof users.$inferSelect;

export function toUser(u: UserRow): User {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    phone_number: u.phoneNumber,
    mobile: u.phoneNumber,
    national_id: u.nationalId,
    confirmed: u.confirmedAt !== null,
  };
}

const fieldError = (status: number, field: string, key: string) =>
  new AppError(status, 'invalid', { [field]: [key] });

async function lockUserByPhone(db: DbOrTx, phone: string) {
  const [u] = await db.select().from(users).where(eq(users.phoneNumber, phone)).limit(1).for('update');
  return u;
}

/**
 * Every request that may send an SMS counts against its address, then (once its address's limit let it through)
 * against the store's hourly cap on codes (SMS_HOURLY_LIMIT). Past the cap every shopper waits, and the log says
 * so once a minute at most: it caps the bill of many addresses asking for codes, at the cost of sign-ups meanwhile.
 */
async function smsIpLimit(ctx: AuthContext, ip: string) {
  const now = ctx.clock.now();
  await enforce(ctx.db, [{ key: `sms:ip:${ip}`, limit: ctx.authLimits.smsPerIp }], now);
  const blockedFor = await countHits(ctx.db, [{ key: 'sms:all', limit: ctx.authLimits.smsStoreWide }], now);
  if (blockedFor > 0) {
    if (now.getTime() - lastCapWarning >= 60_000) {
      lastCapWarning = now.getTime();
      ctx.log.error(
        { limit: ctx.authLimits.smsStoreWide.max },
        'SMS_HOURLY_LIMIT reached: no sign-up, reset or sign-in code is sent until the hour has room again (many addresses asking for codes?)',
      );
    }
    throw tooManyAttempts(blockedFor);
  }
}
let lastCapWarning = 0;

/**
 * A new code for the (locked) user, under the phone's SMS limit counted exactly over the codes really sent, so
 * requests refused by the 120 s rule cannot use up someone's messages.
 */
async function newCode(
  tx: DbOrTx,
  ctx: AuthContext,
  userId: number,
  phone: string,
  purpose: OtpPurpose,
  now: Date,
) {
  const wait = await secondsUntilResend(tx, phone, purpose, now);
  if (wait > 0) throw otpWaitError(wait);
  const smsWait = await secondsUntilSmsAllowed(tx, phone, ctx.authLimits.smsPerPhone, now);
  if (smsWait > 0) throw tooManyAttempts(smsWait);
  return issueOtp(tx, { userId, phone, purpose, now });
}

/** Every code entry counts against the phone it names and against the caller's address. */
function codeLimits(ctx: AuthContext, phone: string, ip: string) {
  return enforce(
    ctx.db,
    [
      { key: `code:ip:${ip}`, limit: ctx.authLimits.codePerIp },
      { key: `code:phone:${phone}`, limit: ctx.authLimits.codePerPhone },
    ],
    ctx.clock.now(),
  );
}

/** A new password must not be a common one nor the account's phone (the schemas check the phone they carry). */
function checkNewPassword(password: string, phone: string) {
  if (passwordIsPhone(password, phone)) throw fieldError(422, 'password', 'password_is_phone');
  if (isCommonPassword(password)) throw fieldError(422, 'password', 'password_too_common');
}

/**
 * Sends the code by SMS. When the gateway does not take it (refused in any form, or no answer in time: every
 * gateway tried, SMS_FALLBACK_PROVIDER included), `undo` removes what was written and the shopper gets 503 "we
 * could not send the code, try again in a minute", never "code sent". The code row is removed with it: a message
 * the shopper was told did not go out should not unlock anything should it arrive late, and the phone's SMS limit
 * and its 120 s wait count only codes really sent (otp.ts), so the failure costs the shopper neither.
 */
async function sendCode(
  ctx: AuthContext,
  args: { phone: string; code: string; purpose: OtpPurpose; locale: Locale },
  undo: () => Promise<void>,
) {
  const key = (
    {
      confirmation: 'sms_confirmation_text',
      password_reset: 'sms_password_reset_text',
      sign_in: 'sms_sign_in_text',
    } as const
  )[args.purpose];
  const text = apiMessage(key, args.locale, { code: args.code, minutes: OTP_TTL_MINUTES });
  try {
    await ctx.sms.send({ to: args.phone, text, kind: args.purpose, secret: args.code });
  } catch (err) {
    ctx.log.error({ err, to: maskPhone(args.phone) }, 'SMS could not be sent');
    await undo().catch((e: unknown) => ctx.log.error({ err: e }, 'undoing after a failed SMS failed'));
    throw new AppError(503, 'sms_failed', ['sms_failed'], {}, { 'retry-after': '60' });
  }
}

/* ---------------- sign-up and confirmation ---------------- */

export async function signUp(ctx: AuthContext, body: SignUpBody, caller: Caller) {
  const phone = body.phone_number;
  checkNewPassword(body.password, phone);
  await smsIpLimit(ctx, caller.ip);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  let created: { userId: number; code: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
      if (existing) throw fieldError(422, 'phone_number', 'phone_taken');
      const [user] = await tx
        .insert(users)
        .values({
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          phoneNumber: phone,
          passwordHash,
          locale: caller.locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const { code } = await newCode(tx, ctx, user!.id, phone, 'confirmation', now);
      return { userId: user!.id, code };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(422, 'phone_number', 'phone_taken');
    throw err;
  }
  // If the code cannot be sent, the account is not kept: signing up again is the way to retry.
  await sendCode(ctx, { phone, code: created.code, purpose: 'confirmation', locale: caller.locale }, () =>
    ctx.db
      .delete(users)
      .where(and(eq(users.id, created.userId), isNull(users.confirmedAt)))
      .then(() => undefined),
  );
  return { phone_number: phone, resend_in: OTP_RESEND_SECONDS };
}

const otpFailure = (field: string, reason: 'wrong' | 'expired') =>
  fieldError(404, field, reason === 'wrong' ? 'wrong_otp' : 'otp_expired');

export async function confirm(ctx: AuthContext, body: ConfirmationBody, caller: Caller) {
  await codeLimits(ctx, body.phone_number, caller.ip);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const check = await checkOtp(tx, {
      purpose: 'confirmation',
      code: body.sms_confirmation_otp,
      phone: body.phone_number,
      now,
    });
    if (check.ok) {
      await tx
        .update(users)
        .set({ confirmedAt: now, updatedAt: now })
        .where(and(eq(users.id, check.userId), isNull(users.confirmedAt)));
    }
    return check;
  });
  if (!result.ok) throw otpFailure('sms_confirmation_otp', result.reason);
}

/** POST v1/users/otps: a new code for a confirmation or a password reset. */
export async function resendOtp(ctx: AuthContext, body: ResendOtpBody, caller: Caller) {
  const phone = body.phone_number;
  await smsIpLimit(ctx, caller.ip);
  const now = ctx.clock.now();
  const { code, otpId } = await ctx.db.transaction(async (tx) => {
    const user = await lockUserByPhone(tx, phone);
    if (!user) throw fieldError(404, 'phone_number', 'phone_not_registered');
    if (body.purpose === 'confirmation' && user.confirmedAt)
      throw new AppError(422, 'already_confirmed', ['already_confirmed']);
    return newCode(tx, ctx, user.id, phone, body.purpose, now);
  });
  await sendCode(ctx, { phone, code, purpose: body.purpose, locale: caller.locale }, () =>
    dropOtp(ctx.db, otpId),
  );
  return { phone_number: phone, resend_in: OTP_RESEND_SECONDS };
}

/* ---------------- sign-in, sign-out ---------------- */

/**
 * POST v1/users/sign_in. Limits: per address (429 outright) and per phone. While the phone's limit is hit (someone
 * is guessing its password), the answer is the same 429 whether the password is right or wrong, so the guesses
 * learn nothing; but when it is right, a sign-in code goes to the phone, and the password with that code lets the
 * owner in (decision 010). A stranger can keep the limit hit; they cannot keep the owner out.
 */
export async function signIn(ctx: AuthContext, body: SignInBody, caller: Caller) {
  const phone = body.phone_number;
  const now = ctx.clock.now();
  await enforce(ctx.db, [{ key: `signin:ip:${caller.ip}`, limit: ctx.authLimits.signInPerIp }], now);
  // Counted before the password is checked, so parallel guesses cannot all slip under the limit; a right
  // password takes its count back below, so the owner's own sign-ins never lock their number.
  const phoneLimit = [{ key: `signin:phone:${phone}`, limit: ctx.authLimits.signInPerPhone }];
  const lockedFor = await countHits(ctx.db, phoneLimit, now);
  const [user] = await ctx.db.select().from(users).where(eq(users.phoneNumber, phone)).limit(1);
  const valid = user
    ? await verifyPassword(body.password, user.passwordHash)
    : await verifyAgainstNothing(body.password);
  if (lockedFor > 0) return signInWhileLocked(ctx, body, caller, valid ? user : undefined, lockedFor);
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', ['invalid_credentials']);
  await undoHits(ctx.db, phoneLimit, now);
  if (!user.confirmedAt) {
    // Spec §4: the OTP page opens with its 120 s countdown running, so a fresh code goes out now (unless one
    // went out less than 120 s ago; that one is still good).
    // The password was right, so saying the code could not be sent tells no one anything new.
    await sendCodeQuietly(ctx, user.id, phone, 'confirmation', caller, { unlessNotSent: true });
    throw new AppError(401, 'need_confirmation', ['need_confirmation'], {
      need_confirmation: true,
      phone_number: phone,
    });
  }
  // The shopper's SMS about their orders go out in the language they use.
  await rememberLocale(ctx.db, user.id, caller.locale);
  const session = await createSession(ctx.db, { id: user.id, phoneNumber: user.phoneNumber }, now);
  return { user: toUser(user), session };
}

/**
 * Sign-in while the phone's limit is hit. `user` is set only when the password was right. Without a code: the same
 * 429 for everyone, and a code sent (in the background, so the answer takes as long either way) when the password
 * was right. With a code: a wrong password and a wrong code give the same answer; both count against the phone.
 */
async function signInWhileLocked(
  ctx: AuthContext,
  body: SignInBody,
  caller: Caller,
  user: UserRow | undefined,
  lockedFor: number,
) {
  const phone = body.phone_number;
  if (body.sms_sign_in_otp) {
    await codeLimits(ctx, phone, caller.ip);
    const now = ctx.clock.now();
    const check = user
      ? await ctx.db.transaction(async (tx) => {
          const c = await checkOtp(tx, { purpose: 'sign_in', code: body.sms_sign_in_otp!, phone, now });
          // The code proves the phone, as a reset code does.
          if (c.ok)
            await tx
              .update(users)
              .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)` })
              .where(eq(users.id, user.id));
          return c;
        })
      : ({ ok: false, reason: 'wrong' } as const);
    if (!check.ok) throw otpFailure('sms_sign_in_otp', check.reason);
    const session = await createSession(ctx.db, { id: user!.id, phoneNumber: user!.phoneNumber }, now);
    return { user: toUser({ ...user!, confirmedAt: user!.confirmedAt ?? now }), session };
  }
  if (user) void sendCodeQuietly(ctx, user.id, phone, 'sign_in', caller);
  throw new AppError(
    429,
    'sign_in_locked',
    [`sign_in_locked:${lockedFor}`],
    { otp_required: true, phone_number: phone, retry_after: lockedFor },
    { 'retry-after': String(lockedFor) },
  );
}

/**
 * A confirmation or sign-in code at sign-in; whatever goes wrong, the answer stays the same. With `unlessNotSent`
 * (an unconfirmed account whose right password was given) a gateway's refusal is the shopper's 503 instead; while
 * the phone is locked it never is: that answer must be the same for a right and a wrong password.
 */
async function sendCodeQuietly(
  ctx: AuthContext,
  userId: number,
  phone: string,
  purpose: 'confirmation' | 'sign_in',
  caller: Caller,
  opts: { unlessNotSent?: boolean } = {},
) {
  const now = ctx.clock.now();
  try {
    // Within 120 s of the last code nothing is sent (that code is still good) and nothing is counted.
    if ((await secondsUntilResend(ctx.db, phone, purpose, now)) > 0) return;
    await smsIpLimit(ctx, caller.ip);
    const issued = await ctx.db.transaction(async (tx) => {
      await lockUserByPhone(tx, phone);
      if ((await secondsUntilResend(tx, phone, purpose, now)) > 0) return null;
      return newCode(tx, ctx, userId, phone, purpose, now);
    });
    if (issued)
      await sendCode(ctx, { phone, code: issued.code, purpose, locale: caller.locale }, () =>
        dropOtp(ctx.db, issued.otpId),
      );
  } catch (err) {
    if (opts.unlessNotSent && err instanceof AppError && err.code === 'sms_failed') throw err;
    // The answer is the same either way; the shopper can sign in again for another code.
    ctx.log.warn({ err: { code: (err as AppError).code } }, `no ${purpose} code sent at sign-in`);
  }
}

export async function signOut(ctx: AuthContext, session: SessionUser) {
  await revokeSession(ctx.db, session);
}

/* ---------------- passwords ---------------- */

/** POST v1/users/passwords: sends a reset code; an unknown phone is a 404 on phone_number (spec §8). */
export async function forgotPassword(ctx: AuthContext, body: ForgotPasswordBody, caller: Caller) {
  const phone = body.phone_number;
  await smsIpLimit(ctx, caller.ip);
  const now = ctx.clock.now();
  const { code, otpId } = await ctx.db.transaction(async (tx) => {
    const user = await lockUserByPhone(tx, phone);
    if (!user) throw fieldError(404, 'phone_number', 'phone_not_registered');
    return newCode(tx, ctx, user.id, phone, 'password_reset', now);
  });
  await sendCode(ctx, { phone, code, purpose: 'password_reset', locale: caller.locale }, () =>
    dropOtp(ctx.db, otpId),
  );
  return { phone_number: phone, resend_in: OTP_RESEND_SECONDS };
}

/**
 * PUT v1/users/passwords: the code proves the phone, so the account is also confirmed; every session ends
 * (whoever knew the old password is signed out everywhere).
 */
export async function resetPassword(ctx: AuthContext, body: ResetPasswordBody, caller: Caller) {
  checkNewPassword(body.password, body.phone_number);
  await codeLimits(ctx, body.phone_number, caller.ip);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const check = await checkOtp(tx, {
      purpose: 'password_reset',
      code: body.sms_password_reset_otp,
      phone: body.phone_number,
      now,
    });
    if (!check.ok) return check;
    await tx
      .update(users)
      .set({
        passwordHash,
        confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, check.userId));
    await revokeAllSessions(tx, check.userId);
    await endOtps(tx, check.userId, 'password_reset', now);
    return check;
  });
  if (!result.ok) throw otpFailure('sms_password_reset_otp', result.reason);
}

/** PUT v1/users/password: needs the current password; signs out every other device. */
export async function changePassword(ctx: AuthContext, session: SessionUser, body: ChangePasswordBody) {
  await enforce(
    ctx.db,
    [{ key: `pwchange:user:${session.id}`, limit: ctx.authLimits.passwordChangePerUser }],
    ctx.clock.now(),
  );
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.id));
  if (!user) throw new AppError(401, 'unauthorized', ['unauthorized']);
  if (!(await verifyPassword(body.current_password, user.passwordHash)))
    throw fieldError(422, 'current_password', 'current_password_wrong');
  checkNewPassword(body.password, user.phoneNumber);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, session.id));
    await revokeOtherSessions(tx, session);
    await endOtps(tx, session.id, 'password_reset', now);
  });
}

/* ---------------- profile ---------------- */

export async function getUser(ctx: AuthContext, session: SessionUser): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.id));
  if (!user) throw new AppError(401, 'unauthorized', ['unauthorized']);
  return toUser(user);
}

/** PUT v1/users: saves the profile and gives this device a new token (spec §7 "user and new headers"). */
export async function updateProfile(
  ctx: AuthContext,
  session: SessionUser,
  body: ProfileUpdateBody,
): Promise<{ user: User; session: SessionTokens }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const changes: Partial<typeof users.$inferInsert> = {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      updatedAt: now,
    };
    // Absent keeps the saved number; null or empty clears it. A birth date after today (the store's clock) is
    // refused here; the body's schema checked the pattern and the calendar.
    if (body.national_id && nationalIdError(body.national_id, now))
      throw AppError.field('national_id', 'national_id_invalid');
    if (body.national_id !== undefined) changes.nationalId = body.national_id;
    const [user] = await tx.update(users).set(changes).where(eq(users.id, session.id)).returning();
    if (!user) throw new AppError(401, 'unauthorized', ['unauthorized']);
    const tokens = await rotateSession(tx, session, now);
    return { user: toUser(user), session: tokens };
  });
}

/** GET /dev/sms-outbox: what the outbox sender "sent", latest first. */
export async function smsOutbox(ctx: AuthContext, phone: string, limit: number) {
  const result = (await ctx.db.execute(sql`
    select id, phone_number, body, created_at from sms_outbox
    where phone_number = ${phone}
    order by id desc limit ${limit}`)) as unknown as {
    rows: { id: number; phone_number: string; body: string; created_at: Date | string }[];
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    phone_number: r.phone_number,
    body: r.body,
    code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * How long an account nobody confirmed holds its phone number. A sign-up never proven by its code is deleted after
 * this, so a stranger who signs up with someone else's number blocks that number for a day at most (and each try
 * costs them the phone's SMS limit); the number's owner can also take it at once with "forgot password", whose code
 * proves the phone. An unconfirmed account can never sign in, so it holds nothing else.
 */
export const UNCONFIRMED_ACCOUNT_HOURS = 24;

/**
 * Hourly clean-up: expired sessions, old codes, finished rate-limit windows and accounts never confirmed within
 * UNCONFIRMED_ACCOUNT_HOURS. Safe on many instances.
 */
export async function purgeExpired(db: DbOrTx, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const unconfirmedBefore = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_HOURS * 3_600_000).toISOString();
  await db.execute(
    sql`delete from users where confirmed_at is null and created_at <= ${unconfirmedBefore}::timestamptz`,
  );
  await db.execute(sql`delete from auth_tokens where expires_at <= ${now.toISOString()}::timestamptz`);
  await db.execute(sql`delete from otps where expires_at <= ${dayAgo}::timestamptz`);
  // A window is read for two of its lengths (the current and the previous one); no limit is longer than an hour.
  const threeHoursAgo = new Date(now.getTime() - 3 * 3_600_000).toISOString();
  await db.execute(sql`delete from rate_limits where window_start <= ${threeHoursAgo}::timestamptz`);
}
