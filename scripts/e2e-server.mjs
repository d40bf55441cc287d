// Starts the store for the browser tests: built web app, real API, a fresh embedded database each run.
// The maps provider is outside our system, so it is stood in for at the network edge: a small local Nominatim
// (GEOCODER_URL) that knows one place, Ramses Square, and labels any position in Egypt.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RAMSES = {
  lat: '30.0626',
  lon: '31.2497',
  en: 'Ramses Square, Cairo, Egypt',
  ar: 'ميدان رمسيس، القاهرة، مصر',
};

const nominatim = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  const ar = url.searchParams.get('accept-language') === 'ar';
  const json = (status, body) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === '/search') {
    const q = url.searchParams.get('q') ?? '';
    const found = /ramses|رمسيس/i.test(q)
      ? [{ lat: RAMSES.lat, lon: RAMSES.lon, display_name: ar ? RAMSES.ar : RAMSES.en }]
      : [];
    return json(200, found);
  }
  if (url.pathname === '/reverse') {
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    if (!(lat > 22 && lat < 32 && lon > 24 && lon < 37)) return json(200, { error: 'Unable to geocode' });
    const where = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
    return json(200, {
      display_name: ar ? `قرب ${where}، القاهرة، مصر` : `Near ${where}, Cairo, Egypt`,
      address: { state: ar ? 'القاهرة' : 'Cairo Governorate' },
    });
  }
  json(404, { error: 'not found' });
});
await new Promise((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
const geocoderUrl = `http://127.0.0.1:${nominatim.address().port}`;

// Bosta (the courier) is outside our system too: a stand-in (BOSTA_URL) that makes every delivery asked for, with its
// own tracking number, and prints a one-page label, as Bosta's API answers (adapters/couriers/bosta.ts). The label
// is a real one-page PDF (pdf-lib made it): the back office merges many orders' labels into one.
let deliveries = 0;
const LABEL =
  'JVBERi0xLjcKJYGBgYEKCjEgMCBvYmoKPDwKL1R5cGUgL1BhZ2VzCi9LaWRzIFsgMyAwIFIgXQovQ291bnQgMQo+PgplbmRvYmoKCjIgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDEgMCBSCj4+CmVuZG9iagoKMyAwIG9iago8PAovVHlwZSAvUGFnZQovUGFyZW50IDEgMCBSCi9SZXNvdXJjZXMgPDwKPj4KL01lZGlhQm94IFsgMCAwIDI4OCA0MzIgXQo+PgplbmRvYmoKCnhyZWYKMCA0CjAwMDAwMDAwMDAgNjU1MzUgZiAKMDAwMDAwMDAxNiAwMDAwMCBuIAowMDAwMDAwMDc2IDAwMDAwIG4gCjAwMDAwMDAxMjYgMDAwMDAgbiAKCnRyYWlsZXIKPDwKL1NpemUgNAovUm9vdCAyIDAgUgo+PgoKc3RhcnR4cmVmCjIxNwolJUVPRg==';
const bosta = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  const json = (status, body) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  req.resume();
  req.on('end', () => {
    if (req.headers.authorization !== 'e2e-bosta-api-key')
      return json(401, { success: false, message: 'Invalid API Key' });
    if (req.method === 'POST' && url.pathname === '/api/v2/deliveries') {
      deliveries += 1;
      const trackingNumber = String(70_000_000 + deliveries);
      return json(200, {
        success: true,
        message: 'Delivery Created Successfully',
        data: { _id: `e2e-${trackingNumber}`, trackingNumber },
      });
    }
    if (req.method === 'GET' && url.pathname === '/api/v2/deliveries/mass-awb')
      return json(200, { success: true, message: 'Done successfully', data: LABEL });
    json(404, { success: false, message: 'not found' });
  });
});
await new Promise((resolve) => bosta.listen(0, '127.0.0.1', resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '4173',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
    DEV_ROUTES: 'true',
    // Every browser test comes from this one machine: the per-address limits are for many shoppers, not one rig.
    ADDRESS_LIMIT_FACTOR: '20',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GEOCODER_URL: geocoderUrl,
    // The stand-in is local: no need to pace the browser tests at Nominatim's 1 a second.
    GEOCODER_RATE_PER_SECOND: '50',
    // Orders ship with Bosta, through the stand-in above; its webhook takes this secret (e2e/shipping.spec.ts).
    COURIER: 'bosta',
    BOSTA_API_KEY: 'e2e-bosta-api-key',
    BOSTA_URL: `http://127.0.0.1:${bosta.address().port}/api/v2`,
    BOSTA_WEBHOOK_SECRET: 'e2e-bosta-webhook-secret',
    // Playwright's request context keeps its idle connections and may send on one just as the server closes it at
    // the 5 s default (ECONNRESET: a checkout test's last cart read flaked so in CI; a browser sends such a request
    // again by itself). The tests' connections are kept as behind a load balancer instead (README, timeouts).
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  nominatim.close();
  bosta.close();
  process.exit(code ?? 0);
});
