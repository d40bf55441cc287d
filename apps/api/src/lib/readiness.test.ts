import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmCatalogIndex } from '../modules/catalog/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = async () => {
  const r = await t.app.inject({ method: 'GET', url: '/ready' });
  return { status: r.statusCode, body: r.json() as { ready: boolean; missing?: string[] } };
};

describe('/ready: whether this instance should get shoppers', () => {
  it('is 503 naming the catalog index until it is built, then 200; /health is alive all along', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(await ready()).toEqual({ status: 503, body: { ready: false, missing: ['catalog_index'] } });
    await warmCatalogIndex(t.database.db);
    expect(await ready()).toEqual({ status: 200, body: { ready: true } });
  });

  it('turns 503 shutting_down once the instance drains (SIGTERM), while /health still answers', async () => {
    t.app.readiness.draining = true;
    try {
      expect(await ready()).toEqual({ status: 503, body: { ready: false, missing: ['shutting_down'] } });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});

describe('/ready without its database', () => {
  it('is 503 naming the database when it does not answer', async () => {
    const other = await createTestApp({ catalogIndexReady: () => true });
    await other.database.close();
    const r = await other.app.inject({ method: 'GET', url: '/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ ready: false, missing: ['database'] });
    await other.app.close();
  });
});
