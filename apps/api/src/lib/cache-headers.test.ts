import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addShopper, call, productMaker, putInCart } from '../test/shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalogCacheMs: 10_000 });
  await (
    await productMaker(t.database.db, t.clock.now())
  )(1000, 5);
});
afterAll(() => t.close());

describe('what a CDN in front of the store may keep', () => {
  it("a signed-in shopper's cart and profile say private, no-store", async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    for (const url of ['/v1/users/cart', '/v1/users']) {
      const r = await t.app.inject({ method: 'GET', url, headers: s.headers });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('private, no-store');
    }
    // A write, a refusal and an unknown route too.
    const bad = await t.app.inject({ method: 'GET', url: '/v1/users/cart' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: '/v1/nothing' })).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await t.app.inject({ method: 'GET', url: '/health' })).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('a public product list says public with an s-maxage in step with the catalog cache, varying by language', async () => {
    for (const url of ['/v1/products', '/v1/products?locale=en&page=1']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=10, s-maxage=10, stale-while-revalidate=30');
      expect(String(r.headers.vary)).toMatch(/Accept-Language/);
      // Served again from the instance's own cache: the same headers.
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.headers['cache-control']).toBe(r.headers['cache-control']);
    }
    // A public route's refusal is not kept.
    const missing = await t.app.inject({ method: 'GET', url: '/v1/products/999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });

  it('putting a product in the cart is never cacheable', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const r = await call(t.app, 'GET', '/v1/products', {});
    const id = r.body.products[0].id as number;
    const put = await putInCart(t.app, s, id, 1);
    expect(put).toBeDefined();
    const cart = await t.app.inject({ method: 'GET', url: '/v1/users/cart', headers: s.headers });
    expect(cart.headers['cache-control']).toBe('private, no-store');
  });
});
