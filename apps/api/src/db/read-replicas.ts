import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Reads from PostgreSQL replicas (DATABASE_READ_URL, issue 50 item 3, decision 031).
 *
 * The app keeps one database handle (`Database.db`): every memo, the catalog index and the versions it has seen are
 * kept per handle (decision 009), so a second handle for the replicas would build a second index. The handle's
 * pool is a `ReadRoutingPool`: a query goes to the primary, unless it runs inside `ReadReplicas.run` (a catalog
 * read's handler, a report, the index's build), which picks, once, the pool that whole piece of work reads from.
 *
 * The pick (`choose`) keeps decision 009's promise that no answer is older than one already shown: it reads the
 * catalog version from the primary, and takes a replica only when that replica's catalog version, read before,
 * is at least as new. A replica only moves forward (it replays the primary's history in order), so whatever it
 * answers afterwards is at least as new as the primary was when the work began, and so at least as new as
 * anything shown before. A replica that is behind (replay slow or paused, the network cut) is asked its version
 * again at most every RECHECK_MS; meanwhile the primary answers. A replica that fails to answer is passed over for
 * the same time. Each URL must be one server: behind a load balancer of several replicas, one could be behind
 * another and the promise would not hold.
 */
export const RECHECK_MS = 200;

type Queryable = Pick<pg.Pool, 'query' | 'connect'>;

interface Replica {
  name: string;
  pool: pg.Pool;
  /** Its catalog version when last asked (null: not asked yet, or it failed). */
  version: number | null;
  askedAt: number;
  asking: Promise<void> | null;
}

const VERSION_SQL = 'select version from catalog_state where id = 1';

const versionOf = async (pool: Queryable): Promise<number | null> => {
  const r = await pool.query<{ version: string | number | null }>(VERSION_SQL);
  const v = r.rows[0]?.version;
  return v == null ? null : Number(v);
};

/** What `run` counts, for /metrics and the tests: work sent to a replica, and to the primary instead. */
export interface ReplicaStats {
  replica: number;
  primary: number;
}

export class ReadReplicas {
  private readonly scope = new AsyncLocalStorage<Queryable>();
  private readonly replicas: Replica[];
  private next = 0;
  readonly stats: ReplicaStats = { replica: 0, primary: 0 };

  constructor(
    readonly primary: pg.Pool,
    replicas: { name: string; pool: pg.Pool }[],
    private readonly now: () => number = Date.now,
  ) {
    this.replicas = replicas.map((r) => ({ ...r, version: null, askedAt: 0, asking: null }));
  }

  /** The pool a query made now goes to: the one `run` chose for this piece of work, else the primary. */
  current(): Queryable {
    return this.scope.getStore() ?? this.primary;
  }

  private ask(r: Replica): Promise<void> {
    r.asking ??= versionOf(r.pool)
      .then(
        (v) => {
          r.version = v;
        },
        () => {
          r.version = null; // down or unreachable: passed over until asked again
        },
      )
      .finally(() => {
        r.askedAt = this.now();
        r.asking = null;
      });
    return r.asking;
  }

  /**
   * The pool to read from now: a replica whose catalog version is at least the primary's, taken in turn, else
   * the primary. The primary's version is read first (one small query): that is what makes the promise hold.
   */
  async choose(): Promise<Queryable> {
    if (!this.replicas.length) return this.primary;
    const floor = await versionOf(this.primary);
    if (floor === null) return this.primary;
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.next + i) % n]!;
      if (r.version === null || r.version < floor) {
        if (this.now() - r.askedAt < RECHECK_MS && r.askedAt > 0) continue;
        await this.ask(r);
      }
      if (r.version !== null && r.version >= floor) {
        this.next = (this.next + i + 1) % n;
        return r.pool;
      }
    }
    return this.primary;
  }

  /** Runs `work` with every query of the handle going to the pool `choose` picks (the primary when none fits). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const pool = await this.choose();
    if (pool === this.primary) this.stats.primary++;
    else this.stats.replica++;
    return this.scope.run(pool, work);
  }

  async close() {
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }
}

/**
 * The pool drizzle is given when replicas are set: each query and each transaction's connection goes where
 * `ReadReplicas.current()` says. Drizzle treats it as a pool (its name ends in Pool): a transaction takes one
 * connection of the chosen pool with `connect()` and releases it.
 */
export class ReadRoutingPool {
  constructor(private readonly replicas: ReadReplicas) {}

  query(...args: unknown[]): unknown {
    const pool = this.replicas.current();
    return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
  }

  connect(...args: unknown[]): unknown {
    const pool = this.replicas.current();
    return (pool.connect as (...a: unknown[]) => unknown).apply(pool, args);
  }
}
