/**
 * What search engines may list (issue 14): the shop's public pages from the catalog, each in both languages.
 * Built once per catalog version (decision 009): a product added, hidden or changed bumps the version, and the
 * next sitemap request lists it.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogView } from './catalog-memo.ts';
import { runningPromotion } from './taxonomy-reads.ts';

export interface SitemapPage {
  /** A path with its query, Arabic (the default language: no `lang`). */
  path: string;
  lastmod?: string;
}

/** Pages of the shop that exist whatever the catalog holds. */
export const STATIC_PAGES = [
  '/',
  '/products',
  '/special-offers',
  '/about-us',
  '/terms-conditions',
  '/privacy-policy',
  '/returns-policy',
];

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const day = (d: unknown) => new Date(d as string).toISOString().slice(0, 10);

/** Every public page: static pages, category and brand lists, running promotions, active products. */
export async function sitemapPages(db: DbOrTx, now: Date): Promise<SitemapPage[]> {
  const view = await catalogView(db);
  // A promotion starts or ends with time, not with a catalog change: the hour is part of the key.
  const hour = now.toISOString().slice(0, 13);
  return view.remember(`sitemap:${hour}`, async () => {
    const [cats, brands, promos, products] = await Promise.all([
      db.execute(sql`select id from categories where active order by id`),
      db.execute(sql`select id from brands where active order by id`),
      db.execute(sql`select slug from promotions where ${runningPromotion(now).sql()} order by id`),
      db.execute(sql`select id, updated_at from products where active order by id`),
    ]);
    return [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...rowsOf<{ id: number }>(cats).map((c) => ({ path: `/products?category_id=${c.id}` })),
      ...rowsOf<{ id: number }>(brands).map((b) => ({ path: `/products?brand_id=${b.id}` })),
      ...rowsOf<{ slug: string }>(promos).map((p) => ({ path: `/promotions/${encodeURIComponent(p.slug)}` })),
      ...rowsOf<{ id: number; updated_at: unknown }>(products).map((p) => ({
        path: `/products/${p.id}`,
        lastmod: day(p.updated_at),
      })),
    ];
  });
}
