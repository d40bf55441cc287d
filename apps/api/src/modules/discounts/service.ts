/**
 * The back office's discount codes (issue 49 item 1): list, create, edit and end. Every change is one transaction
 * with its audit entry. Codes are never deleted: placed orders name them.
 */
import {
  discountCodeIssues,
  toEgp,
  toPiastres,
  type AdminDiscountCode,
  type DiscountCodeBody,
  type DiscountCodeUpdate,
  type DiscountState,
} from '@store/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { discountCodes } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type CurrentStaff } from '../staff/index.ts';
import type { DiscountCodeRow } from './apply.ts';

export function discountState(c: DiscountCodeRow, now: Date): DiscountState {
  if (c.endsAt && c.endsAt <= now) return 'ended';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'used_up';
  if (c.startsAt && c.startsAt > now) return 'scheduled';
  return 'running';
}

const out = (c: DiscountCodeRow, now: Date): AdminDiscountCode => ({
  id: c.id,
  code: c.code,
  kind: c.kind === 'amount' ? 'amount' : 'percent',
  value: c.kind === 'amount' ? toEgp(c.value) : c.value,
  minimum_order: c.minimumOrderPiastres === null ? null : toEgp(c.minimumOrderPiastres),
  scope: (['all', 'categories', 'brands', 'products'] as const).find((s) => s === c.scope) ?? 'all',
  scope_ids: c.scopeIds ?? [],
  starts_at: c.startsAt?.toISOString() ?? null,
  ends_at: c.endsAt?.toISOString() ?? null,
  max_uses: c.maxUses,
  max_uses_per_shopper: c.maxUsesPerShopper,
  first_order_only: c.firstOrderOnly,
  uses: c.uses,
  state: discountState(c, now),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** The row's columns for a body's fields (only those given). */
function columns(b: DiscountCodeUpdate): Partial<typeof discountCodes.$inferInsert> {
  const set: Partial<typeof discountCodes.$inferInsert> = {};
  if (b.code !== undefined) set.code = b.code;
  if (b.kind !== undefined) set.kind = b.kind;
  if (b.value !== undefined && b.kind !== undefined)
    set.value = b.kind === 'amount' ? toPiastres(b.value) : b.value;
  if (b.minimum_order !== undefined)
    set.minimumOrderPiastres = b.minimum_order === null ? null : toPiastres(b.minimum_order);
  if (b.scope !== undefined) set.scope = b.scope;
  if (b.scope_ids !== undefined) set.scopeIds = [...new Set(b.scope_ids)];
  if (b.starts_at !== undefined) set.startsAt = b.starts_at ? new Date(b.starts_at) : null;
  if (b.ends_at !== undefined) set.endsAt = b.ends_at ? new Date(b.ends_at) : null;
  if (b.max_uses !== undefined) set.maxUses = b.max_uses;
  if (b.max_uses_per_shopper !== undefined) set.maxUsesPerShopper = b.max_uses_per_shopper;
  if (b.first_order_only !== undefined) set.firstOrderOnly = b.first_order_only;
  return set;
}

/** A second code with the same text (two staff members saving it at once too) reads as the field's error. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field('code', 'discount_code_taken');
    throw err;
  }
}

/** GET /v1/admin/discount_codes: newest first. */
export async function listDiscountCodes(db: DbOrTx, now: Date): Promise<AdminDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.id));
  return rows.map((c) => out(c, now));
}

export async function getDiscountCode(db: DbOrTx, id: number, now: Date): Promise<AdminDiscountCode> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw AppError.notFound('discount_code_not_found');
  return out(row, now);
}

/** POST /v1/admin/discount_codes: 422 on a code in use. */
export async function createDiscountCode(db: DbOrTx, me: CurrentStaff, body: DiscountCodeBody, now: Date) {
  const row = await uniqueCode(() =>
    db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, body.code));
      if (taken) throw AppError.field('code', 'discount_code_taken');
      const [created] = await tx
        .insert(discountCodes)
        .values({
          code: body.code,
          kind: body.kind,
          value: 0,
          ...columns(body),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await audit(tx, me, 'discount_code.added', { type: 'discount_code', id: created!.id }, { body }, now);
      return created!;
    }),
  );
  return out(row, now);
}

/**
 * PATCH /v1/admin/discount_codes/{id}: any fields; the rules between them are checked on the code as it would be
 * (a new kind with its value). `uses` stays (orders took them); lowering max_uses under it ends the code's uses.
 */
export async function updateDiscountCode(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: DiscountCodeUpdate,
  now: Date,
) {
  const row = await uniqueCode(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) throw AppError.notFound('discount_code_not_found');
      const was = out(before, now);
      const merged = { ...was, ...body };
      const issues = discountCodeIssues(merged);
      // A new kind needs its value: 100 (EGP off) kept as the value of a percent would be 100% off.
      if (body.kind !== undefined && body.kind !== was.kind && body.value === undefined)
        issues.push({ path: 'value', message: 'required' });
      if (issues.length) {
        const errors: Record<string, string[]> = {};
        for (const i of issues) (errors[i.path] ??= []).push(i.message);
        throw new AppError(422, 'invalid', errors);
      }
      if (body.code !== undefined && body.code !== before.code) {
        const [taken] = await tx
          .select({ id: discountCodes.id })
          .from(discountCodes)
          .where(eq(discountCodes.code, body.code));
        if (taken) throw AppError.field('code', 'discount_code_taken');
      }
      const set = columns({ ...body, kind: merged.kind, value: merged.value });
      const maxUses = set.maxUses === undefined ? before.maxUses : set.maxUses;
      // The table's check keeps uses ≤ max_uses: a limit under what was used is the uses so far (used up).
      if (maxUses !== null && maxUses < before.uses) set.maxUses = before.uses;
      const [after] = await tx
        .update(discountCodes)
        .set({ ...set, updatedAt: now })
        .where(eq(discountCodes.id, id))
        .returning();
      await audit(
        tx,
        me,
        'discount_code.changed',
        { type: 'discount_code', id },
        { before: was, after: out(after!, now) },
        now,
      );
      return after!;
    }),
  );
  return out(row, now);
}

/** POST /v1/admin/discount_codes/{id}/end: ends now (a code already ended keeps its end). */
export async function endDiscountCode(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw AppError.notFound('discount_code_not_found');
    if (before.endsAt && before.endsAt <= now) return before;
    const [after] = await tx
      .update(discountCodes)
      .set({
        endsAt: now,
        // A start still ahead would now be after the end: it starts and ends now.
        startsAt: before.startsAt && before.startsAt > now ? now : before.startsAt,
        updatedAt: now,
      })
      .where(eq(discountCodes.id, id))
      .returning();
    await audit(tx, me, 'discount_code.ended', { type: 'discount_code', id }, {}, now);
    return after!;
  });
  return out(row, now);
}
