/**
 * Bad input never breaks the store (issue 12, item 3): whatever a client sends (a NUL byte, a number past 32 bits,
 * a negative or fractional id, an array where one value is expected, a malformed form), every route answers with
 * the store's error shape in the shopper's language, never a 500, and stores nothing.
 *
 * First the cases an attacker found (the list), then a sweep of every route and every input it reads.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geocoder } from './adapters/geocoder.ts';
import { buildApp, type App } from './app.ts';
import { type AuthHeaders } from './test/accounts.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { addPromotion } from './test/fixtures.ts';
import {
  HOSTILE_PATH_IDS,
  NUL,
  PAST_INT,
  RLO,
  address,
  multipart,
  profile,
  signUp,
  sweepCases,
  urlWith,
  type Case,
} from './test/hostile-input.ts';
import {
  addAddress,
  addShopper,
  addZones,
  addressFields,
  productMaker,
  type Shopper,
} from './test/shoppers.ts';

const ARABIC = /[\u0600-\u06ff]/;

/** Every message of an error body, whatever its shape (a list, or field -> list). */
function messagesOf(body: unknown): unknown[] {
  const errors = (body as { errors?: unknown }).errors;
  if (Array.isArray(errors)) return errors;
  if (errors && typeof errors === 'object') return Object.values(errors).flat();
  return [];
}

describe('bad input never breaks the store', () => {
  let t: TestApp;
  /** The same store with a built storefront (a tiny dist), for the storefront's own pages. */
  let web: App;
  let distDir: string;
  let shopper: Shopper;
  let productId: number;
  let addressId: number;
  let orderId: number;

  const geocoder: Geocoder = {
    name: 'fake',
    reverse: async () => ({ name: 'Dokki, Giza', governorate: 'Giza' }),
    search: async () => [],
  };

  beforeAll(async () => {
    t = await createTestApp({
      geocoder,
      // The sweep sends hundreds of account calls from one address: the limits are not what is tested here.
      authLimits: Object.fromEntries(
        [
          'signInPerPhone',
          'signInPerIp',
          'codePerPhone',
          'codePerIp',
          'smsPerPhone',
          'smsPerIp',
          'passwordChangePerUser',
        ].map((k) => [k, { max: 100_000, windowSeconds: 60 }]),
      ),
    });
    const db = t.database.db;
    const now = t.clock.now();
    await addZones(db);
    const make = await productMaker(db, now);
    productId = (await make(100)).id;
    await addPromotion(db, 'white-friday', null, null);
    shopper = await addShopper(db, now);
    addressId = (await addAddress(t.app, shopper)).id;
    const cart = await t.app.inject({ method: 'GET', url: '/v1/users/cart', headers: shopper.headers });
    orderId = (cart.json() as { order: { id: number } }).order.id;

    distDir = mkdtempSync(path.join(tmpdir(), 'store-dist-'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>Store</title></head><body><div id="root"></div></body></html>',
    );
    web = await buildApp({
      database: t.database,
      clock: t.clock,
      env: 'test',
      webDistDir: distDir,
      geocoder,
    });
    await web.ready();
  });

  afterAll(async () => {
    await web?.close();
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true, maxRetries: 5 });
  });

  /** Rows a bad request must not have added or changed. */
  async function stored() {
    const r = await t.database.db.execute(sql`select
      (select count(*) from users)::int as users,
      (select max(updated_at)::text from users) as users_updated,
      (select count(*) from addresses)::int as addresses,
      (select max(updated_at)::text from addresses) as addresses_updated,
      (select count(*) from favorites)::int as favorites,
      (select count(*) from order_products)::int as order_products,
      (select count(*) from orders)::int as orders,
      (select count(*) from ratings)::int as ratings,
      (select count(*) from payments)::int as payments,
      (select count(*) from otps)::int as otps,
      (select count(*) from sms_outbox)::int as sms`);
    return (r as unknown as { rows: unknown[] }).rows[0];
  }

  async function send(c: Case, locale: 'en' | 'ar') {
    const url = locale === 'en' ? urlWith(c.url, 'locale=en') : c.url;
    const headers: Record<string, string> = c.headers
      ? { ...c.headers }
      : c.guest
        ? {}
        : { ...(shopper.headers as AuthHeaders) };
    if (c.raw) headers['content-type'] = c.raw.contentType;
    return t.app.inject({
      method: c.method,
      url,
      headers,
      ...(c.raw
        ? { payload: c.raw.payload }
        : c.body === undefined
          ? {}
          : { payload: c.body as Record<string, unknown> }),
    });
  }

  /** The answer to a bad request: no 5xx, the store's error shape, in the request's language, nothing stored. */
  async function expectRefused(c: Case, locale: 'en' | 'ar') {
    const before = c.method === 'GET' ? undefined : await stored();
    const res = await send(c, locale);
    // A profile edit the sweep made valid hands out a new token, as it does to the storefront, which keeps it.
    const h = res.headers;
    if (!c.guest && !c.headers && typeof h.token === 'string' && typeof h.client === 'string')
      shopper.headers = { client: h.client, token: h.token, uid: String(h.uid) };
    const where = `${c.method} ${c.url.slice(0, 120)} (${locale}): ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    // A signed-in case answered 401 proves nothing: the shopper's session must live through the sweep.
    if (!c.guest && !c.headers) expect(res.statusCode, where).not.toBe(401);
    if (c.status !== undefined) expect(res.statusCode, where).toBe(c.status);
    if (res.statusCode >= 400 && !c.html) {
      const body = res.json() as { errors?: unknown };
      expect(body.errors, where).toBeDefined();
      const messages = messagesOf(body);
      expect(messages.length, where).toBeGreaterThan(0);
      for (const m of messages) {
        expect(typeof m, where).toBe('string');
        // A message key that was not translated ('control_characters') is not a message.
        expect(m, where).not.toMatch(/^[a-z_]+(:.*)?$/);
        if (locale === 'ar') expect(m, where).toMatch(ARABIC);
        else expect(m, where).not.toMatch(ARABIC);
      }
      if (c.field) {
        const fields = (body.errors ?? {}) as Record<string, string[]>;
        expect(Object.keys(fields), where).toContain(c.field[0]);
      }
    }
    if (before !== undefined && res.statusCode >= 400) expect(await stored(), where).toEqual(before);
    return res;
  }

  /* ---------------- what the issue found ---------------- */

  const reported = (): Case[] => [
    {
      name: 'a NUL byte in a sign-up name',
      method: 'POST',
      url: '/v1/users',
      guest: true,
      body: signUp({ first_name: `Mo${NUL}na` }),
      status: 422,
      field: ['first_name', 'control_characters'],
    },
    {
      name: 'a NUL byte in a sign-up form (urlencoded)',
      method: 'POST',
      url: '/v1/users',
      guest: true,
      raw: {
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(signUp({ last_name: `Has${NUL}san` })).toString(),
      },
      status: 422,
      field: ['last_name', 'control_characters'],
    },
    {
      name: 'a NUL byte in a sign-up form (multipart)',
      method: 'POST',
      url: '/v1/users',
      guest: true,
      raw: multipart({ ...signUp(), first_name: `Mona${NUL}` }),
      status: 422,
      field: ['first_name', 'control_characters'],
    },
    {
      name: 'a NUL byte in the profile',
      method: 'PUT',
      url: '/v1/users',
      body: profile({ last_name: `Has${NUL}san` }),
      status: 422,
      field: ['last_name', 'control_characters'],
    },
    {
      name: 'a NUL byte in a new address',
      method: 'POST',
      url: '/v1/users/addresses',
      body: address({ street_name: `Tahrir${NUL}` }),
      status: 422,
      field: ['street_name', 'control_characters'],
    },
    {
      name: 'a NUL byte in an address form (multipart)',
      method: 'POST',
      url: '/v1/users/addresses',
      raw: multipart(
        Object.fromEntries(
          Object.entries({ ...addressFields(), building: `12${NUL}` }).map(([k, v]) => [`address[${k}]`, v]),
        ),
      ),
      status: 422,
      field: ['building', 'control_characters'],
    },
    {
      name: 'a NUL byte in delivery instructions',
      method: 'POST',
      url: '/v1/users/addresses',
      body: address({ instructions: `Ring twice${NUL}` }),
      status: 422,
      field: ['instructions', 'control_characters'],
    },
    {
      name: 'a bidi override in an address',
      method: 'POST',
      url: '/v1/users/addresses',
      body: address({ district: `${RLO}ikkoD` }),
      status: 422,
      field: ['district', 'bidi_controls'],
    },
    {
      name: 'a NUL byte in an address change',
      method: 'PUT',
      url: `/v1/users/addresses/${addressId}`,
      body: address({ label: `Home${NUL}` }),
      status: 422,
      field: ['label', 'control_characters'],
    },
    {
      name: 'min_price past 32 bits',
      method: 'GET',
      url: `/v1/products?min_price=${PAST_INT}`,
      guest: true,
      status: 422,
      field: ['min_price', 'must_be_at_most'],
    },
    {
      name: 'max_price past 32 bits',
      method: 'GET',
      url: `/v1/products?max_price=${PAST_INT}`,
      guest: true,
      status: 422,
      field: ['max_price', 'must_be_at_most'],
    },
    {
      name: 'a price whose piastres pass 32 bits',
      method: 'GET',
      url: '/v1/products?max_price=21474837',
      guest: true,
      status: 422,
      field: ['max_price', 'must_be_at_most'],
    },
    {
      name: 'brand_id past 32 bits',
      method: 'GET',
      url: `/v1/products?brand_id=1,${PAST_INT}`,
      guest: true,
      status: 422,
      field: ['brand_id', 'must_be_at_most'],
    },
    {
      name: "brand_id past 32 bits in the shopper's list",
      method: 'GET',
      url: `/v1/users/products?brand_id=${PAST_INT}`,
      status: 422,
      field: ['brand_id', 'must_be_at_most'],
    },
    {
      name: 'a promotion id past 32 bits',
      method: 'GET',
      url: `/v1/promotions/${PAST_INT}`,
      guest: true,
      status: 422,
      field: ['id', 'must_be_at_most'],
    },
    {
      name: 'an address id past 32 bits',
      method: 'GET',
      url: `/v1/users/addresses/${PAST_INT}`,
      status: 422,
      field: ['id', 'must_be_at_most'],
    },
    {
      // As any id that is not one (addresses.test.ts): not found.
      name: 'an address change with an id past 32 bits',
      method: 'PUT',
      url: `/v1/users/addresses/${PAST_INT}`,
      body: address(),
      status: 404,
    },
    {
      name: 'promotion_slug=%00',
      method: 'GET',
      url: '/v1/products?promotion_slug=%00',
      guest: true,
      status: 422,
      field: ['promotion_slug', 'control_characters'],
    },
    {
      name: 'a promotion slug with a NUL byte',
      method: 'GET',
      url: '/v1/promotions/white%00friday',
      guest: true,
      status: 422,
      field: ['id', 'control_characters'],
    },
    {
      name: 'a multipart body cut short',
      method: 'POST',
      url: '/v1/users/sign_in',
      guest: true,
      raw: {
        contentType: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nContent-Disposition: form-data; name="phone_number"\r\n\r\n0101',
      },
      status: 400,
    },
    {
      name: 'a multipart body without its boundary',
      method: 'POST',
      url: '/v1/users',
      guest: true,
      raw: { contentType: 'multipart/form-data', payload: 'first_name=Mona' },
      status: 400,
    },
    {
      name: 'a multipart body with a broken part header',
      method: 'PUT',
      url: '/v1/users',
      raw: {
        contentType: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nbroken\r\n\r\nx\r\n--xyz--\r\n',
      },
    },
  ];

  it.each(['en', 'ar'] as const)('the attacks of the issue are refused politely (%s)', async (locale) => {
    for (const c of reported()) await expectRefused(c, locale);
  });

  it("the storefront's product page with an id past 32 bits is the app's 404 page, not a 500", async () => {
    for (const id of [PAST_INT, '9223372036854775808', '99999999999999999999999']) {
      const res = await web.inject({ method: 'GET', url: `/products/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Store</title>');
    }
    // A real product still gets its share tags.
    const res = await web.inject({ method: 'GET', url: `/products/${productId}?lang=en` });
    expect(res.body).toContain('og:title');
  });

  it('a multipart body to a route that takes no files stops at its first file, and past 64 parts (nothing read into memory)', async () => {
    const b = 'fIlEsNoTtAkEn';
    const field = (k: string, v: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    const file = (n: number) =>
      `--${b}\r\nContent-Disposition: form-data; name="f${n}"; filename="${n}.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${'x'.repeat(64 * 1024)}\r\n`;
    const send = (url: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${b}`, 'accept-language': 'ar' },
        payload: `${body}--${b}--\r\n`,
      });
    // Routes anyone may call, before any check of who is asking: a file is refused as it arrives.
    for (const url of [
      '/v1/users/sign_in',
      '/v1/users',
      '/v1/admin/sign_in',
      '/v1/payments/callback/paymob',
    ]) {
      const res = await send(url, field('phone_number', '01011112222') + [1, 2, 3].map(file).join(''));
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ errors: ['الطلب ده مش صحيح'] });
    }
    // Fields alone, past 64 of them: refused too.
    const many = Array.from({ length: 80 }, (_, i) => field(`user[f${i}]`, 'x')).join('');
    expect((await send('/v1/users/sign_in', many)).statusCode).toBe(413);
    // A field past 16 KB is cut there, so it cannot pass the form's own checks.
    const long = await send(
      '/v1/users/sign_in',
      field('phone_number', '0'.repeat(20 * 1024)) + field('password', 'x'),
    );
    expect(long.statusCode).toBe(422);
    // A form as the storefront sends it still signs in its fields' way (checked, in the shopper's language).
    const form = await send(
      '/v1/users/sign_in',
      field('phone_number', '01011112222') + field('password', 'wrong-one'),
    );
    expect([401, 422]).toContain(form.statusCode);
    expect(JSON.stringify(form.json())).toMatch(ARABIC);
  });

  /* ---------------- every route, every input ---------------- */
  it("every route refuses hostile input without a 500, in the shopper's language, storing nothing", async () => {
    const cases = sweepCases({ productId, addressId, orderId });
    expect(cases.length).toBeGreaterThan(500);
    // Every offender at once, one line each (method, url, language, status and body), not only the first.
    const failed: string[] = [];
    for (const [i, c] of cases.entries()) {
      await expectRefused(c, i % 2 ? 'ar' : 'en').catch((e: Error) =>
        failed.push(e.message.split('\n')[0]!.slice(0, 400)),
      );
    }
    expect(failed).toEqual([]);
  });

  it("the storefront's pages refuse hostile paths without a 500", async () => {
    for (const id of HOSTILE_PATH_IDS) {
      const res = await web.inject({ method: 'GET', url: `/products/${id}` });
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });
});
