/**
 * The back office's stock screen (issue 17): products with their stock, manual edits (through setStock, the stock
 * owner), and the history of every movement from stock_movements, with the staff member who made a manual one.
 * Stock is kept per variant (issue 49, decision 034): the screen lists each variant under its product's name and
 * its option values, and never the product sold in variants (its stock is theirs added up).
 */
import {
  LOW_STOCK_AT,
  type AdminStockBody,
  type AdminStockQuery,
  type AdminStockRow,
  type Locale,
  type StockReason,
} from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../lib/errors.ts';
import { productNumber, productTextFilter } from '../catalog/index.ts';
import { audit, type CurrentStaff } from '../staff/index.ts';
import { setStock } from './service.ts';

interface StockRow {
  id: number;
  title_en: string;
  title_ar: string;
  model: string | null;
  sku: string | null;
  stock: number;
  active: boolean;
  image: string | null;
  updated_at: Date | string;
  variant_of: number | null;
  variant_values: { en: string; ar: string }[] | null;
  product_title_en: string | null;
  product_title_ar: string | null;
  product_active: boolean | null;
}

/** A variant's name: its product's, then its option values ("iPhone 16 — Black / 256 GB"). */
function titleOf(r: StockRow, locale: Locale): string {
  const own = locale === 'ar' ? r.title_ar : r.title_en;
  const product = locale === 'ar' ? r.product_title_ar : r.product_title_en;
  if (r.variant_of === null || product === null) return own;
  const values = (r.variant_values ?? []).map((v) => v[locale]).join(' / ');
  return values ? `${product} — ${values}` : product;
}

const toRow = (r: StockRow, locale: Locale): AdminStockRow => ({
  id: Number(r.id),
  title: titleOf(r, locale),
  model: r.model,
  sku: r.sku,
  variant_of: r.variant_of === null ? null : Number(r.variant_of),
  stock: Number(r.stock),
  active: Boolean(r.product_active ?? r.active),
  image: r.image,
  updated_at: new Date(r.updated_at).toISOString(),
});

/** Past this many variants of the products found, they are asked by their product (bound parameters are few). */
const MAX_VARIANT_IDS = 5000;

/**
 * The back office's one search (a product number, or every word of the query in the product's search text) over
 * what has stock of its own: a product sold as one item, or a variant, found by its product's words or number or
 * by its own SKU. Products sold in variants are left out (their stock is their variants' added up).
 */
async function search(db: DbOrTx, query: string | undefined): Promise<SQL> {
  const own = sql`p.variant_options is null`;
  const text = productTextFilter(query);
  if (!text) return own;
  const ids = async (q: SQL) => rowsOf<{ id: number }>(await db.execute(q)).map((r) => Number(r.id));
  // Variants are not in the search index (hidden): their products found, and every exact SKU (a product's, a
  // variant's: products_sku_idx), read first. A product sold in variants found by its SKU lists its variants.
  const [products, skus] = await Promise.all([
    ids(sql`select p.id from products p where ${text.where} and p.variant_options is not null limit 1000`),
    ids(sql`select id from products where lower(sku) = ${query!.trim().toLowerCase()} limit 100`),
  ]);
  // Their variants (products_variant_of_idx) are asked with the words, by id, in the search texts' one subquery:
  // an "or" beside that subquery on products read every product (165 ms against 0.4 at 100,000 products).
  const parents = [...products, ...skus];
  const variants = parents.length
    ? await ids(sql`select id from products where variant_of in ${parents} limit ${MAX_VARIANT_IDS + 1}`)
    : [];
  if (variants.length <= MAX_VARIANT_IDS)
    return sql`${own} and ${productTextFilter(query, { also: [...skus, ...variants] })!.where}`;
  const any = [text.where];
  if (products.length) any.push(sql`p.variant_of in ${products}`);
  if (skus.length) any.push(sql`p.id in ${skus}`, sql`p.variant_of in ${skus}`);
  return sql`${own} and (${sql.join(any, sql` or `)})`;
}

const LEVEL: Record<string, SQL> = {
  all: sql`true`,
  low: sql`p.stock between 1 and ${LOW_STOCK_AT}`,
  out: sql`p.stock = 0`,
};

// A variant's product's fields read per row shown (as the picture is, after the page is cut), not joined first.
const productOf = (column: string) =>
  sql.raw(`(select vp.${column} from products vp where vp.id = p.variant_of) as product_${column}`);
const columns = sql`p.id, p.title_en, p.title_ar, p.model, p.sku, p.stock, p.active, p.updated_at,
  p.variant_of, p.variant_values, ${productOf('title_en')}, ${productOf('title_ar')}, ${productOf('active')},
  (select i.thumbnail_url from product_images i where i.product_id = p.id and not i.is_3d
    order by i.position, i.id limit 1) as image`;
const from = sql`products p`;

/** GET /v1/admin/stock: a typed product number first, then fewest first (what runs out soonest); counts per level. */
export async function listStock(db: DbOrTx, q: AdminStockQuery, locale: Locale) {
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const where = await search(db, q.query);
  const level = LEVEL[q.level ?? 'all']!;
  // The product whose number was typed comes first, then those whose model or name holds those digits.
  const typed = productNumber(q.query);
  const first = typed === null ? sql`` : sql`(p.id = ${typed}) desc,`;
  const [rows, counts] = await Promise.all([
    db.execute(sql`select ${columns} from ${from} where ${where} and ${level}
      order by ${first} p.stock, p.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*) as all, count(*) filter (where ${LEVEL.low}) as low,
      count(*) filter (where ${LEVEL.out}) as out from products p where ${where}`),
  ]);
  const c = rowsOf<{ all: string; low: string; out: string }>(counts)[0]!;
  const n = { all: Number(c.all), low: Number(c.low), out: Number(c.out) };
  const total = n[q.level ?? 'all'];
  return {
    products: rowsOf<StockRow>(rows).map((r) => toRow(r, locale)),
    meta: {
      per_page: perPage,
      total_entries: total,
      current_page: page,
      next_page: page * perPage < total ? page + 1 : null,
    },
    counts: n,
  };
}

async function stockRow(db: DbOrTx, id: number, locale: Locale): Promise<AdminStockRow> {
  const [row] = rowsOf<StockRow>(await db.execute(sql`select ${columns} from ${from} where p.id = ${id}`));
  if (!row) throw AppError.notFound('product_not_found');
  return toRow(row, locale);
}

/** PUT /v1/admin/products/{id}/stock: a manual edit, in the movements (who, why) and the audit log. */
export async function changeStock(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminStockBody,
  now: Date,
  locale: Locale,
): Promise<AdminStockRow> {
  await db.transaction(async (tx) => {
    const note = body.note?.trim() || null;
    const delta = await setStock(tx, id, { from: body.from, to: body.stock }, now, {
      reason: 'manual',
      staffId: me.id,
      note,
    });
    if (delta !== 0)
      await audit(
        tx,
        me,
        'product.stock_changed',
        { type: 'product', id },
        { from: body.from, to: body.stock, note },
        now,
      );
  });
  return stockRow(db, id, locale);
}

interface MovementRow {
  id: number;
  delta: number;
  stock_after: number;
  reason: StockReason;
  order_id: number | null;
  order_number: number | string | null;
  staff_id: number | null;
  staff_name: string | null;
  note: string | null;
  created_at: Date | string;
}

/** GET /v1/admin/products/{id}/stock_movements: newest first. */
export async function stockMovements(
  db: DbOrTx,
  id: number,
  q: { page?: number; per_page?: number },
  locale: Locale,
) {
  const product = await stockRow(db, id, locale);
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const [rows, total] = await Promise.all([
    db.execute(sql`select m.id, m.delta, m.stock_after, m.reason, m.order_id, m.staff_id, s.name as staff_name,
        m.note, m.created_at, o.order_number
      from stock_movements m left join staff s on s.id = m.staff_id left join orders o on o.id = m.order_id
      where m.product_id = ${id} order by m.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*) as n from stock_movements where product_id = ${id}`),
  ]);
  const totalEntries = Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0);
  return {
    product,
    movements: rowsOf<MovementRow>(rows).map((m) => ({
      id: Number(m.id),
      delta: Number(m.delta),
      stock_after: Number(m.stock_after),
      reason: m.reason,
      order_id: m.order_id === null ? null : Number(m.order_id),
      order_number: m.order_number === null ? null : Number(m.order_number),
      staff: m.staff_id === null ? null : { id: Number(m.staff_id), name: m.staff_name ?? '' },
      note: m.note,
      created_at: new Date(m.created_at).toISOString(),
    })),
    meta: {
      per_page: perPage,
      total_entries: totalEntries,
      current_page: page,
      next_page: page * perPage < totalEntries ? page + 1 : null,
    },
  };
}
