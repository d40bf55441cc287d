/**
 * Hostile input for bad-input.test.ts (issue 12, item 3): the values an attacker sends (a NUL byte, a number past
 * 32 bits, a negative or fractional id, an array where one value is expected), valid bodies to put them in, and the
 * sweep of every route and every input it reads.
 */
import { PASSWORD } from './accounts.ts';
import { addressFields } from './shoppers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Case {
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

export const NUL = '\u0000';
export const RLO = '\u202e';
export const PAST_INT = '2147483648';

/** What a hostile client puts where a text is expected. */
export const HOSTILE_TEXT: unknown[] = [
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
export const HOSTILE_NUMBERS: unknown[] = [
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
export const HOSTILE_PARAMS = [
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
export const HOSTILE_PATH_IDS = [
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

export const urlWith = (url: string, extra: string) => `${url}${url.includes('?') ? '&' : '?'}${extra}`;

export const signUp = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Mona',
  last_name: 'Hassan',
  email: 'mona.bad@example.com',
  phone_number: '01011112222',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...extra,
});
export const profile = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Mona',
  last_name: 'Hassan',
  email: 'mona.edit@example.com',
  ...extra,
});
export const address = (extra: Record<string, unknown> = {}) => ({
  address: { ...addressFields(), ...extra },
});
export const multipart = (fields: Record<string, string>) => {
  const b = 'bAdInPuTbOuNdArY';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${b}`, payload: `${parts.join('')}--${b}--\r\n` };
};

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

/** Every route with every hostile value in each input it reads, for the store's rows with these ids. */
export const sweepCases = ({
  productId,
  addressId,
  orderId,
}: {
  productId: number;
  addressId: number;
  orderId: number;
}): Case[] => [
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
  ...bodyCases('POST', '/v1/users/passwords', { phone_number: '01011112222' }, ['phone_number']).map((c) => ({
    ...c,
    guest: true,
  })),
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
  ...pathCases('POST', '/v1/users/orders/:id/cancel'),
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
  ...bodyCases('POST', '/dev/clock', {}, ['advance_seconds'], [NUL, PAST_INT, -1, 1e308, 1.5, [1], { s: 1 }]),
  ...pathCases('POST', '/dev/orders/:id/status', { status: 'delivered' }),
  ...bodyCases('POST', `/dev/orders/${orderId}/status`, {}, ['status']),
  // Paths that are not valid percent-encoding, or too long for the router.
  ...['/v1/products/%zz', '/v1/users/addresses/%E0%A4%A', `/v1/promotions/${'x'.repeat(500)}`].map((url) => ({
    name: 'a broken path',
    method: 'GET' as const,
    url,
  })),
  // The auth headers themselves.
  ...['x'.repeat(5_000), '\u00ff\u00fe', PAST_INT].map((v) => ({
    name: 'auth headers',
    method: 'GET' as const,
    url: '/v1/users',
    headers: { client: v, token: v, uid: v },
  })),
];
