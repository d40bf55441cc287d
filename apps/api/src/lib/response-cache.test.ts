import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installResponseCache } from './response-cache.ts';

/** A tiny app with one cached route that counts how often it really computes its answer. */
async function appWith(opts: { ttlMs: number; staleMs: number; delayMs?: number; failFirst?: number }) {
  let clock = 1_000_000;
  const state = { computed: 0, failures: opts.failFirst ?? 0 };
  const app = Fastify();
  installResponseCache(app, opts.ttlMs, { staleMs: opts.staleMs, now: () => clock });
  app.get('/list', { config: { cache: true } }, async (req, reply) => {
    state.computed++;
    const n = state.computed;
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (state.failures > 0) {
      state.failures--;
      return reply.code(503).send({ errors: ['busy'] });
    }
    const locale =
      /locale=en/.test(req.url) || /^en/.test(String(req.headers['accept-language'])) ? 'en' : 'ar';
    return { n, locale };
  });
  await app.ready();
  return { app, state, advance: (ms: number) => (clock += ms) };
}

let current: FastifyInstance | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const body = (res: { body: string }) => JSON.parse(res.body) as { n: number; locale: string };

describe('catalog answers cache', () => {
  it('50 shoppers opening the same new list cost one computation (single flight)', async () => {
    const { app, state } = await appWith({ ttlMs: 10_000, staleMs: 30_000, delayMs: 50 });
    current = app;
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ url: '/list' })));
    expect(state.computed).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'shared')).toHaveLength(49);
  });

  it('an expired answer is served once more while one request refreshes it, then the new one', async () => {
    const { app, state, advance } = await appWith({ ttlMs: 10_000, staleMs: 30_000 });
    current = app;
    expect(body(await app.inject({ url: '/list' })).n).toBe(1);
    advance(5_000);
    const fresh = await app.inject({ url: '/list' });
    expect([fresh.headers['x-cache'], body(fresh).n]).toEqual(['hit', 1]);
    advance(10_000); // 15 s old: stale
    const stale = await Promise.all([app.inject({ url: '/list' }), app.inject({ url: '/list' })]);
    expect(stale.map((r) => [r.headers['x-cache'], body(r).n])).toEqual([
      ['stale', 1],
      ['stale', 1],
    ]);
    await expect.poll(() => state.computed).toBe(2); // one refresh for both
    const refreshed = await app.inject({ url: '/list' });
    expect([refreshed.headers['x-cache'], body(refreshed).n]).toEqual(['hit', 2]);
    advance(41_000); // past fresh + stale: never served, computed while the shopper waits
    const old = await app.inject({ url: '/list' });
    expect([old.headers['x-cache'], body(old).n]).toEqual(['miss', 3]);
  });

  it('a failed computation is not shared or kept: those waiting compute their own', async () => {
    const { app, state } = await appWith({ ttlMs: 10_000, staleMs: 0, delayMs: 30, failFirst: 1 });
    current = app;
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/list' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 503]);
    expect(state.computed).toBeGreaterThanOrEqual(2);
    const again = await app.inject({ url: '/list' });
    expect([again.statusCode, again.headers['x-cache']]).toEqual([200, 'hit']);
  });

  it('keeps Arabic and English apart when the language comes from Accept-Language', async () => {
    const { app } = await appWith({ ttlMs: 10_000, staleMs: 0 });
    current = app;
    const en = await app.inject({ url: '/list', headers: { 'accept-language': 'en-US' } });
    const ar = await app.inject({ url: '/list', headers: { 'accept-language': 'ar-EG' } });
    expect([body(en).locale, body(ar).locale]).toEqual(['en', 'ar']);
    expect(ar.headers['x-cache']).toBe('miss');
  });

  it('no-cache skips the cache and refreshes it', async () => {
    const { app } = await appWith({ ttlMs: 10_000, staleMs: 0 });
    current = app;
    await app.inject({ url: '/list' });
    const bypass = await app.inject({ url: '/list', headers: { 'cache-control': 'no-cache' } });
    expect([bypass.headers['x-cache'], body(bypass).n]).toEqual(['miss', 2]);
    expect(body(await app.inject({ url: '/list' })).n).toBe(2);
  });
});
