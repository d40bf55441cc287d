/**
 * Stock has one owner (DESIGN.md): every change of a product's stock goes through here and is recorded in
 * stock_movements with its reason, in the transaction of the change.
 */
import { LOW_STOCK_AT, type StockReason } from '@store/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, stockMovements } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { recordStaffAlert } from '../../lib/staff-alerts.ts';

export interface StockLine {
  productId: number;
  quantity: number;
}

export type { StockReason };

export interface Movement {
  reason: StockReason;
  orderId?: number | null;
  staffId?: number | null;
  note?: string | null;
}

export const productsUnavailable = () => new AppError(422, 'products_unavailable', ['products_unavailable']);

/**
 * What may be sold (decision 034): a product shown and sold as one item, or a variant (a hidden row) of a product
 * shown. A product with variants is never sold itself: its stock is its variants'.
 */
// Spelled out with the table's name: drizzle writes columns unqualified in an update, where inside the sub-query
// they would be read as the sub-query's own.
export const sellable = sql<boolean>`((products.active and products.variant_options is null)
  or (products.variant_of is not null
      and exists (select 1 from products vp where vp.id = products.variant_of and vp.active)))`;

/** `sellable` of a products row read under another name (`p` in a join): the same rule. */
export const sellableAs = (alias: string) =>
  sql.raw(`((${alias}.active and ${alias}.variant_options is null)
  or (${alias}.variant_of is not null
      and exists (select 1 from products vp where vp.id = ${alias}.variant_of and vp.active)))`);

/**
 * The lines in the order their rows are locked: by product id, a product's variants next to each other at their
 * product's place (taking a variant's stock also locks its product's row, through the trigger that adds it up), so
 * two orders always lock rows in the same order and never deadlock.
 */
async function lockOrder(tx: DbOrTx, lines: StockLine[]): Promise<StockLine[]> {
  const ids = lines.map((l) => l.productId);
  const groups = ids.length
    ? await tx
        .select({ id: products.id, of: products.variantOf })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const group = new Map(groups.map((g) => [g.id, g.of ?? g.id]));
  const key = (l: StockLine) => group.get(l.productId) ?? l.productId;
  return [...lines].sort((a, b) => key(a) - key(b) || a.productId - b.productId);
}

async function record(
  tx: DbOrTx,
  productId: number,
  delta: number,
  stockAfter: number,
  m: Movement,
  now: Date,
) {
  await tx.insert(stockMovements).values({
    productId,
    delta,
    stockAfter,
    reason: m.reason,
    orderId: m.orderId ?? null,
    staffId: m.staffId ?? null,
    note: m.note ?? null,
    createdAt: now,
  });
}

/**
 * Takes stock for every line with a guarded update (`stock = stock - q where stock >= q`), in product-id order so
 * two orders sharing products lock them in the same order and never deadlock. Run inside the order's transaction:
 * when one line cannot be taken this throws 'One or more of your products is no longer available' and the
 * transaction rolls back every line taken before it. On PostgreSQL a concurrent buyer waits for the row lock and
 * then re-checks `stock >= q` against the committed stock, so stock never goes below zero (a CHECK constraint
 * says so too).
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[], now: Date, m: Movement): Promise<void> {
  for (const line of await lockOrder(tx, lines)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: now })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity), sellable))
      .returning({
        id: products.id,
        stock: products.stock,
        titleAr: products.titleAr,
        titleEn: products.titleEn,
      });
    if (taken.length !== 1) throw productsUnavailable();
    const after = taken[0]!.stock;
    await record(tx, line.productId, -line.quantity, after, m, now);
    // Falling to the low mark (not each order below it): the staff who asked are told (lib/staff-alerts.ts).
    if (after <= LOW_STOCK_AT && after + line.quantity > LOW_STOCK_AT)
      await recordStaffAlert(
        tx,
        'low_stock',
        {
          product_id: line.productId,
          stock: after,
          title_ar: taken[0]!.titleAr,
          title_en: taken[0]!.titleEn,
        },
        now,
      );
  }
}

/** Gives stock back (a payment session that ended, a cancel, a refund with restock). The caller guards that it runs once. */
export async function returnStock(tx: DbOrTx, lines: StockLine[], now: Date, m: Movement): Promise<void> {
  for (const line of await lockOrder(tx, lines)) {
    if (line.quantity <= 0) continue;
    const [back] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: now })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    if (back) await record(tx, line.productId, line.quantity, back.stock, m, now);
  }
}

/**
 * A manual edit (the back office's stock screen): the stock becomes `to` only if it is still `from`, the stock the
 * staff member saw; otherwise 409 with the stock as it is now, and nothing is overwritten (an order taken meanwhile
 * is never lost). No change, no movement. Answers the movement's delta (0 when nothing changed).
 */
export async function setStock(
  tx: DbOrTx,
  productId: number,
  change: { from: number; to: number },
  now: Date,
  m: Movement,
): Promise<number> {
  const [row] = await tx
    .select({ stock: products.stock, variants: products.variantOptions })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw AppError.notFound('product_not_found');
  // A product sold in variants holds their stock added up (decision 034): each variant's is edited instead.
  if (row.variants !== null && change.to !== change.from)
    throw new AppError(422, 'stock_is_variants', ['stock_is_variants']);
  if (row.stock !== change.from) throw new AppError(409, 'stock_changed', [`stock_changed:${row.stock}`]);
  if (change.to === change.from) return 0;
  await tx.update(products).set({ stock: change.to, updatedAt: now }).where(eq(products.id, productId));
  await record(tx, productId, change.to - change.from, change.to, m, now);
  return change.to - change.from;
}

/**
 * Many manual edits at once (the back office's spreadsheet import): each product's stock becomes `to` if it is still
 * `from` (the caller holds the rows' locks and read `from` under them), in one statement, and one movement each in
 * another. If any stock moved all the same, 409 and the caller's transaction rolls back. No change, no movement.
 */
export async function setStocks(
  tx: DbOrTx,
  lines: { productId: number; from: number; to: number }[],
  now: Date,
  m: Movement,
): Promise<void> {
  const some = lines.filter((l) => l.to !== l.from);
  if (!some.length) return;
  const values = sql.join(
    some.map((l) => sql`(${l.productId}::int, ${l.from}::int, ${l.to}::int)`),
    sql`, `,
  );
  const res =
    await tx.execute(sql`update products p set stock = v.stock_to, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, stock_from, stock_to) where p.id = v.id and p.stock = v.stock_from
    returning p.id, p.stock`);
  const changed = (res as unknown as { rows: { id: number; stock: number }[] }).rows;
  if (changed.length !== some.length) {
    const moved = some.find((l) => !changed.some((c) => Number(c.id) === l.productId))!;
    throw new AppError(409, 'stock_changed', [`stock_changed:${moved.from}`]);
  }
  await tx.insert(stockMovements).values(
    some.map((l) => ({
      productId: l.productId,
      delta: l.to - l.from,
      stockAfter: l.to,
      reason: m.reason,
      orderId: m.orderId ?? null,
      staffId: m.staffId ?? null,
      note: m.note ?? null,
      createdAt: now,
    })),
  );
}
