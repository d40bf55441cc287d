import type { ApiMessageKey } from '@store/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

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
  await tx.insert(auditLog).values(auditEntry(actor, action, target, details, now));
}

/**
 * The row `audit` writes, for a statement that writes it itself (a data-modifying `WITH` that audits only what it
 * changed, in the one statement: the bulk price change).
 */
export function auditEntry(
  actor: AuditActor | null,
  action: string,
  target: AuditTarget | null,
  details: Record<string, unknown> = {},
  now?: Date,
) {
  return {
    staffId: actor?.id ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    details: withoutSecrets(details) as Record<string, unknown>,
    ip: actor?.ip ?? null,
    ...(now ? { createdAt: now } : {}),
  };
}

/**
 * One edit of a row from a back-office form, in the caller's transaction: `read` takes the row locked (404
 * `notFound` when it is gone); `stale` says the form was made from another state of the row (409 `staleError`,
 * nothing written); `write` changes it and answers the row as it is now; the audit log gets `action` with what
 * the row was and what it became (`auditView` of each; `auditAfter` when the row after reads otherwise).
 *
 *   const { after } = await auditedEdit(tx, me, {
 *     read: async () => (await tx.select().from(brands).where(eq(brands.id, id)).for('update'))[0],
 *     notFound: 'brand_not_found',
 *     stale: (before) => isStale(body.updated_at, before.updatedAt),
 *     staleError: () => new AppError(409, 'stale', ['brand_changed']),
 *     write: async (before) => (await tx.update(brands).set({ … }).where(eq(brands.id, id)).returning())[0]!,
 *     auditView: brandAudit, action: 'brand.changed', target: { type: 'brand', id }, now,
 *   });
 */
export async function auditedEdit<R, V>(
  tx: DbOrTx,
  actor: AuditActor,
  edit: {
    read(): Promise<R | undefined>;
    notFound: ApiMessageKey;
    stale(before: R): boolean;
    staleError(): AppError;
    write(before: R): Promise<R>;
    auditView(row: R): V;
    auditAfter?(row: R): Promise<V> | V;
    action: string;
    target: AuditTarget;
    now: Date;
  },
): Promise<{ before: R; after: R }> {
  const before = await edit.read();
  if (!before) throw AppError.notFound(edit.notFound);
  if (edit.stale(before)) throw edit.staleError();
  const after = await edit.write(before);
  const details = { before: edit.auditView(before), after: await (edit.auditAfter ?? edit.auditView)(after) };
  await audit(tx, actor, edit.action, edit.target, details, edit.now);
  return { before, after };
}
