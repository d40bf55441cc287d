import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatabaseTimeouts } from '../lib/timeouts.ts';
import { QUERY_TIMEOUT_MARGIN_MS } from '../lib/timeouts.ts';
import { TABLE_CHANGES_SQL, tableChangesOf, tablesDue, vacuumSql } from './embedded-upkeep.ts';
import { migratedImage } from './memory-image.ts';
import { openPGliteThread, runPrepared, type TransactionStats } from './pglite-thread.ts';
import { ReadReplicas, ReadRoutingPool } from './read-replicas.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Embedded PGlite has no autovacuum: without this its planner has no statistics and no index-only scan can
   * skip the table (at 100,000 products a list's totals read every row). Refreshes both: VACUUM ANALYZE.
   * A real PostgreSQL server does this by itself, so there it does nothing.
   */
  maintain(): Promise<void>;
  /**
   * The embedded database only: vacuums and analyzes the tables that changed past autovacuum's bounds since
   * (embedded-upkeep.ts), only those overrun by dead rows while `shoppersBusy`; answers the tables done.
   */
  upkeep?(shoppersBusy: boolean): Promise<string[]>;
  /** PostgreSQL: the pool's connections now (for /metrics); absent on the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL: the address it was opened with (a backup runs pg_dump against it). */
  url?: string;
  /**
   * PostgreSQL with DATABASE_READ_URL: `replicas.run(work)` sends the handle's queries in `work` to a replica as new
   * as the primary's catalog version, else to the primary (db/read-replicas.ts). Absent without replicas.
   */
  replicas?: ReadReplicas;
  /**
   * The embedded database: its folder as one tar, with the rows of `text` read just before in the same turn
   * (a backup while the store runs; pglite-thread.ts). Absent on PostgreSQL.
   */
  dumpDataDir?(text?: string): Promise<{ rows: Record<string, unknown>[]; tar: Uint8Array }>;
  /** The embedded database: what its transactions cost the one connection (/metrics). Absent on PostgreSQL. */
  transactionStats?(): TransactionStats;
  /** The embedded database: how long each turn held its one connection, as it ends (/metrics). */
  onHold?(listener: (seconds: number) => void): () => void;
}

/**
 * How close a word must be for search to count it a match (pg_trgm word similarity, 0..1). The default 0.6
 * misses one-letter typos in short brand names ("samsng"); 0.5 finds them while every word must still match.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** The app's drizzle instances are made without options (no casing): this dialect writes their statements alike. */
const dialect = new PgDialect();
/** Statement text → its name; bounded (past it, statements run unnamed as `db.execute` runs them). */
const statementNames = new Map<string, string>();
const NAMED_STATEMENTS = 200;

/**
 * `db.execute(q)` as a named prepared statement: PostgreSQL parses and plans a named statement once per connection
 * and, after a few runs, keeps a generic plan, where an unnamed one is planned on every run (half a millisecond of
 * the server's CPU for a page's cards, more than running it). The statement goes through drizzle's own prepared
 * query, so its rows are parsed as `db.execute`'s are (timestamps as text, json parsed). The name is made from the
 * text, so one name never stands for two texts (node-postgres refuses that). On the embedded database, whose
 * driver ignores the name, its thread keeps the statement prepared all the same (pglite-worker.mjs `runPrepared`).
 * For SELECTs run often with few distinct texts (a page's cards by id): each text is kept by every connection.
 */
export function executeNamed(db: DbOrTx, q: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const query = dialect.sqlToQuery(q);
  let name = statementNames.get(query.sql);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    statementNames.set(query.sql, (name = `s${statementNames.size}`));
    runPrepared(query.sql);
  }
  return db._.session.prepareQuery(query, undefined, name, false).execute() as Promise<{
    rows: Record<string, unknown>[];
  }>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The committed migrations' journal: the last one's tag and time are the schema this code needs. */
function lastMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1)!;
  return { tag: last.tag, when: last.when };
}

/**
 * Whether the database has every migration this code needs: drizzle's own table says when its newest applied
 * migration was made (drizzle applies the ones made later). `applied` is null on a database never migrated.
 */
export async function schemaState(
  db: DbOrTx,
): Promise<{ current: boolean; needed: string; appliedAt: number | null }> {
  const need = lastMigration();
  let appliedAt: number | null = null;
  try {
    const r = (await db.execute(
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { at: string | null }[] };
    appliedAt = r.rows[0]?.at ? Number(r.rows[0].at) : null;
  } catch {
    // No migrations table yet: never migrated.
  }
  return { current: appliedAt !== null && appliedAt >= need.when, needed: need.tag, appliedAt };
}

/**
 * One number every instance's migrator locks (pg_advisory_lock): two instances started together on an empty
 * database take turns, and the second finds the work done. Drizzle's migrator has no lock of its own.
 */
export const MIGRATION_LOCK_KEY = 7_411_946_202;

/** Applies the committed migrations on a PostgreSQL server under the advisory lock (npm run db:migrate). */
export async function migratePostgres(databaseUrl: string, connectMs?: number): Promise<void> {
  const setup = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectMs || undefined,
  });
  await setup.connect();
  try {
    await setup.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await drizzlePg(setup).execute(sql`create extension if not exists pg_trgm`);
      await migratePg(drizzlePg(setup), { migrationsFolder });
    } finally {
      await setup.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await setup.end();
  }
}

/**
 * MIGRATE_ON_START=false: this instance waits for someone else (npm run db:migrate, the compose file's migrate
 * service) to bring the database to its schema, and refuses with a sentence if that never happens.
 */
async function waitForSchema(
  db: Db,
  waitMs: number,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  const until = Date.now() + waitMs;
  for (;;) {
    const state = await schemaState(db).catch(() => null);
    if (state?.current) return;
    if (Date.now() >= until)
      throw new Error(
        `MIGRATE_ON_START=false and the database has not reached this version's schema (migration ${state?.needed ?? lastMigration().tag}) within ${Math.round(waitMs / 1000)} s: run \`npm run db:migrate\` against DATABASE_URL, or start with MIGRATE_ON_START=true.`,
      );
    await sleep(Math.min(1000, Math.max(0, until - Date.now())));
  }
}

/** The embedded database's count of ended writes, by the handle the app holds (pglite-thread.ts `writesEnded`). */
const embeddedWrites = new WeakMap<object, () => { latest: number; answer: number }>();

/**
 * How many statements and transactions that may have written the embedded database had ended: in the newest answer
 * received, and in the answer whose result the caller is reading now (read right after its await). Null on
 * PostgreSQL, and for a transaction's handle: other processes write there, unseen.
 */
export function writesEnded(db: DbOrTx): { latest: number; answer: number } | null {
  return embeddedWrites.get(db)?.() ?? null;
}

export interface DatabaseOptions {
  /** postgres://… — a real PostgreSQL server through node-postgres. */
  databaseUrl?: string;
  /** Folder for the embedded PGlite database; 'memory://' for a throw-away one (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL (the primary's; each replica's pool has as many). */
  poolSize?: number;
  /** DATABASE_READ_URL: PostgreSQL replicas of databaseUrl that catalog reads, reports and the index may use. */
  readUrls?: string[];
  /**
   * Bounds on connecting, on a statement and on an idle transaction (lib/timeouts.ts; the server passes config's).
   * Unset: none, for tools such as the seed, whose loads may take minutes. Migrations never have them.
   */
  timeouts?: Partial<DatabaseTimeouts>;
  /**
   * Apply the migrations (default, under the advisory lock on PostgreSQL), or only wait up to `waitMs` for the
   * database to reach the schema (MIGRATE_ON_START=false: `npm run db:migrate` does the work).
   */
  migrate?: boolean | { waitMs: number };
}

/** An embedded database brought to the latest migration, with the extension its migrations need. */
async function toSchema(client: PGlite) {
  await client.exec('create extension if not exists pg_trgm');
  await migratePglite(drizzlePglite(client), { migrationsFolder });
}

/** Opens the database (PGlite by default, PostgreSQL with a URL) and applies the committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const timeouts = opts.timeouts ?? {};
  if (opts.databaseUrl) {
    // Migrations and the extension on a connection of their own, without the statement bound (building an index on
    // a large table may rightly take longer than any statement of a request), under the advisory lock.
    if (opts.migrate !== false && typeof opts.migrate !== 'object')
      await migratePostgres(opts.databaseUrl, timeouts.connectMs);
    const statementMs = timeouts.statementMs || 0;
    const openPool = (connectionString: string) =>
      new pg.Pool({
        connectionString,
        max: opts.poolSize ?? 20,
        options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
        // A new connection, and the wait for a free one when all are busy: past this, the query fails (503) instead
        // of waiting for a server that is gone.
        connectionTimeoutMillis: timeouts.connectMs || undefined,
        statement_timeout: statementMs || undefined,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
        // The server's statement_timeout cannot fire when the server answers nothing at all (frozen, or the network
        // cut): then the client gives up a little later.
        query_timeout: statementMs ? statementMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
      });
    const pool = openPool(opts.databaseUrl);
    // An idle connection can die under us (server restart, failover, `drop database … with (force)` in tests).
    // The pool replaces it on the next query; without a listener that 'error' would crash the process.
    let closing = false;
    const onLost = (which: string) => (err: Error) => {
      if (!closing)
        console.warn(
          `PostgreSQL${which}: an idle connection was lost (${err.message}); the pool reconnects.`,
        );
    };
    pool.on('error', onLost(''));
    const replicas = opts.readUrls?.length
      ? new ReadReplicas(
          pool,
          opts.readUrls.map((url, i) => {
            const replica = openPool(url);
            replica.on('error', onLost(` replica ${i + 1}`));
            return { name: `replica ${i + 1}`, pool: replica };
          }),
        )
      : undefined;
    const db = drizzlePg(replicas ? (new ReadRoutingPool(replicas) as unknown as pg.Pool) : pool, {
      schema,
    }) as unknown as Db;
    if (typeof opts.migrate === 'object') {
      try {
        await waitForSchema(db, opts.migrate.waitMs);
      } catch (err) {
        closing = true;
        await pool.end();
        await replicas?.close();
        throw err;
      }
    }
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      replicas,
      maintain: async () => {},
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        closing = true;
        await Promise.all([pool.end(), replicas?.close()]);
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PGlite runs PostgreSQL on the thread that calls it: in a worker thread of its own, the server's event loop stays
  // free while a query runs (pglite-thread.ts, decision 009).
  // A database in memory (the tests') starts from an image of one already migrated (memory-image.ts).
  const image = dataDir.startsWith('memory://')
    ? await migratedImage(migrationsFolder, async () => {
        const fresh = await openPGliteThread(dataDir);
        try {
          await toSchema(fresh as unknown as PGlite);
          return (await fresh.dumpDataDir()).tar;
        } finally {
          await fresh.close();
        }
      })
    : undefined;
  const thread = await openPGliteThread(dataDir, image);
  const client = thread as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  embeddedWrites.set(db, () => thread.writesEnded());
  // One process holds an embedded database: it is always brought to its schema here (from an image: nothing to do).
  await toSchema(client);
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  // After the migrations, which may take longer than any statement of a request should.
  thread.setBounds({
    statementTimeoutMs: timeouts.statementMs,
    idleInTransactionTimeoutMs: timeouts.idleInTransactionMs,
  });
  return {
    db,
    kind: 'pglite',
    close: () => thread.close(),
    dumpDataDir: (text) => thread.dumpDataDir(text),
    transactionStats: () => thread.transactionStats(),
    onHold: (listener) => thread.onHold(listener),
    maintain: async () => {
      // Seconds at 100,000 products: past the statement bound, and nothing waits for it.
      await thread.exec('vacuum analyze', { timeoutMs: 0 });
    },
    upkeep: async (shoppersBusy) => {
      const due = tablesDue(
        tableChangesOf((await thread.query<Record<string, unknown>>(TABLE_CHANGES_SQL)).rows),
        shoppersBusy,
      );
      // One table a statement: the reads waiting get the connection between them.
      for (const table of due) await thread.exec(vacuumSql(table), { timeoutMs: 0 });
      return due;
    },
  };
}
