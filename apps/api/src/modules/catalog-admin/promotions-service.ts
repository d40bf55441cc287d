/**
 * The back office's promotions (issue 17): their names, address, dates and switch, and the products in them with
 * their promotion prices. Every change is one transaction with its audit entry and refreshes its products' current
 * prices (the store's offer pages follow at once).
 */
import {
  toEgp,
  toPiastres,
  type AdminPromotion,
  type AdminPromotionBody,
  type AdminPromotionProduct,
  type AdminPromotionProductsBody,
  type AdminPromotionUpdate,
  type Locale,
  type PromotionState,
} from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { promotions } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { productTextFilter, refreshCurrentPrices, runningPromotion } from '../catalog/index.ts';
import { audit, auditedEdit, type CurrentStaff } from '../staff/index.ts';
import { settleVariantProduct } from './variants-service.ts';
import { isStale, iso, nextStamp, productCounts } from './taxonomy-common.ts';

/* ---------------- promotions ---------------- */

type PromotionRow = typeof promotions.$inferSelect;

export function promotionState(
  p: Pick<PromotionRow, 'active' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionState {
  if (!p.active) return 'off';
  // Running by the catalog's one rule (the shop's prices, cards and sitemap read it too); else not yet, or over.
  if (runningPromotion(now).holds(p)) return 'running';
  return p.startsAt && p.startsAt > now ? 'scheduled' : 'ended';
}

const promotionOut = (p: PromotionRow, counts: Map<number, number>, now: Date): AdminPromotion => ({
  id: p.id,
  name_en: p.nameEn,
  name_ar: p.nameAr,
  slug: p.slug,
  starts_at: p.startsAt ? iso(p.startsAt) : null,
  ends_at: p.endsAt ? iso(p.endsAt) : null,
  active: p.active,
  state: promotionState(p, now),
  products_count: counts.get(p.id) ?? 0,
  updated_at: iso(p.updatedAt),
});

const promotionAudit = (p: PromotionRow) => ({
  name_en: p.nameEn,
  name_ar: p.nameAr,
  slug: p.slug,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  active: p.active,
});

/** GET /v1/admin/promotions: newest first, each with its products and whether it runs now. */
export async function listPromotions(db: DbOrTx, now: Date): Promise<AdminPromotion[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(promotions)
      .orderBy(sql`${promotions.id} desc`),
    productCounts(db, sql`promotion_id`),
  ]);
  return rows.map((p) => promotionOut(p, counts, now));
}

export async function getPromotion(db: DbOrTx, id: number, now: Date): Promise<AdminPromotion> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw AppError.notFound('promotion_not_found');
  return promotionOut(row, await productCounts(db, sql`promotion_id`), now);
}

async function checkSlug(tx: DbOrTx, slug: string, except: number | null) {
  const [taken] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      except === null
        ? sql`lower(${promotions.slug}) = lower(${slug})`
        : sql`lower(${promotions.slug}) = lower(${slug}) and ${promotions.id} <> ${except}`,
    );
  if (taken) throw AppError.field('slug', 'slug_taken');
}

/** A unique violation on the slug (two staff members saving the same slug at once) reads as the field's error. */
async function slugRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field('slug', 'slug_taken');
    throw err;
  }
}

const productIdsOf = async (tx: DbOrTx, promotionId: number) =>
  rowsOf<{ id: number }>(
    await tx.execute(sql`select id from products where promotion_id = ${promotionId}`),
  ).map((r) => Number(r.id));

/** POST /v1/admin/promotions: 422 on a slug in use (or malformed) and on dates in the wrong order. */
export async function createPromotion(db: DbOrTx, me: CurrentStaff, body: AdminPromotionBody, now: Date) {
  const id = await slugRace(() =>
    db.transaction(async (tx) => {
      await checkSlug(tx, body.slug, null);
      const [row] = await tx
        .insert(promotions)
        .values({
          nameEn: body.name_en,
          nameAr: body.name_ar,
          slug: body.slug,
          startsAt: body.starts_at ? new Date(body.starts_at) : null,
          endsAt: body.ends_at ? new Date(body.ends_at) : null,
          active: body.active,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await audit(
        tx,
        me,
        'promotion.added',
        { type: 'promotion', id: row!.id },
        { after: promotionAudit(row!) },
        now,
      );
      return row!.id;
    }),
  );
  return getPromotion(db, id, now);
}

/** PUT /v1/admin/promotions/{id}: new dates or a switch on or off reprice its products at once. */
export async function updatePromotion(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminPromotionUpdate,
  now: Date,
) {
  await slugRace(() =>
    db.transaction(async (tx) => {
      await auditedEdit(tx, me, {
        read: async () => (await tx.select().from(promotions).where(eq(promotions.id, id)).for('update'))[0],
        notFound: 'promotion_not_found',
        stale: (before) => isStale(body.updated_at, before.updatedAt),
        staleError: () => new AppError(409, 'stale', ['promotion_changed']),
        write: async (before) => {
          await checkSlug(tx, body.slug, id);
          const [after] = await tx
            .update(promotions)
            .set({
              nameEn: body.name_en,
              nameAr: body.name_ar,
              slug: body.slug,
              startsAt: body.starts_at ? new Date(body.starts_at) : null,
              endsAt: body.ends_at ? new Date(body.ends_at) : null,
              active: body.active,
              updatedAt: nextStamp(now, before.updatedAt),
            })
            .where(eq(promotions.id, id))
            .returning();
          const ids = await productIdsOf(tx, id);
          if (ids.length) await refreshCurrentPrices(tx, now, ids);
          return after!;
        },
        auditView: promotionAudit,
        action: 'promotion.changed',
        target: { type: 'promotion', id },
        now,
      });
    }),
  );
  return getPromotion(db, id, now);
}

/** DELETE /v1/admin/promotions/{id}: its products leave it, lose their promotion price and are repriced. */
export async function deletePromotion(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw AppError.notFound('promotion_not_found');
    const products = rowsOf<{ id: number; promoted_price_piastres: number | null }>(
      await tx.execute(sql`select id, promoted_price_piastres from products where promotion_id = ${id}
        order by id for update`),
    );
    const ids = products.map((p) => Number(p.id));
    if (ids.length) {
      await tx.execute(sql`update products set promotion_id = null, promoted_price_piastres = null,
          updated_at = ${now.toISOString()}::timestamptz, edited_at = ${now.toISOString()}::timestamptz
        where promotion_id = ${id}`);
      await refreshCurrentPrices(tx, now, ids);
    }
    await tx.delete(promotions).where(eq(promotions.id, id));
    await audit(
      tx,
      me,
      'promotion.deleted',
      { type: 'promotion', id },
      {
        before: {
          ...promotionAudit(before),
          products: products.map((p) => ({
            product_id: Number(p.id),
            price_after_promotion:
              p.promoted_price_piastres === null ? null : toEgp(Number(p.promoted_price_piastres)),
          })),
        },
        after: null,
      },
      now,
    );
  });
}

/* ---------------- a promotion's products ---------------- */

interface ProductRow {
  id: number;
  title_en: string;
  title_ar: string;
  model: string | null;
  price_piastres: number;
  promoted_price_piastres: number | null;
  current_price_piastres: number;
  promotion_id: number | null;
  promotion_en: string | null;
  promotion_ar: string | null;
  active: boolean;
  image: string | null;
}

const productColumns = sql`p.id, p.title_en, p.title_ar, p.model, p.price_piastres, p.promoted_price_piastres,
  p.current_price_piastres, p.promotion_id, pr.name_en as promotion_en, pr.name_ar as promotion_ar, p.active,
  (select i.thumbnail_url from product_images i where i.product_id = p.id and not i.is_3d
    order by i.position, i.id limit 1) as image`;

const productOut = (r: ProductRow, locale: Locale): AdminPromotionProduct => ({
  id: Number(r.id),
  title_en: r.title_en,
  title_ar: r.title_ar,
  model: r.model,
  price: toEgp(Number(r.price_piastres)),
  price_after_promotion:
    r.promotion_id !== null && r.promoted_price_piastres !== null
      ? toEgp(Number(r.promoted_price_piastres))
      : null,
  current_price: toEgp(Number(r.current_price_piastres)),
  promotion:
    r.promotion_id === null
      ? null
      : { id: Number(r.promotion_id), name: (locale === 'ar' ? r.promotion_ar : r.promotion_en) ?? '' },
  active: Boolean(r.active),
  image: r.image,
});

/** GET /v1/admin/promotions/{id}/products: its products, by title. */
export async function promotionProducts(db: DbOrTx, id: number, locale: Locale) {
  const [exists] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id));
  if (!exists) throw AppError.notFound('promotion_not_found');
  const rows = rowsOf<ProductRow>(
    await db.execute(sql`select ${productColumns} from products p left join promotions pr on pr.id = p.promotion_id
      where p.promotion_id = ${id} and p.variant_of is null order by ${locale === 'ar' ? sql`p.title_ar` : sql`p.title_en`}, p.id`),
  );
  return rows.map((r) => productOut(r, locale));
}

/**
 * GET /v1/admin/promotions/{id}/candidates: up to 20 products to add, by a product number or every word of the
 * query in the store's search text (titles in both languages, model, brand, categories).
 */
export async function promotionCandidates(db: DbOrTx, id: number, query: string | undefined, locale: Locale) {
  const [exists] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id));
  if (!exists) throw AppError.notFound('promotion_not_found');
  const filter = productTextFilter(query);
  if (!filter) return [];
  const { where, number: asNumber } = filter;
  const first = asNumber === null ? sql`` : sql`(p.id = ${asNumber}) desc,`;
  const rows = rowsOf<ProductRow>(
    await db.execute(sql`select ${productColumns} from products p left join promotions pr on pr.id = p.promotion_id
      where ${where} and p.variant_of is null order by ${first} p.active desc, p.id desc limit 20`),
  );
  return rows.map((r) => productOut(r, locale));
}

/**
 * PUT /v1/admin/promotions/{id}/products: `items` join the promotion with their promotion price (below their
 * price; a product in another promotion moves to this one), `remove` leave it; all or nothing, field errors on
 * the item (`items.2.price_after_promotion`). The products' current prices are refreshed in the same transaction.
 */
export async function setPromotionProducts(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminPromotionProductsBody,
  now: Date,
  locale: Locale,
) {
  await db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!promotion) throw AppError.notFound('promotion_not_found');
    const wanted = [...body.items.map((i) => i.product_id), ...body.remove];
    const found = new Map(
      (wanted.length
        ? rowsOf<{
            id: number;
            price_piastres: number;
            promotion_id: number | null;
            promoted_price_piastres: number | null;
          }>(
            await tx.execute(sql`select id, price_piastres, promotion_id, promoted_price_piastres from products
              where id in ${wanted} order by id for update`),
          )
        : []
      ).map((r) => [Number(r.id), r]),
    );
    const errors: Record<string, string[]> = {};
    body.items.forEach((item, i) => {
      const p = found.get(item.product_id);
      if (!p) errors[`items.${i}.product_id`] = ['product_not_found'];
      else if (toPiastres(item.price_after_promotion) >= Number(p.price_piastres))
        errors[`items.${i}.price_after_promotion`] = ['promotion_price_not_below'];
    });
    body.remove.forEach((pid, i) => {
      if (!found.has(pid)) errors[`remove.${i}`] = ['product_not_found'];
    });
    if (Object.keys(errors).length) throw new AppError(422, 'invalid', errors);

    const changes: { product_id: number; before: object; after: object }[] = [];
    const stamp = sql`${now.toISOString()}::timestamptz`;
    if (body.items.length) {
      const values = body.items.map(
        (i) => sql`(${i.product_id}::int, ${toPiastres(i.price_after_promotion)}::int)`,
      );
      await tx.execute(sql`update products p set promotion_id = ${id}, promoted_price_piastres = v.price,
          updated_at = ${stamp}, edited_at = ${stamp}
        from (values ${sql.join(values, sql`, `)}) as v(id, price) where p.id = v.id`);
      for (const i of body.items) {
        const p = found.get(i.product_id)!;
        changes.push({
          product_id: i.product_id,
          before: {
            promotion_id: p.promotion_id === null ? null : Number(p.promotion_id),
            price_after_promotion:
              p.promoted_price_piastres === null ? null : toEgp(Number(p.promoted_price_piastres)),
          },
          after: { promotion_id: id, price_after_promotion: i.price_after_promotion },
        });
      }
    }
    const leaving = body.remove.filter((pid) => Number(found.get(pid)!.promotion_id) === id);
    if (leaving.length) {
      await tx.execute(sql`update products set promotion_id = null, promoted_price_piastres = null,
          updated_at = ${stamp}, edited_at = ${stamp} where id in ${leaving} and promotion_id = ${id}`);
      for (const pid of leaving) {
        const p = found.get(pid)!;
        changes.push({
          product_id: pid,
          before: {
            promotion_id: id,
            price_after_promotion:
              p.promoted_price_piastres === null ? null : toEgp(Number(p.promoted_price_piastres)),
          },
          after: { promotion_id: null, price_after_promotion: null },
        });
      }
    }
    const touched = changes.map((c) => c.product_id);
    // Products sold in variants (decision 034): their variants take the promotion at the product's ratio (what the
    // shopper pays is a variant's price), or leave it with the product; the product then follows them.
    const parents = touched.length
      ? rowsOf<{ id: number; price_piastres: number; promoted_price_piastres: number | null }>(
          await tx.execute(sql`select id, price_piastres, promoted_price_piastres from products
            where id in ${touched} and variant_options is not null order by id`),
        )
      : [];
    for (const p of parents) {
      const promoted = p.promoted_price_piastres === null ? null : Number(p.promoted_price_piastres);
      await tx.execute(
        promoted === null
          ? sql`update products set promotion_id = null, promoted_price_piastres = null, updated_at = ${stamp}
              where variant_of = ${p.id}`
          : sql`update products set promotion_id = ${id}, updated_at = ${stamp},
              promoted_price_piastres = greatest(1, least(price_piastres - 1,
                round(price_piastres * ${promoted}::numeric / ${Number(p.price_piastres)})::int))
              where variant_of = ${p.id} and price_piastres > 1`,
      );
      await settleVariantProduct(tx, Number(p.id), now);
    }
    if (touched.length) {
      await refreshCurrentPrices(tx, now, touched);
      await audit(tx, me, 'promotion.products_changed', { type: 'promotion', id }, { changes }, now);
    }
  });
  return promotionProducts(db, id, locale);
}
