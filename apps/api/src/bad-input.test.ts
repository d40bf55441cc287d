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
import { PASSWORD, type AuthHeaders } from './test/accounts.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { addPromotion } from './test/fixtures.ts';
import {
  addAddress,
  addShopper,
  addZones,
  addressFields,
  productMaker,
  type Shopper,
} from './test/shoppers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Case {
  name: string;
  method: Method;
  url: string;
  /** JSON body (an object), or a raw body with its content type. */
  body?: unknown;
  raw?: { contentType: string; payload: string | Buffer };
  /** Without the shopper's auth headers. */
  guest?: boolean;
  /** The storefront's HTML pages and the sandbox gateway's: no JSON error body to check. */
  html?: boolean;
  /** What the answer must be (the reported cases); the sweep only asks for no 5xx. */
  status?: number;
  /** The field error expected (the reported cases), e.g. ['first_name', 'control_characters']. */
  field?: [string, string];
  /** Headers instead of the shopper's auth headers. */
  headers?: Record<string, string>;
}

const NUL = '\u0000';
const RLO = '\u202e';
const PAST_INT = '2147483648';

/** What a hostile client puts where a text is expected. */
const HOSTILE_TEXT: unknown[] = [
  NUL,
  `Mona${NUL}`,
  `a${NUL}b`,
  `\u0001\u001b[31m`,
  `${RLO}anoM`,
  `\u2066x\u2069`,
  'x'.repeat(5_000),
  ['Mona', 'Hassan'],
  { first: 'Mona' },
  12,
  true,
  null,
];
/** ...and where a number is expected (JSON bodies). */
const HOSTILE_NUMBERS: unknown[] = [
  2_147_483_648,
  9_007_199_254_740_992,
  1e308,
  -1,
  0,
  1.5,
  PAST_INT,
  '99999999999999999999999',
  '-1',
  '1e3',
  NUL,
  [1, 2],
  { id: 1 },
  true,
];
/** ...and in a query string or a path (already encoded). */
const HOSTILE_PARAMS = [
  '%00',
  'a%00b',
  PAST_INT,
  '9223372036854775808',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%20',
  '%E2%80%AE1',
  'x'.repeat(3_000),
];
const HOSTILE_PATH_IDS = [
  '%00',
  PAST_INT,
  '9223372036854775808',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  'abc',
];

const ARABIC = /[\u0600-\u06ff]/;

const urlWith = (url: string, extra: string) => `${url}${url.includes('?') ? '&' : '?'}${extra}`;

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
    if (distDir) rmSync(distDir, { recursive: true, force: true });
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

  const signUp = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Mona',
    last_name: 'Hassan',
    email: 'mona.bad@example.com',
    phone_number: '01011112222',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...extra,
  });
  const profile = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Mona',
    last_name: 'Hassan',
    email: 'mona.edit@example.com',
    ...extra,
  });
  const address = (extra: Record<string, unknown> = {}) => ({ address: { ...addressFields(), ...extra } });
  const multipart = (fields: Record<string, string>) => {
    const b = 'bAdInPuTbOuNdArY';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    return { contentType: `multipart/form-data; boundary=${b}`, payload: `${parts.join('')}--${b}--\r\n` };
  };

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

  /* ---------------- every route, every input ---------------- */

  /** Each query parameter of a GET route, with each hostile value, alone. */
  const queryCases = (url: string, params: string[], extra: Partial<Case> = {}): Case[] =>
    params.flatMap((p) => [
      ...HOSTILE_PARAMS.map((v) => ({
        name: `${url} ${p}=${v}`,
        method: 'GET' as const,
        url: urlWith(url, `${p}=${v}`),
        ...extra,
      })),
      // An array where one value is expected.
      { name: `${url} ${p} twice`, method: 'GET' as const, url: urlWith(url, `${p}=1&${p}=2`), ...extra },
    ]);
  /** Each field of a body, with each hostile value, the other fields valid. */
  const bodyCases = (
    method: Method,
    url: string,
    valid: Record<string, unknown>,
    fields: string[],
    values: unknown[] = HOSTILE_TEXT,
    wrap?: (b: Record<string, unknown>) => unknown,
  ): Case[] =>
    fields.flatMap((f) =>
      values.map((v) => {
        const b = { ...valid, [f]: v };
        return { name: `${method} ${url} ${f}`, method, url, body: wrap ? wrap(b) : b };
      }),
    );
  const pathCases = (method: Method, pattern: string, body?: unknown, extra: Partial<Case> = {}): Case[] =>
    HOSTILE_PATH_IDS.map((id) => ({
      name: `${method} ${pattern} ${id}`,
      method,
      url: pattern.replace(':id', id),
      body,
      ...extra,
    }));

  const LIST_PARAMS = [
    'query',
    'page',
    'per_page',
    'category_id',
    'brand_id',
    'featured',
    'in_active_promotion',
    'in_dedicated_page',
    'promotion_id',
    'promotion_slug',
    'min_price',
    'max_price',
    'favorites',
    'latest_to_oldest',
    'lowest_price',
    'highest_price',
    'highest_to_lowest_price',
    'lowest_to_highest_price',
    'featured_first',
    'locale',
  ];

  const sweep = (): Case[] => [
    // Catalog, content, addresses' public calls.
    ...queryCases('/v1/products', LIST_PARAMS, { guest: true }),
    ...queryCases('/v1/users/products', LIST_PARAMS),
    ...pathCases('GET', '/v1/products/:id', undefined, { guest: true }),
    ...pathCases('GET', '/v1/users/products/:id'),
    ...pathCases('POST', '/v1/users/products/:id/favorites'),
    ...pathCases('DELETE', '/v1/users/products/:id/favorites'),
    ...queryCases(
      '/v1/categories',
      ['show_all', 'show_on_homepage', 'dedicated_page', 'category_id', 'brand_id'],
      {
        guest: true,
      },
    ),
    ...queryCases('/v1/brands', ['page', 'per_page', 'show_all', 'show_on_homepage', 'category_id'], {
      guest: true,
    }),
    ...pathCases('GET', '/v1/brands/:id', undefined, { guest: true }),
    ...queryCases('/v1/promotions', ['locale'], { guest: true }),
    ...pathCases('GET', '/v1/promotions/:id', undefined, { guest: true }),
    ...queryCases('/v1/page_settings', ['group', 'locale'], { guest: true }),
    ...queryCases('/v1/branches', ['show_all', 'page', 'per_page'], { guest: true }),
    ...queryCases('/v1/delivery_zones', ['locale'], { guest: true }),
    ...queryCases('/v1/geocode/reverse?lat=30&lng=31', ['lat', 'lng']),
    ...queryCases('/v1/geocode/search', ['q']),
    // Accounts.
    ...bodyCases('POST', '/v1/users', signUp(), Object.keys(signUp())).map((c) => ({ ...c, guest: true })),
    ...bodyCases('PUT', '/v1/users', profile(), ['first_name', 'last_name', 'email', 'national_id']),
    ...bodyCases('PUT', '/v1/users', profile(), ['first_name'], HOSTILE_TEXT, (b) => ({ user: b })),
    ...bodyCases(
      'PUT',
      '/v1/users/confirmations',
      { phone_number: '01011112222', sms_confirmation_otp: '123456' },
      ['phone_number', 'sms_confirmation_otp'],
    ).map((c) => ({ ...c, guest: true })),
    ...bodyCases('POST', '/v1/users/otps', { phone_number: '01011112222' }, ['phone_number', 'purpose']).map(
      (c) => ({ ...c, guest: true }),
    ),
    ...bodyCases('POST', '/v1/users/sign_in', { phone_number: '01011112222', password: PASSWORD }, [
      'phone_number',
      'password',
      'sms_sign_in_otp',
    ]).map((c) => ({ ...c, guest: true })),
    ...bodyCases('POST', '/v1/users/passwords', { phone_number: '01011112222' }, ['phone_number']).map(
      (c) => ({ ...c, guest: true }),
    ),
    ...bodyCases(
      'PUT',
      '/v1/users/passwords',
      {
        phone_number: '01011112222',
        sms_password_reset_otp: '123456',
        password: 'N3w-passw0rd!',
        password_confirmation: 'N3w-passw0rd!',
      },
      ['phone_number', 'sms_password_reset_otp', 'password', 'password_confirmation'],
    ).map((c) => ({ ...c, guest: true })),
    ...bodyCases(
      'PUT',
      '/v1/users/password',
      { current_password: 'wrong-one-1', password: 'N3w-passw0rd!', password_confirmation: 'N3w-passw0rd!' },
      ['current_password', 'password', 'password_confirmation'],
    ),
    ...queryCases('/v1/users', ['locale']),
    // Cart, wishlist.
    ...bodyCases(
      'PUT',
      '/v1/users/cart',
      { product_id: productId, quantity: 1 },
      ['product_id', 'quantity'],
      HOSTILE_NUMBERS,
      (b) => ({
        order_product: b,
      }),
    ),
    ...bodyCases('PUT', '/v1/users/cart', { product_id: productId }, ['_destroy'], HOSTILE_TEXT, (b) => ({
      order_product: b,
    })),
    ...bodyCases(
      'POST',
      '/v1/users/cart/merge',
      { product_id: productId, quantity: 1 },
      ['product_id', 'quantity'],
      HOSTILE_NUMBERS,
      (b) => ({
        items: [b],
      }),
    ),
    ...HOSTILE_TEXT.map((v) => ({
      name: 'merge items',
      method: 'POST' as const,
      url: '/v1/users/cart/merge',
      body: { items: v },
    })),
    // Addresses.
    ...bodyCases(
      'POST',
      '/v1/users/addresses',
      addressFields(),
      Object.keys(addressFields()),
      HOSTILE_TEXT,
      (b) => ({
        address: b,
      }),
    ),
    ...bodyCases('POST', '/v1/users/addresses', addressFields(), ['lat', 'lng'], HOSTILE_NUMBERS, (b) => ({
      address: b,
    })),
    ...bodyCases(
      'PUT',
      `/v1/users/addresses/${addressId}`,
      {},
      ['label', 'phone_number', 'lat', 'city_code'],
      HOSTILE_TEXT,
      (b) => ({
        address: b,
      }),
    ),
    ...pathCases('GET', '/v1/users/addresses/:id'),
    ...pathCases('PUT', '/v1/users/addresses/:id', address()),
    ...pathCases('DELETE', '/v1/users/addresses/:id'),
    // Checkout, orders, payments.
    ...bodyCases('PUT', '/v1/users/national_id', {}, ['national_id']),
    ...bodyCases('PUT', '/v1/users/national_id', {}, ['national_id'], HOSTILE_TEXT, (b) => ({ user: b })),
    ...bodyCases('PUT', '/v1/users/checkout', { payment_method: 'cash' }, ['payment_method']),
    ...bodyCases(
      'PUT',
      '/v1/users/checkout',
      { payment_method: 'visa_on_delivery_installments', bank_installment_id: 1 },
      ['bank_installment_id', 'bank_id'],
      HOSTILE_NUMBERS,
    ),
    ...bodyCases('POST', '/v1/users/checkout', {}, ['payment_method']),
    ...queryCases('/v1/users/banks', ['show_all']),
    ...queryCases('/v1/users/bank_installments', ['bank_id', 'show_all']),
    ...queryCases('/v1/users/orders', ['page', 'per_page', 'unrated_only']),
    ...pathCases('GET', '/v1/users/orders/:id'),
    ...pathCases('PUT', '/v1/users/orders/:id/address', { address_id: 1 }),
    ...bodyCases(
      'PUT',
      `/v1/users/orders/${orderId}/address`,
      { address_id: 1 },
      ['address_id', 'order_id'],
      HOSTILE_NUMBERS,
    ),
    ...bodyCases(
      'PUT',
      '/v1/users/orders/rate',
      { id: 1, rating: 5 },
      ['id', 'rating'],
      HOSTILE_NUMBERS,
      (b) => ({
        ratings: [b],
      }),
    ),
    ...HOSTILE_TEXT.map((v) => ({
      name: 'ratings',
      method: 'PUT' as const,
      url: '/v1/users/orders/rate',
      body: { ratings: v },
    })),
    ...[NUL, 'x'.repeat(5_000), { a: 1 }, [1]].flatMap((v) => [
      {
        name: 'callback',
        method: 'POST' as const,
        url: '/v1/payments/callback/sandbox?hmac=00',
        body: { type: 'TRANSACTION', obj: { id: v } },
        guest: true,
      },
      {
        name: 'callback provider',
        method: 'POST' as const,
        url: `/v1/payments/callback/${encodeURIComponent(String(v))}`,
        body: {},
        guest: true,
      },
    ]),
    ...queryCases('/v1/payments/response/sandbox', ['hmac', 'id', 'order']).map((c) => ({
      ...c,
      guest: true,
      html: true,
    })),
    ...queryCases('/v1/payments/sandbox/checkout', ['key']).map((c) => ({ ...c, guest: true, html: true })),
    ...bodyCases('POST', '/v1/payments/sandbox/checkout', { key: 'sbx_00', decision: 'approve' }, [
      'key',
      'decision',
    ]).map((c) => ({
      ...c,
      guest: true,
      html: true,
    })),
    // Developer routes (tests and `npm run dev`).
    ...queryCases('/dev/sms-outbox', ['phone_number', 'limit'], { guest: true }),
    ...bodyCases(
      'POST',
      '/dev/clock',
      {},
      ['advance_seconds'],
      [NUL, PAST_INT, -1, 1e308, 1.5, [1], { s: 1 }],
    ),
    ...pathCases('POST', '/dev/orders/:id/status', { status: 'delivered' }),
    ...bodyCases('POST', `/dev/orders/${orderId}/status`, {}, ['status']),
    // Paths that are not valid percent-encoding, or too long for the router.
    ...['/v1/products/%zz', '/v1/users/addresses/%E0%A4%A', `/v1/promotions/${'x'.repeat(500)}`].map(
      (url) => ({
        name: 'a broken path',
        method: 'GET' as const,
        url,
      }),
    ),
    // The auth headers themselves.
    ...['x'.repeat(5_000), '\u00ff\u00fe', PAST_INT].map((v) => ({
      name: 'auth headers',
      method: 'GET' as const,
      url: '/v1/users',
      headers: { client: v, token: v, uid: v },
    })),
  ];

  it("every route refuses hostile input without a 500, in the shopper's language, storing nothing", async () => {
    const cases = sweep();
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
