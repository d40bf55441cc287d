/**
 * The back office's writes of one product row and its specifications (the editor, the spreadsheet import): the
 * catalog's rules for search_text and current_price_piastres, prices EGP → piastres, stock through the stock
 * owner (a 'manual' movement). No audit and no concurrency check here: the callers do that, in their transaction.
 */
import { STANDARD_VAT_BP, toPiastres, type AdminProductBody } from '@store/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allTogether } from '../../db/rows.ts';
import { brands, categories, products, promotions, specifications } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { currentPrice, productSearchText, refreshCurrentPrices } from '../catalog/index.ts';
import { setStock, setStocks } from '../stock/index.ts';

export interface WriteOptions {
  /** The staff member whose edit this is (recorded on a stock movement). */
  staffId?: number | null;
  /**
   * False when the write changes nothing but the stock (an import's row equal to the product): edited_at, a staff
   * edit's time that imports of older exports give way to, stays. Default true.
   */
  edited?: boolean;
  /**
   * Called between the parts of a large write (an import giving way to shoppers: IMPORT_PACE), each part
   * BREATHING_PART rows. Unset: each statement takes all the rows.
   */
  breathe?: () => Promise<void>;
  /**
   * updateProducts: the products' stock as the caller read it in this transaction, their rows locked (an import's
   * batch): not read and locked again. Unset, or missing a product: read here.
   */
  lockedStock?: Map<number, number>;
}

/** Each category's names, both languages, by category id (none for an unknown id). */
async function categoryNamesById(
  tx: DbOrTx,
  ids: number[],
): Promise<Map<number, { en: string; ar: string }>> {
  if (!ids.length) return new Map();
  const found = await tx
    .select({ id: categories.id, en: categories.nameEn, ar: categories.nameAr })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(found.map((c) => [c.id, { en: c.en, ar: c.ar }]));
}

/** A category's names, both languages (a product's search text holds them); null when it does not exist. */
export async function categoryNames(
  tx: DbOrTx,
  categoryId: number,
): Promise<{ en: string; ar: string } | null> {
  return (await categoryNamesById(tx, [categoryId])).get(categoryId) ?? null;
}

/**
 * products.search_text for these titles, brand, model, series and category, as the seed and the catalog make it. 422 on `category_id` / `brand_id` when they do not exist.
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
    /** A product with variants: its options' values (decision 034). */
    optionValues?: { en: string; ar: string }[];
  },
): Promise<string> {
  const category = await categoryNames(tx, p.categoryId);
  if (!category) throw AppError.field('category_id', 'category_not_found');
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
    category,
    optionValues: p.optionValues,
  });
}

/** The row's columns from the body and its search text, except stock (the stock owner's) and created_at. */
function columnsOf(body: AdminProductBody, searchText: string, now: Date) {
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
    // The price for now; refreshCurrentPrices makes it the promoted one while its promotion runs.
    currentPricePiastres: price,
    maximumPerOrder: body.maximum_number_per_order,
    vatRateBp: vatRateBpOf(body),
    featured: body.featured,
    specialOffer: body.special_offer,
    active: body.active,
    searchText,
    updatedAt: now,
  };
}

/** The tax class as the product's VAT rate in basis points: standard 1400, exempt 0, another rate as given. */
export const vatRateBpOf = (body: Pick<AdminProductBody, 'tax_class' | 'vat_rate'>) =>
  body.tax_class === 'standard'
    ? STANDARD_VAT_BP
    : body.tax_class === 'exempt'
      ? 0
      : Math.round((body.vat_rate ?? 0) * 100);

async function columns(tx: DbOrTx, body: AdminProductBody, now: Date) {
  const searchText = await productSearchTextFor(tx, {
    titleEn: body.title_en,
    titleAr: body.title_ar,
    categoryId: body.category_id,
    brandId: body.brand_id,
    model: body.model,
    series: body.series,
  });
  await checkPromotions(tx, [body]);
  return columnsOf(body, searchText, now);
}

const specRows = (productId: number, body: AdminProductBody) =>
  body.specifications.map((s, position) => ({
    productId,
    position,
    keyEn: s.key_en.trim(),
    keyAr: s.key_ar.trim(),
    valueEn: s.value_en.trim(),
    valueAr: s.value_ar.trim(),
  }));

async function replaceSpecifications(tx: DbOrTx, productId: number, body: AdminProductBody) {
  await tx.delete(specifications).where(eq(specifications.productId, productId));
  if (!body.specifications.length) return;
  await tx.insert(specifications).values(specRows(productId, body));
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
    .values({ ...values, stock: 0, createdAt: now, editedAt: now })
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
  await tx
    .update(products)
    .set({ ...values, ...(opts.edited === false ? {} : { editedAt: now }) })
    .where(eq(products.id, id));
  await replaceSpecifications(tx, id, body);
  if (body.stock !== current.stock)
    await setStock(tx, id, { from: current.stock, to: body.stock }, now, {
      reason: 'manual',
      staffId: opts.staffId ?? null,
    });
  await refreshCurrentPrices(tx, now, [id]);
}

/** The promotions these bodies name, 422 on `promotion_id` when one does not exist. */
async function checkPromotions(tx: DbOrTx, bodies: AdminProductBody[]) {
  const ids = [...new Set(bodies.flatMap((b) => (b.promotion_id === null ? [] : [b.promotion_id])))];
  if (!ids.length) return;
  const known = new Set(
    (await tx.select({ id: promotions.id }).from(promotions).where(inArray(promotions.id, ids))).map(
      (p) => p.id,
    ),
  );
  if (ids.some((id) => !known.has(id))) throw AppError.field('promotion_id', 'promotion_not_found');
}

/**
 * The columns of many products' rows (as `columns` makes one's), their categories, brands and promotions read once
 * for all. A missing one answers 422 on its field for the whole lot, as a single write would.
 */
async function columnsOfMany(tx: DbOrTx, bodies: AdminProductBody[], now: Date) {
  if (!bodies.length) return [];
  const brandIds = [...new Set(bodies.map((b) => b.brand_id))];
  const names = await categoryNamesById(tx, [...new Set(bodies.map((b) => b.category_id))]);
  const brandNames = new Map(
    (
      await tx
        .select({ id: brands.id, en: brands.nameEn, ar: brands.nameAr })
        .from(brands)
        .where(inArray(brands.id, brandIds))
    ).map((b) => [b.id, b]),
  );
  const columns = bodies.map((body) => {
    const category = names.get(body.category_id);
    if (!category) throw AppError.field('category_id', 'category_not_found');
    const brand = brandNames.get(body.brand_id);
    if (!brand) throw AppError.field('brand_id', 'brand_not_found');
    const searchText = productSearchText({
      titleEn: body.title_en,
      titleAr: body.title_ar,
      brandEn: brand.en,
      brandAr: brand.ar,
      model: body.model,
      series: body.series,
      category,
    });
    return columnsOf(body, searchText, now);
  });
  await checkPromotions(tx, bodies);
  return columns;
}

/** Rows a multi-row statement takes at once (PostgreSQL binds at most 65,535 parameters a statement). */
const CHUNK = 500;
/** Rows a part of a write that gives way between its parts takes (WriteOptions.breathe). */
const BREATHING_PART = 50;
const chunks = <T>(list: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Adds many products at once, as insertProduct does one (the spreadsheet import's new rows): one statement for the
 * rows, one for their specifications, one for their stock and one for their prices, whatever their number. All or
 * nothing (the caller then adds them one by one to know which row failed). Answers the new ids in the order of
 * `bodies`.
 */
export async function insertProducts(
  tx: DbOrTx,
  bodies: AdminProductBody[],
  now: Date,
  opts: WriteOptions = {},
): Promise<number[]> {
  if (!bodies.length) return [];
  const values = await columnsOfMany(tx, bodies, now);
  // The ids first, so each body's rows are tied to its product whatever order a multi-row insert returns.
  const ids = (
    (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${bodies.length})`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
  for (const part of chunks(
    values.map((v, i) => ({ ...v, id: ids[i]!, stock: 0, createdAt: now, editedAt: now })),
  ))
    await tx.insert(products).values(part);
  const specs = bodies.flatMap((body, i) => specRows(ids[i]!, body));
  for (const part of chunks(specs)) await tx.insert(specifications).values(part);
  await setStocks(
    tx,
    bodies.map((b, i) => ({ productId: ids[i]!, from: 0, to: b.stock })),
    now,
    { reason: 'manual', staffId: opts.staffId ?? null },
  );
  await refreshPromoted(tx, now, ids, bodies);
  return ids;
}

/**
 * Each product was written at its price (`currentPricePiastres`); those in a promotion take the promoted price while
 * it runs. The others are left out: on the embedded database the statement is a turn of its one connection.
 */
async function refreshPromoted(tx: DbOrTx, now: Date, ids: number[], bodies: AdminProductBody[]) {
  const promoted = ids.filter((_, i) => bodies[i]!.promotion_id !== null);
  if (promoted.length) await refreshCurrentPrices(tx, now, promoted);
}

/** What a caller of updateProducts knows a product's write leaves as it is. */
export interface Unchanged {
  /** Titles, descriptions, category, brand, model, series and SKU: the row's text (and search_text) is not written. */
  text: boolean;
  /** Its specifications are not replaced. */
  specifications: boolean;
}

/**
 * Overwrites many products at once, as updateProduct does one (the spreadsheet import's changed rows): their rows
 * locked in id order, one statement for their columns, their specifications replaced in two, their changed stock as
 * manual movements in two, their prices in one. 404 when one does not exist; all or nothing.
 *
 * An item whose `unchanged` says its text stays (an import row that changes prices, flags or stock) is written by a
 * statement of its price and flag columns only, with the whole batch as one parameter, and its specifications are
 * kept when they stay: on PostgreSQL a row's every index is written again whatever changed (the price is indexed),
 * but its text and its specifications' rows are not, nor is its search text made again.
 */
export async function updateProducts(
  tx: DbOrTx,
  items: { id: number; body: AdminProductBody; edited?: boolean; unchanged?: Unchanged }[],
  now: Date,
  opts: WriteOptions = {},
): Promise<void> {
  if (!items.length) return;
  const ids = items.map((i) => i.id);
  const locked = opts.lockedStock;
  const stockOf =
    locked && ids.every((id) => locked.has(id))
      ? locked
      : new Map(
          (
            await tx
              .select({ id: products.id, stock: products.stock })
              .from(products)
              .where(inArray(products.id, ids))
              .orderBy(products.id)
              .for('update')
          ).map((r) => [r.id, r.stock]),
        );
  if (ids.some((id) => !stockOf.has(id))) throw AppError.notFound('product_not_found');
  const at = now.toISOString();
  const wide = items.filter((i) => !i.unchanged?.text);
  const values = await columnsOfMany(
    tx,
    wide.map((i) => i.body),
    now,
  );
  const part = opts.breathe ? BREATHING_PART : CHUNK;
  for (const [n, rows] of chunks(
    values.map((v, i) => ({ ...v, id: wide[i]!.id, edited: wide[i]!.edited !== false })),
    part,
  ).entries()) {
    if (n > 0) await opts.breathe?.();
    await tx.execute(sql`update products p set title_en = v.title_en, title_ar = v.title_ar,
        description_en = v.description_en, description_ar = v.description_ar, category_id = v.category_id,
        brand_id = v.brand_id, model = v.model, series = v.series, sku = v.sku, price_piastres = v.price_piastres,
        promotion_id = v.promotion_id, promoted_price_piastres = v.promoted_price_piastres,
        current_price_piastres = v.current_price_piastres, maximum_per_order = v.maximum_per_order,
        vat_rate_bp = v.vat_rate_bp, featured = v.featured, special_offer = v.special_offer, active = v.active, search_text = v.search_text,
        updated_at = ${at}::timestamptz, edited_at = case when v.edited then ${at}::timestamptz else p.edited_at end
      from (values ${sql.join(
        rows.map(
          (v) => sql`(${v.id}::int, ${v.titleEn}::text, ${v.titleAr}::text, ${v.descriptionEn}::text,
            ${v.descriptionAr}::text, ${v.categoryId}::int, ${v.brandId}::int, ${v.model}::text, ${v.series}::text,
            ${v.sku}::text, ${v.pricePiastres}::int, ${v.promotionId}::int, ${v.promotedPricePiastres}::int,
            ${v.currentPricePiastres}::int, ${v.maximumPerOrder}::int, ${v.vatRateBp}::int, ${v.featured}::boolean,
            ${v.specialOffer}::boolean, ${v.active}::boolean, ${v.searchText}::text, ${v.edited}::boolean)`,
        ),
        sql`, `,
      )}) as v(id, title_en, title_ar, description_en, description_ar, category_id, brand_id, model, series, sku,
        price_piastres, promotion_id, promoted_price_piastres, current_price_piastres, maximum_per_order, vat_rate_bp,
        featured, special_offer, active, search_text, edited)
      where p.id = v.id`);
  }
  const narrow = items.filter((i) => i.unchanged?.text);
  const narrowRows = narrow.map((i) => {
    const v = columnsOf(i.body, '', now);
    return {
      id: i.id,
      price_piastres: v.pricePiastres,
      promotion_id: v.promotionId,
      promoted_price_piastres: v.promotedPricePiastres,
      current_price_piastres: v.currentPricePiastres,
      maximum_per_order: v.maximumPerOrder,
      vat_rate_bp: v.vatRateBp,
      featured: v.featured,
      special_offer: v.specialOffer,
      active: v.active,
      edited: i.edited !== false,
    };
  });
  // Their current prices in the same statement (their promotions' running read there): not a second write of the
  // same rows after it, which was a statement and a round trip more for almost every batch of an import.
  const narrowCurrent = currentPrice(now, {
    promotionId: sql`v.promotion_id`,
    promoted: sql`v.promoted_price_piastres`,
    price: sql`v.current_price_piastres`,
  });
  // The promotions' check goes with the writes (one round trip): its answer is read first, so an unknown promotion
  // is refused as such (the writes sent with it roll back with the transaction).
  await allTogether(tx, [
    () =>
      checkPromotions(
        tx,
        narrow.map((i) => i.body),
      ),
    ...chunks(narrowRows, part).map((rows, n) => async () => {
      if (n > 0 || wide.length) await opts.breathe?.();
      return tx.execute(sql`update products p set price_piastres = v.price_piastres, promotion_id = v.promotion_id,
        promoted_price_piastres = v.promoted_price_piastres, current_price_piastres = ${narrowCurrent},
        maximum_per_order = v.maximum_per_order, vat_rate_bp = v.vat_rate_bp, featured = v.featured,
        special_offer = v.special_offer, active = v.active, updated_at = ${at}::timestamptz,
        edited_at = case when v.edited then ${at}::timestamptz else p.edited_at end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, price_piastres int, promotion_id int,
        promoted_price_piastres int, current_price_piastres int, maximum_per_order int, vat_rate_bp int,
        featured boolean, special_offer boolean, active boolean, edited boolean)
      where p.id = v.id`);
    }),
  ]);
  const respecified = items.filter((i) => !i.unchanged?.specifications);
  if (respecified.length)
    await tx.delete(specifications).where(
      inArray(
        specifications.productId,
        respecified.map((i) => i.id),
      ),
    );
  const specs = respecified.flatMap((item) => specRows(item.id, item.body));
  for (const part of chunks(specs)) await tx.insert(specifications).values(part);
  await setStocks(
    tx,
    items.map((i) => ({ productId: i.id, from: stockOf.get(i.id)!, to: i.body.stock })),
    now,
    { reason: 'manual', staffId: opts.staffId ?? null },
  );
  // The narrow rows' current prices were written with them.
  await refreshPromoted(
    tx,
    now,
    wide.map((i) => i.id),
    wide.map((i) => i.body),
  );
}
