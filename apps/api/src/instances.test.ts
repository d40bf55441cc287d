import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import { authHeadersOf, latestCode, PASSWORD, signIn, signUpBody } from './test/accounts.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { addBrand, addCategory, addProduct } from './test/fixtures.ts';

/**
 * The store behind a load balancer: two instances of the API on one database, a shopper's requests landing on
 * either. Nothing a shopper relies on may live only in one instance's memory: sessions, SMS codes and their 120 s
 * rule, rate-limit counters, the cart. On PostgreSQL (CI) the second instance has its own connection pool, as a
 * second process would; on PGlite both share the one embedded database.
 */
const limits = { signInPerPhone: { max: 3, windowSeconds: 900 } };
let t: TestApp;
let second: { app: App; database: Database | null };
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ authLimits: limits });
  const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 5 }) : null;
  const app = await buildApp({
    database: database ?? t.database,
    clock: t.clock,
    env: 'test',
    devRoutes: true,
    catalogCacheMs: 0,
    authLimits: limits,
  });
  await app.ready();
  second = { app, database };
  const cat = await addCategory(t.database.db, 'Phones', 'موبايلات');
  const brand = await addBrand(t.database.db, 'Samsung', 'سامسونج');
  productId = (
    await addProduct(t.database.db, {
      titleEn: 'Galaxy A55',
      titleAr: 'جالاكسي A55',
      categoryId: cat.id,
      brandId: brand.id,
      priceEgp: 18_999,
      stock: 10,
    })
  ).id;
});

afterAll(async () => {
  await second?.app.close();
  await second?.database?.close();
  await t?.close();
});

const a = () => t.app;
const b = () => second.app;

describe('two instances behind a load balancer', () => {
  it('signed up on one, confirmed and signed in on the other; the session works on both and ends on both', async () => {
    const phone = '01098765401';
    expect(
      (await a().inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) })).statusCode,
    ).toBe(201);
    const code = await latestCode(b(), phone);
    const confirmed = await b().inject({
      method: 'PUT',
      url: '/v1/users/confirmations',
      payload: { phone_number: phone, sms_confirmation_otp: code },
    });
    expect(confirmed.statusCode).toBe(200);

    const headers = await signIn(a(), phone);
    const me = await b().inject({ method: 'GET', url: '/v1/users', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.phone_number).toBe(phone);

    expect((await b().inject({ method: 'DELETE', url: '/v1/users/sign_out', headers })).statusCode).toBe(200);
    expect((await a().inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(401);
  });

  it('a code resent on the other instance still waits out the 120 s', async () => {
    const phone = '01098765402';
    await a().inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    t.clock.advance(20_000);
    const early = await b().inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json().errors).toEqual(['Please wait 100s before resending code']);
  });

  it('wrong passwords tried on both instances add up to one limit', async () => {
    const phone = '01098765403';
    await a().inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    await a().inject({
      method: 'PUT',
      url: '/v1/users/confirmations',
      payload: { phone_number: phone, sms_confirmation_otp: await latestCode(a(), phone) },
    });
    const wrong = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/v1/users/sign_in',
        payload: { phone_number: phone, password: 'Nope#2024' },
      });
    expect((await wrong(a())).statusCode).toBe(401);
    expect((await wrong(b())).statusCode).toBe(401);
    expect((await wrong(a())).statusCode).toBe(401);
    const limited = await b().inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
  });

  it('a cart filled through one instance is the cart the other serves', async () => {
    const phone = '01098765404';
    await b().inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    await b().inject({
      method: 'PUT',
      url: '/v1/users/confirmations',
      payload: { phone_number: phone, sms_confirmation_otp: await latestCode(b(), phone) },
    });
    const signedIn = await b().inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    const headers = authHeadersOf(signedIn.headers);
    const put = await a().inject({
      method: 'PUT',
      url: '/v1/users/cart',
      headers,
      payload: { order_product: { product_id: productId, quantity: 2 } },
    });
    expect(put.statusCode).toBe(200);
    const cart = await b().inject({ method: 'GET', url: '/v1/users/cart', headers });
    expect(cart.statusCode).toBe(200);
    const items = cart.json().order.items as { product: { id: number }; quantity: number }[];
    expect(items.map((i) => [i.product.id, i.quantity])).toEqual([[productId, 2]]);
  });
});
