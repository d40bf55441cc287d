import type { Limit } from '../../lib/rate-limit.ts';

/**
 * Limits of staff sign-in (decision 025, replacing decision 011's per-email cap, which let five addresses keep an
 * owner out). Tests lower or raise them through buildApp's `staffLimits`.
 * - `signInPerIp`: a sliding window in rate_limits, counted before the password is checked so that parallel
 *   guesses cannot all slip under it, and taken back by a right password (only failures add up).
 * - `backoff`: an address's failed sign-ins (any email) in the last `windowSeconds`: the first `free` cost nothing;
 *   after that the address waits `firstWaitSeconds`, doubling with each failure, at most `maxWaitSeconds`, from its
 *   last failure. A wait answers 429 with Retry-After before any password is checked.
 * - `underAttack`: an email with `failures` failed sign-ins from at least `addresses` addresses in the last
 *   `windowSeconds` is under attack: a member with a second step (their authenticator app) then signs in with the
 *   password and its code.
 * - `newNetworkPerEmail`: while an email is under attack, the password checks it gets from networks its member
 *   never signed in from (and every check of an email no member has), counted like `signInPerIp`. Addresses are
 *   counted by network (an IPv6 /64, lib/client-network.ts), but a botnet has many; this caps its guesses at an
 *   account without an authenticator app. A member is never refused a right password from a network they signed in
 *   from before, whatever other addresses do.
 */
export interface StaffLimits {
  signInPerIp: Limit;
  backoff: { free: number; windowSeconds: number; firstWaitSeconds: number; maxWaitSeconds: number };
  underAttack: { failures: number; addresses: number; windowSeconds: number };
  newNetworkPerEmail: Limit;
}

const minutes = (m: number) => m * 60;

export const DEFAULT_STAFF_LIMITS: StaffLimits = {
  signInPerIp: { max: 30, windowSeconds: minutes(15) },
  backoff: { free: 5, windowSeconds: minutes(15), firstWaitSeconds: 2, maxWaitSeconds: minutes(15) },
  underAttack: { failures: 10, addresses: 3, windowSeconds: minutes(15) },
  newNetworkPerEmail: { max: 10, windowSeconds: minutes(15) },
};

/** Seconds an address with `failures` failures must wait after its last one (0: none yet). */
export function backoffSeconds(limits: StaffLimits['backoff'], failures: number): number {
  if (failures < limits.free) return 0;
  const doublings = Math.min(failures - limits.free, 30);
  return Math.min(limits.maxWaitSeconds, limits.firstWaitSeconds * 2 ** doublings);
}
