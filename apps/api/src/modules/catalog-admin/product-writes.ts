/**
 * The back office's writes of one product row and its specifications (the editor, the spreadsheet import): the
 * catalog's rules for search_text and current_price_piastres, prices EGP → piastres, stock through the stock
 * owner (a 'manual' movement). No audit and no concurrency check here: the callers do that, in their transaction.
 */
import { toPiastres, type AdminProductBody } from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { brands, products, promotions, specifications } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { productSearchText, refreshCurrentPrices } from '../catalog/index.ts';
import { setStock } from '../stock/index.ts';

export interface WriteOptions {
  /** The staff member whose edit this is (recorded on a stock movement). */
  staffId?: number | null;
}

/** The names of a category and its ancestors, both languages; null when the category does not exist. */
export async function categoryPathNames(tx: DbOrTx, categoryId: number): Promise<string[] | null> {
  const res = await tx.execute(sql`
    with recursive path(id, parent_id, name_en, name_ar, depth) as (
      select id, parent_id, name_en, name_ar, 0 from categories where id = ${categoryId}
      union all
      select c.id, c.parent_id, c.name_en, c.name_ar, path.depth + 1
      from categories c join path on c.id = path.parent_id
      where path.depth < 20
    )
    select name_en, name_ar from path order by depth`);
  const list = (res as unknown as { rows: { name_en: string; name_ar: string }[] }).rows;
  if (!list.length) return null;
  return list.flatMap((r) => [r.name_en, r.name_ar]);
}

/**
 * products.search_text for these titles, brand, model, series and category (with its ancestors), as the seed
 * and the catalog make it. 422 on `category_id` / `brand_id` when they do not exist.
 */
export async function productSearchTextFor(
  tx: DbOrTx,
  p: {
    titleEn: string;
    titleAr: string;
    categoryId: number;
    brandId: number;
    model?: string | null;
    series?: string | null;
  },
): Promise<string> {
  const categoryNames = await categoryPathNames(tx, p.categoryId);
  if (!categoryNames) throw AppError.field('category_id', 'category_not_found');
  const [brand] = await tx
    .select({ en: brands.nameEn, ar: brands.nameAr })
    .from(brands)
    .where(eq(brands.id, p.brandId));
  if (!brand) throw AppError.field('brand_id', 'brand_not_found');
  return productSearchText({
    titleEn: p.titleEn,
    titleAr: p.titleAr,
    brandEn: brand.en,
    brandAr: brand.ar,
    model: p.model,
    series: p.series,
    categoryNames,
  });
}

async function checkPromotion(tx: DbOrTx, promotionId: number | null) {
  if (promotionId === null) return;
  const [row] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!row) throw AppError.field('promotion_id', 'promotion_not_found');
}

/** The row's columns from the body, except stock (the stock owner's) and created_at. */
async function columns(tx: DbOrTx, body: AdminProductBody, now: Date) {
  const searchText = await productSearchTextFor(tx, {
    titleEn: body.title_en,
    titleAr: body.title_ar,
    categoryId: body.category_id,
    brandId: body.brand_id,
    model: body.model,
    series: body.series,
  });
  await checkPromotion(tx, body.promotion_id);
  const price = toPiastres(body.price);
  return {
    titleEn: body.title_en.trim(),
    titleAr: body.title_ar.trim(),
    descriptionEn: body.description_en,
    descriptionAr: body.description_ar,
    categoryId: body.category_id,
    brandId: body.brand_id,
    model: body.model,
    series: body.series,
    sku: body.sku,
    pricePiastres: price,
    promotionId: body.promotion_id,
    promotedPricePiastres:
      body.promotion_id !== null && body.price_after_promotion !== null
        ? toPiastres(body.price_after_promotion)
        : null,
    // The price for now; refreshCurrentPrices below makes it the promoted one while its promotion runs.
    currentPricePiastres: price,
    maximumPerOrder: body.maximum_number_per_order,
    featured: body.featured,
    specialOffer: body.special_offer,
    active: body.active,
    searchText,
    updatedAt: now,
  };
}

async function replaceSpecifications(tx: DbOrTx, productId: number, body: AdminProductBody) {
  await tx.delete(specifications).where(eq(specifications.productId, productId));
  if (!body.specifications.length) return;
  await tx.insert(specifications).values(
    body.specifications.map((s, position) => ({
      productId,
      position,
      keyEn: s.key_en.trim(),
      keyAr: s.key_ar.trim(),
      valueEn: s.value_en.trim(),
      valueAr: s.value_ar.trim(),
    })),
  );
}

/** Adds a product with its specifications; its stock comes in as a 'manual' movement. Answers the new id. */
export async function insertProduct(
  tx: DbOrTx,
  body: AdminProductBody,
  now: Date,
  opts: WriteOptions = {},
): Promise<number> {
  const values = await columns(tx, body, now);
  const [row] = await tx
    .insert(products)
    .values({ ...values, stock: 0, createdAt: now })
    .returning({ id: products.id });
  const id = row!.id;
  await replaceSpecifications(tx, id, body);
  if (body.stock > 0)
    await setStock(tx, id, { from: 0, to: body.stock }, now, {
      reason: 'manual',
      staffId: opts.staffId ?? null,
    });
  await refreshCurrentPrices(tx, now, [id]);
  return id;
}

/**
 * Overwrites a product's fields and specifications (404 when it does not exist). A changed stock goes through the
 * stock owner as a 'manual' movement from the row's stock at this moment (the caller holds the row's lock and has
 * checked the edit's updated_at, so that is the stock the staff member saw).
 */
export async function updateProduct(
  tx: DbOrTx,
  id: number,
  body: AdminProductBody,
  now: Date,
  opts: WriteOptions = {},
): Promise<void> {
  const [current] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!current) throw AppError.notFound('product_not_found');
  const values = await columns(tx, body, now);
  await tx.update(products).set(values).where(eq(products.id, id));
  await replaceSpecifications(tx, id, body);
  if (body.stock !== current.stock)
    await setStock(tx, id, { from: current.stock, to: body.stock }, now, {
      reason: 'manual',
      staffId: opts.staffId ?? null,
    });
  await refreshCurrentPrices(tx, now, [id]);
}
