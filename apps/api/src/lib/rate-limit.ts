import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** Most hits allowed in any span of `windowSeconds`. */
  max: number;
  windowSeconds: number;
}

/**
 * Sliding-window counters in the rate_limits table, shared by every instance through the database (decision 010).
 * Each window of `windowSeconds` has its own row (`key#<window number>`); a hit counts in the current window and is
 * judged on the current count plus the previous window's count weighted by how much of the previous window still
 * lies inside the last `windowSeconds`. So a burst across a window boundary counts as one burst (a fixed window let
 * 13 SMS through in 24 minutes against 8 an hour), at the cost of two rows per key. One statement, any instance.
 */
export async function hit(db: DbOrTx, key: string, limit: Limit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const index = Math.floor(now.getTime() / windowMs);
  const windowStart = new Date(index * windowMs);
  const result = (await db.execute(sql`
    with cur as (
      insert into rate_limits (key, window_start, count)
      values (${`${key}#${index}`}, ${windowStart.toISOString()}::timestamptz, 1)
      on conflict (key) do update set count = rate_limits.count + 1
      returning count)
    select cur.count,
      coalesce((select count from rate_limits where key = ${`${key}#${index - 1}`}), 0) as previous
    from cur`)) as unknown as { rows: { count: number | string; previous: number | string }[] };
  const current = Number(result.rows[0]!.count);
  const previous = Number(result.rows[0]!.previous);
  const elapsed = (now.getTime() - windowStart.getTime()) / windowMs; // 0..1 into the current window
  const count = current + previous * (1 - elapsed);
  return { count, blockedFor: secondsUntilBelow(limit, current, previous, elapsed) };
}

/**
 * Seconds until, with no more hits, the weighted count is back under the limit (0 when it is under now).
 * Within this window the previous window's weight shrinks; once it has passed, this window becomes the previous.
 */
function secondsUntilBelow(limit: Limit, current: number, previous: number, elapsed: number) {
  const { max, windowSeconds } = limit;
  if (current + previous * (1 - elapsed) <= max) return 0;
  let atFraction: number; // of the current window, possibly past 1 (then into the next one)
  if (current <= max && previous > 0) atFraction = 1 - (max - current) / previous;
  else atFraction = 1 + (1 - max / current);
  return Math.max(1, Math.ceil((atFraction - elapsed) * windowSeconds));
}

/** Counts a hit on every key; answers how many seconds the caller must wait (0: none is over its limit). */
export async function countHits(db: DbOrTx, checks: { key: string; limit: Limit }[], now: Date) {
  let blockedFor = 0;
  for (const c of checks) blockedFor = Math.max(blockedFor, (await hit(db, c.key, c.limit, now)).blockedFor);
  return blockedFor;
}

/**
 * Takes back one hit counted by `countHits`/`enforce` at the same `now` (same window): for limits that should count
 * only failures yet must count before the check, so that parallel guesses cannot all slip under the limit (staff
 * sign-in takes back the hits of a right password).
 */
export async function undoHits(db: DbOrTx, checks: { key: string; limit: Limit }[], now: Date) {
  for (const c of checks) {
    const index = Math.floor(now.getTime() / (c.limit.windowSeconds * 1000));
    await db.execute(
      sql`update rate_limits set count = count - 1 where key = ${`${c.key}#${index}`} and count > 0`,
    );
  }
}

/** 'Too many attempts, … {time}s' (429) with Retry-After. */
export function tooManyAttempts(seconds: number) {
  return new AppError(
    429,
    'too_many_requests',
    [`too_many_attempts:${seconds}`],
    { retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** Counts a hit on every key; when one is over its limit answers 429 'Too many attempts, … {time}s'. */
export async function enforce(db: DbOrTx, checks: { key: string; limit: Limit }[], now: Date) {
  const blockedFor = await countHits(db, checks, now);
  if (blockedFor > 0) throw tooManyAttempts(blockedFor);
}
