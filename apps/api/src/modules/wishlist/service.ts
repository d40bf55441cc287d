import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { favorites, products } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** Favoriting marks a product for the user (twice is once); 404 for an unknown or off-sale product. */
export async function addFavorite(db: DbOrTx, userId: number, productId: number, now: Date) {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!p) throw AppError.notFound('product_not_found');
  await db.insert(favorites).values({ userId, productId, createdAt: now }).onConflictDoNothing();
}

/** Unfavoriting clears the mark (a product that was not a favorite stays so). */
export async function removeFavorite(db: DbOrTx, userId: number, productId: number) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}
