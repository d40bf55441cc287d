/**
 * A product's options and variants in the back office (issue 49, decision 034). A variant is a hidden products row
 * (`variant_of` its product, `variant_values` its option values) with its own SKU, price, promotion price and stock;
 * its pictures and 3D model are its own row's images (the images calls, with the variant's id). The product keeps
 * `variant_options`, the lowest of its variants' prices (lists sort and filter on it) and their stock added up (the
 * migration's triggers). Stock changes go through the stock owner as 'manual' movements.
 */
import { toEgp, toPiastres, type AdminVariantsBody } from '@store/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderProducts, products, type VariantOption, type VariantValue } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { refreshCurrentPrices } from '../catalog/index.ts';
import { audit, type AuditActor, type CurrentStaff } from '../staff/index.ts';
import { setStock } from '../stock/index.ts';
import { productSearchTextFor } from './product-writes.ts';

/** A variant's words after its product's title: "Black / 256 GB". */
const labelOf = (values: VariantValue[], lang: 'en' | 'ar') => values.map((v) => v[lang]).join(' / ');

export interface AdminVariants {
  options: VariantOption[];
  variants: {
    id: number;
    values: VariantValue[];
    sku: string | null;
    price: number;
    price_after_promotion: number | null;
    stock: number;
    title_en: string;
    title_ar: string;
  }[];
}

/** GET /v1/admin/products/{id}/variants: the product's options and its variants, in the order they were made. */
export async function productVariants(db: DbOrTx, productId: number): Promise<AdminVariants> {
  const [p] = await db
    .select({ options: products.variantOptions, of: products.variantOf })
    .from(products)
    .where(eq(products.id, productId));
  if (!p) throw AppError.notFound('product_not_found');
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.variantOf, productId))
    .orderBy(asc(products.id));
  return {
    options: p.options ?? [],
    variants: rows.map((v) => ({
      id: v.id,
      values: v.variantValues ?? [],
      sku: v.sku,
      price: toEgp(v.pricePiastres),
      price_after_promotion: v.promotedPricePiastres === null ? null : toEgp(v.promotedPricePiastres),
      stock: v.stock,
      title_en: v.titleEn,
      title_ar: v.titleAr,
    })),
  };
}

/**
 * PUT /v1/admin/products/{id}/variants: the options and variants become these. A variant left out goes: deleted,
 * or, when orders hold it, detached (a hidden product of its own, as a deleted product is hidden). A product getting
 * its first variants gives its own stock up (its stock is theirs from now on); an empty list makes it one item
 * again, with no stock until staff give it some.
 */
export async function saveVariants(
  db: Db,
  productId: number,
  body: AdminVariantsBody,
  now: Date,
  me: CurrentStaff,
): Promise<AdminVariants> {
  await db.transaction((tx) => writeVariants(tx, productId, body, now, me));
  return productVariants(db, productId);
}

/**
 * The options and variants of a product become these, in the caller's transaction: saveVariants', and the import's
 * for a row that adds or changes a variant (imports-variants.ts), so both follow one set of rules.
 */
export async function writeVariants(
  tx: DbOrTx,
  productId: number,
  body: AdminVariantsBody,
  now: Date,
  me: AuditActor,
): Promise<void> {
  const staffId = me.id;
  const [p] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!p) throw AppError.notFound('product_not_found');
  if (p.variantOf !== null) throw AppError.field('variants', 'variant_of_variant');
  const existing = new Map(
    (
      await tx
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(eq(products.variantOf, productId))
        .orderBy(asc(products.id))
        .for('update')
    ).map((r) => [r.id, r]),
  );
  for (const v of body.variants)
    if (v.id !== undefined && !existing.has(v.id)) throw AppError.notFound('variant_not_found');
  const movement = { reason: 'manual' as const, staffId, note: 'variants' };
  if (p.variantOptions === null && body.variants.length && p.stock > 0)
    await setStock(tx, productId, { from: p.stock, to: 0 }, now, movement);

  const kept = new Set(body.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  for (const id of existing.keys()) {
    if (kept.has(id)) continue;
    const [sold] = await tx
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(eq(orderProducts.productId, id))
      .limit(1);
    if (sold)
      await tx
        .update(products)
        .set({ variantOf: null, variantValues: null, updatedAt: now })
        .where(eq(products.id, id));
    else await tx.delete(products).where(eq(products.id, id));
  }

  await tx
    .update(products)
    .set({ variantOptions: body.variants.length ? body.options : null, updatedAt: now, editedAt: now })
    .where(eq(products.id, productId));

  for (const v of body.variants) {
    const values = v.values.map((en, j) => body.options[j]!.values.find((o) => o.en === en)!);
    const price = toPiastres(v.price);
    const columns = {
      sku: v.sku,
      pricePiastres: price,
      promotedPricePiastres: v.price_after_promotion === null ? null : toPiastres(v.price_after_promotion),
      currentPricePiastres: price,
      variantValues: values,
      updatedAt: now,
      editedAt: now,
    };
    if (v.id !== undefined) {
      await tx.update(products).set(columns).where(eq(products.id, v.id));
      const had = existing.get(v.id)!.stock;
      if (had !== v.stock) await setStock(tx, v.id, { from: had, to: v.stock }, now, movement);
    } else {
      const [row] = await tx
        .insert(products)
        .values({
          ...columns,
          titleEn: p.titleEn,
          titleAr: p.titleAr,
          categoryId: p.categoryId,
          brandId: p.brandId,
          active: false,
          stock: 0,
          variantOf: productId,
          createdAt: now,
        })
        .returning({ id: products.id });
      if (v.stock > 0) await setStock(tx, row!.id, { from: 0, to: v.stock }, now, movement);
    }
  }
  await settleVariantProduct(tx, productId, now);
  await audit(
    tx,
    me,
    'product.variants',
    { type: 'product', id: productId },
    { options: body.options, variants: body.variants.length },
    now,
  );
}

/**
 * A product with variants after a change of it or of them: each variant takes the product's shared fields (its title
 * followed by its values, description, category, brand, model, series, VAT, per-order limit and promotion); the
 * product's price and promotion price become the lowest of its variants', and its search text holds their options'
 * values. Prices are then refreshed. Nothing for a product without variants.
 */
export async function settleVariantProduct(tx: DbOrTx, productId: number, now: Date): Promise<void> {
  const [p] = await tx.select().from(products).where(eq(products.id, productId));
  if (!p || p.variantOptions === null) return;
  const variants = await tx
    .select({
      id: products.id,
      values: products.variantValues,
      price: products.pricePiastres,
      promoted: products.promotedPricePiastres,
    })
    .from(products)
    .where(eq(products.variantOf, productId));
  for (const v of variants) {
    const values = v.values ?? [];
    await tx
      .update(products)
      .set({
        titleEn: `${p.titleEn} - ${labelOf(values, 'en')}`,
        titleAr: `${p.titleAr} - ${labelOf(values, 'ar')}`,
        descriptionEn: p.descriptionEn,
        descriptionAr: p.descriptionAr,
        categoryId: p.categoryId,
        brandId: p.brandId,
        model: p.model,
        series: p.series,
        vatRateBp: p.vatRateBp,
        maximumPerOrder: p.maximumPerOrder,
        promotionId: v.promoted === null ? null : p.promotionId,
        active: false,
      })
      .where(and(eq(products.id, v.id), eq(products.variantOf, productId)));
  }
  const prices = variants.map((v) => v.price);
  const promoted = variants.map((v) => v.promoted ?? v.price);
  const lowest = prices.length ? Math.min(...prices) : p.pricePiastres;
  const lowestPromoted = promoted.length ? Math.min(...promoted) : null;
  const searchText = await productSearchTextFor(tx, {
    titleEn: p.titleEn,
    titleAr: p.titleAr,
    categoryId: p.categoryId,
    brandId: p.brandId,
    model: p.model,
    series: p.series,
    optionValues: p.variantOptions.flatMap((o) => o.values),
  });
  await tx
    .update(products)
    .set({
      pricePiastres: lowest,
      promotedPricePiastres:
        p.promotionId !== null && lowestPromoted !== null && lowestPromoted < lowest ? lowestPromoted : null,
      searchText,
      updatedAt: now,
    })
    .where(eq(products.id, productId));
  await refreshCurrentPrices(tx, now, [productId, ...variants.map((v) => v.id)]);
}

/** Whether a product is sold in variants (its price and stock are then its variants'). */
export async function hasVariants(tx: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ yes: sql<boolean>`${products.variantOptions} is not null` })
    .from(products)
    .where(eq(products.id, productId));
  return Boolean(row?.yes);
}
