/**
 * npm run bench:api — catalog reads under load, on PGlite and on PostgreSQL, against a trivial route of the
 * same server in the same run. Not a test: it prints a table (and writes bench/results/api-<date>.md).
 *
 *   BENCH_PRODUCTS=100000   products in the database (demo catalog + generated ones)
 *   BENCH_SECONDS=10        seconds per scenario
 *   BENCH_CONNECTIONS=50
 *   BENCH_DATABASE_URL=postgres://…  PostgreSQL to use; without it the bench starts one with scripts/pg-local.sh
 *                                    when PostgreSQL is installed, else runs on PGlite only.
 *   BENCH_ROWS="never asked"  only the scenarios whose name holds this (a quick look while working: it prints
 *                             the table and leaves bench/results alone); `|` separates alternatives:
 *                             BENCH_ROWS="trivial|search, never" also gives the trivial route to compare with
 *   BENCH_BACKENDS=pglite     only PGlite (or `postgres`: only PostgreSQL)
 *   BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"  node flags for the server (a profile of a scenario)
 *   BENCH_PAIRED_ROUNDS=5     rounds of the trivial route (3 s) and shoppers' never-asked mix (6 s) in turn, on one
 *                             server: each round's ratio, the two measured seconds apart (issue 50 item 2)
 *
 * Reads as shoppers get them run against the server as shipped (answers cache on). The uncached rows run against
 * a second start of the same server with CATALOG_CACHE_SECONDS=0: a client cannot skip the cache (issue 12).
 * The server is the build (`npm run serve`, built first when missing or older than the sources), and the table's
 * first line is its start-up: from spawning it to the first 200 of /health and of /v1/products (issue 45).
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  catalogTitles,
  freshPrefixes,
  inTurn,
  qs,
  SHOPPER_KINDS,
  shopperSearches,
  shuffled,
  typo,
  wordsOf,
  type ShopperKind,
} from './fresh-queries.ts';
import { benchDatabase, benchPort, root, run, startServer, stopServer, waitFor } from './server-kit.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY_ROWS = process.env.BENCH_ROWS ?? '';
const wanted = (name: string) => ONLY_ROWS.split('|').some((part) => name.includes(part));
const BACKENDS = process.env.BENCH_BACKENDS ?? '';
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 5);
const tmp = path.join(root, 'bench/.tmp');

interface Backend {
  name: string;
  env: Record<string, string>;
}

/** The build, as `npm run serve` starts it (scripts/serve.mjs runs the server in its own process). */
const startApiServer = (env: Record<string, string>, port: number) =>
  startServer({ port, env, nodeArgs: SERVER_ARGS });

/**
 * Waits until the server is idle again: requests autocannon gave up on may still be queued for the database,
 * and would slow the next scenario down. Idle = a product read from the database (one not asked before, so not
 * in the answers cache) answers within 100 ms.
 */
async function drained(base: string, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = Date.now();
    const id = 1 + Math.floor(Math.random() * PRODUCTS);
    const ok = await fetch(`${base}/v1/products/${id}?locale=en`).then(
      (r) => r.ok || r.status === 404,
      () => false,
    );
    if (ok && Date.now() - t < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Mixed product lists: categories, brands, price ranges, every sort, pages. */
function listRequests(categoryIds: number[], brandIds: number[]) {
  const sorts: Record<string, string>[] = [
    {},
    { lowest_price: 'true' },
    { highest_price: 'true' },
    { latest_to_oldest: 'true' },
    { featured_first: 'true' },
  ];
  const out: { method: 'GET'; path: string }[] = [];
  for (let i = 0; i < 60; i++) {
    const q: Record<string, string | number> = {
      ...sorts[i % sorts.length]!,
      locale: i % 2 ? 'en' : 'ar',
      per_page: 12,
    };
    if (i % 3 === 0) q.category_id = categoryIds[i % categoryIds.length]!;
    if (i % 4 === 1) q.brand_id = brandIds[i % brandIds.length]!;
    if (i % 5 === 2) Object.assign(q, { min_price: 1000, max_price: 30000 });
    if (i % 7 === 3) q.featured = 'true';
    if (i % 6 === 4) q.in_active_promotion = 'true';
    q.page = 1 + (i % 4);
    out.push({ method: 'GET', path: `/v1/products?${qs(q)}` });
  }
  return out;
}

const searches = [
  'سامسونج',
  'شاشه',
  'ثلاجة توشيبا',
  'تكييف',
  'غساله',
  'laptop',
  'iphone',
  'samsng',
  'air fryer',
  'لاب توب',
  'موبايل شاومي',
  'مكواه',
  'هيدفون',
  'كاريير',
  '٥٥ بوصه',
];

type Req = {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (req: autocannon.Request) => autocannon.Request;
};

/**
 * Requests from many shoppers, as a load balancer forwards them (TRUST_PROXY=1): the store limits one address's
 * new answers while its database is busy, and 50 connections from the bench's one address are not one shopper.
 */
const shopper = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const fromShoppers = (reqs: Req[]): Req[] =>
  reqs.map((r, i) => ({ ...r, headers: { ...r.headers, 'x-forwarded-for': shopper(i + 1) } }));

/** Cycles through `paths`, each request from another shopper: with thousands of paths, each is asked once. */
function onceEach(paths: string[]): Req {
  let next = 0;
  return {
    method: 'GET',
    path: paths[0]!,
    setupRequest: (req) => {
      const n = next++;
      return {
        ...req,
        path: paths[n % paths.length]!,
        headers: { ...req.headers, 'x-forwarded-for': shopper(100_000 + (n % 100_000)) },
      };
    },
  };
}

/** One word, two words of one title, and typos of them: thousands of searches, each different. */
function freshSearches(titles: string[]) {
  const out = new Set<string>();
  titles.forEach((t, n) => {
    const ws = wordsOf(t);
    if (!ws.length) return;
    const a = ws[n % ws.length]!;
    const b = ws[(n + 1) % ws.length]!;
    out.add(a);
    if (a !== b) out.add(`${a} ${b}`);
    out.add(typo(a, n));
    if (a !== b) out.add(`${typo(b, n + 1)} ${a}`);
  });
  return shuffled([...out]);
}

/** Lists never asked before: a category or a brand or both, a price range, a sort and a page. */
function freshLists(categoryIds: number[], brandIds: number[]) {
  const sorts = [
    '',
    'lowest_price=true',
    'highest_price=true',
    'latest_to_oldest=true',
    'featured_first=true',
  ];
  const out: string[] = [];
  for (let i = 0; i < 5000; i++) {
    const q: Record<string, string | number> = {
      per_page: 12,
      page: 1 + (i % 3),
      locale: i % 2 ? 'en' : 'ar',
    };
    if (i % 3 !== 2) q.category_id = categoryIds[i % categoryIds.length]!;
    if (i % 3 !== 0) q.brand_id = brandIds[(i * 7) % brandIds.length]!;
    q.min_price = 500 + ((i * 37) % 50) * 100;
    q.max_price = Number(q.min_price) + 5000 + ((i * 13) % 40) * 1000;
    const sort = sorts[i % sorts.length]!;
    out.push(`/v1/products?${qs(q)}${sort ? `&${sort}` : ''}`);
  }
  return shuffled(out);
}

type Row = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p97: number;
  p99: number;
  non2xx: number;
  /** The server's CPU per answered request, ms: its main thread's and all its threads' (null: not measurable). */
  cpuMain: number | null;
  cpuAll: number | null;
};

/** Milliseconds per clock tick of /proc's CPU times. */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  } catch {
    return 10;
  }
})();

/**
 * The CPU time the server process has used so far, ms (Linux): its main thread's (where JavaScript runs) and all
 * its threads' (PGlite's worker, the garbage collector's helpers, libuv's pool). Read from /proc, so the server
 * needs no route of its own for it. PostgreSQL's own processes are not in it.
 */
function serverCpu(pid: number | undefined): { main: number; all: number } | null {
  if (!pid) return null;
  const ticks = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  };
  try {
    return {
      main: ticks(`/proc/${pid}/task/${pid}/stat`) * TICK_MS,
      all: ticks(`/proc/${pid}/stat`) * TICK_MS,
    };
  } catch {
    return null;
  }
}

async function scenario(
  url: string,
  requests: Req[],
  connections = CONNECTIONS,
  pid?: number,
  seconds = SECONDS,
) {
  // Every response's latency, for the p95 the targets name (autocannon's own table has p90 and p97.5).
  const latencies: number[] = [];
  const cpuBefore = serverCpu(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: requests.length ? requests : undefined,
    setupClient: (client) => client.on('response', (_status, _bytes, ms) => latencies.push(ms)),
  });
  const cpuAfter = serverCpu(pid);
  latencies.sort((a, b) => a - b);
  const non2xx = result.non2xx + result.errors;
  const answered = result.requests.total;
  const perRequest = (key: 'main' | 'all') =>
    cpuBefore && cpuAfter && answered ? (cpuAfter[key] - cpuBefore[key]) / answered : null;
  return {
    cpuMain: perRequest('main'),
    cpuAll: perRequest('all'),
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0),
    p97: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx,
  };
}

/** Shoppers' searches never asked before (issue 50 item 2): the rows' names, and how many of each kind. */
const SHOPPERS = "shoppers' searches, never asked";
const SHOPPERS_MIX = `${SHOPPERS}: the three kinds in turn`;
const SHOPPERS_PAIRED = `${SHOPPERS}: the three kinds against the trivial route, in turn`;
const SHOPPER_QUERIES = 45_000;

/** Connections asking searches never asked before, beside the cached reads of the mixed scenario. */
const MIXED_NEW_SEARCHES = 4;

async function benchBackend(b: Backend, port: number) {
  console.log(
    `\n## ${b.name}: seeding ${PRODUCTS.toLocaleString('en-US')} products (skipped when already there)`,
  );
  const t0 = Date.now();
  run(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts', '--products', String(PRODUCTS)],
    b.env,
  );
  console.log(`seed step took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  const rows = new Map<string, Row>();
  let paired: Round[] = [];
  const measure = async (name: string, reqs: Req[]) => {
    if (!wanted(name)) return;
    process.stdout.write(`running: ${name}... `);
    // Each scenario first runs 2 s at 10 connections (JIT, the database's buffers, and for the cached
    // scenarios the answers cache): the table is steady state. The uncached rows show what a first request
    // for an answer costs.
    const requests = fromShoppers(reqs);
    // Not while the server still works on its own (the kept cards it warms after its first list, decision 022).
    await idle(server.pid);
    await autocannon({ url: base, connections: 10, duration: 2, requests });
    const r = await scenario(base, requests, CONNECTIONS, server.pid);
    await drained(base);
    console.log(`${r.rps.toFixed(0)} req/s`);
    rows.set(name, { name, ...r });
  };

  // The store as shoppers get it: answers cache on. Its start-up is timed to the first answers: /health, then a
  // product list (which waits for the catalog index the server builds at start, decision 022).
  const spawned = Date.now();
  let server = startApiServer(b.env, port);
  let total: number;
  let lists: Req[];
  let searchReqs: Req[];
  let productReqs: Req[];
  let freshSearch: Req;
  let freshSuggestion: Req;
  let freshList: Req;
  let shoppers: [string, Req][];
  let pairedMix: Req;
  const startup = { health: NaN, products: NaN };
  try {
    await waitFor(`${base}/health`, { ms: 120_000, everyMs: 20 });
    startup.health = Date.now() - spawned;
    await waitFor(`${base}/v1/products?per_page=1`, { ms: 120_000, everyMs: 20 });
    startup.products = Date.now() - spawned;
    console.log(`start-up: /health after ${startup.health} ms, /v1/products after ${startup.products} ms`);
    type Named = { id: number; name_en: string; name_ar: string };
    const catRows = (
      (await (await fetch(`${base}/v1/categories?show_all=true`)).json()) as { categories: Named[] }
    ).categories;
    const brandRows = ((await (await fetch(`${base}/v1/brands?show_all=true`)).json()) as { brands: Named[] })
      .brands;
    const cats = catRows.map((c) => c.id);
    const brands = brandRows.map((x) => x.id);
    // Searches no one asked before, each used once: words of the catalog's own titles (one or two, in either
    // language) and typos of them (a letter dropped, doubled or swapped), as the long tail of shoppers types them;
    // with no answers cache and no memo to help. Each comes from another shopper (the answers cache limits one
    // address's new searches while the database is busy).
    const titles = await catalogTitles(base);
    const fresh = freshSearches(titles);
    const suggestions = freshPrefixes(titles);
    console.log(`${fresh.length} new searches, ${suggestions.length} new suggestion prefixes`);
    // Shoppers' searches (issue 50 item 2): the mix of the three kinds, then each kind alone, none asked twice.
    const typed = shopperSearches(titles, SHOPPER_QUERIES);
    const asSearch = (qs_: string[]) =>
      onceEach(qs_.map((query) => `/v1/products?${qs({ query, per_page: 12 })}`));
    const kinds = Object.keys(SHOPPER_KINDS) as ShopperKind[];
    // A third of each kind's queries for the mix, a third for the mix beside the trivial route, the rest for the
    // kind's own row (a third each when fewer were made): no query asked in two rows.
    const third = (k: ShopperKind) => Math.min(SHOPPER_QUERIES / 3, Math.floor(typed[k].length / 3));
    shoppers = [
      [SHOPPERS_MIX, asSearch(inTurn(kinds.map((k) => typed[k].slice(0, third(k)))))],
      ...kinds.map((k): [string, Req] => [
        `${SHOPPERS}: ${SHOPPER_KINDS[k]}`,
        asSearch(typed[k].slice(2 * third(k))),
      ]),
    ];
    pairedMix = asSearch(inTurn(kinds.map((k) => typed[k].slice(third(k), 2 * third(k)))));
    console.log(
      `shoppers' searches: ${kinds.map((k) => `${typed[k].length.toLocaleString('en-US')} ${k}`).join(', ')}`,
    );
    freshSearch = onceEach(fresh.map((query) => `/v1/products?${qs({ query, per_page: 12 })}`));
    // What the header's search box asks (GET /v1/products/suggestions, 6 of them).
    freshSuggestion = onceEach(suggestions.map((query) => `/v1/products/suggestions?${qs({ query })}`));
    freshList = onceEach(
      freshLists(
        catRows.map((c) => c.id),
        brandRows.map((x) => x.id),
      ),
    );
    total = (
      (await (await fetch(`${base}/v1/products?per_page=1`)).json()) as { meta: { total_entries: number } }
    ).meta.total_entries;
    console.log(`products in the database: ${total.toLocaleString('en-US')}`);
    const ids = Array.from({ length: 200 }, (_, i) => 1 + Math.floor((((i * 7919) % 1000) / 1000) * total));
    lists = listRequests(cats, brands);
    searchReqs = searches.map((s) => ({
      method: 'GET' as const,
      path: `/v1/products?${qs({ query: s, per_page: 12 })}`,
    }));
    productReqs = ids.map((id) => ({ method: 'GET' as const, path: `/v1/products/${id}` }));
    for (const [name, reqs] of [
      ['trivial route (/health)', [{ method: 'GET', path: '/health' }]],
      ['product lists (filters, sorts, pages)', lists],
      ['search (Arabic and English, typos)', searchReqs],
      ['product by id', productReqs],
    ] as [string, Req[]][])
      await measure(name, reqs);
    // What a shop sees: most reads answered from the cache while a few shoppers search words no one asked
    // before, at the same time. On PGlite the database works in its own thread, so the cached answers keep flowing.
    const cachedMix = fromShoppers([...lists, ...searchReqs, ...productReqs]);
    if (!ONLY_ROWS) {
      process.stdout.write('running: cached reads beside new searches... ');
      await autocannon({ url: base, connections: 10, duration: 2, requests: cachedMix });
      const [mixed, beside] = await Promise.all([
        scenario(base, cachedMix),
        scenario(base, [freshSearch], MIXED_NEW_SEARCHES),
      ]);
      await drained(base);
      console.log(`${mixed.rps.toFixed(0)} + ${beside.rps.toFixed(0)} req/s`);
      rows.set('mixed', {
        name: `lists, searches and products (cached) while ${MIXED_NEW_SEARCHES} more connections search new words`,
        ...mixed,
      });
      rows.set('beside', { name: `… those ${MIXED_NEW_SEARCHES} connections' new searches`, ...beside });
    }
  } finally {
    await stopServer(server);
  }

  // The same reads from the database every time: the same server started again with the answers cache off. What
  // each instance remembers per catalog version (totals, search rankings; decision 009) still applies, so one
  // more scenario asks searches never asked before.
  server = startApiServer({ ...b.env, CATALOG_CACHE_SECONDS: '0' }, port);
  try {
    await waitFor(`${base}/health`, { ms: 120_000, everyMs: 300 });
    // The first list waits for the catalog index the server builds at start (decision 022): not a scenario's cost.
    await fetch(`${base}/v1/products?per_page=1`);
    for (const [name, reqs] of [
      ['product lists, uncached', lists],
      ['search, uncached', searchReqs],
      ['search, never asked before', [freshSearch]],
      ['suggestions while typing, never asked before', [freshSuggestion]],
      ['product lists with filters, never asked before', [freshList]],
      ['product by id, uncached', productReqs],
      ...shoppers.map(([name, req]): [string, Req[]] => [name, [req]]),
    ] as [string, Req[]][])
      await measure(name, reqs);
    if (wanted(SHOPPERS_PAIRED)) paired = await inTurnWithTrivial(base, pairedMix, server.pid);
  } finally {
    await stopServer(server);
  }
  const order = [
    'trivial route (/health)',
    'product lists (filters, sorts, pages)',
    'search (Arabic and English, typos)',
    'product by id',
    'product lists, uncached',
    'search, uncached',
    'search, never asked before',
    'suggestions while typing, never asked before',
    'product lists with filters, never asked before',
    'product by id, uncached',
    ...shoppers.map(([name]) => name),
    'mixed',
    'beside',
  ];
  return { backend: b.name, total, startup, rows: order.flatMap((k) => rows.get(k) ?? []), paired };
}

type Round = { trivial: Row; mix: Row };

/**
 * The trivial route and shoppers' never-asked mix in turn on one server, `PAIRED_ROUNDS` times: each round's ratio
 * is of two figures measured seconds apart. Measured a minute apart (the rows above), the ratio followed the
 * machine's speed more than the search's: the trivial route alone moved 7,800–14,900 a second between runs.
 */
async function inTurnWithTrivial(base: string, mix: Req, pid: number | undefined): Promise<Round[]> {
  process.stdout.write(`running: ${SHOPPERS_PAIRED}... `);
  const trivial = fromShoppers([{ method: 'GET', path: '/health' }]);
  await autocannon({ url: base, connections: 10, duration: 2, requests: [mix] });
  await drained(base);
  const rounds: Round[] = [];
  for (let i = 0; i < PAIRED_ROUNDS; i++) {
    // Each after the server is idle (a run must not pay for the work the other left behind, its garbage), and
    // each measured after a second of its own requests (the connections opened, the first second's dip left out).
    await idle(pid);
    await autocannon({ url: base, connections: CONNECTIONS, duration: 1, requests: trivial });
    const t = await scenario(base, trivial, CONNECTIONS, pid, 3);
    await idle(pid);
    await autocannon({ url: base, connections: CONNECTIONS, duration: 1, requests: [mix] });
    const m = await scenario(base, [mix], CONNECTIONS, pid, 6);
    await drained(base);
    rounds.push({ trivial: { name: 'trivial', ...t }, mix: { name: 'mix', ...m } });
    process.stdout.write(`${(m.rps / t.rps).toFixed(3)} `);
  }
  console.log('');
  return rounds;
}

/** Until the server's threads used under a tenth of a core over half a second (at most 20 s). */
async function idle(pid: number | undefined) {
  for (let end = Date.now() + 20_000; Date.now() < end;) {
    const before = serverCpu(pid);
    await new Promise((r) => setTimeout(r, 500));
    const after = serverCpu(pid);
    if (!before || !after || after.all - before.all < 50) return;
  }
}

function pairedTable(rounds: Round[]) {
  const ratios = rounds.map((r) => r.mix.rps / r.trivial.rps).sort((a, b) => a - b);
  const median = ratios[Math.floor((ratios.length - 1) / 2)]!;
  return [
    `#### ${SHOPPERS_PAIRED}: ${rounds.length} rounds of 3 s and 6 s, ${CONNECTIONS} connections`,
    '',
    '| round | trivial req/s | the mix req/s | the mix p99 ms | ratio | the mix CPU ms/req, main / all threads |',
    '|---|---:|---:|---:|---:|---:|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.trivial.rps.toFixed(0)} | ${r.mix.rps.toFixed(0)} | ${r.mix.p99} | ${(r.mix.rps / r.trivial.rps).toFixed(3)} | ${ms(r.mix.cpuMain)} / ${ms(r.mix.cpuAll)} |`,
    ),
    '',
    `Median ratio ${median.toFixed(3)} (lowest ${ratios[0]!.toFixed(3)}, highest ${ratios.at(-1)!.toFixed(3)}).`,
  ].join('\n');
}

/** CPU ms per request: two significant digits (the trivial route's is a few hundredths). */
const ms = (v: number | null) => (v === null ? '—' : v < 1 ? v.toFixed(2) : v.toFixed(1));

function table(res: Awaited<ReturnType<typeof benchBackend>>) {
  const trivial = res.rows.find((r) => r.name === 'trivial route (/health)')?.rps ?? NaN;
  const lines = [
    `### ${res.backend} — ${res.total.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${SECONDS} s each`,
    '',
    '| scenario | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | ratio to trivial | CPU ms/req, main thread | CPU ms/req, all threads | errors/non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| start-up to the first answer (\`npm run serve\`): /health ${res.startup.health} ms, /v1/products ${res.startup.products} ms | | | | | | | | | |`,
    ...res.rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.p97} | ${r.p99} | ${(r.rps / trivial).toFixed(3)} | ${ms(r.cpuMain)} | ${ms(r.cpuAll)} | ${r.non2xx} |`,
    ),
    ...(res.paired.length ? ['', pairedTable(res.paired)] : []),
  ];
  return lines.join('\n');
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  // The servers below are the build: made now when missing or older than the sources (as `npm start` does).
  run(process.execPath, ['scripts/build.mjs', '--if-stale'], {});
  const backends: Backend[] =
    BACKENDS === 'postgres'
      ? []
      : [{ name: 'PGlite (embedded)', env: { DATA_DIR: path.join(tmp, `pglite-${PRODUCTS}`) } }];
  let pgUrl = BACKENDS === 'pglite' ? undefined : process.env.BENCH_DATABASE_URL;
  let stopPg: (() => void) | undefined;
  if (!pgUrl && BACKENDS !== 'pglite' && existsSync('/usr/lib/postgresql')) {
    run('bash', ['scripts/pg-local.sh', 'start'], {});
    pgUrl = execFileSync('bash', ['scripts/pg-local.sh', 'url'], { cwd: root }).toString().trim();
    stopPg = () => run('bash', ['scripts/pg-local.sh', 'stop'], {});
  }
  if (pgUrl) {
    const databaseUrl = benchDatabase(pgUrl, `store_bench_${PRODUCTS}`);
    backends.push({
      name: 'PostgreSQL 15 (loopback)',
      env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(tmp, 'pg-uploads') },
    });
  } else {
    console.log('No PostgreSQL found: benchmarking PGlite only.');
  }
  const results = [];
  try {
    let port = benchPort();
    for (const b of backends) results.push(await benchBackend(b, port++));
  } finally {
    stopPg?.();
  }
  const out = [
    `# API benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...results.map((r) => `${table(r)}\n`),
  ].join('\n');
  console.log(`\n${out}`);
  if (ONLY_ROWS || BACKENDS) return;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/api-latest.md'), out);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
