import type { Locale } from '@store/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { InProcessReads } from './in-process-reads.ts';

/**
 * The server renderer reads the catalog in-process (decision 021): each `cache: true` route's own handler, called
 * with the route's own schemas by InProcessReads' small router. A page rendered on the server must hold exactly
 * what the browser would get over HTTP, or hydration shows something else (or asks again). So every such route
 * answers each address here in-process and through inject, in both languages, and the two must be the same.
 */
let t: TestApp;
let reads: InProcessReads;
let uploads: string;
/** Addresses of the demo catalog, found once it is seeded. */
let product: { id: number; category: number; brand: number };
let promotion: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  uploads = await mkdtemp(path.join(tmpdir(), 'in-process-reads-'));
  await seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() });
  reads = InProcessReads.of(t.app)!;
  const list = await t.app.inject({ method: 'GET', url: '/v1/products?per_page=1&featured=true' });
  const p = list.json().products[0];
  product = { id: p.id, category: p.category.id, brand: p.brand.id };
  const promotions = await t.app.inject({ method: 'GET', url: '/v1/promotions' });
  promotion = promotions.json().promotions[0];
});
afterAll(async () => {
  await t?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** Addresses to ask each read for (after /v1/), the pages' own and some it must refuse. */
const addresses: Record<string, () => string[]> = {
  '/v1/products': () => [
    'products',
    'products?per_page=12&page=2',
    `products?category_id=${product.category}&sort=price_asc`,
    `products?brand_id=${product.brand}`,
    `products?search=${encodeURIComponent('شاشة سامسونج')}`,
    'products?search=fridge&min_price=1000&max_price=30000',
    'products?special_offer=true',
    'products?per_page=-3',
  ],
  '/v1/products/suggestions': () => [
    `products/suggestions?search=${encodeURIComponent('ثلاجة')}`,
    'products/suggestions?search=iphone%20charger',
  ],
  '/v1/products/:id': () => [`products/${product.id}`, 'products/999999', 'products/abc'],
  '/v1/categories': () => ['categories'],
  '/v1/brands': () => ['brands', 'brands?featured=true&per_page=5'],
  '/v1/brands/:id': () => [`brands/${product.brand}`, 'brands/999999'],
  '/v1/promotions': () => ['promotions'],
  '/v1/promotions/:id': () => [
    `promotions/${promotion.id}`,
    `promotions/${encodeURIComponent(promotion.slug)}`,
    'promotions/no-such-offer',
  ],
  '/v1/page_settings': () => ['page_settings', 'page_settings?group=home'],
  '/v1/branches': () => ['branches'],
  '/v1/store/seller': () => ['store/seller'],
  '/v1/delivery_zones': () => ['delivery_zones'],
};

describe('the reads a server render makes in-process', () => {
  it('are every public read the API caches, each with addresses below', () => {
    expect([...reads.urls].sort()).toEqual(Object.keys(addresses).sort());
  });

  it('answer every address as the API does over HTTP: the same status and, when found, the same body', async () => {
    for (const locale of ['ar', 'en'] as Locale[]) {
      for (const address of Object.values(addresses).flatMap((a) => a())) {
        const [p = '', q = ''] = address.split('?');
        const inProcess = await reads.get(p, new URLSearchParams(q), locale);
        const http = await t.app.inject({
          method: 'GET',
          url: `/v1/${address}`,
          headers: { 'accept-language': locale },
        });
        expect(inProcess.status, `${locale} ${address}`).toBe(http.statusCode);
        if (http.statusCode === 200) expect(inProcess.body, `${locale} ${address}`).toEqual(http.json());
        else if (http.statusCode !== 422) {
          // What went wrong, in the page's language (a 422's field-by-field details are left to the browser).
          expect(inProcess.body, `${locale} ${address}`).toEqual({ errors: http.json().errors });
        }
      }
    }
  });
});
