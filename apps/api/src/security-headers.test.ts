import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentProvider } from './adapters/payments/sandbox.ts';
import { buildApp, type App, type AppOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { tileSource } from './lib/security-headers.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from './test/shoppers.ts';

/**
 * Issue 12, item 5: the store cannot be framed, sniffed or made to run a script it did not ship, on every answer
 * (API, errors, pages, assets, uploads, the sandbox gateway's page), and only its own origin may call the API.
 */

const STORE = 'http://store.test';
// What Vite's index.html carries: the script that sets the language before the first paint.
const INLINE_SCRIPT = `
      try { document.documentElement.lang = localStorage.getItem('l') || 'ar'; } catch (e) {}
    `;
const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

let t: TestApp;
let web: App;
let dir: string;
const apps: App[] = [];

beforeAll(async () => {
  t = await createTestApp({ publicUrl: STORE, payments: new SandboxPaymentProvider('sandbox-secret-test') });
  await addZones(t.database.db);
  dir = mkdtempSync(path.join(tmpdir(), 'store-headers-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>shop</title><script>${INLINE_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(
    path.join(dist, 'assets', 'noto-sans-arabic-400-abc123.woff2'),
    Buffer.from('774f4632', 'hex'),
  );
  const uploads = path.join(dir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  writeFileSync(path.join(uploads, 'tv.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(
    path.join(uploads, 'photo.jpg'),
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2980b9' } })
      .jpeg()
      .toBuffer(),
  );
  // An "image" that is really a page with a script: opened directly, it must not run.
  writeFileSync(path.join(uploads, 'trap.html'), '<script>alert(document.domain)</script>');
  web = await store({ webDistDir: dist, uploadsDir: uploads });
});

afterAll(async () => {
  for (const a of apps) await a.close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** Another app on the test database (a configuration of its own). */
async function store(opts: Partial<AppOptions> = {}) {
  const a = await buildApp({ database: t.database, clock: t.clock, env: 'test', publicUrl: STORE, ...opts });
  await a.ready();
  apps.push(a);
  return a;
}

const csp = (res: LightMyRequestResponse) => {
  const value = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
};

/** What every answer of the store says, whatever it is. */
function expectBaseHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  expect(csp(res).get('frame-ancestors'), what).toEqual(["'none'"]);
}

/** The storefront's policy: no inline or eval'd script, nothing from elsewhere but the map tiles. */
function expectStorePolicy(res: LightMyRequestResponse, what: string) {
  expectBaseHeaders(res, what);
  const p = csp(res);
  expect(p.get('default-src'), what).toEqual(["'self'"]);
  expect(p.get('object-src'), what).toEqual(["'none'"]);
  expect(p.get('base-uri'), what).toEqual(["'none'"]);
  // Our own files and hashed inline scripts; WebAssembly may compile (the 3D viewer), JavaScript eval may not.
  const scripts = p.get('script-src') ?? [];
  expect(
    scripts.filter((s) => !s.startsWith("'sha256-")),
    what,
  ).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(p.get('img-src'), what).toContain('https://tile.openstreetmap.org');
}

describe('security headers on every answer', () => {
  it('API answers, the OpenAPI document and health checks cannot be framed or sniffed', async () => {
    for (const url of ['/health', '/v1/openapi.json', '/v1/products?locale=en', '/v1/categories']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectStorePolicy(res, url);
    }
    // A catalog answer served from the cache, before any route runs.
    const cached = await store({ catalogCacheMs: 60_000 });
    await cached.inject({ method: 'GET', url: '/v1/brands?locale=en' });
    const hit = await cached.inject({ method: 'GET', url: '/v1/brands?locale=en' });
    expect(hit.headers['x-cache']).toBe('hit');
    expectStorePolicy(hit, 'cached answer');
  });

  it('error answers carry them too: unknown route, bad JSON, wrong media type, invalid query, unsigned, bad URL', async () => {
    const cases = [
      { method: 'GET', url: '/v1/no-such-thing', status: 404 },
      { method: 'GET', url: '/nothing-here', status: 404 },
      {
        method: 'POST',
        url: '/v1/users/sign_in',
        headers: { 'content-type': 'application/json' },
        payload: '{"phone_number":',
        status: 400,
      },
      {
        method: 'POST',
        url: '/v1/users/sign_in',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'x',
        status: 415,
      },
      { method: 'GET', url: '/v1/products?per_page=abc', status: 422 },
      { method: 'GET', url: '/v1/users/cart', status: 401 },
      // Not valid percent-encoding: answered by the router before any hook runs.
      { method: 'GET', url: '/v1/products/%E0%A4%A', status: 400 },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: 'headers' in c ? c.headers : {},
        payload: 'payload' in c ? c.payload : undefined,
      });
      expect(res.statusCode, c.url).toBe(c.status);
      expectStorePolicy(res, `${c.method} ${c.url} (${c.status})`);
    }
  });

  it("the storefront's pages allow exactly their own inline script, by hash; assets and 304s carry the headers", async () => {
    // An unknown product is the 404 page (issue 14), under the same policy.
    for (const url of ['/', '/about-us', '/cart', '/products/5']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/products/5' ? 404 : 200);
      expect(res.body, url).toContain('<title>');
      expectStorePolicy(res, url);
      expect(csp(res).get('script-src'), url).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        sha256(INLINE_SCRIPT),
      ]);
    }
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectStorePolicy(asset, 'asset');
    const again = await web.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'if-none-match': String(asset.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expectStorePolicy(again, 'asset 304');
    const missing = await web.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expectStorePolicy(missing, 'missing asset');
  });

  it("the store's stylesheets, faces and sized pictures carry only what acts on a file, not the page's headers", async () => {
    // A page asks for twenty or thirty of these over HTTP/1.1, where headers go uncompressed: the page's policy
    // and its page-only headers were some 800 bytes on each (issue 14).
    const files = [
      '/assets/index-abc123.css',
      '/assets/noto-sans-arabic-400-abc123.woff2',
      '/img/160.webp/photo.jpg',
    ];
    const pageOnly = [
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const script = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const headerBytes = (r: LightMyRequestResponse) =>
      Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    for (const url of files) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const again = await web.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode, `${url} again`).toBe(304);
      for (const [what, r] of [
        [url, res],
        [`${url} (304)`, again],
      ] as const) {
        expect(r.headers['x-content-type-options'], what).toBe('nosniff');
        expect(r.headers['cross-origin-resource-policy'], what).toBe('same-origin');
        // Opened directly, nothing in it runs or loads, and nobody may frame it.
        const p = csp(r);
        expect(p.get('default-src'), what).toEqual(["'none'"]);
        expect(p.get('frame-ancestors'), what).toEqual(["'none'"]);
        expect(p.has('sandbox'), what).toBe(true);
        for (const name of pageOnly) expect(r.headers[name], `${what}: ${name}`).toBeUndefined();
      }
      // Some 600 bytes fewer than a file of the build that still carries the page's headers (below).
      expect(headerBytes(res), url).toBeLessThan(headerBytes(script) - 600);
    }
    // A script keeps the page's headers: a worker takes its policy from its own script's answer.
    expectStorePolicy(script, 'script');
    // The same names elsewhere are not the store's files: an API answer keeps the page's headers.
    expectStorePolicy(await web.inject({ method: 'GET', url: '/v1/categories?x=/assets/a.css' }), 'API');
  });

  it('uploads are never a page: nothing in them runs, even opened directly; other sites may show the images', async () => {
    for (const url of ['/uploads/tv.png', '/uploads/trap.html']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBaseHeaders(res, url);
      const p = csp(res);
      expect(p.get('default-src'), url).toEqual(["'none'"]);
      expect(p.get('img-src'), url).toEqual(["'self'"]);
      expect(p.has('sandbox'), url).toBe(true);
      expect(p.has('script-src'), url).toBe(false);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const first = await web.inject({ method: 'GET', url: '/uploads/tv.png' });
    const notModified = await web.inject({
      method: 'GET',
      url: '/uploads/tv.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(csp(notModified).get('default-src')).toEqual(["'none'"]);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
    const missing = await web.inject({ method: 'GET', url: '/uploads/none.png' });
    expect(missing.statusCode).toBe(404);
    expectBaseHeaders(missing, 'missing upload');
  });

  it("the sandbox gateway's page runs no script, loads nothing, allows its own style by hash and posts only to the store", async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const product = await (await productMaker(t.database.db, t.clock.now()))(500, 3);
    await readyToPay(t.app, s, [{ productId: product.id, quantity: 1 }]);
    const session = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'online',
    });
    expect(session.status).toBe(200);
    const checkoutUrl = new URL(session.body.unified_checkout_url);
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl.pathname + checkoutUrl.search });
    expect(page.statusCode).toBe(200);
    expectBaseHeaders(page, 'sandbox page');
    const p = csp(page);
    expect(p.get('default-src')).toEqual(["'none'"]);
    expect(p.has('script-src')).toBe(false);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
    expect(p.get('style-src')).toEqual([sha256(style)]);
    expect(p.get('form-action')).toEqual(["'self'", STORE]);
    expect(page.body).not.toMatch(/<script|style="/);

    const closed = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/checkout',
      payload: { key: 'sbx_' + '0'.repeat(48), decision: 'approve' },
    });
    expect(closed.statusCode).toBe(404);
    expect(csp(closed).get('style-src')).toEqual([sha256(style)]);
    expectBaseHeaders(closed, 'closed sandbox page');
  });

  it('HSTS and upgrade-insecure-requests only where the store is served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(csp(plain).has('upgrade-insecure-requests')).toBe(false);

    const https = await store({ publicUrl: 'https://store.example' });
    const production = await store({ publicUrl: 'http://10.0.0.5:3000', env: 'production' });
    for (const a of [https, production]) {
      const res = await a.inject({ method: 'GET', url: '/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
    }
  });

  it('the map tiles the storefront was built with may load, and only from their host', async () => {
    const own = await store({ mapTileUrl: 'https://{s}.tiles.example.com/osm/{z}/{x}/{y}.png' });
    const imgs = csp(await own.inject({ method: 'GET', url: '/health' })).get('img-src');
    expect(imgs).toContain('https://*.tiles.example.com');
    expect(imgs).not.toContain('https://tile.openstreetmap.org');
    expect(imgs).not.toContain('https:');
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileSource('https://tiles-{s}.example.com/{z}/{x}/{y}.png')).toBe('https://*.example.com');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('https://{s}.com/{z}.png')).toBeUndefined();
    expect(tileSource('javascript:alert(1)')).toBeUndefined();
  });
});

describe('CORS: only the store itself', () => {
  const ask = (app: App, origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
    app.inject({
      method,
      url: '/v1/products?locale=en',
      headers: {
        origin,
        ...(method === 'OPTIONS'
          ? { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'client, token, uid' }
          : {}),
      },
    });

  it("a page of another site, or a sandboxed one (Origin: null), gets no permission to read the store's answers", async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://store.test.evil.example',
      'https://store.test',
    ]) {
      const res = await ask(t.app, origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await ask(t.app, origin, 'OPTIONS');
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], origin).toBeUndefined();
    }
  });

  it("the store's own origin (PUBLIC_URL's) may, and reads the session headers", async () => {
    const res = await ask(t.app, STORE);
    expect(res.headers['access-control-allow-origin']).toBe(STORE);
    expect(res.headers.vary).toMatch(/origin/i);
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['client', 'token', 'uid', 'expiry', 'token-type']));
    const preflight = await ask(t.app, STORE, 'OPTIONS');
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(STORE);
    expectBaseHeaders(preflight, 'preflight');
  });

  it('CORS_ORIGINS lists exactly who may', async () => {
    const app = await store({ corsOrigins: ['https://shop.example', 'https://m.shop.example'] });
    for (const origin of ['https://shop.example', 'https://m.shop.example'])
      expect((await ask(app, origin)).headers['access-control-allow-origin'], origin).toBe(origin);
    for (const origin of [STORE, 'https://evil.example', 'null'])
      expect((await ask(app, origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
  });

  it('CORS_ORIGINS refuses a wildcard, null or an address that is not an origin, and says how to write it', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://shop.example, https://m.shop.example' }).CORS_ORIGINS).toEqual(
      ['https://shop.example', 'https://m.shop.example'],
    );
    expect(loadConfig({}).CORS_ORIGINS).toBeUndefined();
    for (const bad of [
      '*',
      'null',
      'https://shop.example/',
      'https://shop.example/app',
      'shop.example',
      'file://x',
    ])
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(
        /CORS_ORIGINS must be comma-separated origins/,
      );
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/VITE_MAP_TILE_URL/);
    expect(loadConfig({}).VITE_MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });
});
