/**
 * A discount code on a cart (issue 49 item 1): whether it applies (the reasons, as message keys, in the order a
 * shopper is told them), which lines it covers, and its uses: taken in the placing transaction by a guarded update,
 * so when many shoppers place orders with a code's last use at once, one order gets it (the others' updates find
 * `uses < max_uses` false once the first commits: PostgreSQL re-checks the row after waiting for its lock).
 */
import { normalizeDiscountCode, toEgp, formatAmount, type DiscountRule } from '@store/contracts';
import { and, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { discountCodes, orders, products } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A line as the code sees it: its product and what it costs before the code. */
export interface DiscountLine {
  productId: number;
  unitPiastres: number;
  quantity: number;
}

/** A code that applies: its rule for the totals calculator and the products it covers. */
export interface AppliedDiscount {
  codeId: number;
  code: string;
  rule: DiscountRule;
  covers: ReadonlySet<number>;
}

export const ruleOf = (c: DiscountCodeRow): DiscountRule => ({
  kind: c.kind === 'amount' ? 'amount' : 'percent',
  value: c.value,
});

export async function findCode(tx: DbOrTx, typed: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeDiscountCode(typed)));
  return row;
}

export async function codeById(tx: DbOrTx, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

/**
 * The products among `productIds` that the code covers (a category's subcategories count as the category, a
 * product's variants as the product).
 */
export async function productsCovered(
  tx: DbOrTx,
  c: Pick<DiscountCodeRow, 'scope' | 'scopeIds'>,
  productIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Set();
  if (c.scope === 'all') return new Set(ids);
  const scope = (c.scopeIds ?? []).filter((n) => Number.isInteger(n));
  if (!scope.length) return new Set();
  if (c.scope === 'products') {
    // A product sold in variants (decision 034) is in the cart as its variants: they are covered with it.
    const covered = new Set(ids.filter((id) => scope.includes(id)));
    const rest = ids.filter((id) => !covered.has(id));
    if (!rest.length) return covered;
    const variants = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, rest), inArray(products.variantOf, scope)));
    for (const v of variants) covered.add(v.id);
    return covered;
  }
  if (c.scope === 'brands') {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), inArray(products.brandId, scope)));
    return new Set(rows.map((r) => r.id));
  }
  const list = sql.join(
    scope.map((n) => sql`${n}::int`),
    sql`, `,
  );
  const wanted = sql.join(
    ids.map((n) => sql`${n}::int`),
    sql`, `,
  );
  const res = (await tx.execute(sql`with recursive tree as (
      select id from categories where id in (${list})
      union select c.id from categories c join tree t on c.parent_id = t.id)
    select p.id from products p where p.id in (${wanted}) and p.category_id in (select id from tree)`)) as unknown as {
    rows: { id: number | string }[];
  };
  return new Set(res.rows.map((r) => Number(r.id)));
}

/**
 * Orders the shopper placed (or has under way at a payment), the cart `orderId` aside; with this code when asked
 * (orders that took its use). A cancelled order does not count: its use went back with the cancel. A delivered
 * order refunded or returned still counts (decision 038).
 */
async function ordersOf(tx: DbOrTx, userId: number, orderId: number, codeId?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.id, orderId),
        notInArray(orders.status, ['cart', 'abandoned', 'canceled']),
        codeId === undefined
          ? undefined
          : and(eq(orders.discountCodeId, codeId), isNotNull(orders.discountCode)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Why the code does not apply to this cart now (a message key, 'key:arg' with an argument), or the lines it covers.
 * Checked in the order a shopper can act on: dates, uses, the shopper's own uses and first order, then the cart.
 */
export async function checkCode(
  tx: DbOrTx,
  c: DiscountCodeRow,
  args: { userId: number; orderId: number; lines: readonly DiscountLine[]; now: Date },
): Promise<{ problem: string } | { applied: AppliedDiscount }> {
  const { now } = args;
  if (c.startsAt && c.startsAt > now)
    return { problem: `discount_code_not_started:${c.startsAt.toISOString().slice(0, 10)}` };
  if (c.endsAt && c.endsAt <= now) return { problem: 'discount_code_expired' };
  if (c.maxUses !== null && c.uses >= c.maxUses) return { problem: 'discount_code_used_up' };
  if (
    c.maxUsesPerShopper !== null &&
    (await ordersOf(tx, args.userId, args.orderId, c.id)) >= c.maxUsesPerShopper
  )
    return { problem: 'discount_code_used_up_by_you' };
  if (c.firstOrderOnly && (await ordersOf(tx, args.userId, args.orderId)) > 0)
    return { problem: 'discount_code_first_order_only' };
  const subtotal = args.lines.reduce((s, l) => s + l.unitPiastres * l.quantity, 0);
  if (c.minimumOrderPiastres !== null && subtotal < c.minimumOrderPiastres)
    return { problem: `discount_code_below_minimum:${formatAmount(toEgp(c.minimumOrderPiastres))}` };
  const covers = await productsCovered(
    tx,
    c,
    args.lines.map((l) => l.productId),
  );
  if (!covers.size) return { problem: 'discount_code_out_of_scope' };
  return { applied: { codeId: c.id, code: c.code, rule: ruleOf(c), covers } };
}

/** At checkout: a code that stopped applying is a 409 with its reason; the caller drops it from the cart. */
export const codeDropped = (problem: string, codeId: number) =>
  new AppError(409, 'discount_code_dropped', [problem, 'discount_code_dropped_at_checkout'], {
    discount_code_id: codeId,
  });

/**
 * One use of the code, taken in the placing transaction: a guarded update that only a code with a use left
 * passes. Its row stays locked until the placement commits, so a concurrent placement waits and then finds it
 * used up (409, the caller drops the code from that cart and places nothing).
 */
export async function takeUse(tx: DbOrTx, codeId: number) {
  const [row] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!row) throw codeDropped('discount_code_used_up', codeId);
}

/**
 * An online payment that failed or expired gives its order's use back (its cart may take it again); so does a
 * cancelled order (orders/core.ts, what entering `canceled` does).
 */
export async function giveUseBack(tx: DbOrTx, codeId: number) {
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
    .where(eq(discountCodes.id, codeId));
}
