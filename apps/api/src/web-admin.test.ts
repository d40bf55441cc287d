import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/** The built web app has two pages: the shop (index.html) and the back office (admin.html, its own bundle). */
describe('the server hands out the back office at /admin', () => {
  let t: TestApp;
  let web: App;
  let distDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    distDir = mkdtempSync(path.join(tmpdir(), 'store-dist-'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>shop</title><div id="root"></div>',
    );
    writeFileSync(
      path.join(distDir, 'admin.html'),
      '<!doctype html><title>admin</title><div id="root"></div>',
    );
    web = await buildApp({ database: t.database, clock: t.clock, env: 'test', webDistDir: distDir });
    await web.ready();
  });

  afterAll(async () => {
    await web?.close();
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true, maxRetries: 5 });
  });

  const get = (url: string) => web.inject({ method: 'GET', url });

  it('/admin and every page under it get the admin page, never cached, not for search engines', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/orders?status=pending&page=2',
      '/admin/orders/12',
      '/admin/sign-in',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>admin</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toContain('noindex');
    }
  });

  it("the shop's pages keep the shop's page, even where a path only begins like admin", async () => {
    for (const url of ['/', '/products', '/administrator', '/admins/x']) {
      const res = await get(url);
      // Paths the shop has no page for get its 404 page, with the status that says so (issue 14).
      expect(res.statusCode, url).toBe(url.startsWith('/admin') ? 404 : 200);
      expect(res.body, url).toContain('<title>shop</title>');
    }
  });

  it('the admin API stays an API: an unknown /v1/admin path is a JSON 404, not a page', async () => {
    const res = await get('/v1/admin/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
