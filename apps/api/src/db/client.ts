import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatabaseTimeouts } from '../lib/timeouts.ts';
import { QUERY_TIMEOUT_MARGIN_MS } from '../lib/timeouts.ts';
import { openPGliteThread } from './pglite-thread.ts';
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
 * text, so one name never stands for two texts (node-postgres refuses that). PGlite ignores the name.
 * For statements run often with few distinct texts (a page's cards by id): each text is kept by every connection.
 */
export function executeNamed(db: DbOrTx, q: SQL): Promise<unknown> {
  const query = dialect.sqlToQuery(q);
  let name = statementNames.get(query.sql);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS)
    statementNames.set(query.sql, (name = `s${statementNames.size}`));
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… — a real PostgreSQL server through node-postgres. */
  databaseUrl?: string;
  /** Folder for the embedded PGlite database; 'memory://' for a throw-away one (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Bounds on connecting, on a statement and on an idle transaction (lib/timeouts.ts; the server passes config's).
   * Unset: none, for tools such as the seed, whose loads may take minutes. Migrations never have them.
   */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** Opens the database (PGlite by default, PostgreSQL with a URL) and applies the committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const timeouts = opts.timeouts ?? {};
  if (opts.databaseUrl) {
    // Migrations and the extension on a connection of their own, without the statement bound: building an index on
    // a large table may rightly take longer than any statement of a request.
    const setup = new pg.Client({
      connectionString: opts.databaseUrl,
      connectionTimeoutMillis: timeouts.connectMs || undefined,
    });
    await setup.connect();
    try {
      await drizzlePg(setup).execute(sql`create extension if not exists pg_trgm`);
      await migratePg(drizzlePg(setup), { migrationsFolder });
    } finally {
      await setup.end();
    }
    const statementMs = timeouts.statementMs || 0;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
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
    // An idle connection can die under us (server restart, failover, `drop database … with (force)` in tests).
    // The pool replaces it on the next query; without a listener that 'error' would crash the process.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing)
        console.warn(`PostgreSQL: an idle connection was lost (${err.message}); the pool reconnects.`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      maintain: async () => {},
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PGlite runs PostgreSQL on the thread that calls it: in a worker thread of its own, the server's event loop stays
  // free while a query runs (pglite-thread.ts, decision 009).
  const thread = await openPGliteThread(dataDir);
  const client = thread as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await db.execute(sql`create extension if not exists pg_trgm`);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
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
    maintain: async () => {
      // Seconds at 100,000 products: past the statement bound, and nothing waits for it.
      await thread.exec('vacuum analyze', { timeoutMs: 0 });
    },
  };
}
