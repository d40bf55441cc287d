import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { TransactionStats } from '../db/pglite-thread.ts';
import type { Db } from '../db/client.ts';
import { rows, type Row } from '../db/rows.ts';
import { fromThisMachine } from './probes.ts';

/**
 * `/metrics` in Prometheus' text format (issue 45): what an operator watches. Each app has its own registry (a test
 * process builds many apps). Counted as it happens: requests by route and status with their latency, answers of the
 * catalog cache by outcome, database refusals. Read when scraped: the database pool, the outbox, the messages sent,
 * each job's last run, the catalog index. Open to this machine (loopback, nothing forwarded), or to anyone with
 * `Authorization: Bearer METRICS_TOKEN`.
 */
export interface Metrics {
  registry: client.Registry;
  /** A job ran (jobs.ts): its last run, and its failures. */
  jobRan(job: string, ok: boolean, at?: Date): void;
  /** The database could not answer a request (lib/errors.ts): its SQLSTATE or kind. */
  databaseUnavailable(code: string): void;
}

export interface MetricsSources {
  db: Db;
  /** The PostgreSQL pool's connections; undefined on the embedded database (one connection, in process). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The embedded database's transactions (db/pglite-thread.ts); undefined on PostgreSQL. */
  transactions?: () => TransactionStats;
  /** The embedded database: each turn's hold of its one connection, as it ends; undefined on PostgreSQL. */
  holds?: (listener: (seconds: number) => void) => () => void;
  /** The catalog index this instance answers from. */
  catalogIndex: () => {
    version: number;
    builtAt: number;
    products: number;
    builds: number;
    follows: number;
  } | null;
  /** METRICS_TOKEN: a bearer token that opens /metrics from anywhere. */
  token?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

function allowed(req: FastifyRequest, token: string | undefined) {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  return fromThisMachine(req);
}

export function installMetrics(app: FastifyInstance, src: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'store_process_' });

  const requests = new client.Counter({
    name: 'store_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'store_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheAnswers = new client.Counter({
    name: 'store_catalog_cache_answers_total',
    help: "Public catalog answers by where they came from: hit, stale (served while refreshed), shared (another request's), miss",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const dbUnavailable = new client.Counter({
    name: 'store_database_unavailable_total',
    help: 'Requests answered 503 because the database could not answer (statement timeout, pool wait, server down), by code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const jobLastRun = new client.Gauge({
    name: 'store_job_last_run_timestamp_seconds',
    help: 'When each job last ran (Unix time), whatever its outcome',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobLastSuccess = new client.Gauge({
    name: 'store_job_last_success_timestamp_seconds',
    help: 'When each job last succeeded (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new client.Counter({
    name: 'store_job_failures_total',
    help: 'Job runs that failed',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  new client.Gauge({
    name: 'store_database_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle, waiting: requests waiting for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = src.pool?.();
      if (!p) return;
      this.set({ state: 'in_use' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  // The embedded database has one connection: how long transactions hold it, and how often one of them waited
  // with it held for the server's thread to send its next statement (round trips beyond the first).
  // (Only there: PostgreSQL's pool is store_database_pool_connections.)
  const transactions = src.transactions;
  const embedded = (name: string, help: string, value: (t: TransactionStats) => number) =>
    transactions &&
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(transactions()));
      },
    });
  embedded(
    'store_embedded_database_transactions',
    'Transactions on the embedded database since it opened',
    (t) => t.transactions,
  );
  embedded(
    'store_embedded_database_transaction_round_trips',
    "Round trips of the embedded database's transactions since it opened (BEGIN and COMMIT included; statements sent together count once)",
    (t) => t.roundTrips,
  );
  embedded(
    'store_embedded_database_transaction_held_seconds',
    "Seconds the embedded database's transactions held its one connection since it opened",
    (t) => t.heldMs / 1000,
  );
  embedded(
    'store_embedded_database_transaction_busy_seconds',
    "Of those seconds, the ones the transactions' statements worked (the rest: waits for the server's thread to send the next statement)",
    (t) => t.busyMs / 1000,
  );
  // Every turn on the one connection, each as it ends: a statement outside a transaction (a bulk price change is
  // one, decision 047), a backup's copy, or a transaction from its BEGIN to its end. Every other request's
  // statement waited behind it that long.
  if (src.holds) {
    const holds = new client.Histogram({
      name: 'store_embedded_database_hold_seconds',
      help: "How long each turn held the embedded database's one connection: a statement outside a transaction, a backup's copy, or a transaction from its BEGIN to its end",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    const stop = src.holds((seconds) => holds.observe(seconds));
    app.addHook('onClose', async () => stop());
  }
  new client.Gauge({
    name: 'store_catalog_index_version',
    help: 'The catalog version this instance answers lists and searches from (0: no index)',
    registers: [registry],
    collect() {
      this.set(src.catalogIndex()?.version ?? 0);
    },
  });
  // Whole builds of the catalog index, and follows of the change log (issue 50 item 1): a catalog edit follows.
  new client.Gauge({
    name: 'store_catalog_index_builds',
    help: 'How many times this instance built its catalog index whole (start-up, the 10-minute refresh, a change the log cannot follow)',
    registers: [registry],
    collect() {
      this.set(src.catalogIndex()?.builds ?? 0);
    },
  });
  new client.Gauge({
    name: 'store_catalog_index_follows',
    help: 'How many times this instance brought its catalog index to a newer version from the change log, without a whole build',
    registers: [registry],
    collect() {
      this.set(src.catalogIndex()?.follows ?? 0);
    },
  });
  new client.Gauge({
    name: 'store_catalog_index_age_seconds',
    help: 'How long ago this instance built its catalog index',
    registers: [registry],
    collect() {
      const idx = src.catalogIndex();
      if (idx) this.set((Date.now() - idx.builtAt) / 1000);
    },
  });

  // The outbox and the messages: one read of the database per scrape, shared by their gauges.
  let scrape: Promise<{ outbox: Row; messages: Row[] } | null> | null = null;
  const read = () =>
    (scrape ??= (async () => {
      try {
        const [outbox] = await rows(
          src.db,
          sql`select count(*)::int as backlog,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds,
            count(*) filter (where last_error is not null)::int as failing
            from domain_events where processed_at is null`,
        );
        const messages = await rows(
          src.db,
          sql`select provider, status, count(*)::int as n from sms_messages group by provider, status`,
        );
        return { outbox: outbox ?? {}, messages };
      } catch {
        return null;
      } finally {
        setImmediate(() => (scrape = null));
      }
    })());
  new client.Gauge({
    name: 'store_outbox_backlog',
    help: 'Outbox events not yet processed (SMS, syncs after a commit)',
    registers: [registry],
    async collect() {
      const r = await read();
      if (r) this.set(Number(r.outbox.backlog ?? 0));
    },
  });
  new client.Gauge({
    name: 'store_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox event not yet processed (0: none)',
    registers: [registry],
    async collect() {
      const r = await read();
      if (r) this.set(Number(r.outbox.oldest_seconds ?? 0));
    },
  });
  new client.Gauge({
    name: 'store_outbox_failing',
    help: 'Outbox events not yet processed whose last attempt failed (retried with back-off)',
    registers: [registry],
    async collect() {
      const r = await read();
      if (r) this.set(Number(r.outbox.failing ?? 0));
    },
  });
  new client.Gauge({
    name: 'store_messages',
    help: 'SMS recorded, by provider and status (sent, delivered, failed…)',
    labelNames: ['provider', 'status'] as const,
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      for (const m of r?.messages ?? [])
        this.set({ provider: String(m.provider), status: String(m.status) }, Number(m.n));
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = reply.statusCode;
    requests.inc({ method: req.method, route, status: String(status) });
    latency.observe(
      { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    const cached = reply.getHeader('x-cache');
    if (typeof cached === 'string') cacheAnswers.inc({ result: cached });
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req, src.token))
      return reply
        .status(403)
        .send({ errors: ['/metrics is open to this machine, or with Authorization: Bearer METRICS_TOKEN'] });
    reply.header('cache-control', 'private, no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  const metrics: Metrics = {
    registry,
    jobRan(job, ok, at = new Date()) {
      const t = at.getTime() / 1000;
      jobLastRun.set({ job }, t);
      if (ok) jobLastSuccess.set({ job }, t);
      else jobFailures.inc({ job });
    },
    databaseUnavailable(code) {
      dbUnavailable.inc({ code });
    },
  };
  app.decorate('metrics', metrics);
  return metrics;
}
