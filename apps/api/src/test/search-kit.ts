import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { addProduct } from './fixtures.ts';

/** What the search tests (search-words.test.ts, search-sections.test.ts) share. */

/** A search as the shop asks it: the titles found and the list's meta. */
export async function searchAnswer(t: TestApp, q: string, locale = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/products?locale=${locale}&query=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { products: { title: string }[]; meta: Record<string, unknown> };
  return { titles: body.products.map((p) => p.title), meta: body.meta };
}

/** Adds products of one brand, price and stock, each by its titles and section (the tests' small catalogs). */
export const productsOf =
  (db: TestApp['database']['db'], brandId: number, priceEgp: number, stock: number) =>
  (titleEn: string, titleAr: string, categoryId: number) =>
    addProduct(db, { titleEn, titleAr, categoryId, brandId, priceEgp, stock });
