import { productListResponseSchema, productResponseSchema } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type AuthHeaders } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';

let t: TestApp;
const ids: number[] = [];
let a: AuthHeaders;
let b: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const cat = await addCategory(db, 'Kitchen', 'مطبخ');
  const brand = await addBrand(db, 'Tornado', 'تورنيدو');
  for (let i = 0; i < 12; i++)
    ids.push(
      (
        await addProduct(db, {
          titleEn: `Kettle ${i}`,
          titleAr: `غلاية ${i}`,
          categoryId: cat.id,
          brandId: brand.id,
          priceEgp: 500 + i,
        })
      ).id,
    );
  a = await newUser(t.app, '01033300001');
  b = await newUser(t.app, '01033300002');
});
afterAll(async () => {
  await t?.close();
});

const fav = (h: AuthHeaders, id: number, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/v1/users/products/${id}/favorites`, headers: h });
const list = async (h: AuthHeaders, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/users/products?${query}`, headers: h });
  expect(res.statusCode).toBe(200);
  return productListResponseSchema.parse(res.json());
};

describe('favorites and users/products', () => {
  it('favoriting sets the flag in lists and on the product page; unfavoriting clears it', async () => {
    const res = await fav(a, ids[0]!);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ product_id: ids[0], favorite: true });
    expect((await fav(a, ids[0]!)).statusCode).toBe(201); // twice is once
    await fav(a, ids[1]!);

    const all = await list(a, 'per_page=20');
    const flags = Object.fromEntries(all.products.map((p) => [p.id, p.favorite]));
    expect(flags[ids[0]!]).toBe(true);
    expect(flags[ids[1]!]).toBe(true);
    expect(flags[ids[2]!]).toBe(false);

    const page = await t.app.inject({ method: 'GET', url: `/v1/users/products/${ids[0]}`, headers: a });
    expect(productResponseSchema.parse(page.json()).product.favorite).toBe(true);

    const wishlist = await list(a, 'favorites=true');
    expect(wishlist.products.map((p) => p.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(wishlist.meta.total_entries).toBe(2);

    const removed = await fav(a, ids[1]!, 'DELETE');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ product_id: ids[1], favorite: false });
    expect((await list(a, 'favorites=true')).products.map((p) => p.id)).toEqual([ids[0]]);
    expect((await fav(a, ids[1]!, 'DELETE')).statusCode).toBe(200);
  });

  it('the wishlist pages 10 at a time', async () => {
    for (const id of ids) await fav(a, id);
    const first = await list(a, 'favorites=true&per_page=10&page=1');
    expect(first.products).toHaveLength(10);
    expect(first.meta.next_page).toBe(2);
    const second = await list(a, 'favorites=true&per_page=10&page=2');
    expect(second.products).toHaveLength(2);
    expect(second.meta.next_page).toBeNull();
  });

  it("user B gets nothing of user A's favorites", async () => {
    const wishlist = await list(b, 'favorites=true');
    expect(wishlist.products).toEqual([]);
    expect((await list(b)).products.every((p) => !p.favorite)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/v1/users/products/${ids[0]}`, headers: b });
    expect(page.json().product.favorite).toBe(false);
    // B unfavoriting A's favorite changes nothing for A.
    await fav(b, ids[0]!, 'DELETE');
    expect((await list(a, 'favorites=true&per_page=20')).products.map((p) => p.id)).toContain(ids[0]);
  });

  it('guests get 401; an unknown product is 404; the public list never carries a favorite', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/products' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/v1/users/products/${ids[0]}/favorites` })).statusCode,
    ).toBe(401);
    const unknown = await fav(a, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/products/999999', headers: a })).statusCode,
    ).toBe(404);
    const pub = productListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/products' })).json(),
    );
    expect(pub.products.every((p) => !p.favorite)).toBe(true);
  });
});
