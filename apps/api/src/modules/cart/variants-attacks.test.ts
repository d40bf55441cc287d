/**
 * Attacks on product variants (issue 49 item 2, decision 034), on PGlite and PostgreSQL: a variant staff remove
 * while it sits in a shopper's cart is not sold (the order is refused, nothing placed, no stock taken), and a
 * product page asked with junk in `?variant=` answers the page, never a 500 or the junk written back.
 */
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { addAddress, addShopper, addZones, call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { colourOption, putVariants } from '../../test/variants.ts';

let t: TestApp;
let web: App;
let distDir: string;
let staff: StaffAuth;
let other: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  staff = (await ownerCatalogClerk(t, 'Variants#2026-long')).catalog;
  distDir = mkdtempSync(path.join(tmpdir(), 'variants-attacks-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>متجر</title></head><body><div id="root"></div></body></html>',
  );
  web = await buildApp({
    database: t.database,
    clock: t.clock,
    env: 'test',
    webDistDir: distDir,
    publicUrl: 'https://store.example',
  });
  await web.ready();
  const cat = await addCategory(t.database.db, 'Mobiles', 'موبايلات');
  const brand = await addBrand(t.database.db, 'Apple', 'أبل');
  other = (
    await addProduct(t.database.db, {
      titleEn: 'Cable',
      titleAr: 'كابل',
      categoryId: cat.id,
      brandId: brand.id,
      priceEgp: 100,
      stock: 5,
    })
  ).id;
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true, maxRetries: 5 });
});

/** A phone in black (SKU …-BK, 3 in stock) and blue (…-BL, 2): its id and its variants' ids by SKU. */
async function phone() {
  n += 1;
  const [cat] = await t.database.db.select().from(products).where(eq(products.id, other));
  const p = await addProduct(t.database.db, {
    titleEn: `Phone ${n}`,
    titleAr: `موبايل ${n}`,
    categoryId: cat!.categoryId,
    brandId: cat!.brandId,
    priceEgp: 400,
    stock: 0,
  });
  const v = await putVariants(
    t,
    staff,
    p.id,
    [colourOption],
    [
      { values: ['Black'], sku: `P${n}-BK`, price: 400, stock: 3 },
      { values: ['Blue'], sku: `P${n}-BL`, price: 410, stock: 2 },
    ],
  );
  return { id: p.id, black: v[`P${n}-BK`]!, blue: v[`P${n}-BL`]! };
}

describe('a variant removed while in a cart', () => {
  it('is not sold: checkout is refused in the shopper language, nothing is placed and no stock is taken', async () => {
    const p = await phone();
    const s = await addShopper(t.database.db, t.clock.now());
    const put = await call(t.app, 'PUT', '/v1/users/cart', s.headers, {
      order_product: { product_id: p.id, variant_id: p.blue, quantity: 1 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const address = await addAddress(t.app, s);
    const attached = await call(t.app, 'PUT', `/v1/users/orders/${put.body.order.id}/address`, s.headers, {
      address_id: address.id,
    });
    expect(attached.status).toBe(200);
    const removed = await call(t.app, 'PUT', `/v1/admin/products/${p.id}/variants`, staff, {
      options: [{ ...colourOption, values: [colourOption.values[0]!] }],
      variants: [{ id: p.black, values: ['Black'], sku: `P${n}-BK`, price: 400, stock: 3 }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const cart = await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers);
    expect(cart.status).toBe(200);
    for (const item of cart.body.order.items as { product: { id: number }; available: boolean }[])
      expect(item.product.id === p.blue ? item.available : true).toBe(false);
    const placed = await call(t.app, 'PUT', '/v1/users/checkout?locale=ar', s.headers, {
      payment_method: 'cash',
    });
    expect([422, 409]).toContain(placed.status);
    expect(JSON.stringify(placed.body)).toMatch(/[\u0600-\u06ff]/);
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, s.id));
    expect(mine.map((o) => o.status)).toEqual(['cart']);
    const [blue] = await t.database.db.select().from(products).where(eq(products.id, p.blue));
    expect(blue?.stock ?? 2).toBe(2);
  });
});

describe('a product page asked with junk in ?variant=', () => {
  it('answers the page without the junk, never a 500; another product’s id chooses nothing', async () => {
    const p = await phone();
    for (const junk of [
      '"><script>alert(1)</script>',
      '-1',
      '99999999999999999999',
      '1e3',
      '%00',
      String(other),
      `${p.blue}<img src=x onerror=alert(1)>`,
    ]) {
      const res = await web.inject({
        method: 'GET',
        url: `/products/${p.id}?variant=${encodeURIComponent(junk)}`,
      });
      expect(res.statusCode, junk).toBe(200);
      expect(res.body, junk).not.toContain('<script>alert');
      expect(res.body, junk).not.toContain('onerror=alert');
      expect(res.body, junk).toContain(`موبايل ${n}`);
    }
  });
});
