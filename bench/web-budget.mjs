// npm run bench:web — what the storefront costs a shopper on a phone. Not a test: prints a table and writes
// bench/results/web-latest.md.
//  1. First-load JS and CSS of the home page, gzipped: every script and stylesheet the page fetched until the
//     network went quiet, measured in a real Chromium (Debian's) and gzipped here (level 9, as a server would).
//  3. Server rendering throughput (decision 021): requests a second for a product page served from the page cache,
//     rendered anew each time (a query parameter the page ignores makes every address new), and the trivial route
//     (/health), 50 connections, BENCH_WEB_SECONDS each (default 10), with p50 and p99 latency.
//  2. Lighthouse (mobile preset) for home, a category list, a search result and a product page: performance,
//     accessibility, FCP, LCP, TBT, CLS and the bytes transferred (compressed, as the server sends them),
//     BENCH_LIGHTHOUSE_RUNS times each (default 3; the median is reported — scores are noisy on 2 cores).
//  4. The same four pages in a real Chromium slowed down as Lighthouse's applied ("devtools") throttling slows it:
//     slow 4G (562.5 ms a request, 1.44 Mbit/s down, 675 kbit/s up) and the CPU 4x slower, a fresh profile each
//     load, BENCH_APPLIED_RUNS loads each (default 5, the median reported): when the page was first drawn (FCP),
//     when its largest part was (LCP) and when it answered taps (hydration over: `data-hydrated`). Lighthouse's
//     default (2.) simulates a load from an unthrottled one and counts in it every request that ended before the
//     paint, the page's module scripts included (decision 021); these are what a browser really did, and the
//     time a change could move from the first paint to the first working tap shows here, not there.
// Starts its own server (built app, fresh embedded database) on BENCH_WEB_PORT (default 4300).
// BENCH_WEB_ONLY=budget measures the first load only (1.), prints its table and writes no results file: a quick
// check while trimming the bundle.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';

/* global window, document, MutationObserver -- appliedLoads' page functions run in the browser */

const root = fileURLToPath(new URL('..', import.meta.url));
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_WEB_PORT ?? 4300);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUDGET_JS_KB = 120;
const seconds = Number(process.env.BENCH_WEB_SECONDS ?? 10);
const budgetOnly = process.env.BENCH_WEB_ONLY === 'budget';
const appliedRuns = Number(process.env.BENCH_APPLIED_RUNS ?? 5);
// Lighthouse's applied throttling for its mobile preset (its constants: 150 ms RTT x 3.75, 1.6 Mbit/s and
// 750 kbit/s x 0.9, CPU 4x).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Requests a second and latency of one address; `fresh` gives every request an address of its own. */
async function throughput(path, fresh, connections = 50) {
  let n = 0;
  const requests = [
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: fresh ? `${path}?bench=${++n}` : path }),
    },
  ];
  const opts = { url: base, connections, requests, headers: { 'accept-encoding': 'br' } };
  await autocannon({ ...opts, duration: 2 });
  const latencies = [];
  const result = await autocannon({
    ...opts,
    duration: seconds,
    setupClient: (client) => client.on('response', (_s, _b, ms) => latencies.push(ms)),
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}; install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}

console.log('Building the storefront...');
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-bench-web-'));
// The demo store as `npm start` runs it (production refuses the demo's sandbox payments and SMS outbox, and
// seeds no catalog): the same built pages and the same server code. Its errors are kept to say why it did not start.
const serverLog = path.join(dataDir, 'server.log');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', openSync(serverLog, 'w')],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not up yet, or a body the browser did not keep
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start:\n${readFileSync(serverLog, 'utf8').slice(-2000)}`);
}

async function firstLoad() {
  const browser = await chromium.launch({
    executablePath: chrome,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  const files = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.push({
        url: new URL(res.url()).pathname,
        type,
        raw: body.length,
        gz: gzipSync(body, { level: 9 }).length,
      });
    } catch {
      // not up yet, or a body the browser did not keep
    }
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await browser.close();
  return files;
}

/**
 * FCP, LCP and the end of hydration of `url` in Chromium under Lighthouse's applied throttling, each load with an
 * empty cache (a new context), as a phone of the mobile preset (412 px, 1.75 device pixels a CSS pixel).
 */
async function appliedLoads(browser, url) {
  const rows = [];
  for (let i = 0; i < appliedRuns; i++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        window.__bench = { lcp: 0, hydrated: 0 };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new MutationObserver(() => {
          if (!window.__bench.hydrated && document.documentElement?.hasAttribute('data-hydrated'))
            window.__bench.hydrated = performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      });
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForFunction(() => window.__bench.hydrated > 0, null, { timeout: 120_000 });
      rows.push(
        await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          lcp: window.__bench.lcp,
          hydrated: window.__bench.hydrated,
        })),
      );
    } finally {
      await context.close();
    }
  }
  return rows;
}

/** One Lighthouse run; tried again when Lighthouse itself fails (it sometimes loses the trace: NO_NAVSTART). */
function lighthouse(url, extra = [], attempts = 3) {
  try {
    return lighthouseOnce(url, extra);
  } catch (err) {
    if (attempts <= 1) throw err;
    process.stdout.write(`lighthouse failed (${String(err.message).split('\n')[0].slice(0, 80)}); again\n`);
    return lighthouse(url, extra, attempts - 1);
  }
}

function lighthouseOnce(url, extra) {
  const out = execFileSync(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility',
      '--form-factor=mobile',
      '--screenEmulation.mobile',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run`,
      ...extra,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(out.toString());
  return {
    performance: Math.round(r.categories.performance.score * 100),
    accessibility: Math.round(r.categories.accessibility.score * 100),
    fcp: r.audits['first-contentful-paint'].numericValue,
    lcp: r.audits['largest-contentful-paint'].numericValue,
    bytes: r.audits['total-byte-weight'].numericValue,
    tbt: r.audits['total-blocking-time'].numericValue,
    cls: r.audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: r.environment.benchmarkIndex,
    browser: r.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? r.environment.hostUserAgent,
  };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await waitUp();
  const files = await firstLoad();
  const js = files.filter((f) => f.type === 'script');
  const css = files.filter((f) => f.type === 'stylesheet');
  const sum = (fs, k) => fs.reduce((n, f) => n + f[k], 0);
  const kb = (b) => (b / 1024).toFixed(1);
  const lines = [
    `# Storefront budgets, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '## Home page, first load (375 px)',
    '',
    '| file | type | raw KB | gzip KB |',
    '|---|---|---:|---:|',
  ];
  for (const f of files) lines.push(`| ${f.url} | ${f.type} | ${kb(f.raw)} | ${kb(f.gz)} |`);
  lines.push(
    `| **JS total** | | ${kb(sum(js, 'raw'))} | **${kb(sum(js, 'gz'))}** (budget ${BUDGET_JS_KB}) |`,
  );
  lines.push(`| **CSS total** | | ${kb(sum(css, 'raw'))} | **${kb(sum(css, 'gz'))}** |`, '');
  if (budgetOnly) {
    console.log(`\n${lines.join('\n')}`);
    process.exit(0);
  }

  const product = (await (await fetch(`${base}/v1/products?per_page=1&featured=true`)).json()).products[0];
  const pages = [
    ['home', `${base}/`],
    ['product list', `${base}/products?category_id=${product.category.id}`],
    ['search result', `${base}/products?search=${encodeURIComponent(product.brand?.name ?? 'samsung')}`],
    ['product page', `${base}/products/${product.id}`],
    // The page's floor on this machine: the server's HTML, styles and pictures with no script at all. Lighthouse's
    // TBT scales with the machine's speed; this row tells a slower machine from heavier scripts.
    ['home, every script blocked', `${base}/`, ['--blocked-url-patterns=*.js']],
  ];
  const seen = [];
  lines.push(
    `## Lighthouse, mobile preset, median of ${runs}`,
    '',
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | KB transferred |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, url, extra] of pages) {
    const rs = [];
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`lighthouse ${name} run ${i + 1}/${runs}\n`);
      rs.push(lighthouse(url, extra));
    }
    seen.push(...rs);
    lines.push(
      `| ${name} | ${median(rs.map((r) => r.performance))} | ${median(rs.map((r) => r.accessibility))} | ${median(rs.map((r) => r.fcp)).toFixed(0)} | ${median(rs.map((r) => r.lcp)).toFixed(0)} | ${median(rs.map((r) => r.tbt)).toFixed(0)} | ${median(rs.map((r) => r.cls)).toFixed(3)} | ${(median(rs.map((r) => r.bytes)) / 1024).toFixed(0)} |`,
    );
  }
  lines.push(
    '',
    `Browser: ${[...new Set(seen.map((r) => r.browser))].join(', ')}; Lighthouse's benchmark index of this machine ` +
      `(higher is faster): median ${median(seen.map((r) => r.benchmarkIndex)).toFixed(0)}.`,
  );
  lines.push(
    '',
    `## Applied throttling (slow 4G, CPU 4x) in Chromium, median of ${appliedRuns} loads`,
    '',
    '| page | FCP ms | LCP ms | hydrated ms |',
    '|---|---:|---:|---:|',
  );
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const [name, url, extra] of pages) {
      if (extra) continue;
      process.stdout.write(`applied throttling ${name}\n`);
      const rs = await appliedLoads(browser, url);
      lines.push(
        `| ${name} | ${median(rs.map((r) => r.fcp)).toFixed(0)} | ${median(rs.map((r) => r.lcp)).toFixed(0)} | ${median(rs.map((r) => r.hydrated)).toFixed(0)} |`,
      );
    }
  } finally {
    await browser.close();
  }
  lines.push(
    '',
    `## Server rendering throughput, ${seconds} s each`,
    '',
    '| address | requests/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
  );
  // Past 4 renders at once the server sends the app's shell instead (web.ts): at 50 connections of new addresses
  // most answers are the shell; at 4 every answer is a render.
  for (const [name, path, fresh, connections] of [
    ['product page, page cache', `/products/${product.id}`, false, 50],
    [
      'product page, new address each time (renders capped at 4, the rest get the shell)',
      `/products/${product.id}`,
      true,
      50,
    ],
    [
      'product page, new address each time, 4 connections (every answer rendered)',
      `/products/${product.id}`,
      true,
      4,
    ],
    ['trivial route (/health)', '/health', false, 50],
  ]) {
    process.stdout.write(`throughput ${name}\n`);
    const r = await throughput(path, fresh, connections);
    lines.push(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.bad} |`);
  }
  const out = lines.join('\n');
  console.log(`\n${out}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/web-latest.md'), out + '\n');
} finally {
  stop();
}
