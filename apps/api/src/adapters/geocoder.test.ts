import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { GeocoderUnavailable, NominatimGeocoder } from './geocoder.ts';

/** A local stand-in for Nominatim: answers by latitude so each case can be chosen. */
let server: Server;
let base: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
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

describe('GET /v1/geocode/reverse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      geocoder: new NominatimGeocoder({ url: base, userAgent: 'store-test/1', timeoutMs: 500 }),
    });
  });
  afterAll(() => t.close());

  it('answers { name, governorate } through the configured geocoder', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/geocode/reverse?lat=30.0444&lng=31.2357&locale=en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'El Tahrir St, Dokki, Giza, Egypt', governorate: 'Giza Governorate' });
    const failed = await t.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=1&lng=31' });
    expect(failed.json()).toEqual({ name: 'N/A', governorate: null });
  });

  it('refuses positions off the map', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=95&lng=31' });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /v1/geocode/search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      geocoder: new NominatimGeocoder({ url: base, userAgent: 'store-test/1', timeoutMs: 500 }),
    });
  });
  afterAll(() => t.close());

  it("answers the map's search box through the configured geocoder", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/geocode/search?q=${encodeURIComponent('رمسيس')}&locale=ar`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      places: [{ lat: 30.0626, lng: 31.2497, label: 'ميدان رمسيس، القاهرة، مصر' }],
    });
  });

  it("says in the shopper's language when the search is down, and refuses an empty query", async () => {
    const down = await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=boom&locale=en' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      errors: ['The map search is not available right now, please move the pin instead'],
    });
    const ar = await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=boom' });
    expect(ar.json().errors[0]).toBe('البحث في الخريطة مش متاح دلوقتي، حرّك الدبوس بإيدك');
    expect((await t.app.inject({ method: 'GET', url: '/v1/geocode/search?q=' })).statusCode).toBe(422);
  });
});
