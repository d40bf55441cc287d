/**
 * What a shopper browses beside the products (spec §7): the categories, the brands and the promotions running now,
 * and the one rule of when a promotion runs (`runningPromotion`), which the prices, the sitemap, the cards and the
 * back office's promotion states read too.
 */
import { DEFAULT_PRODUCT_PER_PAGE, type Category, type Locale } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows, type Row } from '../../db/rows.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/locale.ts';
import { iso } from './columns.ts';

/** A category and every category under it, as a sub-query of ids. */
export const subtree = (categoryId: number) => sql`(
  with recursive sub(id) as (
    select id from categories where id = ${categoryId}
    union all select c.id from categories c join sub on c.parent_id = sub.id
  ) select id from sub)`;

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from categories where id = ${id} and active`)).length > 0;
}

export interface CategoryQuery {
  show_all?: boolean;
  show_on_homepage?: boolean;
  dedicated_page?: boolean;
  category_id?: number;
  brand_id?: number;
}

/**
 * GET /v1/categories. Without parameters: the root categories with their children nested (three levels).
 * show_all: every category, flat. show_on_homepage: the home page's categories. category_id: that category's
 * children (nested). dedicated_page: categories holding special-offer products. brand_id: categories holding
 * that brand's products (flat).
 */
export async function listCategories(db: DbOrTx, q: CategoryQuery, locale: Locale): Promise<Category[]> {
  const all = await rows(db, sql`select * from categories where active order by position, id`);
  const make = (r: Row): Category => ({
    id: Number(r.id),
    name: pick(locale, String(r.name_en), String(r.name_ar)),
    name_en: String(r.name_en),
    name_ar: String(r.name_ar),
    icon_url: (r.icon_url as string | null) ?? null,
    parent_id: r.parent_id == null ? null : Number(r.parent_id),
    children: [],
  });
  const nodes = new Map(all.map((r) => [Number(r.id), make(r)]));
  const tree = () => {
    for (const n of nodes.values()) if (n.parent_id != null) nodes.get(n.parent_id)?.children.push(n);
  };
  const flat = (ids: Set<number>) => all.filter((r) => ids.has(Number(r.id))).map(make);
  if (q.brand_id || q.dedicated_page) {
    const cond = q.brand_id ? sql`brand_id = ${q.brand_id}` : sql`special_offer`;
    const used = await rows(db, sql`select distinct category_id from products where active and ${cond}`);
    return flat(new Set(used.map((u) => Number(u.category_id))));
  }
  if (q.show_all) return [...nodes.values()];
  tree();
  if (q.category_id) {
    const node = nodes.get(q.category_id);
    if (!node) return [];
    return node.children;
  }
  const roots = [...nodes.values()].filter((n) => n.parent_id == null);
  if (q.show_on_homepage) {
    return all
      .filter((r) => r.show_on_homepage)
      .map((r) => nodes.get(Number(r.id))!)
      .slice(0, 10);
  }
  return roots;
}

/* ---------------- brands ---------------- */

const brandOut = (r: Row, locale: Locale) => ({
  id: Number(r.id),
  name: pick(locale, String(r.name_en), String(r.name_ar)),
  name_en: String(r.name_en),
  name_ar: String(r.name_ar),
  featured: Boolean(r.featured),
  icon_url: (r.icon_url as string | null) ?? null,
});

export async function listBrands(
  db: DbOrTx,
  q: {
    page?: number;
    per_page?: number;
    show_all?: boolean;
    show_on_homepage?: boolean;
    category_id?: number;
  },
  locale: Locale,
) {
  const where: SQL[] = [sql`b.active`];
  if (q.show_on_homepage) where.push(sql`b.show_on_homepage`);
  if (q.category_id) {
    where.push(
      sql`exists (select 1 from products p where p.brand_id = b.id and p.active and p.category_id in ${subtree(q.category_id)})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const [{ total }] = (await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from brands b where ${cond}`,
  )) as [{ total: number | string }];
  const count = Number(total);
  const perPage = q.show_all ? Math.max(count, 1) : (q.per_page ?? DEFAULT_PRODUCT_PER_PAGE);
  const page = q.show_all ? 1 : (q.page ?? 1);
  const list = await rows(
    db,
    sql`select b.* from brands b where ${cond} order by b.position, b.id limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return {
    brands: list.map((r) => brandOut(r, locale)),
    meta: {
      per_page: perPage,
      total_entries: count,
      current_page: page,
      next_page: page * perPage < count ? page + 1 : null,
    },
  };
}

export async function getBrand(db: DbOrTx, id: number, locale: Locale) {
  const [r] = await rows(db, sql`select * from brands where id = ${id} and active`);
  if (!r) throw AppError.notFound('brand_not_found');
  return brandOut(r, locale);
}

/* ---------------- promotions ---------------- */

/* ---------------- promotions ---------------- */

const time = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).getTime();

/**
 * Whether a promotion runs at `now`: switched on, started (or without a start) and not ended (or without an end).
 * The one rule, in its two forms: `sql(table)` a condition on the promotions table (under the name `table`, when
 * given), `holds(row)` of a promotion read already (a card kept with the catalog index is shown later than it was
 * read; the back office's promotion state).
 */
export function runningPromotion(now: Date) {
  const at = now.toISOString();
  return {
    sql: (table?: string): SQL => {
      const c = (column: string) => sql.raw(table ? `${table}.${column}` : column);
      return sql`${c('active')} and (${c('starts_at')} is null or ${c('starts_at')} <= ${at}::timestamptz)
        and (${c('ends_at')} is null or ${c('ends_at')} > ${at}::timestamptz)`;
    },
    holds: (p: { active: unknown; startsAt: unknown; endsAt: unknown }): boolean =>
      Boolean(p.active) &&
      (p.startsAt == null || time(p.startsAt) <= now.getTime()) &&
      (p.endsAt == null || time(p.endsAt) > now.getTime()),
  };
}

const promotionOut = (r: Row, locale: Locale) => ({
  id: Number(r.id),
  name: pick(locale, String(r.name_en), String(r.name_ar)),
  name_en: String(r.name_en),
  name_ar: String(r.name_ar),
  slug: String(r.slug),
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
});

/** The promotions running now. */
export async function listPromotions(db: DbOrTx, locale: Locale, now: Date) {
  const list = await rows(db, sql`select * from promotions where ${runningPromotion(now).sql()} order by id`);
  return list.map((r) => promotionOut(r, locale));
}

/** A promotion by id or slug, while it runs. */
export async function getPromotion(db: DbOrTx, idOrSlug: number | string, locale: Locale, now: Date) {
  const key = typeof idOrSlug === 'number' ? sql`id = ${idOrSlug}` : sql`slug = ${idOrSlug}`;
  const [r] = await rows(db, sql`select * from promotions where ${key} and ${runningPromotion(now).sql()}`);
  if (!r) throw AppError.notFound('promotion_not_found');
  return promotionOut(r, locale);
}
