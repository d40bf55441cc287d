/**
 * npm run bench:drift — does a server slow down as it answers searches no one asked before? (issue 50: the
 * quiet phase of bench:index-follow after the busy ones was slower than the one before them, with no busy phase at
 * all.) One server on a 100,000-product PGlite catalog, answers cache off; the trivial route for a window, then
 * shoppers' never-asked searches (bench:api's mix: catalog words paired at random, typos, a typo beside another
 * word; each asked once) window after window, then the trivial route again. Per window: requests a second and their
 * ratio to the trivial route, p50 and p99, the server's main-thread CPU per request, its heap used and garbage
 * collection time (/metrics), and the machine's load. Not a test: it prints a table.
 *
 *   DRIFT_DATA=/tmp/drift-data  DATA_DIR of the server, copied from DRIFT_SEED_FROM when it has no pglite folder
 *   DRIFT_SEED_FROM=/tmp/follow-pglite-base  a DATA_DIR whose pglite folder holds 100,000 products (bench:index-follow's
 *                              bench/.tmp/follow-pglite-100000, seeded): copied, never written
 *   DRIFT_WINDOWS=8            windows of never-asked searches
 *   DRIFT_WINDOW_SECONDS=10    seconds of each window (and of each trivial-route window)
 *   DRIFT_CONNECTIONS=8        shoppers asking at once
 *   DRIFT_MIX=lists            also never-asked lists (bench:index-follow's mix: half searches, half lists)
 *   DRIFT_EXPORT_AFTER=3       after this window, the back office's export of every product (bench:index-follow
 *                              reads it between its quiet phases; does the server stay slower after it?)
 *   DRIFT_CLIENT=fetch         ask as bench:index-follow's client does (fetch, each answer's JSON parsed), not autocannon
 *   DRIFT_HOLD_EXPORT=1        keep the export parsed (rows of cells) in the client's memory, as bench:index-follow does
 *   DRIFT_SKIP=40000           start this far into the queries (are later windows slower for their queries, or for
 *                              what the server did before them?)
 *   DRIFT_ROOT=/tmp/old-tree   the server's code from another checkout (its apps/api/src, through tsx): old vs new
 *   DRIFT_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"  node flags for the server
 *   DRIFT_MARKS=/tmp/marks.json  each window's start and end on the monotonic clock (µs, as a --cpu-prof profile's
 *                              samples are timed): read a profile window by window with bench/profile-windows.ts
 *   DRIFT_PORT=3990
 *   DRIFT_OUT=file.md          also write the table there
 */
import autocannon from 'autocannon';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  catalogTitles,
  freshList,
  inTurn,
  qs,
  randomFrom,
  SHOPPER_KINDS,
  shopperSearches,
  type ShopperKind,
} from './fresh-queries.ts';
import { root, stopServer, waitFor } from './server-kit.ts';

const WINDOWS = Number(process.env.DRIFT_WINDOWS ?? 8);
const WINDOW_SECONDS = Number(process.env.DRIFT_WINDOW_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.DRIFT_CONNECTIONS ?? 8);
const DATA = process.env.DRIFT_DATA ?? '/tmp/drift-data';
const SEED_FROM = process.env.DRIFT_SEED_FROM ?? '/tmp/follow-pglite-base';
const SERVER_ROOT = process.env.DRIFT_ROOT ?? root;
const SERVER_ARGS = (process.env.DRIFT_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const PORT = Number(process.env.DRIFT_PORT ?? 3990);
const WITH_LISTS = process.env.DRIFT_MIX === 'lists';
const SKIP = Number(process.env.DRIFT_SKIP ?? 0);
const CLIENT = process.env.DRIFT_CLIENT ?? 'autocannon';
/** After the export, keep its rows parsed in this client's memory (as bench:index-follow does) */
const HOLD_EXPORT = process.env.DRIFT_HOLD_EXPORT === '1';
const held: unknown[] = [];
const EXPORT_AFTER = Number(process.env.DRIFT_EXPORT_AFTER ?? 0);
const OWNER = { email: 'bench-follow@store.example', password: 'Bench-follow-prices-2026' };
const base = `http://127.0.0.1:${PORT}`;

/** The back office's export of every product (CSV), as bench:index-follow reads it: its size and seconds. */
async function exportAll() {
  const t0 = Date.now();
  const signIn = await fetch(`${base}/v1/admin/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!signIn.ok) throw new Error(`staff sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('staff_csrf='))!.slice('staff_csrf='.length);
  const res = await fetch(`${base}/v1/admin/products/export`, {
    headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
  });
  const text = await res.text();
  if (HOLD_EXPORT)
    held.push(
      text,
      text.split('\n').map((line) => line.split(',')),
    );
  return `export: ${res.status}, ${(text.length / 2 ** 20).toFixed(0)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);
/**
 * CPU used so far, ms (/proc): the server's main thread, all its threads (PGlite's worker, the collector's helpers),
 * and the whole machine's (every process: what else ran beside the server, the bench's own client included).
 */
function cpu(pid: number) {
  const ticks = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  };
  const all = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busy = all.slice(0, 8).reduce((a, b) => a + b, 0) - all[3]! - all[4]!;
  return {
    main: ticks(`/proc/${pid}/task/${pid}/stat`),
    all: ticks(`/proc/${pid}/stat`),
    machine: busy * TICK_MS,
  };
}

/** The server's heap used (MB) and garbage collection time so far (s, by kind), from /metrics. */
async function serverMemory() {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
  return {
    heapMb: value(/^store_process_nodejs_heap_size_used_bytes (\S+)$/m) / 2 ** 20,
    index: {
      version: value(/^store_catalog_index_version (\S+)$/m),
      builds: value(/^store_catalog_index_builds (\S+)$/m),
      follows: value(/^store_catalog_index_follows (\S+)$/m),
    },
    gc: {
      minor: value(/^store_process_nodejs_gc_duration_seconds_sum\{kind="minor"\} (\S+)$/m),
      major: value(/^store_process_nodejs_gc_duration_seconds_sum\{kind="major"\} (\S+)$/m),
      incremental: value(/^store_process_nodejs_gc_duration_seconds_sum\{kind="incremental"\} (\S+)$/m),
    },
  };
}

const shopper = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
/** Each path once, in turn; past the last, they come round again and `notes` says so. */
let next = 0;
function onceEach(paths: string[]) {
  return () => {
    if (next === paths.length) notes.push(`all ${paths.length} queries asked: asked again from the first`);
    return paths[next++ % paths.length]!;
  };
}
const notes: string[] = [];

interface Answers {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
}

/** CONNECTIONS shoppers for a window through autocannon (bench:api's client), each request from another shopper. */
async function withAutocannon(next: () => string): Promise<Answers> {
  let n = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: WINDOW_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: next(), headers: { 'x-forwarded-for': shopper(++n) } }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
  };
}

/**
 * CONNECTIONS shoppers for a window as bench:index-follow's client asks: fetch, each answer's JSON parsed (its
 * prices are checked there; not here).
 */
async function withFetch(next: () => string): Promise<Answers> {
  const end = performance.now() + WINDOW_SECONDS * 1000;
  const latencies: number[] = [];
  let non2xx = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const began = performance.now();
        try {
          const res = await fetch(base + next(), { headers: { 'x-forwarded-for': shopper(++n) } });
          await res.json();
          if (res.ok) latencies.push(performance.now() - began);
          else non2xx++;
        } catch {
          non2xx++;
        }
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN);
  return {
    rps: latencies.length / WINDOW_SECONDS,
    p50: at(0.5),
    p99: at(0.99),
    total: latencies.length,
    non2xx,
  };
}
const ask = CLIENT === 'fetch' ? withFetch : withAutocannon;

/** Lists never asked before (bench:index-follow's kind): a category or a brand, a price range, a sort, a page. */
function freshLists(cats: number[], brands: number[], count: number) {
  const random = randomFrom(51);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const out = new Set<string>();
  for (let n = 0; out.size < count && n < count * 4; n++) out.add(freshList(n, cats, brands, random, pick));
  return [...out];
}

interface Window {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  cpuAllMs: number;
  /** This bench's own CPU per request (its client). */
  clientMs: number;
  /** Cores busy with anything but the server and this bench's client during the window (other agents). */
  othersCores: number;
  heapMb: number;
  /** The catalog index's version at the window's end, and its whole builds and follows during it. */
  index: { version: number; builds: number; follows: number };
  gcMs: { minor: number; major: number; incremental: number };
  load: string;
  non2xx: number;
}

const marks: { name: string; startUs: number; endUs: number; requests: number }[] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function window(name: string, pid: number, next: () => string): Promise<Window> {
  const m0 = await serverMemory();
  const c0 = cpu(pid);
  const own0 = process.cpuUsage();
  const startUs = nowUs();
  const r = await ask(next);
  marks.push({ name, startUs, endUs: nowUs(), requests: r.total });
  const c1 = cpu(pid);
  const own = process.cpuUsage(own0);
  const m1 = await serverMemory();
  const total = r.total || 1;
  const w = {
    name,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    clientMs: (own.user + own.system) / 1000 / total,
    cpuMs: (c1.main - c0.main) / total,
    cpuAllMs: (c1.all - c0.all) / total,
    othersCores:
      (c1.machine - c0.machine - (c1.all - c0.all) - (own.user + own.system) / 1000) / 1000 / WINDOW_SECONDS,
    heapMb: m1.heapMb,
    index: {
      version: m1.index.version,
      builds: m1.index.builds - m0.index.builds,
      follows: m1.index.follows - m0.index.follows,
    },
    gcMs: {
      minor: ((m1.gc.minor - m0.gc.minor) * 1000) / total,
      major: ((m1.gc.major - m0.gc.major) * 1000) / total,
      incremental: ((m1.gc.incremental - m0.gc.incremental) * 1000) / total,
    },
    load: loadAverage(),
    non2xx: r.non2xx,
  };
  console.log(
    `${name}: ${w.rps.toFixed(0)} req/s, p99 ${w.p99} ms, ${w.cpuMs.toFixed(2)} ms CPU (${w.cpuAllMs.toFixed(2)} all threads), others ${w.othersCores.toFixed(2)} cores, heap ${w.heapMb.toFixed(0)} MB, load ${w.load}`,
  );
  return w;
}

async function main() {
  if (!existsSync(path.join(DATA, 'pglite'))) {
    mkdirSync(DATA, { recursive: true });
    console.log(`copying ${SEED_FROM} to ${DATA}`);
    cpSync(SEED_FROM, DATA, { recursive: true, preserveTimestamps: true });
  }
  const server = spawn(
    process.execPath,
    [...SERVER_ARGS, '--import', 'tsx', path.join(SERVER_ROOT, 'apps/api/src/server.ts')],
    {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        TRUST_PROXY: '1',
        DATA_DIR: DATA,
        CATALOG_CACHE_SECONDS: '0',
        DATABASE_STATEMENT_TIMEOUT_MS: '300000',
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
      },
    },
  );
  const windows: Window[] = [];
  try {
    await waitFor(`${base}/health`, { ms: 300_000 });
    await waitFor(`${base}/v1/products?per_page=1`, { ms: 300_000 });
    const titles = await catalogTitles(base);
    const typed = shopperSearches(titles, 30_000);
    const kinds = Object.keys(SHOPPER_KINDS) as ShopperKind[];
    let paths = inTurn(kinds.map((k) => typed[k])).map(
      (query) => `/v1/products?${qs({ query, per_page: 12 })}`,
    );
    if (WITH_LISTS) {
      type Named = { id: number };
      const cats = (
        (await (await fetch(`${base}/v1/categories?show_all=true`)).json()) as { categories: Named[] }
      ).categories;
      const brands = ((await (await fetch(`${base}/v1/brands?show_all=true`)).json()) as { brands: Named[] })
        .brands;
      const lists = freshLists(
        cats.map((c) => c.id),
        brands.map((b) => b.id),
        paths.length,
      );
      paths = paths.flatMap((p, i) => (i < lists.length ? [p, lists[i]!] : [p]));
    }
    console.log(
      `${paths.length} never-asked queries (${kinds.map((k) => `${typed[k].length} ${k}`).join(', ')})`,
    );
    const fresh = onceEach(paths.slice(SKIP));
    // Warm-up (JIT, the database's buffers): a window, its queries not asked again.
    await ask(fresh);
    const pid = server.pid!;
    windows.push(await window('trivial route (/health), before', pid, () => '/health'));
    for (let i = 1; i <= WINDOWS; i++) {
      const from = next + SKIP;
      windows.push(await window(`never asked, window ${i}`, pid, fresh));
      windows[windows.length - 1]!.name += ` (queries ${from}-${next + SKIP})`;
      if (i === EXPORT_AFTER) notes.push(`after window ${i}, ${await exportAll()}`);
    }
    windows.push(await window('trivial route (/health), after', pid, () => '/health'));
  } finally {
    await stopServer(server);
  }
  const trivial = (windows[0]!.rps + windows[windows.length - 1]!.rps) / 2;
  const lines = [
    `Server: ${SERVER_ROOT === root ? 'this checkout' : SERVER_ROOT}, PGlite, 100,000 products, answers cache off, ${CONNECTIONS} connections, ${WINDOW_SECONDS} s windows${WITH_LISTS ? ', searches and lists' : ''}${SERVER_ARGS.length ? `, node ${SERVER_ARGS.join(' ')}` : ''}. Ratio: to the mean of the two trivial windows (${trivial.toFixed(0)} req/s).`,
    '',
    ...notes.map((n) => `${n}.\n`),
    "| window | req/s | ratio to trivial | p50 ms | p99 ms | server CPU ms/req, main thread | all threads | bench client CPU ms/req | other processes' cores busy | GC ms/req (minor, major, incremental) | heap used MB | index version (builds, follows) | load (1, 5, 15 min) | errors |",
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...windows.map(
      (w) =>
        `| ${w.name} | ${w.rps.toFixed(0)} | ${(w.rps / trivial).toFixed(3)} | ${w.p50} | ${w.p99} | ${w.cpuMs.toFixed(2)} | ${w.cpuAllMs.toFixed(2)} | ${w.clientMs.toFixed(2)} | ${w.othersCores.toFixed(2)} | ${w.gcMs.minor.toFixed(2)}, ${w.gcMs.major.toFixed(2)}, ${w.gcMs.incremental.toFixed(2)} | ${w.heapMb.toFixed(0)} | ${w.index.version} (${w.index.builds}, ${w.index.follows}) | ${w.load} | ${w.non2xx} |`,
    ),
  ].join('\n');
  console.log(`\n${lines}`);
  if (process.env.DRIFT_MARKS) writeFileSync(process.env.DRIFT_MARKS, JSON.stringify(marks, null, 1));
  if (process.env.DRIFT_OUT) writeFileSync(process.env.DRIFT_OUT, `${lines}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
