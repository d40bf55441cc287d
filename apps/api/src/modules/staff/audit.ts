import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who did it: a staff member (currentStaff(req) fits) or, with id null, the system or an unknown caller. */
export interface AuditActor {
  id: number | null;
  /** The request's address, when there was a request (requireStaff sets it on currentStaff). */
  ip?: string | null;
}

/** What it was done to: `{ type: 'order', id: 42 }`. */
export interface AuditTarget {
  type: string;
  id: number | string;
}

/** Keys never written into an audit entry, however deep: the log must not become a place to find secrets. */
const SECRET_KEY = /password|token|secret|hash|otp|hmac|api_?key|authorization|cookie/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !SECRET_KEY.test(k) && v !== undefined)
      .map(([k, v]) => [k, withoutSecrets(v, depth + 1)]),
  );
}

/**
 * Writes one audit entry in the caller's transaction (`tx`), so the entry exists exactly when the action does.
 * `action` is a dotted name (`staff.added`, `order.status_changed`); `details` is what a reader needs to know what
 * happened (from/to, amounts, a note), never a secret: keys that look like one (password, token, hash…) are dropped.
 *
 *   await db.transaction(async (tx) => {
 *     … the change …
 *     await audit(tx, currentStaff(req), 'order.status_changed', { type: 'order', id }, { from, to, note });
 *   });
 */
export async function audit(
  tx: DbOrTx,
  actor: AuditActor | null,
  action: string,
  target: AuditTarget | null,
  details: Record<string, unknown> = {},
  /** The app's clock (ctx.clock.now()); default: the database's time of the transaction. */
  now?: Date,
) {
  await tx.insert(auditLog).values({
    staffId: actor?.id ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    details: withoutSecrets(details) as Record<string, unknown>,
    ip: actor?.ip ?? null,
    ...(now ? { createdAt: now } : {}),
  });
}
