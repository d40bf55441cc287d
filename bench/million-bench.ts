/**
 * npm run bench:million — the store at a million products (issue 50 item 5), on PostgreSQL: the catalog index's
 * build (from the server listening to /ready, which waits for it), the server's heap and RSS once it is built,
 * and the p50/p97.5/p99 of product lists, searches and suggestions never asked before (answers cache off, each query
 * asked once), with the index (SEARCH_INDEX=memory) and without (SEARCH_INDEX=database), beside the trivial route
 * (/health) of the same server in the same run. Not a test: it prints a table and writes
 * bench/results/million-latest.md. Decision 037 reads its figures.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/store_million   a database already seeded:
 *       createdb store_million; DATABASE_URL=… nice -n 10 npm run seed -- --products 1000000
 *   BENCH_SECONDS=10        seconds per scenario (after 2 s of warm-up on other queries)
 *   BENCH_CONNECTIONS=10
 *   BENCH_HEAP_MB=12288     the server's --max-old-space-size
 *   BENCH_MODES=memory,database   which SEARCH_INDEX values to run
 *   BENCH_STATEMENT_TIMEOUT_MS=0  the server's DATABASE_STATEMENT_TIMEOUT_MS (the default 10 s stops the build)
 *   BENCH_PORT=3950         the store's port (another one per bench run beside)
 */
import autocannon from 'autocannon';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshPrefixes, LIST_SORTS, qs, shuffled, typo, wordsOf } from './fresh-queries.ts';
import { benchPort, root, startServer, stopServer, waitFor } from './server-kit.ts';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/store_million';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 12_288);
const MODES = (process.env.BENCH_MODES ?? 'memory,database').split(',') as ('memory' | 'database')[];
const PORT = benchPort();

function startMillionServer(mode: string) {
  return startServer({
    port: PORT,
    nodeArgs: [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx'],
    script: ['apps/api/src/server.ts'],
    env: {
      DATABASE_URL: DB_URL,
      DATA_DIR: path.join(root, 'bench/.tmp/million-uploads'),
      SEARCH_INDEX: mode,
      // Every answer computed: no answers cache, and so no per-address limit on new ones.
      CATALOG_CACHE_SECONDS: '0',
      // Requests only: the periodic jobs (another instance's work) stay out of the figures.
      JOBS: 'off',
      SEED_DEMO: 'false',
      // The index's build reads the million products in one statement: over a minute on a loaded machine, past
      // the default 10 s (decision 037). No limit here, so the build and the database's slowest answers show.
      DATABASE_STATEMENT_TIMEOUT_MS: process.env.BENCH_STATEMENT_TIMEOUT_MS ?? '0',
    },
  });
}

/** One word, two words of a title, two catalog words paired, and typos: each different (as bench:api's). */
function freshSearches(titles: string[]) {
  const words = [...new Set(titles.flatMap(wordsOf))].sort();
  const out = new Set<string>();
  titles.forEach((t, n) => {
    const ws = wordsOf(t);
    if (!ws.length) return;
    const a = ws[n % ws.length]!;
    const b = ws[(n + 1) % ws.length]!;
    out.add(a);
    if (a !== b) out.add(`${a} ${b}`);
    out.add(typo(a, n));
    out.add(`${words[(n * 7919) % words.length]} ${words[(n * 104_729) % words.length]}`);
    if (a !== b) out.add(`${typo(b, n + 1)} ${a}`);
  });
  return shuffled([...out]);
}

/** Lists never asked before: a category or a brand or both, a price range, a sort and a page. */
function freshLists(categoryIds: number[], brandIds: number[]) {
  const out: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const q: Record<string, string | number> = {
      per_page: 12,
      page: 1 + (i % 3),
      locale: i % 2 ? 'en' : 'ar',
    };
    if (i % 4 === 3) {
      // The whole catalog, sorted, a page or so deep.
    } else {
      if (i % 3 !== 2) q.category_id = categoryIds[i % categoryIds.length]!;
      if (i % 3 !== 0) q.brand_id = brandIds[(i * 7) % brandIds.length]!;
    }
    if (i % 2 === 0) {
      q.min_price = 500 + ((i * 37) % 50) * 100;
      q.max_price = Number(q.min_price) + 5000 + ((i * 13) % 40) * 1000;
    }
    const sort = LIST_SORTS[i % LIST_SORTS.length]!;
    out.push(`/v1/products?${qs(q)}${sort ? `&${sort}` : ''}`);
  }
  return shuffled(out);
}

/** Cycles through `paths` from `start`: with thousands of paths, each is asked once in a run. */
function onceEach(paths: string[], start = 0): autocannon.Request {
  let next = start;
  return {
    method: 'GET',
    path: paths[start % paths.length]!,
    setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
  };
}

/**
 * Waits until the server is idle again: requests autocannon gave up on at the end of a scenario are still being
 * computed (seconds each at a million products), and would take the next scenario's time. Idle: /health answers
 * within 50 ms.
 */
async function drained(base: string, ms = 300_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = Date.now();
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && Date.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

type Row = { name: string; rps: number; p50: number; p97: number; p99: number; non2xx: number; n: number };

async function scenario(base: string, name: string, paths: string[]): Promise<Row> {
  process.stdout.write(`running: ${name}... `);
  // Warm-up on the last part of the list; the measured run starts at its beginning.
  const half = Math.floor(paths.length / 2);
  await autocannon({ url: base, connections: CONNECTIONS, duration: 2, requests: [onceEach(paths, half)] });
  await drained(base);
  const statuses = new Map<number, number>();
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [onceEach(paths)],
    timeout: 60,
    setupClient: (client) =>
      client.on('response', (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
  });
  const r = await run;
  const refused = [...statuses].filter(([s]) => s >= 300);
  if (refused.length) console.log(`answers not 2xx: ${refused.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  const row = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p97: r.latency.p97_5,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
    n: r.requests.total,
  };
  console.log(`${row.rps.toFixed(1)} req/s, p99 ${row.p99} ms`);
  await drained(base);
  return row;
}

/** The server's memory: its RSS now and at peak (/proc), and its V8 heap in use (/metrics). */
async function memory(base: string, pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const metric = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(metrics)?.[1]);
  return {
    builds: metric('store_catalog_index_builds'),
    rssMb: kb('VmRSS') / 1024,
    peakRssMb: kb('VmHWM') / 1024,
    heapMb: metric('store_process_nodejs_heap_size_used_bytes') / 1048576,
  };
}

async function benchMode(mode: 'memory' | 'database') {
  console.log(`\n## SEARCH_INDEX=${mode}`);
  const base = `http://127.0.0.1:${PORT}`;
  const spawned = Date.now();
  const server = startMillionServer(mode);
  try {
    await waitFor(`${base}/health`, { ms: 600_000, everyMs: 100 });
    const listening = Date.now() - spawned;
    await waitFor(`${base}/ready`, { ms: 1_800_000, everyMs: 100 });
    const ready = Date.now() - spawned;
    const firstList = Date.now();
    await waitFor(`${base}/v1/products?per_page=12`, { ms: 600_000, everyMs: 100 });
    const firstListMs = Date.now() - firstList;
    const mem = await memory(base, server.pid!);
    console.log(
      `listening after ${listening} ms, ready after ${ready} ms (index: ${ready - listening} ms), RSS ${mem.rssMb.toFixed(0)} MB (peak ${mem.peakRssMb.toFixed(0)}), heap ${mem.heapMb.toFixed(0)} MB`,
    );
    type Named = { id: number };
    const cats = (
      (await (await fetch(`${base}/v1/categories?show_all=true`)).json()) as { categories: Named[] }
    ).categories;
    const brands = ((await (await fetch(`${base}/v1/brands?show_all=true`)).json()) as { brands: Named[] })
      .brands;
    const total = (
      (await (await fetch(`${base}/v1/products?per_page=1`)).json()) as { meta: { total_entries: number } }
    ).meta.total_entries;
    // Titles from 10 pages spread over the whole catalog, in both languages: the searches' words.
    const titles: string[] = [];
    const pages = Math.max(1, Math.floor(total / 100));
    for (let k = 0; k < 10; k++)
      for (const locale of ['ar', 'en']) {
        const page = 1 + Math.floor((k * pages) / 10);
        const res = (await (
          await fetch(`${base}/v1/products?${qs({ per_page: 100, page, locale })}`)
        ).json()) as {
          products: { title: string }[];
        };
        titles.push(...res.products.map((p) => p.title));
      }
    const rows: Row[] = [];
    rows.push(await scenario(base, 'trivial route (/health)', ['/health']));
    rows.push(
      await scenario(
        base,
        'lists never asked (category, brand, price, sort, page)',
        freshLists(
          cats.map((c) => c.id),
          brands.map((b) => b.id),
        ),
      ),
    );
    rows.push(
      await scenario(
        base,
        'searches never asked (words, pairs, typos)',
        freshSearches(titles).map((query) => `/v1/products?${qs({ query, per_page: 12 })}`),
      ),
    );
    rows.push(
      await scenario(
        base,
        'suggestions never asked (3–7 letters)',
        freshPrefixes(titles).map((query) => `/v1/products/suggestions?${qs({ query })}`),
      ),
    );
    const after = await memory(base, server.pid!);
    return { mode, listening, ready, firstListMs, mem, after, rows, total };
  } finally {
    await stopServer(server, 15_000);
  }
}

function table(res: Awaited<ReturnType<typeof benchMode>>) {
  const trivial = res.rows[0]!.rps;
  const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
  const mb = (n: number) => (Number.isFinite(n) ? `${(n / 1024).toFixed(2)} GB` : '–');
  return [
    `### SEARCH_INDEX=${res.mode}: ${res.total.toLocaleString('en-US')} active products, ${CONNECTIONS} connections, ${SECONDS} s each`,
    '',
    `- start: listening after ${(res.listening / 1000).toFixed(1)} s; ready (the index built) after ${(res.ready / 1000).toFixed(1)} s: ` +
      `${res.mode === 'memory' ? `**index build ${((res.ready - res.listening) / 1000).toFixed(1)} s**` : 'no index'}; ` +
      `first list then ${res.firstListMs} ms`,
    `- whole builds of the index: ${res.mem.builds} once ready, ${res.after.builds} after the scenarios`,
    `- memory once ready: RSS ${mb(res.mem.rssMb)}, V8 heap in use ${mb(res.mem.heapMb)}; after the scenarios: RSS ${mb(res.after.rssMb)}, heap ${mb(res.after.heapMb)}; peak RSS ${mb(res.after.peakRssMb)}`,
    '',
    '| scenario | answered | req/s | ÷ trivial req/s | p50 ms | p97.5 ms | p99 ms | errors/non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...res.rows.map(
      (r) =>
        `| ${r.name} | ${r.n} | ${r.rps.toFixed(1)} | ${(r.rps / trivial).toFixed(4)} | ${ms(r.p50)} | ${ms(r.p97)} | ${ms(r.p99)} | ${r.non2xx} |`,
    ),
  ].join('\n');
}

async function main() {
  const results = [];
  for (const mode of MODES) results.push(await benchMode(mode));
  const out = [
    `# A million products, ${new Date().toISOString().slice(0, 10)} (issue 50 item 5)`,
    '',
    '`npm run bench:million` on PostgreSQL 15 (loopback) seeded with `npm run seed -- --products 1000000`: the',
    `server started from source with \`--max-old-space-size=${HEAP_MB}\`, answers cache off (\`CATALOG_CACHE_SECONDS=0\`), jobs off; every`,
    'list, search and suggestion asked once. Latencies per response; the ratio is the throughput beside the same',
    "server's /health in the same run.",
    '',
    ...results.map((r) => `${table(r)}\n`),
  ].join('\n');
  console.log(`\n${out}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/million-latest.md'), out);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
