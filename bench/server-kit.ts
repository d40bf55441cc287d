/**
 * What the benches that start the store share: the server in its own process, waiting for it to answer, stopping
 * it, and a PostgreSQL database of their own on the server they are given (made once, then reused, so a seeded
 * catalog or order book is kept between runs). Not a bench itself: importing it runs nothing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The bench's own environment less the database it was told of: a store (or seed) for the embedded database must
 * not inherit the DATABASE_URL the bench reads its PostgreSQL server from, else its "PGlite" figures are
 * PostgreSQL's. A backend on PostgreSQL names its own database in `env`.
 */
function inherited(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_READ_URL: _read, ...rest } = process.env;
  return rest;
}

/** A command run to its end in the repository's folder, its output shown; a failure throws. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...inherited(), ...env } });
}

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitFor(url: string, { ms = 180_000, everyMs = 200 } = {}) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`no answer from ${url} within ${Math.round(ms / 1000)} s`);
}

/**
 * The port of the first store a bench starts: BENCH_PORT, 3950 by default; a bench that starts one per backend
 * (PGlite, PostgreSQL) takes the next ports too (`benchPort(1)`). Two benches run side by side when each has its
 * own: `BENCH_PORT=4050 npm run bench:admin` beside `npm run bench:index-follow`. A port that is not a whole number
 * from 1024 to 65000 stops the bench with a sentence naming BENCH_PORT.
 */
export function benchPort(offset = 0): number {
  const raw = process.env.BENCH_PORT?.trim() || '3950';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1024 || port > 65_000)
    throw new Error(`BENCH_PORT must be a port number from 1024 to 65000 (the first store's), not "${raw}"`);
  return port + offset;
}

export interface ServerOptions {
  port: number;
  /** The bench's settings for this server (DATABASE_URL, DATA_DIR, SEARCH_INDEX…), over the defaults below. */
  env?: Record<string, string>;
  /** Node's own flags (`--max-old-space-size=…`, `--cpu-prof`). */
  nodeArgs?: string[];
  /** What to run: the build as `npm run serve` starts it, by default. */
  script?: string[];
}

/**
 * The store on 127.0.0.1:`port`, in development mode (production refuses the demo's sandbox payments and outbox
 * SMS; no read a bench measures depends on it), logging warnings only, trusting X-Forwarded-For (a bench stands in
 * for the load balancer and says which shopper sent a request).
 */
export function startServer({
  port,
  env = {},
  nodeArgs = [],
  script = ['scripts/serve.mjs'],
}: ServerOptions) {
  return spawn(process.execPath, [...nodeArgs, ...script], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited(),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TRUST_PROXY: '1',
      ...env,
      PORT: String(port),
    },
  });
}

/** SIGTERM, then up to `graceMs` for the server to finish what it holds. */
export async function stopServer(server: ChildProcess, graceMs = 10_000) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
}

/** The address of database `name` on the server of `serverUrl`, made there if it is not yet. */
export function benchDatabase(serverUrl: string, name: string): string {
  try {
    execFileSync('psql', [serverUrl, '-c', `create database ${name}`], { stdio: 'ignore' });
  } catch {
    /* it exists: its seeded data is reused */
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
