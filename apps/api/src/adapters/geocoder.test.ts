import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addShopper, type Shopper } from '../test/shoppers.ts';
import { GeocoderUnavailable, NominatimGeocoder } from './geocoder.ts';

/** A local stand-in for Nominatim: answers by latitude so each case can be chosen. */
let server: Server;
let base: string;
const seen: IncomingMessage[] = [];
/** When each request reached the stand-in (ms). */
const seenAt: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    seenAt.push(Date.now());
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      if (q === 'boom') return void res.writeHead(502).end('bad gateway');
      const ar = url.searchParams.get('accept-language') === 'ar';
      const found = /ramses|رمسيس/i.test(q)
        ? [
            {
              lat: '30.0626',
              lon: '31.2497',
              display_name: ar ? 'ميدان رمسيس، القاهرة، مصر' : 'Ramses Square, Cairo, Egypt',
            },
            { lat: 'x', lon: '31', display_name: 'a place without a position' },
          ]
        : [];
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    }
    const lat = Number(url.searchParams.get('lat'));
    if (lat === 1) {
      res.writeHead(500).end('boom');
    } else if (lat === 2) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"Unable to geocode"}');
    } else if (lat === 3) {
      setTimeout(() => res.writeHead(200).end('{}'), 2000);
    } else if (lat === 4) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
    } else {
      const ar = url.searchParams.get('accept-language') === 'ar';
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          display_name: ar ? 'شارع التحرير، الدقي، الجيزة، مصر' : 'El Tahrir St, Dokki, Giza, Egypt',
          address: { state: ar ? 'الجيزة' : 'Giza Governorate' },
        }),
      );
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the Nominatim geocoder', () => {
  const geocoder = () => new NominatimGeocoder({ url: base, userAgent: 'store-test/1', timeoutMs: 500 });

  it('labels a map position with the formatted address and governorate, in the asked language', async () => {
    expect(await geocoder().reverse(30.0444, 31.2357, 'en')).toEqual({
      name: 'El Tahrir St, Dokki, Giza, Egypt',
      governorate: 'Giza Governorate',
    });
    expect((await geocoder().reverse(30.0444, 31.2357, 'ar')).name).toBe('شارع التحرير، الدقي، الجيزة، مصر');
    const last = seen.at(-1)!;
    expect(last.headers['user-agent']).toBe('store-test/1');
    expect(last.url).toMatch(/^\/reverse\?format=jsonv2&lat=30.0444&lon=31.2357/);
  });

  it.each([
    ['a server error', 1],
    ['an "Unable to geocode" answer', 2],
    ['a timeout', 3],
    ['an answer that is not JSON', 4],
  ])("gives 'N/A' on %s", async (_, lat) => {
    expect(await geocoder().reverse(lat, 31, 'en')).toEqual({ name: 'N/A', governorate: null });
  });

  it('searches places in Egypt in the asked language, dropping answers without a position', async () => {
    expect(await geocoder().search('Ramses', 'en')).toEqual([
      { lat: 30.0626, lng: 31.2497, label: 'Ramses Square, Cairo, Egypt' },
    ]);
    expect((await geocoder().search('رمسيس', 'ar'))[0]!.label).toBe('ميدان رمسيس، القاهرة، مصر');
    expect(seen.at(-1)!.url).toMatch(
      /^\/search\?format=jsonv2&q=.+&countrycodes=eg&limit=5&accept-language=ar$/,
    );
    expect(await geocoder().search('nowhere at all', 'en')).toEqual([]);
  });

  it('a search that cannot be answered is an error, not "nothing found"', async () => {
    await expect(geocoder().search('boom', 'en')).rejects.toBeInstanceOf(GeocoderUnavailable);
    const down = new NominatimGeocoder({ url: 'http://127.0.0.1:9', userAgent: 'x', timeoutMs: 500 });
    await expect(down.search('Ramses', 'en')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it("gives 'N/A' when nothing listens", async () => {
    const g = new NominatimGeocoder({ url: 'http://127.0.0.1:9', userAgent: 'x', timeoutMs: 500 });
    expect((await g.reverse(30, 31, 'en')).name).toBe('N/A');
  });
});

const nominatim = () => new NominatimGeocoder({ url: base, userAgent: 'store-test/1', timeoutMs: 500 });

describe('GET /v1/geocode/reverse', () => {
  let t: TestApp;
  let headers: Shopper['headers'];
  beforeAll(async () => {
    t = await createTestApp({ geocoder: nominatim(), geocoding: { ratePerSecond: 50 } });
    headers = (await addShopper(t.database.db, t.clock.now())).headers;
  });
  afterAll(() => t.close());

  it('answers { name, governorate } through the configured geocoder', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/geocode/reverse?lat=30.0444&lng=31.2357&locale=en',
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'El Tahrir St, Dokki, Giza, Egypt', governorate: 'Giza Governorate' });
    const failed = await t.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=1&lng=31', headers });
    expect(failed.json()).toEqual({ name: 'N/A', governorate: null });
  });

  it('refuses positions off the map', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=95&lng=31', headers });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /v1/geocode/search', () => {
  let t: TestApp;
  let headers: Shopper['headers'];
  beforeAll(async () => {
    t = await createTestApp({ geocoder: nominatim(), geocoding: { ratePerSecond: 50 } });
    headers = (await addShopper(t.database.db, t.clock.now())).headers;
  });
  afterAll(() => t.close());

  it("answers the map's search box through the configured geocoder", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/geocode/search?q=${encodeURIComponent('رمسيس')}&locale=ar`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      places: [{ lat: 30.0626, lng: 31.2497, label: 'ميدان رمسيس، القاهرة، مصر' }],
    });
  });

  it("says in the shopper's language when the search is down, and refuses an empty query", async () => {
    const down = await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=boom&locale=en', headers });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      errors: ['The map search is not available right now, please move the pin instead'],
    });
    const ar = await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=boom', headers });
    expect(ar.json().errors[0]).toBe('البحث في الخريطة مش متاح دلوقتي، حرّك الدبوس بإيدك');
    expect((await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=', headers })).statusCode).toBe(
      422,
    );
  });
});

/**
 * Issue 12: the geocoder routes were an open relay (600 calls in 3.5 s went to Nominatim 602 times; its policy is
 * at most 1 a second, and the store's address would be banned).
 */
describe('the map geocoder is not an open relay', () => {
  let t: TestApp;
  let second: { app: App; close(): Promise<void> };
  const asked = () => seen.length;

  beforeAll(async () => {
    // Nominatim's own rate (1 a second, the default) and the default limits per user and address.
    t = await createTestApp({ geocoder: nominatim() });
    // A second instance of the API on the same database, as behind a load balancer.
    const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 5 }) : null;
    const app = await buildApp({
      database: database ?? t.database,
      clock: t.clock,
      env: 'test',
      geocoder: nominatim(),
    });
    await app.ready();
    second = {
      app,
      async close() {
        await app.close();
        await database?.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('someone without a session is refused, and the geocoder is never asked', async () => {
    const before = asked();
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url:
            i % 2
              ? `/v1/geocode/reverse?lat=${(30 + i / 1000).toFixed(4)}&lng=31.2&locale=en`
              : `/v1/geocode/search?q=place${i}&locale=en`,
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([401]));
    expect(asked()).toBe(before);
  });

  it('600 questions at once, over two instances, reach the geocoder no faster than once a second', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, () => addShopper(t.database.db, t.clock.now())),
    );
    const before = asked();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: 'GET',
          url: `/v1/geocode/reverse?lat=${(29 + i / 1000).toFixed(4)}&lng=31.2&locale=${i % 3 ? 'en' : 'ar'}`,
          headers: shoppers[i % shoppers.length]!.headers,
        }),
      ),
    );
    const elapsed = (Date.now() - started) / 1000;
    const times = seenAt.slice(before);
    // Once a second at most: never more calls than seconds passed (plus the first), each a second after the last.
    expect(times.length).toBeGreaterThanOrEqual(1);
    expect(times.length).toBeLessThanOrEqual(Math.floor(elapsed) + 1);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(850);
    // The questions that got a turn have their label; the others are told to come back, in their language.
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBe(times.length);
    expect(ok[0]!.json().name).toMatch(/Giza|الجيزة/);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([429]));
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const busy = (locale: string) =>
      refused.filter(
        (r) =>
          r.json().errors[0] ===
          (locale === 'en'
            ? 'The map is busy right now, please try again in a moment'
            : 'الخريطة عليها ضغط دلوقتي، جرّب تاني كمان شوية'),
      );
    expect(busy('en').length).toBeGreaterThan(0);
    expect(busy('ar').length).toBeGreaterThan(0);
  });
});

describe('the map geocoder remembers its answers', () => {
  let t: TestApp;
  let shopper: Shopper;
  const asked = () => seen.length;
  const reverse = (lat: string, lng: string, locale = 'en', headers = shopper.headers) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/geocode/reverse?lat=${lat}&lng=${lng}&locale=${locale}`,
      headers,
    });
  const search = (q: string, locale = 'en', headers = shopper.headers) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/geocode/search?q=${encodeURIComponent(q)}&locale=${locale}`,
      headers,
    });

  beforeAll(async () => {
    t = await createTestApp({
      geocoder: nominatim(),
      geocoding: {
        ratePerSecond: 50,
        perUser: { max: 5, windowSeconds: 60 },
        perIp: { max: 12, windowSeconds: 60 },
      },
    });
    shopper = await addShopper(t.database.db, t.clock.now());
  });
  afterAll(() => t.close());

  it('the same pin and the same search are asked of the geocoder once, per language', async () => {
    const before = asked();
    const first = await reverse('30.0444', '31.2357');
    // The same position to a metre (the map sends 6 decimals): the label is remembered.
    const again = await reverse('30.044401', '31.235702');
    expect(again.json()).toEqual(first.json());
    expect(asked()).toBe(before + 1);
    expect((await reverse('30.0444', '31.2357', 'ar')).json().name).toBe('شارع التحرير، الدقي، الجيزة، مصر');
    expect(asked()).toBe(before + 2);
    // A search however it is spaced or capitalized.
    const found = await search('Ramses');
    expect((await search('  ramses ')).json()).toEqual(found.json());
    expect(asked()).toBe(before + 3);
  });

  it('50 shoppers asking the same new position at once cost one question', async () => {
    const before = asked();
    const answers = await Promise.all(Array.from({ length: 50 }, () => reverse('30.0511', '31.2411')));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([answers[0]!.body]));
    expect(answers[0]!.statusCode).toBe(200);
    expect(asked()).toBe(before + 1);
  });

  it('a shopper who asks too many new questions is told to wait; remembered answers still come', async () => {
    const other = await addShopper(t.database.db, t.clock.now());
    const ask = (lat: string, lng: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/geocode/reverse?lat=${lat}&lng=${lng}&locale=en`,
        headers: other.headers,
        remoteAddress: '198.51.100.1',
      });
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await ask(`31.${1000 + n}`, '31.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ask('31.2000', '31.1');
    expect(refused.json().errors[0]).toMatch(/^Too many attempts, please try again in \d+s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await ask('30.0444', '31.2357')).statusCode).toBe(200);
  });

  it('many shoppers behind one address share its limit', async () => {
    // 12 new questions a minute from one address, whoever asks (5 each).
    const from = (ip: string) => async (lat: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/geocode/reverse?lat=${lat}&lng=32.1&locale=en`,
        headers: (await addShopper(t.database.db, t.clock.now())).headers,
        remoteAddress: ip,
      });
    const here = from('203.0.113.7');
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await here(`25.${100 + i}`)).statusCode);
    expect(statuses).toEqual([...Array(12).fill(200), 429]);
    expect((await from('203.0.113.8')('25.9')).statusCode).toBe(200);
  });
});
