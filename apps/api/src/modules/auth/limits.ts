import type { Limit } from '../../lib/rate-limit.ts';

/**
 * Rate limits of the account calls (fixed windows, counted in the database so every instance shares them).
 * Per phone number they stop guessing one account's password or code; per address (IP) they stop one machine
 * from trying many accounts. Per-address limits are generous because mobile networks put many shoppers behind
 * one address. Tests lower them through buildApp's `authLimits`.
 */
export interface AuthLimits {
  signInPerPhone: Limit;
  signInPerIp: Limit;
  /** Code entry: confirmations and password resets. */
  codePerPhone: Limit;
  codePerIp: Limit;
  /** Messages sent: sign-up, resend, forgot password (each phone also waits OTP_RESEND_SECONDS between codes). */
  smsPerPhone: Limit;
  smsPerIp: Limit;
  /**
   * Every code the store sends, from anyone (SMS_HOURLY_LIMIT): a cap on the gateway's bill when many addresses
   * ask for codes to many numbers (an IPv6 /48 holds 65,536 /64s, each with its own per-address limit). Counted
   * only for a request its address's limit let through, so one machine cannot use it up. The order messages are
   * not counted: they go to shoppers who ordered.
   */
  smsStoreWide: Limit;
  /** Current-password checks of the password change, per user. */
  passwordChangePerUser: Limit;
  /** Discount codes a shopper types that do not exist (guessing private codes), per user (decision 038). */
  discountCodePerUser: Limit;
  /** The same per address, whichever shoppers type them: one machine rotating carts or accounts. */
  discountCodePerIp: Limit;
}

const minutes = (m: number) => m * 60;

/**
 * The per-address limits multiplied by `factor` (ADDRESS_LIMIT_FACTOR): for a shop whose shoppers share few
 * addresses (a company network, a carrier's NAT) or a test rig where every request comes from one machine.
 * The per-phone limits, which stop guessing one account, never change.
 */
export function withAddressFactor(limits: AuthLimits, factor: number): AuthLimits {
  const scale = (l: Limit): Limit => ({ ...l, max: l.max * factor });
  return {
    ...limits,
    signInPerIp: scale(limits.signInPerIp),
    codePerIp: scale(limits.codePerIp),
    smsPerIp: scale(limits.smsPerIp),
    discountCodePerIp: scale(limits.discountCodePerIp),
  };
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerPhone: { max: 10, windowSeconds: minutes(15) },
  signInPerIp: { max: 100, windowSeconds: minutes(15) },
  codePerPhone: { max: 10, windowSeconds: minutes(15) },
  codePerIp: { max: 100, windowSeconds: minutes(15) },
  smsPerPhone: { max: 8, windowSeconds: minutes(60) },
  smsPerIp: { max: 50, windowSeconds: minutes(60) },
  smsStoreWide: { max: 1000, windowSeconds: minutes(60) },
  passwordChangePerUser: { max: 10, windowSeconds: minutes(15) },
  discountCodePerUser: { max: 20, windowSeconds: minutes(15) },
  discountCodePerIp: { max: 60, windowSeconds: minutes(15) },
};
