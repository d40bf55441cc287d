import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** Most hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the rate_limits table, shared by every instance through the database: one statement
 * starts a new window or counts one more hit in the current one, and answers the count.
 */
export async function hit(db: DbOrTx, key: string, limit: Limit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start >= excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = greatest(rate_limits.window_start, excluded.window_start)
    returning count, window_start`)) as unknown as {
    rows: { count: number | string; window_start: unknown }[];
  };
  const row = result.rows[0]!;
  const start = row.window_start instanceof Date ? row.window_start : new Date(String(row.window_start));
  const resetsInSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { count: Number(row.count), resetsInSeconds };
}

/** Counts a hit on every key; the first key over its limit answers 429 'Too many attempts, … {time}s'. */
export async function enforce(db: DbOrTx, checks: { key: string; limit: Limit }[], now: Date) {
  let blockedFor = 0;
  for (const c of checks) {
    const { count, resetsInSeconds } = await hit(db, c.key, c.limit, now);
    if (count > c.limit.max) blockedFor = Math.max(blockedFor, resetsInSeconds);
  }
  if (blockedFor > 0) {
    throw new AppError(
      429,
      'too_many_requests',
      [`too_many_attempts:${blockedFor}`],
      { retry_after: blockedFor },
      { 'retry-after': String(blockedFor) },
    );
  }
}
