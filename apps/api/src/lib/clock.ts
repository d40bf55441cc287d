/** Time comes from here so OTP timers, payment-key expiry and sessions are testable without sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests (and the e2e server, through /dev/clock) can move forward. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
