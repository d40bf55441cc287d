/**
 * The back office's products (issue 17): the list with its filters and the store's own search words, one product
 * in both languages, create, edit (optimistic: a stale `updated_at` answers 409 and nothing is overwritten),
 * delete (hide when orders hold it) and bulk actions, all or nothing. Every change is in the audit log; the
 * catalog's triggers bump its version, so the store shows every change at once.
 */
import {
  LOW_STOCK_AT,
  MAX_PRICE_EGP,
  apiMessage,
  taxClassOf,
  toEgp,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductDeleteResponse,
  type AdminProductRow,
  type AdminProductsBulk,
  type AdminProductsQuery,
  type AdminProductUpdate,
  type Locale,
} from '@store/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { productImages } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { currentPrice, productNumber, productSearchText, productTextFilter } from '../catalog/index.ts';
import { audit, auditEntry, type CurrentStaff } from '../staff/index.ts';
import { removeImageFiles } from './images-service.ts';
import { categoryNames, insertProduct, updateProduct } from './product-writes.ts';
import { settleVariantProduct } from './variants-service.ts';

const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const num = (v: unknown) => Number(v);
const egpOrNull = (v: unknown) => (v === null || v === undefined ? null : toEgp(Number(v)));

/**
 * The list's filters as one condition on `products p` (the list and the CSV export share it):
 * - `query`: the back office's one search of products (catalog's `productTextFilter`: a product number, or every
 *   word of the query as the shop reads it in the product's search_text);
 * - `category_id` with its sub-categories, `brand_id`, `promotion_id` (0: in no promotion), `level`
 *   (low: 1 to LOW_STOCK_AT, out: 0) and `visibility` (active: shown in the store, hidden).
 */
export async function adminProductsWhere(db: DbOrTx, q: AdminProductsQuery): Promise<SQL> {
  const parts: SQL[] = [];
  let sections: number[] = [];
  if (q.category_id !== undefined) {
    // The sub-tree's ids first, as values the planner sees: it then counts and pages from the index of the
    // categories' products alone (products_admin_category_idx), not from the newest products filtered.
    const sub = await rows<{ id: number }>(
      db,
      sql`with recursive sub(id) as (
          select id from categories where id = ${q.category_id}
          union all select c.id from categories c join sub on c.parent_id = sub.id
        ) select id from sub`,
    );
    sections = sub.map((r) => num(r.id));
    parts.push(sections.length ? sql`p.category_id in ${sections}` : sql`false`);
  }
  const query = q.query?.trim();
  if (query) {
    // An exact SKU (any letter case) finds its product, and a variant's SKU its product (issue 49): read first
    // from the SKUs' index (products_sku_idx), as few as they are, and asked with the words in one subquery.
    const sku = query.toLowerCase();
    const of = [
      ...new Set(
        (
          await rows<{ id: number }>(
            db,
            sql`select coalesce(variant_of, id) as id from products where lower(sku) = ${sku} limit 100`,
          )
        ).map((r) => num(r.id)),
      ),
    ];
    parts.push(productTextFilter(query, { also: of, categories: sections })!.where);
  }
  if (q.brand_id !== undefined) parts.push(sql`p.brand_id = ${q.brand_id}`);
  if (q.promotion_id !== undefined)
    parts.push(q.promotion_id === 0 ? sql`p.promotion_id is null` : sql`p.promotion_id = ${q.promotion_id}`);
  if (q.level === 'low') parts.push(sql`p.stock between 1 and ${LOW_STOCK_AT}`);
  // Stock is never below 0: "not (stock > 0)" is "none left", in the words of products_instock_id_idx.
  if (q.level === 'out') parts.push(sql`not (p.stock > 0)`);
  if (q.visibility === 'active') parts.push(sql`p.active`);
  if (q.visibility === 'hidden') parts.push(sql`not p.active`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

interface ListRow {
  id: number;
  title_en: string;
  title_ar: string;
  model: string | null;
  price_piastres: number;
  promoted_price_piastres: number | null;
  promotion_id: number | null;
  stock: number;
  active: boolean;
  featured: boolean;
  special_offer: boolean;
  updated_at: Date | string;
  category_id: number;
  category_en: string;
  category_ar: string;
  brand_id: number;
  brand_en: string;
  brand_ar: string;
  promotion_en: string | null;
  promotion_ar: string | null;
  image: string | null;
  variants: number | string;
  price_max_piastres: number | null;
}

const toListRow = (r: ListRow, L: Locale): AdminProductRow => ({
  id: num(r.id),
  title_en: r.title_en,
  title_ar: r.title_ar,
  model: r.model,
  price: toEgp(num(r.price_piastres)),
  price_after_promotion: r.promotion_id === null ? null : egpOrNull(r.promoted_price_piastres),
  stock: num(r.stock),
  active: Boolean(r.active),
  featured: Boolean(r.featured),
  special_offer: Boolean(r.special_offer),
  category: { id: num(r.category_id), name: L === 'ar' ? r.category_ar : r.category_en },
  brand: { id: num(r.brand_id), name: L === 'ar' ? r.brand_ar : r.brand_en },
  promotion:
    r.promotion_id === null
      ? null
      : { id: num(r.promotion_id), name: (L === 'ar' ? r.promotion_ar : r.promotion_en) ?? '' },
  image: r.image,
  updated_at: iso(r.updated_at),
  variants: num(r.variants),
  price_max: egpOrNull(r.price_max_piastres),
});

/** A search's matches are counted up to this many; past it the list says "1,000+" and pages through the first. */
export const ADMIN_SEARCH_COUNT_CAP = 1000;
/** How many of the newest products a search past the cap looks through for its page before sorting its matches. */
const WALK = 5000;

/** A variant (issue 49, decision 034) is edited, and removed, in its product's variants: 422 naming the product. */
export const productIsVariant = (productId: number) =>
  new AppError(422, 'product_is_variant', [`product_is_variant:${productId}`], { product_id: productId });

/**
 * GET /v1/admin/products: newest first, 20 a page unless asked otherwise. Variants are never rows of it (their
 * product is, with their count, price range and stock added up); a variant's SKU finds its product. Without search words, a page and the count
 * come from the indexes (a category's from products_admin_category_idx alone). With them, every match must be read
 * to be sure of it (the trigram index only narrows), so the matches are read up to ADMIN_SEARCH_COUNT_CAP, once:
 * when there are fewer, they are the count and, sorted here, the page (walking the newest products for a rare word
 * would read the whole catalog); when there are more, the newest products are walked, which finds a page of a
 * common word at once.
 */
export async function listAdminProducts(db: DbOrTx, q: AdminProductsQuery, locale: Locale) {
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const filters = await adminProductsWhere(db, q);
  const where = sql`${filters} and p.variant_of is null`;
  // A typed product number comes first, then the products whose words hold those digits.
  const typed = productNumber(q.query);
  const first = typed === null ? sql`` : sql`(p.id = ${typed}) desc,`;
  const order = sql`order by ${first} p.created_at desc, p.id desc`;
  const pageOf = (ids: SQL) =>
    rows<ListRow>(
      db,
      sql`select p.id, p.title_en, p.title_ar, p.model, p.price_piastres, p.promoted_price_piastres,
          p.promotion_id, p.stock, p.active, p.featured, p.special_offer, p.updated_at,
          c.id as category_id, c.name_en as category_en, c.name_ar as category_ar,
          b.id as brand_id, b.name_en as brand_en, b.name_ar as brand_ar,
          pr.name_en as promotion_en, pr.name_ar as promotion_ar,
          (select i.thumbnail_url from product_images i where i.product_id = p.id and not i.is_3d
            order by i.position, i.id limit 1) as image,
          case when p.variant_options is null then 0
            else (select count(*) from products v where v.variant_of = p.id) end as variants,
          case when p.variant_options is null then null
            else (select max(v.price_piastres) from products v where v.variant_of = p.id) end as price_max_piastres
        from (${ids}) page
        join products p on p.id = page.id
        join categories c on c.id = p.category_id
        join brands b on b.id = p.brand_id
        left join promotions pr on pr.id = p.promotion_id
        ${order}`,
    );
  const window = sql`limit ${perPage} offset ${(page - 1) * perPage}`;
  let list: ListRow[];
  let total: number;
  let capped = false;
  if (!q.query?.trim()) {
    // Counted from the indexes as before, less the variants the filters match (read from their own index).
    const [found, count] = await Promise.all([
      pageOf(sql`select p.id from products p where ${where} ${order} ${window}`),
      rows<{ n: string | number }>(
        db,
        sql`select (select count(*) from products p where ${filters})
          - (select count(*) from products p where ${filters} and p.variant_of is not null) as n`,
      ),
    ]);
    list = found;
    total = num(count[0]?.n ?? 0);
  } else {
    // The matches up to the cap, read once: fewer than the cap are the whole answer, sorted here.
    const matches = await rows<{ id: number; created_at: Date | string }>(
      db,
      sql`select p.id, p.created_at from products p where ${where} limit ${ADMIN_SEARCH_COUNT_CAP + 1}`,
    );
    capped = matches.length > ADMIN_SEARCH_COUNT_CAP;
    total = capped ? ADMIN_SEARCH_COUNT_CAP : matches.length;
    // Past the cap the matches are at least 1 in 100 products: the newest WALK products (their index, the filters
    // checked on each row) most often hold the page, where sorting every match (what the planner picks from the
    // trigram and category indexes) reads thousands. A page found there whole is the page (the walk is the start of
    // the list's order); a page past it, or a typed product number (first whatever its age), sorts the matches.
    if (capped) {
      const walked =
        typed === null
          ? await pageOf(
              sql`select p.id from (
                  select id, created_at, search_text, category_id, brand_id, promotion_id, stock, active,
                    variant_of
                  from products order by created_at desc, id desc limit ${WALK}
                ) p where ${where} ${order} ${window}`,
            )
          : [];
      list =
        walked.length === perPage
          ? walked
          : await pageOf(sql`select p.id from products p where ${where} ${order} ${window}`);
    } else {
      const at = (m: { created_at: Date | string }) => new Date(m.created_at).getTime();
      const ids = matches
        .map((m) => ({ id: num(m.id), at: at(m) }))
        .sort((a, b) => Number(b.id === typed) - Number(a.id === typed) || b.at - a.at || b.id - a.id)
        .slice((page - 1) * perPage, page * perPage)
        .map((m) => m.id);
      list = ids.length ? await pageOf(sql`select p.id from products p where p.id in ${ids}`) : [];
    }
  }
  return {
    products: list.map((r) => toListRow(r, locale)),
    meta: {
      per_page: perPage,
      total_entries: total,
      current_page: page,
      next_page: page * perPage < total ? page + 1 : null,
    },
    capped,
  };
}

/** One product as the editor shows it, both languages; 404 when there is none. */
export async function getAdminProduct(db: DbOrTx, id: number): Promise<AdminProduct> {
  const [p] = await rows(
    db,
    sql`select p.*, exists (select 1 from order_products o where o.product_id = p.id) as in_orders
        from products p where p.id = ${id}`,
  );
  if (!p) throw AppError.notFound('product_not_found');
  const [specs, images] = await Promise.all([
    rows(
      db,
      sql`select id, key_en, key_ar, value_en, value_ar from specifications
          where product_id = ${id} order by position, id`,
    ),
    rows(
      db,
      sql`select id, position, original_url, thumbnail_url, medium_url, large_url, is_3d from product_images
          where product_id = ${id} order by position, id`,
    ),
  ]);
  return {
    id: num(p.id),
    title_en: String(p.title_en),
    title_ar: String(p.title_ar),
    description_en: String(p.description_en),
    description_ar: String(p.description_ar),
    category_id: num(p.category_id),
    brand_id: num(p.brand_id),
    model: (p.model as string | null) ?? null,
    series: (p.series as string | null) ?? null,
    sku: (p.sku as string | null) ?? null,
    price: toEgp(num(p.price_piastres)),
    promotion_id: p.promotion_id === null ? null : num(p.promotion_id),
    price_after_promotion: p.promotion_id === null ? null : egpOrNull(p.promoted_price_piastres),
    stock: num(p.stock),
    maximum_number_per_order: p.maximum_per_order === null ? null : num(p.maximum_per_order),
    tax_class: taxClassOf(num(p.vat_rate_bp)),
    vat_rate: num(p.vat_rate_bp) / 100,
    featured: Boolean(p.featured),
    special_offer: Boolean(p.special_offer),
    active: Boolean(p.active),
    // A variant (issue 49): its product, whose editor holds its options and its variants' prices and stock.
    variant_of: p.variant_of == null ? null : num(p.variant_of),
    has_variants: p.variant_options != null,
    specifications: specs.map((s) => ({
      id: num(s.id),
      key_en: String(s.key_en),
      key_ar: String(s.key_ar),
      value_en: String(s.value_en),
      value_ar: String(s.value_ar),
    })),
    images: images.map((i) => ({
      id: num(i.id),
      position: num(i.position),
      original_url: String(i.original_url),
      thumbnail_url: String(i.thumbnail_url),
      medium_url: String(i.medium_url),
      large_url: (i.large_url as string | null) ?? null,
      is_3d: Boolean(i.is_3d),
    })),
    in_orders: Boolean(p.in_orders),
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
}

/** The fields an edit can change, as the audit log records them (specifications without their row ids). */
function editable(p: AdminProduct): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...p };
  for (const k of ['id', 'images', 'in_orders', 'created_at', 'updated_at']) delete fields[k];
  fields.specifications = p.specifications.map((s) => ({
    key_en: s.key_en,
    key_ar: s.key_ar,
    value_en: s.value_en,
    value_ar: s.value_ar,
  }));
  return fields;
}

/** Only the fields that differ: { before: { price: 100 }, after: { price: 90 } }. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    b[k] = before[k];
    a[k] = after[k];
  }
  return { before: b, after: a };
}

/** POST /v1/admin/products: the product, its specifications and its stock (a manual movement), in the audit log. */
export async function createProduct(
  db: DbOrTx,
  me: CurrentStaff,
  body: AdminProductBody,
  now: Date,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const id = await insertProduct(tx, body, now, { staffId: me.id });
    const product = await getAdminProduct(tx, id);
    await audit(tx, me, 'product.created', { type: 'product', id }, { after: editable(product) }, now);
    return product;
  });
}

/**
 * PUT /v1/admin/products/{id}: only when `updated_at` is the row's (to the millisecond, the row locked), else
 * 409 `product_changed` and nothing changes. The new updated_at is always later than the one read, so an edit
 * based on the old one is stale even within the same millisecond.
 */
export async function editProduct(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminProductUpdate,
  now: Date,
): Promise<AdminProduct> {
  const seen = Date.parse(body.updated_at);
  if (!Number.isFinite(seen)) throw AppError.field('updated_at', 'invalid_value');
  return db.transaction(async (tx) => {
    const [row] = await rows<{
      updated_at: Date | string;
      stock: number;
      has_variants: boolean;
      variant_of: number | null;
    }>(
      tx,
      sql`select updated_at, stock, variant_options is not null as has_variants, variant_of from products
          where id = ${id} for update`,
    );
    if (!row) throw AppError.notFound('product_not_found');
    // Saved as a product of its own, a variant would leave its product's price and options behind (or be shown).
    if (row.variant_of !== null) throw productIsVariant(num(row.variant_of));
    const current = new Date(row.updated_at).getTime();
    if (current !== seen) throw new AppError(409, 'product_changed', ['product_changed']);
    const was = await getAdminProduct(tx, id);
    const before = editable(was);
    const stamp = new Date(Math.max(now.getTime(), current + 1));
    // A product sold in variants (decision 034): its stock and prices are its variants', which follow its fields.
    const variants = Boolean(row.has_variants);
    // Its own price or stock changed would be written over by its variants' at once: refused, never lost unsaid.
    if (variants) {
      const refused: Record<string, string[]> = {};
      if (body.price !== was.price) refused.price = ['set_on_variants'];
      if (body.stock !== was.stock) refused.stock = ['set_on_variants'];
      if (Object.keys(refused).length) throw new AppError(422, 'invalid', refused);
    }
    await updateProduct(tx, id, variants ? { ...body, stock: Number(row.stock) } : body, stamp, {
      staffId: me.id,
    });
    if (variants) await settleVariantProduct(tx, id, stamp);
    const product = await getAdminProduct(tx, id);
    const diff = changes(before, editable(product));
    if (Object.keys(diff.after).length)
      await audit(tx, me, 'product.updated', { type: 'product', id }, diff, now);
    return product;
  });
}

/**
 * DELETE /v1/admin/products/{id}: removed with its specifications and pictures when no order line names it, and
 * once that has committed, its uploaded files (a delete rolled back keeps them); otherwise hidden (active false),
 * so orders keep their lines and it keeps its files, with a sentence that says so.
 */
export async function deleteProduct(
  db: Db,
  store: ImageStore | undefined,
  me: CurrentStaff,
  id: number,
  now: Date,
  locale: Locale,
  log: { warn: (obj: object, msg: string) => void },
): Promise<AdminProductDeleteResponse> {
  let removedImages: (typeof productImages.$inferSelect)[] = [];
  const answer = await db.transaction(async (tx) => {
    // The row's lock also waits for a cart adding it right now (its foreign key locks the row too).
    const [row] = await rows<{
      title_en: string;
      title_ar: string;
      active: boolean;
      variant_of: number | null;
    }>(tx, sql`select title_en, title_ar, active, variant_of from products where id = ${id} for update`);
    if (!row) throw AppError.notFound('product_not_found');
    if (row.variant_of !== null) throw productIsVariant(num(row.variant_of));
    const [used] = await rows(tx, sql`select 1 from order_products where product_id = ${id} limit 1`);
    const target = { type: 'product', id };
    if (used) {
      if (row.active)
        await tx.execute(sql`update products set active = false, updated_at = ${now.toISOString()}::timestamptz,
                             edited_at = ${now.toISOString()}::timestamptz
                             where id = ${id}`);
      await audit(tx, me, 'product.hidden', target, { reason: 'in_orders', was_active: row.active }, now);
      return { deleted: false, hidden: true, message: apiMessage('product_hidden_in_orders', locale) };
    }
    // Read under the row's lock: an upload to this product waits for it, then finds no product.
    const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
    await tx.execute(sql`delete from products where id = ${id}`);
    await audit(tx, me, 'product.deleted', target, { title_en: row.title_en, title_ar: row.title_ar }, now);
    removedImages = images;
    return { deleted: true, hidden: false, message: null };
  });
  // After the commit (the rows are gone by cascade): the files no row names any more.
  if (store && removedImages.length) await removeImageFiles(store, id, removedImages, log);
  return answer;
}

/**
 * A price change by `percent`, for both of its paths: `set`, a row's new price, its promotion's price following by
 * the same factor and staying below it, and its current price; `overBound`, whether a row's new price would pass
 * the bound (a price change that would take any past it changes nothing).
 */
function percentPrices(percent: number, now: Date) {
  const factor = 1 + percent / 100;
  const at = sql`${now.toISOString()}::timestamptz`;
  const price = sql`greatest(1, round(price_piastres * ${factor}::numeric)::int)`;
  const promoted = sql`case when promoted_price_piastres is null then null
    else greatest(1, least(${price} - 1, round(promoted_price_piastres * ${factor}::numeric)::int)) end`;
  return {
    set: sql`price_piastres = ${price},
      promoted_price_piastres = ${promoted},
      current_price_piastres = ${currentPrice(now, { promotionId: sql`promotion_id`, promoted, price })},
      updated_at = ${at}, edited_at = ${at}`,
    overBound: sql`round(price_piastres * ${factor}::numeric) > ${MAX_PRICE_EGP * 100}`,
  };
}

/**
 * A price change of products none of which is sold in variants or is a variant (an ERP's sync), in one statement
 * outside a transaction (decision 047): it locks the rows in id order, checks that every one was found and none is
 * a variant or has any, checks the bound on the prices it locked, writes the prices and current prices, and writes
 * the audit entry with the count, or writes nothing. On the embedded database a transaction holds the one
 * connection from its BEGIN to its COMMIT while the server's thread, busy with shoppers, sends each next statement:
 * four round trips held it 69–88 ms a call of 250 prices in the bench, 8–10 of them waiting. Null: a product was
 * not found or is in variants, and nothing was written (the transaction below answers, or acts on variants).
 */
async function priceChangeAtOnce(
  db: DbOrTx,
  me: CurrentStaff,
  percent: number,
  ids: number[],
  now: Date,
): Promise<number | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { set, overBound } = percentPrices(percent, now);
  const entry = auditEntry(me, 'products.bulk', null, { action: 'price_percent', ids, percent }, now);
  const [done] = await rows<{
    found: number | string;
    plain: boolean;
    over: boolean;
    changed: number | string;
  }>(
    db,
    sql`with locked as (
        select id, price_piastres, variant_of is null and variant_options is null as plain
        from products where id in ${ids} order by id for update),
      checked as (
        select count(*) as found, coalesce(bool_and(plain), true) as plain,
          coalesce(bool_or(${overBound}), false) as over
        from locked),
      written as (update products set ${set}
        where id in ${ids} and (select found = ${ids.length} and plain and not over from checked)
        returning 1),
      logged as (insert into audit_log (staff_id, action, details, ip, created_at)
        select ${entry.staffId}, ${entry.action},
          ${JSON.stringify(entry.details)}::jsonb || jsonb_build_object('changed', count(*)), ${entry.ip}, ${at}
        from written having count(*) > 0)
      select c.found, c.plain, c.over, (select count(*) from written) as changed from checked c`,
  );
  if (Number(done!.found) !== ids.length || !done!.plain) return null;
  if (done!.over) throw AppError.field('percent', `must_be_at_most:${MAX_PRICE_EGP}`);
  return Number(done!.changed);
}

/**
 * POST /v1/admin/products/bulk: one action on every product of `ids`, in one transaction (a price change of
 * products not in variants: one statement; either way an unknown product, or a price out of bounds, changes
 * nothing). One audit entry with the ids. Answers how many products changed.
 */
export async function bulkProducts(
  db: DbOrTx,
  me: CurrentStaff,
  body: AdminProductsBulk,
  now: Date,
): Promise<number> {
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  if (body.action === 'price_percent') {
    const done = await priceChangeAtOnce(db, me, body.percent!, ids, now);
    if (done !== null) return done;
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    // Lock in id order (as orders take stock), so a bulk action and an order never deadlock.
    // (In as few round trips as can be: on the embedded database a transaction's every wait for its next
    // statement holds the one connection shoppers' reads wait for; an ERP's sync sends one every few seconds.)
    const found = await rows<{ id: number; variant_of: number | null; has_variants: boolean }>(
      tx,
      sql`select id, variant_of, variant_options is not null as has_variants from products
          where id in ${ids} order by id for update`,
    );
    if (found.length !== ids.length) throw AppError.field('ids', 'product_not_found');
    const pricing = ['promote', 'unpromote', 'price_percent'].includes(body.action);
    // A variant shown, moved or promoted on its own would leave its product behind: its product is acted on instead.
    // A price change may name a variant (an ERP's sync reprices what it sells): it changes, its product follows.
    const named = found.filter((r) => r.variant_of !== null);
    if (named.length && body.action !== 'price_percent') throw productIsVariant(num(named[0]!.variant_of));
    const namedParents = named.map((r) => num(r.variant_of));
    // Products sold in variants (decision 034): a price or promotion action is made on their variants too (what
    // the shopper pays), and each such product then follows its variants (settleVariantProduct, below).
    const parents = found.filter((r) => r.has_variants).map((r) => Number(r.id));
    const variantIds =
      pricing && parents.length
        ? (
            await rows<{ id: number }>(
              tx,
              sql`select id from products where variant_of in ${parents} order by id for update`,
            )
          )
            .map((r) => Number(r.id))
            // A variant also named (a price change may name one) is counted once, as named.
            .filter((id) => !ids.includes(id))
        : [];
    const priced = [...ids, ...variantIds];
    let changed = 0;
    const count = (r: unknown) =>
      (r as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (r as { rowCount?: number }).rowCount ??
      0;
    switch (body.action) {
      case 'hide':
      case 'show': {
        const active = body.action === 'show';
        changed = count(
          await tx.execute(sql`update products set active = ${active}, updated_at = ${at}, edited_at = ${at}
                               where id in ${ids} and active <> ${active}`),
        );
        break;
      }
      case 'move': {
        const categoryId = body.category_id!;
        const category = await categoryNames(tx, categoryId);
        if (!category) throw AppError.field('category_id', 'category_not_found');
        // The category's names are in each product's search text: made again for every product moved.
        const moving = await rows<{
          id: number;
          title_en: string;
          title_ar: string;
          model: string | null;
          series: string | null;
          brand_en: string;
          brand_ar: string;
        }>(
          tx,
          sql`select p.id, p.title_en, p.title_ar, p.model, p.series, b.name_en as brand_en, b.name_ar as brand_ar
              from products p join brands b on b.id = p.brand_id
              where p.id in ${ids} and p.category_id <> ${categoryId} order by p.id`,
        );
        for (const p of moving) {
          const searchText = productSearchText({
            titleEn: p.title_en,
            titleAr: p.title_ar,
            brandEn: p.brand_en,
            brandAr: p.brand_ar,
            model: p.model,
            series: p.series,
            category,
          });
          await tx.execute(sql`update products set category_id = ${categoryId}, search_text = ${searchText},
                                 updated_at = ${at}, edited_at = ${at} where id = ${p.id}`);
        }
        changed = moving.length;
        break;
      }
      case 'promote': {
        const [promotion] = await rows(tx, sql`select 1 from promotions where id = ${body.promotion_id!}`);
        if (!promotion) throw AppError.field('promotion_id', 'promotion_not_found');
        const factor = 1 - body.percent! / 100;
        // Whole piastres, and always below the price (a price of a few piastres cannot go lower by rounding).
        const promoted = sql`greatest(1, least(price_piastres - 1, round(price_piastres * ${factor}::numeric)::int))`;
        changed = count(
          await tx.execute(sql`update products set promotion_id = ${body.promotion_id!},
              promoted_price_piastres = ${promoted},
              current_price_piastres = ${currentPrice(now, {
                promotionId: sql`${body.promotion_id!}::int`,
                promoted,
                price: sql`price_piastres`,
              })}, updated_at = ${at}, edited_at = ${at}
            where id in ${priced} and price_piastres > 1`),
        );
        if (changed !== priced.length) throw AppError.field('percent', 'promotion_price_not_below');
        changed -= variantIds.length;
        break;
      }
      case 'unpromote':
        changed = count(
          await tx.execute(sql`update products set promotion_id = null, promoted_price_piastres = null,
              current_price_piastres = price_piastres, updated_at = ${at}, edited_at = ${at}
            where id in ${priced} and promotion_id is not null and variant_of is null`),
        );
        break;
      case 'price_percent': {
        // Products sold in variants, or variants named (those without: priceChangeAtOnce, above).
        const { set, overBound } = percentPrices(body.percent!, now);
        // The bound's check and the write in one statement (one round trip; both read the prices as they were):
        // a price that would pass the bound changes nothing.
        const [done] = await rows<{ over: boolean; changed: number | string }>(
          tx,
          sql`with bound as (
              select exists (select 1 from products where id in ${priced} and ${overBound}) as over),
            written as (update products set ${set}
            where id in ${priced} and not (select over from bound) returning 1)
            select (select over from bound) as over, (select count(*) from written) as changed`,
        );
        if (done!.over) throw AppError.field('percent', `must_be_at_most:${MAX_PRICE_EGP}`);
        changed = Number(done!.changed) - variantIds.length;
        break;
      }
    }
    if (variantIds.length && body.action === 'unpromote')
      await tx.execute(sql`update products set promotion_id = null, promoted_price_piastres = null,
          current_price_piastres = price_piastres, updated_at = ${at} where id in ${variantIds}`);
    if (body.action !== 'hide' && body.action !== 'show')
      for (const id of new Set([...parents, ...namedParents])) await settleVariantProduct(tx, id, now);
    // Each write above sets the current prices itself (a running promotion's price, else the price), so a product
    // is written once and the catalog's version moves once: a second write of the promoted products had held the
    // embedded database's one connection a fifth longer for an ERP's sync of 250 prices.
    await audit(
      tx,
      me,
      'products.bulk',
      null,
      {
        action: body.action,
        ids,
        category_id: body.category_id,
        promotion_id: body.promotion_id,
        percent: body.percent,
        changed,
      },
      now,
    );
    return changed;
  });
}
