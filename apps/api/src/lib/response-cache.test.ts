import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors.ts';
import { installResponseCache, type BusyLimits } from './response-cache.ts';

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

  it("the client's cache headers do not send a request past the cache", async () => {
    const { app, state } = await appWith({ ttlMs: 10_000, staleMs: 0 });
    current = app;
    await app.inject({ url: '/list' });
    for (const headers of [
      { 'cache-control': 'no-cache' },
      { 'cache-control': 'no-store, max-age=0' },
      { pragma: 'no-cache' },
      { 'x-response-cache-refresh': 'guess' },
    ]) {
      const res = await app.inject({ url: '/list', headers });
      expect([res.headers['x-cache'], body(res).n]).toEqual(['hit', 1]);
    }
    expect(state.computed).toBe(1);
  });
});

/**
 * A tiny store whose searches wait for `open()` when their text starts with "slow", so the test decides how many
 * answers are being computed at once. Errors have the store's shape and language.
 */
async function busyApp(busy: Partial<BusyLimits>) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const state = { computed: 0 };
  const app = Fastify();
  installErrorHandling(app);
  installResponseCache(app, 10_000, { staleMs: 30_000, busy });
  app.get('/search', { config: { cache: true } }, async (req) => {
    state.computed++;
    const q = String((req.query as { q?: string }).q);
    if (q.startsWith('slow')) await gate;
    return { q };
  });
  await app.ready();
  return { app, state, open };
}

describe('catalog reads when the database is busy', () => {
  const search = (app: FastifyInstance, q: string, ip: string, locale = 'en') =>
    app.inject({ url: `/search?q=${q}&locale=${locale}`, remoteAddress: ip });

  it('an address sending many new searches is told to wait, while cached answers and other shoppers keep flowing', async () => {
    const { app, state, open } = await busyApp({ busyAt: 4, perIpInFlight: 2, perIpPerMinute: 100 });
    current = app;
    const attacker = '203.0.113.66';
    expect((await search(app, 'popular', '198.51.100.1')).statusCode).toBe(200);
    // The attacker's unique words and two shoppers' new searches: 4 answers computing, the database is busy.
    const under = [
      search(app, 'slow-a1', attacker),
      search(app, 'slow-a2', attacker),
      search(app, 'slow-s1', '198.51.100.2'),
      search(app, 'slow-s2', '198.51.100.3'),
    ];
    await expect.poll(() => state.computed).toBe(5);
    const refused = await search(app, 'slow-a3', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().errors).toEqual([
      'The store is very busy right now, please try again in a few seconds',
    ]);
    const refusedAr = await search(app, 'slow-a4', attacker, 'ar');
    expect(refusedAr.json().errors).toEqual(['المتجر عليه ضغط كبير دلوقتي، جرّب تاني بعد كام ثانية']);
    // Cached answers still come, to the attacker too; a shopper with nothing under way still gets a new answer.
    const cached = await search(app, 'popular', attacker);
    expect([cached.statusCode, cached.headers['x-cache']]).toEqual([200, 'hit']);
    const other = search(app, 'slow-s3', '198.51.100.4');
    await expect.poll(() => state.computed).toBe(6);
    open();
    expect((await Promise.all([...under, other])).map((r) => r.statusCode)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    // Quiet again: the attacker's next new search is answered.
    expect((await search(app, 'slow-a3', attacker)).statusCode).toBe(200);
  });

  it('an address that asked many new answers in the last minute waits while the database is busy', async () => {
    const { app, state, open } = await busyApp({ busyAt: 2, perIpInFlight: 10, perIpPerMinute: 6 });
    current = app;
    const heavy = '203.0.113.77';
    // While the database is quiet nobody is refused, but the answers count.
    for (let i = 0; i < 6; i++) expect((await search(app, `word${i}`, heavy)).statusCode).toBe(200);
    const under = [search(app, 'slow-1', '198.51.100.5'), search(app, 'slow-2', '198.51.100.6')];
    await expect.poll(() => state.computed).toBe(8);
    const refused = await search(app, 'word-new', heavy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same question once it is in the cache is answered: the limit is on the database's work only.
    expect((await search(app, 'word0', heavy)).statusCode).toBe(200);
    // Someone who asked little is not refused.
    const light = search(app, 'slow-3', '198.51.100.7');
    await expect.poll(() => state.computed).toBe(9);
    open();
    expect((await Promise.all([...under, light])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });
});
