import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface StockLine {
  productId: number;
  quantity: number;
}

export const productsUnavailable = () => new AppError(422, 'products_unavailable', ['products_unavailable']);

/**
 * Takes stock for every line with a guarded update (`stock = stock - q where stock >= q`), in product-id order so
 * two orders sharing products lock them in the same order and never deadlock. Run inside the order's transaction:
 * when one line cannot be taken this throws 'One or more of your products is no longer available' and the
 * transaction rolls back every line taken before it. On PostgreSQL a concurrent buyer waits for the row lock and
 * then re-checks `stock >= q` against the committed stock, so stock never goes below zero (a CHECK constraint
 * says so too).
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[], now: Date): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: now })
      .where(
        and(eq(products.id, line.productId), gte(products.stock, line.quantity), eq(products.active, true)),
      )
      .returning({ id: products.id });
    if (taken.length !== 1) throw productsUnavailable();
  }
}

/** Gives held stock back (a payment session that expired or failed). The caller guards that it runs once. */
export async function returnStock(tx: DbOrTx, lines: StockLine[], now: Date): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: now })
      .where(eq(products.id, line.productId));
  }
}
