/**
 * npm run bench:index-follow — never-asked searches and lists while the catalog changes (issue 50 item 1): quiet,
 * during an import of 50,000 changed prices (the back office's spreadsheet import, as staff upload it), and during
 * a sync of 5,000 price changes a minute (the back office's bulk price change, 250 products every 3 s). Target: the
 * p99 of each stays within 1.5× the quiet figure, and no answer shows a price older than one already shown. Not a
 * test: it prints a table and writes bench/results/index-follow-latest.md.
 *
 * The server is the build (`npm run serve`) with the answers cache off (CATALOG_CACHE_SECONDS=0: every answer is
 * made for its request, so each one says what the catalog index answers at that moment). Every price the import
 * and the sync write is higher than the one before, so "older" is "lower": an answer begun after another ended must
 * not show a product cheaper than that one did. The whole builds and follows of the catalog index in each phase are
 * read from /metrics.
 *
 *   BENCH_PRODUCTS=100000      products in the database (demo catalog + generated ones; seeded once per folder)
 *   BENCH_IMPORT_ROWS=50000    changed prices in the import on PostgreSQL
 *   BENCH_IMPORT_ROWS_PGLITE=10000  on PGlite (its import runs 250-row transactions on the one connection every
 *                              read waits for; 50,000 took longer than the bench's 10 minutes)
 *   BENCH_SYNC_SECONDS=60      seconds of the sync (5,000 changes a minute)
 *   BENCH_SYNC_BATCH=250       products a sync's call changes, every 3 s (a call's size, the calls kept as many)
 *   BENCH_QUIET_SECONDS=20     seconds of each quiet phase (one before the busy phases, one after; the quiet
 *                              figure is their answers together) and of the trivial route
 *   BENCH_CONNECTIONS=8        shoppers asking at once
 *   BENCH_BUILT=1              the build is fresh: skip `scripts/build.mjs --if-stale`
 *   BENCH_BACKENDS=pglite      only PGlite (or `postgres`: only PostgreSQL, on BENCH_DATABASE_URL or DATABASE_URL)
 *   BENCH_PHASES=import,sync,database  the busy phases run after the quiet one (a shorter run for one question,
 *                              printed only: bench/results keeps the latest full runs)
 *   BENCH_SERVER_ENV='{"IMPORT_PACE":"1"}'  settings of the measured server (e.g. an import batch after batch)
 *   BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"  node flags for the measured server (a profile)
 *   BENCH_TIMELINE=/tmp/timeline.json  writes every answer's start and time (ms on this process's clock, 's' a
 *                              search, 'l' a list, and the path asked), and marks: each phase's start, the import's upload and each
 *                              poll of its job, each sync call's sending and answer ('call': ms, ms), and this
 *                              process's clock against the monotonic one a --cpu-prof profile uses ('clock': ms, µs),
 *                              to line slow answers up with a profile (`npm run bench:around-calls -- <file>`: the
 *                              sync's slow answers by where they fall against its calls)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BULK_MAX } from '@store/contracts';
import { mulberry32 as randomFrom } from '../apps/api/src/db/seed/rng.ts';
import { freshList, qs, typo, wordsOf } from './fresh-queries.ts';
import { benchDatabase, benchPort, root, run, startServer, stopServer, waitFor } from './server-kit.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const IMPORT_ROWS_PGLITE = Number(process.env.BENCH_IMPORT_ROWS_PGLITE ?? 10_000);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const SYNC_SECONDS = Number(process.env.BENCH_SYNC_SECONDS ?? 60);
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BACKENDS = process.env.BENCH_BACKENDS ?? '';
const FULL_PHASES = ['import', 'sync', 'database'];
const PHASES = new Set((process.env.BENCH_PHASES ?? FULL_PHASES.join(',')).split(','));
const SERVER_ENV = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const SYNC_EVERY_MS = 3_000;
const SYNC_BATCH = Number(process.env.BENCH_SYNC_BATCH ?? 250); // 250 every 3 s: 5,000 a minute
if (!Number.isInteger(SYNC_BATCH) || SYNC_BATCH < 1 || SYNC_BATCH > BULK_MAX)
  throw new Error(
    `BENCH_SYNC_BATCH must be a whole number of products from 1 to ${BULK_MAX} (a bulk change's most), not "${process.env.BENCH_SYNC_BATCH}".`,
  );
const SYNC_PER_MINUTE = ((SYNC_BATCH * 60_000) / SYNC_EVERY_MS).toLocaleString('en-US');
const TARGET_RATIO = 1.5;
const OWNER = { email: 'bench-follow@store.example', password: 'Bench-follow-prices-2026' };
const tmp = path.join(root, 'bench/.tmp');

interface Backend {
  name: string;
  env: Record<string, string>;
  importRows: number;
}

/** The build, answers cache off, signed in to as the bench's owner. */
function startFollowServer(env: Record<string, string>, port: number) {
  return startServer({
    port,
    env: {
      ...env,
      CATALOG_CACHE_SECONDS: '0',
      // The bench's machine may be busy: a whole build of the index must not be cut short.
      DATABASE_STATEMENT_TIMEOUT_MS: '300000',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      ...SERVER_ENV,
    },
    nodeArgs: SERVER_ARGS,
  });
}

const shopper = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Searches and lists no one asked before, in turn, each used once: two catalog words paired at random (or one, or a
 * typo of one beside another), and lists of a category or brand, a price range, a sort and a page.
 */
function neverAsked(words: string[], cats: number[], brands: number[]) {
  const random = randomFrom(50);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const asked = new Set<string>();
  let n = 0;
  return () => {
    for (;;) {
      n++;
      let p: string;
      if (n % 2) {
        const a = pick(words);
        const kind = n % 3;
        const query = kind === 0 ? a : kind === 1 ? `${a} ${pick(words)}` : `${typo(a, n)} ${pick(words)}`;
        p = `/v1/products?${qs({ query, per_page: 12, locale: n % 4 === 1 ? 'ar' : 'en' })}`;
      } else p = freshList(n, cats, brands, random, pick);
      if (!asked.has(p)) {
        asked.add(p);
        return p;
      }
    }
  };
}

/** How many of `at` (ascending end times) are before `t`. */
function endedBefore(at: number[], t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * "No answer shows a price older than one already shown": per product, the highest price shown by the answers
 * ended so far (they end in time order), and when. An answer begun after one ended must not show less.
 */
class Shown {
  private byProduct = new Map<number, { at: number[]; max: number[] }>();
  violations: string[] = [];
  checked = 0;
  check(began: number, ended: number, products: { id: number; checkout_price: number }[], path: string) {
    for (const p of products) {
      this.checked++;
      let h = this.byProduct.get(p.id);
      if (!h) this.byProduct.set(p.id, (h = { at: [], max: [] }));
      // The highest price among the answers that ended before this one began.
      const lo = endedBefore(h.at, began);
      const before = lo ? h.max[lo - 1]! : -Infinity;
      if (p.checkout_price < before && this.violations.length < 20)
        this.violations.push(`${path}: product ${p.id} at ${p.checkout_price} after ${before} was shown`);
      const last = h.max.length ? h.max[h.max.length - 1]! : -Infinity;
      h.at.push(ended);
      h.max.push(Math.max(last, p.checkout_price));
    }
  }
  /**
   * Forgets what no answer can be checked against any more: every answer under way or to come began at
   * `oldest` or later, and `max` is a running maximum, so of the answers ended before it only the last counts.
   * (Kept whole, the shown prices grew all run long and took the bench's CPU a request up by a fifth or more.)
   */
  trim(oldest: number) {
    for (const h of this.byProduct.values()) {
      const lo = endedBefore(h.at, oldest);
      if (lo > 1) {
        h.at = h.at.slice(lo - 1);
        h.max = h.max.slice(lo - 1);
      }
    }
  }
}

/** Answers checked between two trims of the prices shown. */
const TRIM_EVERY = 5_000;

interface Load {
  answered: number;
  failed: number;
  latencies: number[];
  seconds: number;
}

/** `CONNECTIONS` shoppers asking in a loop until `until` resolves; each answer's prices checked. */
async function load(
  base: string,
  next: () => string,
  until: Promise<unknown>,
  shown: Shown | null,
): Promise<Load> {
  let stop = false;
  void until.then(() => (stop = true));
  const out: Load = { answered: 0, failed: 0, latencies: [], seconds: 0 };
  const started = performance.now();
  let client = 0;
  // When each shopper's answer under way began (Infinity between two).
  const underWay = new Array<number>(CONNECTIONS).fill(Infinity);
  let sinceTrim = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      while (!stop) {
        const p = next();
        const began = performance.now();
        underWay[c] = began;
        try {
          const res = await fetch(base + p, { headers: { 'x-forwarded-for': shopper(++client) } });
          const body = (await res.json()) as { products?: { id: number; checkout_price: number }[] };
          const ended = performance.now();
          if (!res.ok) {
            out.failed++;
            continue;
          }
          out.answered++;
          out.latencies.push(ended - began);
          if (TIMELINE)
            timeline.push([
              Math.round(began),
              Math.round(ended - began),
              p.includes('query=') ? 's' : 'l',
              p,
            ]);
          if (shown && body.products) {
            shown.check(began, ended, body.products, p);
            underWay[c] = Infinity;
            if (++sinceTrim >= TRIM_EVERY) {
              sinceTrim = 0;
              shown.trim(Math.min(performance.now(), ...underWay));
            }
          }
        } catch {
          out.failed++;
        }
      }
    }),
  );
  out.seconds = (performance.now() - started) / 1000;
  out.latencies.sort((a, b) => a - b);
  return out;
}
const pct = (l: Load, q: number) =>
  l.latencies[Math.min(l.latencies.length - 1, Math.floor(l.latencies.length * q))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TIMELINE = process.env.BENCH_TIMELINE;
const timeline: [number, number, string, string][] = [];
const marks: (string | number)[][] = [['clock', performance.now(), Number(process.hrtime.bigint() / 1000n)]];
const mark = (...m: (string | number)[]) => TIMELINE && marks.push(m);
process.on('exit', () => TIMELINE && writeFileSync(TIMELINE, JSON.stringify({ timeline, marks })));

/**
 * The catalog index's whole builds and follows so far, and on the embedded database its transactions, their round
 * trips and the seconds they held its one connection (/metrics; NaN on PostgreSQL).
 */
async function indexCounts(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) =>
    Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? NaN);
  return {
    builds: read('store_catalog_index_builds'),
    follows: read('store_catalog_index_follows'),
    transactions: read('store_embedded_database_transactions'),
    roundTrips: read('store_embedded_database_transaction_round_trips'),
    heldSeconds: read('store_embedded_database_transaction_held_seconds'),
    busySeconds: read('store_embedded_database_transaction_busy_seconds'),
    turns: read('store_embedded_database_hold_seconds_count'),
    turnsWithin50: read('store_embedded_database_hold_seconds_bucket{le="0.05"}'),
    turnsWithin100: read('store_embedded_database_hold_seconds_bucket{le="0.1"}'),
  };
}

/** The phase's turns on the embedded database's one connection that held it over 50 ms, and over 100 ms. */
function longTurns(before: Awaited<ReturnType<typeof indexCounts>>, after: typeof before) {
  const over = (within: 'turnsWithin50' | 'turnsWithin100') =>
    after.turns - after[within] - (before.turns - before[within]);
  return Number.isNaN(after.turns) ? '—' : `${over('turnsWithin50')} / ${over('turnsWithin100')}`;
}

/** What the phase's transactions cost the embedded database's one connection ('—' on PostgreSQL). */
function heldNote(h: { transactions: number; roundTrips: number; heldSeconds: number; busySeconds: number }) {
  if (!(h.transactions > 0)) return h.transactions === 0 ? '0' : '—';
  const each = (s: number) => ((s * 1000) / h.transactions).toFixed(0);
  return `${h.heldSeconds.toFixed(1)} s: ${h.transactions} × ${each(h.heldSeconds)} ms (${each(h.busySeconds)} working), ${(h.roundTrips / h.transactions).toFixed(1)} trips`;
}

/** A CSV file's rows (quoted cells may hold commas, quotes doubled and line breaks). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    out.push(row);
  }
  return out;
}
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The import's file: the export's first `rows` rows, each price 5% higher. Made in a function of its own so that
 * the parsed export (100,000 rows of cells, millions of strings) is garbage once the file is made: held by the
 * shoppers' loop beside the phases, it made this process's every garbage collection longer, and the bench's own CPU
 * a request went from 0.86 to 1.41 ms after it (bench/never-asked-drift.ts's reading), taken from the server on a
 * 2-core machine: the quiet phase after the busy ones read 10% slower with no busy phase at all.
 */
async function pricesFile(base: string, staff: Record<string, string>, rows: number) {
  const exported = await (await fetch(`${base}/v1/admin/products/export`, { headers: staff })).text();
  const csvRows = parseCsv(exported.replace(/^\ufeff/, ''));
  const header = csvRows[0]!;
  const priceAt = header.indexOf('price');
  const picked = csvRows
    .slice(1)
    .filter((r) => r.length === header.length)
    .slice(0, rows);
  for (const r of picked) r[priceAt] = String(Math.round(Number(r[priceAt]) * 105) / 100);
  return {
    file: `\ufeff${[header, ...picked].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`,
    rows: picked.length,
  };
}

async function benchBackend(b: Backend, port: number) {
  console.log(
    `\n## ${b.name}: seeding ${PRODUCTS.toLocaleString('en-US')} products (skipped when already there)`,
  );
  run(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts', '--products', String(PRODUCTS)],
    b.env,
  );
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = loadAverage();
  let server = startFollowServer(b.env, port);
  const shown = new Shown();
  const phases: {
    name: string;
    load: Load;
    builds: number;
    follows: number;
    held: string;
    longTurns: string;
    note: string;
  }[] = [];
  let total = 0;
  let next: () => string = () => '/health';
  type Row = (typeof phases)[number];
  const phase = async (
    name: string,
    work: () => Promise<string>,
    reqs = next,
    check: Shown | null = shown,
  ): Promise<Row> => {
    process.stdout.write(`running: ${name}... `);
    mark('phase', name, performance.now());
    const before = await indexCounts(base);
    let note = '';
    const done = work().then((n) => (note = n));
    const l = await load(base, reqs, done, check);
    await done;
    const after = await indexCounts(base);
    const row = {
      name,
      load: l,
      builds: after.builds - before.builds,
      follows: after.follows - before.follows,
      held: heldNote({
        transactions: after.transactions - before.transactions,
        roundTrips: after.roundTrips - before.roundTrips,
        heldSeconds: after.heldSeconds - before.heldSeconds,
        busySeconds: after.busySeconds - before.busySeconds,
      }),
      longTurns: longTurns(before, after),
      note,
    };
    phases.push(row);
    console.log(`${(l.answered / l.seconds).toFixed(0)} req/s, p99 ${pct(l, 0.99).toFixed(0)} ms ${note}`);
    return row;
  };
  try {
    await waitFor(`${base}/health`, { ms: 300_000 });
    await waitFor(`${base}/v1/products?per_page=1`, { ms: 300_000 });
    const signIn = await fetch(`${base}/v1/admin/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    if (!signIn.ok) throw new Error(`staff sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookies = signIn.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('staff_csrf='))!.slice('staff_csrf='.length);
    const staff = { cookie: cookies.join('; '), 'x-csrf-token': csrf };

    type Named = { id: number };
    const cats = (
      (await (await fetch(`${base}/v1/categories?show_all=true`)).json()) as { categories: Named[] }
    ).categories.map((c) => c.id);
    const brands = (
      (await (await fetch(`${base}/v1/brands?show_all=true`)).json()) as { brands: Named[] }
    ).brands.map((x) => x.id);
    const titles: string[] = [];
    const titlesOf = async (page: number, locale: string, perPage = 100) => {
      const res = (await (
        await fetch(`${base}/v1/products?${qs({ per_page: perPage, page, locale })}`)
      ).json()) as { products: { title: string }[]; meta: { total_entries: number } };
      if (perPage > 1) titles.push(...res.products.map((p) => p.title));
      return res.meta.total_entries;
    };
    total = await titlesOf(1, 'en', 1);
    // Ten pages spread over the catalog, whatever its size (pages 37, 74, … at 100,000 products).
    const lastPage = Math.ceil(total / 100);
    for (let i = 1; i <= 10; i++)
      for (const locale of ['ar', 'en'])
        await titlesOf(Math.max(1, Math.min(lastPage, Math.round((i * 37 * lastPage) / 1000))), locale);
    const words = [...new Set(titles.flatMap(wordsOf))];
    next = neverAsked(words, cats, brands);
    console.log(`${total.toLocaleString('en-US')} products, ${words.length} catalog words`);
    // A call picks SYNC_BATCH different products: with fewer in the catalog it would never find them.
    if (PHASES.has('sync') && total < SYNC_BATCH)
      throw new Error(
        `BENCH_SYNC_BATCH (${SYNC_BATCH}) is more than the catalog's ${total} products: give a smaller one, or seed more with BENCH_PRODUCTS.`,
      );

    // Warm-up (JIT, the database's buffers): not counted.
    await load(base, next, sleep(5_000), null);
    await phase(
      'trivial route (/health)',
      async () => (await sleep(QUIET_SECONDS * 1000), ''),
      () => '/health',
      null,
    );
    await phase('quiet: never-asked searches and lists', async () => (await sleep(QUIET_SECONDS * 1000), ''));

    // The import: the export's first IMPORT_ROWS rows, each price 5% higher, uploaded as staff do.
    const upload = await pricesFile(base, staff, b.importRows);
    if (PHASES.has('import'))
      await phase(`during an import of ${upload.rows.toLocaleString('en-US')} changed prices`, async () => {
        const form = new FormData();
        form.set('dry_run', 'false');
        form.set('file', new Blob([upload.file], { type: 'text/csv' }), 'prices.csv');
        const sent = performance.now();
        mark('upload', sent);
        const up = await fetch(`${base}/v1/admin/imports?locale=en`, {
          method: 'POST',
          headers: staff,
          body: form,
        });
        if (up.status !== 201) throw new Error(`import upload: ${up.status} ${await up.text()}`);
        const id = ((await up.json()) as { import: { id: number } }).import.id;
        // How long staff waited for the upload's answer (the file read, checked and stored).
        const uploaded = performance.now() - sent;
        mark('uploaded', performance.now());
        const t0 = Date.now();
        for (;;) {
          await sleep(500);
          const polled = performance.now();
          const job = (
            (await (
              await fetch(`${base}/v1/admin/imports/${id}?locale=en&per_page=1`, { headers: staff })
            ).json()) as {
              import: { status: string; changed: number; refused: number };
            }
          ).import;
          mark('poll', polled, performance.now() - polled);
          if (job.status === 'done' || job.status === 'failed')
            return `(${job.status}: ${job.changed} changed, ${job.refused} refused, ${((Date.now() - t0) / 1000).toFixed(0)} s; uploaded in ${(uploaded / 1000).toFixed(2)} s)`;
        }
      });

    // The sync: 250 products' prices 1% higher every 3 s (5,000 a minute), through the bulk price change.
    // (BENCH_SYNC_BATCH: another number each 3 s.)
    const random = randomFrom(7);
    if (PHASES.has('sync'))
      await phase(
        `during a sync of ${SYNC_PER_MINUTE} price changes a minute (${SYNC_SECONDS} s)`,
        async () => {
          const end = Date.now() + SYNC_SECONDS * 1000;
          let changed = 0;
          let calls = 0;
          // Each call's answer time (a call of products not in variants is one statement, no transaction: the
          // embedded database's transaction counts do not show it).
          const answeredIn: number[] = [];
          while (Date.now() < end) {
            const sent = performance.now();
            const ids = new Set<number>();
            while (ids.size < SYNC_BATCH) ids.add(1 + Math.floor(random() * total));
            const res = await fetch(`${base}/v1/admin/products/bulk?locale=en`, {
              method: 'POST',
              headers: { ...staff, 'content-type': 'application/json' },
              body: JSON.stringify({ ids: [...ids], action: 'price_percent', percent: 1 }),
            });
            calls++;
            mark('call', sent, performance.now());
            if (res.ok) changed += ((await res.json()) as { changed: number }).changed;
            else console.log(`bulk: ${res.status} ${(await res.text()).slice(0, 200)}`);
            answeredIn.push(Math.round(performance.now() - sent));
            await sleep(Math.max(0, SYNC_EVERY_MS - (performance.now() - sent)));
          }
          answeredIn.sort((a, b) => a - b);
          const median = answeredIn[Math.floor(answeredIn.length / 2)] ?? NaN;
          return `(${changed} prices changed in ${calls} calls, each answered in ${median} ms, median; at most ${answeredIn.at(-1)} ms)`;
        },
      );
    // Quiet again: the busy phases last minutes on a machine whose load moves, so the quiet figure they are held
    // to is both quiet phases' answers together, not 20 s before them alone.
    await phase(QUIET_AGAIN, async () => (await sleep(QUIET_SECONDS * 1000), ''));
  } finally {
    await stopServer(server);
  }
  // For comparison, the path every list asked while the index was stale took before it followed the log: the
  // database (the same server with SEARCH_INDEX=database), quiet.
  if (!PHASES.has('database'))
    return { backend: b.name, total, phases, shown, load: `${loadBefore} → ${loadAverage()}` };
  server = startFollowServer({ ...b.env, SEARCH_INDEX: 'database' }, port);
  try {
    await waitFor(`${base}/v1/products?per_page=1`, { ms: 300_000 });
    await load(base, next, sleep(3_000), null);
    await phase(
      'quiet, answered by the database (SEARCH_INDEX=database: what a stale index cost)',
      async () => {
        await sleep(QUIET_SECONDS * 1000);
        return '';
      },
    );
  } finally {
    await stopServer(server);
  }
  return { backend: b.name, total, phases, shown, load: `${loadBefore} → ${loadAverage()}` };
}

const QUIET_AGAIN = 'quiet again, after the busy phases';

function table(res: Awaited<ReturnType<typeof benchBackend>>) {
  const [trivial, quietBefore, ...rest] = res.phases;
  const quietAfter = rest.find((p) => p.name === QUIET_AGAIN);
  const busy = rest.filter((p) => p !== quietAfter);
  const quiet: Load = {
    ...quietBefore!.load,
    latencies: [...quietBefore!.load.latencies, ...(quietAfter?.load.latencies ?? [])].sort((a, b) => a - b),
  };
  const q99 = pct(quiet, 0.99);
  const rps = (l: Load) => l.answered / l.seconds;
  type Phase = (typeof res.phases)[number];
  /** The phase's p99 ÷ the quiet p99, marked when over the target (`judged`: a busy phase). */
  const toQuiet = (p: Phase, judged: boolean) => {
    const r = pct(p.load, 0.99) / q99;
    // A third digit where two would hide which side of the target it falls ("1.50 (over 1.5)" read as met).
    const digits = Math.abs(r - TARGET_RATIO) < 0.005 ? 3 : 2;
    return `${r.toFixed(digits)}${!judged || r <= TARGET_RATIO ? '' : ' (over 1.5)'}`;
  };
  const line = (p: Phase, ratio: string) =>
    `| ${p.name} ${p.note} | ${rps(p.load).toFixed(0)} | ${pct(p.load, 0.5).toFixed(0)} | ${pct(p.load, 0.99).toFixed(0)} | ${(rps(p.load) / rps(trivial!.load)).toFixed(3)} | ${ratio} | ${p.builds} | ${p.follows} | ${p.held} | ${p.longTurns} | ${p.load.failed} |`;
  return [
    `### ${res.backend}: ${res.total.toLocaleString('en-US')} products, ${CONNECTIONS} connections, answers cache off`,
    '',
    `Load average of the machine (2 cores) before and after: ${res.load}.`,
    '',
    `Quiet p99: ${q99.toFixed(0)} ms, the answers of both quiet phases together (before the busy phases and after them).`,
    '',
    '| phase | req/s | p50 ms | p99 ms | ratio to trivial (req/s) | p99 / quiet p99 | whole builds | follows | transactions held the embedded database | turns holding it over 50 / 100 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    line(trivial!, ''),
    ...[quietBefore!, ...(quietAfter ? [quietAfter] : [])].map((p) => line(p, toQuiet(p, false))),
    ...busy.map((p) => line(p, toQuiet(p, true))),
    '',
    `Prices checked: ${res.shown.checked.toLocaleString('en-US')} shown in answers; older than one already shown: ${res.shown.violations.length}${res.shown.violations.length ? `\n\n${res.shown.violations.map((v) => `- ${v}`).join('\n')}` : ''}.`,
  ].join('\n');
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  // BENCH_BUILT=1: the build was made just before (e.g. under a lock shared with other builds).
  if (!process.env.BENCH_BUILT) run(process.execPath, ['scripts/build.mjs', '--if-stale'], {});
  const backends: Backend[] = [];
  if (BACKENDS !== 'postgres')
    backends.push({
      name: 'PGlite (embedded)',
      env: { DATA_DIR: path.join(tmp, `follow-pglite-${PRODUCTS}`) },
      importRows: IMPORT_ROWS_PGLITE,
    });
  const pgUrl =
    BACKENDS === 'pglite' ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  if (pgUrl) {
    const databaseUrl = benchDatabase(pgUrl, `store_follow_bench_${PRODUCTS}`);
    backends.push({
      name: 'PostgreSQL 15 (loopback)',
      env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(tmp, 'follow-pg-uploads') },
      importRows: IMPORT_ROWS,
    });
  }
  const results = [];
  let port = benchPort();
  for (const b of backends) results.push(await benchBackend(b, port++));
  const out = [
    `# Never-asked searches and lists while the catalog changes, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `\`npm run bench:index-follow\` (issue 50 item 1). Target: each busy phase's p99 within ${TARGET_RATIO}× the quiet one, and no answer showing a price older than one already shown. "Whole builds" and "follows" are the catalog index's during the phase (/metrics): a follow applies the products changed since the index's version (the change log, migration 0049).`,
    '',
    ...results.map((r) => `${table(r)}\n`),
  ].join('\n');
  console.log(`\n${out}`);
  // A run of some phases only (BENCH_PHASES) answers one question: its table is printed, and the file keeps the
  // latest full runs.
  if (FULL_PHASES.some((p) => !PHASES.has(p))) {
    console.log(
      `\nBENCH_PHASES=${[...PHASES].join(',')}: not written to bench/results (only full runs are).`,
    );
    return;
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results/index-follow-latest.md');
  // One backend run alone (BENCH_BACKENDS) replaces its own section of the file and keeps the others.
  const merged = BACKENDS && existsSync(file) ? mergeSections(readFileSync(file, 'utf8'), out) : out;
  writeFileSync(file, merged);
}

/**
 * `file` with `out`'s title, and each of `out`'s sections in place of the first of the file's under the same
 * heading (or added at the end); every other section stays where it is, older runs below sharing a heading too.
 */
function mergeSections(file: string, out: string): string {
  const split = (text: string) => text.split(/\n(?=### )/).map((x) => x.trimEnd());
  const head = (x: string) => x.split('\n')[0]!;
  const parts = split(file);
  const [intro, ...sections] = split(out);
  parts[0] = intro!;
  for (const section of sections) {
    const at = parts.findIndex((x, i) => i > 0 && head(x) === head(section));
    if (at > 0) parts[at] = section;
    else parts.push(section);
  }
  return `${parts.join('\n\n')}\n`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
