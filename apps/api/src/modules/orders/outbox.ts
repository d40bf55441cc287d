/**
 * The outbox's failures, for the back office (owners): the events whose last attempt failed, still retrying or
 * given up, and a retry that puts a given-up event back in the queue at once. The outbox is this module's
 * (events.ts drains it); a retry only makes the event due again, the job does the work, once, on any instance.
 */
import type { AdminOutboxEvent, AdminOutboxResponse } from '@store/contracts/admin-outbox';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../staff/index.ts';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Failed events, newest first (at most 200), and how many of each state there are. */
export async function failedEvents(db: DbOrTx): Promise<AdminOutboxResponse> {
  const list = await rows(
    db,
    sql`select id, type, order_id, attempts, last_error, created_at, available_at, processed_at
      from domain_events where last_error is not null
      order by created_at desc, id desc limit 200`,
  );
  const [counts] = await rows(
    db,
    sql`select count(*) filter (where processed_at is null)::int as retrying,
      count(*) filter (where processed_at is not null)::int as failed
      from domain_events where last_error is not null`,
  );
  const events: AdminOutboxEvent[] = list.map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    order_id: r.order_id === null ? null : Number(r.order_id),
    state: r.processed_at === null ? 'retrying' : 'failed',
    attempts: Number(r.attempts),
    error: String(r.last_error),
    created_at: iso(r.created_at),
    next_attempt_at: r.processed_at === null ? iso(r.available_at) : null,
  }));
  return { events, counts: { retrying: Number(counts?.retrying ?? 0), failed: Number(counts?.failed ?? 0) } };
}

/**
 * Puts a failed event back in the queue, due now, with its attempts counted from zero: the next drain (every second)
 * tries it. An event that is not failed (done, or still retrying on its own) answers 409 and changes nothing.
 */
export async function retryEvent(db: DbOrTx, id: number, who: AuditActor, now: Date): Promise<void> {
  const updated = await rows(
    db,
    sql`update domain_events set processed_at = null, attempts = 0, available_at = ${now.toISOString()}::timestamptz
      where id = ${id} and processed_at is not null and last_error is not null returning id`,
  );
  if (updated.length) {
    await audit(db, who, 'outbox.retried', { type: 'domain_event', id }, {}, now);
    return;
  }
  const [exists] = await rows(db, sql`select 1 from domain_events where id = ${id}`);
  if (!exists) throw AppError.notFound('not_found');
  throw new AppError(409, 'outbox_not_failed', ['outbox_not_failed']);
}
