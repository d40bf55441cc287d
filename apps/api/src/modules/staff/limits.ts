import type { Limit } from '../../lib/rate-limit.ts';

/**
 * Limits of staff sign-in (sliding windows in rate_limits, shared by every instance; decision 010's counters).
 * Every attempt counts before the password is checked, so parallel guesses cannot slip under a limit; a right
 * password takes its hits back, so only failures add up and the staff's own sign-ins never lock them out.
 * - per email and address: one machine guessing one account;
 * - per email: many machines guessing one account (higher, so a stranger needs many addresses to keep a member
 *   out, and even then only while they keep guessing);
 * - per address: one machine trying many accounts.
 * Tests lower them through buildApp's `staffLimits`.
 */
export interface StaffLimits {
  signInPerEmailAndIp: Limit;
  signInPerEmail: Limit;
  signInPerIp: Limit;
}

const minutes = (m: number) => m * 60;

export const DEFAULT_STAFF_LIMITS: StaffLimits = {
  signInPerEmailAndIp: { max: 10, windowSeconds: minutes(15) },
  signInPerEmail: { max: 50, windowSeconds: minutes(15) },
  signInPerIp: { max: 30, windowSeconds: minutes(15) },
};
