/**
 * The store behind Debian's nginx with `proxy_cache` on loopback, configured as an operator would for a CDN that
 * obeys the origin's headers: nothing personal is ever served to another shopper, and catalog reads come from the
 * cache. CI installs nginx (.ci/run); elsewhere the test says it needs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addShopper, productMaker, putInCart } from '../test/shoppers.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const haveNginx = existsSync(NGINX);

let t: TestApp;
let dir: string;
let base = '';

beforeAll(async () => {
  if (!haveNginx) return;
  t = await createTestApp({ catalogCacheMs: 10_000 });
  const make = await productMaker(t.database.db, t.clock.now());
  await make(1000, 50);
  const appPort = await freePort();
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
  const port = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), 'store-nginx-'));
  // nginx's workers drop to an unprivileged user when started as root: they must reach the cache folders.
  chmodSync(dir, 0o755);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=store:1m max_size=20m inactive=10m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_cache store;
      proxy_cache_key $scheme$host$request_uri$http_accept_language;
      # What a CDN with a default TTL does with an answer that says nothing.
      proxy_cache_valid 200 10m;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`,
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const proc = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/health`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  afterAll(() => {
    proc.kill('SIGTERM');
  });
});
afterAll(async () => {
  if (!haveNginx) return;
  await t.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe.runIf(haveNginx || process.env.CI)('behind nginx with proxy_cache', () => {
  it('needs nginx (apt-get install nginx, or NGINX_PATH)', () => {
    expect(haveNginx).toBe(true);
  });

  it("a shopper's cart and account are never served to another; catalog reads come from the cache", async () => {
    const a = await addShopper(t.database.db, t.clock.now());
    const b = await addShopper(t.database.db, t.clock.now());
    const list = await fetch(`${base}/v1/products`);
    expect(list.headers.get('x-cache-status')).toBe('MISS');
    const id = ((await list.json()) as { products: { id: number }[] }).products[0]!.id;
    const hit = await fetch(`${base}/v1/products`);
    expect(hit.headers.get('x-cache-status')).toBe('HIT');
    expect(hit.headers.get('cache-control')).toMatch(/^public, .*s-maxage=10/);

    await putInCart(t.app, a, id, 2);
    const cartOf = async (headers: Record<string, string>) => {
      const r = await fetch(`${base}/v1/users/cart`, { headers });
      return { status: r.status, cache: r.headers.get('x-cache-status'), body: (await r.json()) as never };
    };
    const first = await cartOf(a.headers);
    expect(first.status).toBe(200);
    const other = await cartOf(b.headers);
    expect(other.cache).not.toBe('HIT');
    expect(JSON.stringify(other.body)).not.toBe(JSON.stringify(first.body));
    const anonymous = await cartOf({});
    expect(anonymous.status).toBe(401);
    for (const url of ['/v1/users', '/v1/users/orders']) {
      await fetch(`${base}${url}`, { headers: a.headers });
      const r = await fetch(`${base}${url}`, { headers: b.headers });
      expect(r.headers.get('x-cache-status'), url).not.toBe('HIT');
      const body = JSON.stringify(await r.json());
      expect(body, url).not.toContain(a.phone.slice(-8));
    }
  });
});
