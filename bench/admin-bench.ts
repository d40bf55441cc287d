/**
 * npm run bench:admin — the back office's orders list and dashboard at 200,000 orders (issue 13, part 6): the
 * list unfiltered, with each filter alone, a combination, a deep page, the counts, and the dashboard, measured
 * with autocannon against the real server signed in as staff. Target: p95 under 150 ms on PostgreSQL. Not a
 * test: it prints a table and writes bench/results/admin-latest.md.
 *
 *   BENCH_ORDERS=200000    placed orders in the database (`npm run seed -- --orders N`, the demo catalog first)
 *   BENCH_PRODUCTS=100000  products in the database (`--products N`: the products list's rows, issue 17)
 *   BENCH_SECONDS=10       seconds per scenario (after 2 s of warm-up)
 *   BENCH_CONNECTIONS=10
 *   BENCH_DATABASE_URL=postgres://…  PostgreSQL server to use (the bench creates its database on it); without it
 *                                    the bench starts one with scripts/pg-local.sh when PostgreSQL is installed
 *   BENCH_ONLY=products    run only the scenarios whose name holds this text, and the trivial route (/health) to
 *                          divide by (results printed, not written; BENCH_ONLY=report: the sales report by each
 *                          group_by, written to reports-latest.md)
 *   BENCH_DATABASE_NAME=…  the PostgreSQL database to use (store_bench_admin_<BENCH_ORDERS> by default): a copy
 *                          (`createdb -T`) for each of two versions of the code whose migrations differ
 *   BENCH_PGLITE=0         skip the embedded database (PGlite under bench/.tmp; seeding 200,000 orders there
 *                          takes about a minute, as on PostgreSQL)
 *   BENCH_PORT=3950        the first store's port (the second backend's: the next); another per bench run beside
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchDatabase, benchPort, root, run, startServer, stopServer, waitFor } from './server-kit.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const TARGET_P95_MS = 150;
/** The trivial route, run with every BENCH_ONLY too: each row's req/s is also given as a share of its. */
const YARDSTICK = 'report yardstick: /health';
const tmp = path.join(root, 'bench/.tmp');
const OWNER = { email: 'bench-owner@store.example', password: 'Bench-admin-orders-2026' };

interface Backend {
  name: string;
  env: Record<string, string>;
}

/** The server from its sources, signed in to as the bench's owner (created, or its password reset, at start-up). */
function startAdminServer(env: Record<string, string>, port: number) {
  return startServer({
    port,
    nodeArgs: ['--import', 'tsx'],
    script: ['apps/api/src/server.ts'],
    env: { ...env, OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password },
  });
}

const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

type Req = { method: 'GET'; path: string };
const lists = (queries: Record<string, string | number>[]): Req[] =>
  queries.map((q) => ({ method: 'GET', path: `/v1/admin/orders?${qs({ locale: 'ar', ...q })}` }));

/** The back office's products list (issue 17). */
const productLists = (queries: Record<string, string | number>[]): Req[] =>
  queries.map((q) => ({ method: 'GET', path: `/v1/admin/products?${qs({ locale: 'ar', ...q })}` }));

/** Cairo's calendar day `daysAgo` days before today, as the filters take it. */
const cairoDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface Row {
  name: string;
  example: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

/** Every response's own latency (autocannon's summary has no p95), over the measured seconds. */
async function scenario(base: string, headers: Record<string, string>, requests: Req[]) {
  const opts = { url: base, connections: CONNECTIONS, headers, requests };
  await autocannon({ ...opts, duration: 2 });
  const latencies: number[] = [];
  const result = await autocannon({
    ...opts,
    duration: SECONDS,
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, ms: number) => latencies.push(ms));
    },
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function benchBackend(b: Backend, port: number) {
  console.log(
    `\n## ${b.name}: seeding ${ORDERS.toLocaleString('en-US')} orders (skipped when already there)`,
  );
  const t0 = Date.now();
  run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/db/seed-cli.ts',
      '--products',
      String(PRODUCTS),
      '--orders',
      String(ORDERS),
    ],
    b.env,
  );
  console.log(`seed step took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  const server = startAdminServer(b.env, port);
  const rows: Row[] = [];
  let total: number | undefined;
  try {
    await waitFor(`${base}/health`);
    const signIn = await fetch(`${base}/v1/admin/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    if (!signIn.ok) throw new Error(`staff sign-in: ${signIn.status} ${await signIn.text()}`);
    // The session is a cookie (decision 025); the bench only reads, so the CSRF token is not needed.
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith('staff_session='));
    if (!session) throw new Error('staff sign-in set no session cookie');
    const headers = { cookie: session.split(';')[0]! };
    type ListAnswer = {
      orders: {
        id: number;
        order_number: number;
        governorate: string | null;
        customer: { full_name: string; phone_number: string };
      }[];
      meta: { total_entries: number };
    };
    const get = async (q: Record<string, string | number>) => {
      const r = await fetch(`${base}/v1/admin/orders?${qs(q)}`, { headers });
      if (!r.ok) throw new Error(`list: ${r.status} ${await r.text()}`);
      return (await r.json()) as ListAnswer;
    };
    const first = await get({ per_page: 100 });
    total = first.meta.total_entries;
    console.log(`placed orders in the database: ${total.toLocaleString('en-US')}`);
    // What staff would type, taken from the orders themselves: order numbers, phone ends, names.
    const sample = [
      ...first.orders,
      ...(await get({ per_page: 100, page: 300 })).orders,
      ...(await get({ per_page: 100, sort: 'oldest' })).orders,
    ];
    // The numbers staff read and search (issue 43), not the internal ids.
    const ids = sample.map((o) => o.order_number);
    const phones = sample.map((o) => o.customer.phone_number.slice(-7));
    const names = sample.flatMap((o, i) => {
      const parts = o.customer.full_name.split(' ');
      return i % 2 ? [o.customer.full_name] : [parts[0]!];
    });
    const month = { from: cairoDay(30), to: cairoDay(0) };
    // The products list: the store's top categories (each with its sub-categories) and some of their leaves.
    const tree = (await (await fetch(`${base}/v1/categories?locale=en`)).json()) as {
      categories: { id: number; children: { id: number }[] }[];
    };
    const tops = tree.categories.slice(0, 6).map((c) => c.id);
    const leaves = tree.categories.flatMap((c) => c.children.slice(0, 1).map((x) => x.id)).slice(0, 6);
    const productFilters = [
      ...tops.map((category_id) => ({ category_id, level: 'low' })),
      ...leaves.map((category_id) => ({ category_id, level: 'out', query: 'سامسونج' })),
      ...tops.map((category_id) => ({ category_id, query: 'ثلاجة', visibility: 'active' })),
    ];
    const scenarios: [string, string, Req[]][] = [
      ['unfiltered (newest first)', 'page 1', lists([{}])],
      [
        'status',
        'each of the 8, in turn',
        lists(
          [
            'pending',
            'confirmed',
            'processing',
            'delivering',
            'delivered',
            'canceled',
            'refunded',
            'partially_refunded',
          ].map((status) => ({ status })),
        ),
      ],
      [
        'payment method',
        'each of the 4, in turn',
        lists(
          ['cash', 'online', 'visa_on_delivery', 'visa_on_delivery_installments'].map((payment_method) => ({
            payment_method,
          })),
        ),
      ],
      [
        'date range',
        'last 7 days, last 30 days, a quarter a year ago',
        lists([{ from: cairoDay(7), to: cairoDay(0) }, month, { from: cairoDay(455), to: cairoDay(365) }]),
      ],
      [
        'governorate',
        'القاهرة, Giza, Alex, أسوان',
        lists(['القاهرة', 'Giza', 'Alex', 'أسوان'].map((governorate) => ({ governorate }))),
      ],
      ['order number', `${ids.length} order numbers`, lists(ids.map((id) => ({ query: id })))],
      ['phone (last 7 digits)', `${phones.length} phones`, lists(phones.map((query) => ({ query })))],
      ['name', 'first names and full names, Arabic and Latin', lists(names.map((query) => ({ query })))],
      [
        'combination',
        'delivered + cash + last 30 days + القاهرة',
        lists([{ status: 'delivered', payment_method: 'cash', ...month, governorate: 'القاهرة' }]),
      ],
      ['page 50', 'unfiltered, 20 a page', lists([{ page: 50 }])],
      ['sorted by total', 'highest first', lists([{ sort: 'total_desc' }])],
      ['counts per status', 'unfiltered, per_page=1', lists([{ per_page: 1 }])],
      [
        'admin products list with a filter',
        `${PRODUCTS.toLocaleString('en-US')} products: category + low; leaf + out + سامسونج; category + ثلاجة`,
        productLists(productFilters),
      ],
      [
        'admin products search',
        'ثلاجه ايديال, شاشة, samsung, a product number',
        productLists([{ query: 'ثلاجه ايديال' }, { query: 'شاشة' }, { query: 'samsung' }, { query: 1234 }]),
      ],
      // Each of those alone: a common word's newest-first walk, a typed product number, a rare pair of words.
      ['admin products search, a common word', 'شاشة (newest-first walk)', productLists([{ query: 'شاشة' }])],
      ['admin products search, a product number', '1234', productLists([{ query: 1234 }])],
      ['admin products search, two rare words', 'ثلاجه ايديال', productLists([{ query: 'ثلاجه ايديال' }])],
      [
        'dashboard',
        'today, month, 30 days, waiting, low stock',
        [{ method: 'GET', path: '/v1/admin/dashboard?locale=ar' }],
      ],
      // The sales report (issue 49; the target: p95 under 300 ms), against the trivial route as a yardstick.
      [YARDSTICK, 'the trivial route', [{ method: 'GET', path: '/health' }]],
      ...(
        ['day', 'week', 'month', 'product', 'category', 'brand', 'governorate', 'payment_method'] as const
      ).map((group_by): [string, string, Req[]] => [
        `sales report by ${group_by}`,
        'last 30 days',
        [{ method: 'GET', path: `/v1/admin/reports/sales?${qs({ locale: 'ar', group_by, ...month })}` }],
      ]),
      [
        'sales report by product, a year',
        'the last 365 days',
        [
          {
            method: 'GET',
            path: `/v1/admin/reports/sales?${qs({ locale: 'ar', group_by: 'product', from: cairoDay(365), to: cairoDay(0) })}`,
          },
        ],
      ],
      [
        'sales report by month, a year, as CSV',
        'the last 365 days',
        [
          {
            method: 'GET',
            path: `/v1/admin/reports/sales?${qs({ locale: 'ar', group_by: 'month', format: 'csv', from: cairoDay(365), to: cairoDay(0) })}`,
          },
        ],
      ],
    ];
    for (const [name, example, requests] of scenarios) {
      if (ONLY && !name.includes(ONLY) && name !== YARDSTICK) continue;
      process.stdout.write(`running: ${name}... `);
      const r = await scenario(base, headers, requests);
      console.log(`${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms`);
      rows.push({ name, example, ...r });
    }
  } finally {
    await stopServer(server);
  }
  return { backend: b.name, total: total ?? 0, rows };
}

/** The sales report's target (issue 49 item 5): p95 under 300 ms; the rest of the back office's is TARGET_P95_MS. */
const REPORT_TARGET_P95_MS = 300;
const targetOf = (name: string) => (name.startsWith('sales report') ? REPORT_TARGET_P95_MS : TARGET_P95_MS);

function table(res: Awaited<ReturnType<typeof benchBackend>>) {
  const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
  // Each row's throughput as a share of the trivial route's in the same run (when the run measured it).
  const yard = res.rows.find((r) => r.name === YARDSTICK);
  const ratio = (rps: number) => (yard ? (rps / yard.rps).toFixed(4) : '–');
  return [
    `### ${res.backend}: ${res.total.toLocaleString('en-US')} placed orders, ${CONNECTIONS} connections, ${SECONDS} s each`,
    '',
    `| scenario | requests | req/s | ÷ /health req/s | p50 ms | p95 ms | p99 ms | p95 < target (ms) | errors/non-2xx |`,
    '|---|---|---:|---:|---:|---:|---:|:---:|---:|',
    ...res.rows.map(
      (r) =>
        `| ${r.name} | ${r.example} | ${r.rps.toFixed(0)} | ${ratio(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.p95 < targetOf(r.name) ? 'yes' : '**no**'} (${targetOf(r.name)}) | ${r.non2xx} |`,
    ),
  ].join('\n');
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  const backends: Backend[] = [];
  let pgUrl = process.env.BENCH_DATABASE_URL;
  let stopPg: (() => void) | undefined;
  if (!pgUrl && existsSync('/usr/lib/postgresql')) {
    let running = true;
    try {
      execFileSync('bash', ['scripts/pg-local.sh', 'status'], { cwd: root, stdio: 'ignore' });
    } catch {
      running = false;
    }
    run('bash', ['scripts/pg-local.sh', 'start'], {});
    pgUrl = execFileSync('bash', ['scripts/pg-local.sh', 'url'], { cwd: root }).toString().trim();
    // Stopped at the end only when this run started it (others may be using it).
    if (!running) stopPg = () => run('bash', ['scripts/pg-local.sh', 'stop'], {});
  }
  if (pgUrl) {
    const name = process.env.BENCH_DATABASE_NAME?.trim() || `store_bench_admin_${ORDERS}`;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
      throw new Error(
        `BENCH_DATABASE_NAME must be a database name of small letters, digits and _, not "${name}"`,
      );
    const databaseUrl = benchDatabase(pgUrl, name);
    backends.push({
      name: 'PostgreSQL 15 (loopback)',
      env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(tmp, 'admin-pg-uploads') },
    });
  } else {
    console.log('No PostgreSQL found: the target is on PostgreSQL; set BENCH_DATABASE_URL or install it.');
  }
  if (process.env.BENCH_PGLITE !== '0')
    backends.push({ name: 'PGlite (embedded)', env: { DATA_DIR: path.join(tmp, `admin-pglite-${ORDERS}`) } });
  const results = [];
  try {
    let port = benchPort();
    for (const b of backends) results.push(await benchBackend(b, port++));
  } finally {
    stopPg?.();
  }
  const out = [
    `# Back office benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `\`npm run bench:admin\`: the orders list and the dashboard at ${ORDERS.toLocaleString('en-US')} generated orders`,
    '(`npm run seed -- --orders N`), signed in as staff. Latencies are per response; the target is p95 under',
    `${TARGET_P95_MS} ms on PostgreSQL.`,
    '',
    ...results.map((r) => `${table(r)}\n`),
  ].join('\n');
  console.log(`\n${out}`);
  // BENCH_ONLY=report: the sales report beside /health, kept as bench/results/reports-latest.md.
  if (ONLY === 'report') {
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/reports-latest.md'), out);
  }
  if (ONLY) return;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/admin-latest.md'), out);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
