import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { schemaState, type Db } from '../db/client.ts';

/**
 * Liveness and readiness (issue 45). `/health` says the process answers; `/ready` says this instance should get
 * traffic: the database answers, it is at this version's schema, the catalog index is built, and the instance is
 * not shutting down. A load balancer or Kubernetes sends shoppers only to ready instances; on SIGTERM `/ready` turns
 * 503 first, so they stop coming before the server closes.
 */
export interface Readiness {
  /** Set on SIGTERM: `/ready` answers 503 `shutting_down` from then on. */
  draining: boolean;
}

export interface ReadinessOptions {
  db: Db;
  /** Whether the catalog index this instance answers from has been built (always true when it is off). */
  catalogIndexReady: () => boolean;
  /** How long the database may take to answer `select 1`. */
  databaseTimeoutMs?: number;
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

export function registerProbes(app: FastifyInstance, opts: ReadinessOptions): Readiness {
  const state: Readiness = { draining: false };
  // Once at this version's schema, always (a newer version's migrations only add): asked until it is.
  let schemaCurrent = false;
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    const missing: string[] = [];
    if (state.draining) missing.push('shutting_down');
    try {
      await withTimeout(opts.db.execute(sql`select 1`), opts.databaseTimeoutMs ?? 2000);
      if (!schemaCurrent) schemaCurrent = (await schemaState(opts.db)).current;
      if (!schemaCurrent) missing.push('migrations');
    } catch {
      missing.push('database');
    }
    if (!opts.catalogIndexReady()) missing.push('catalog_index');
    if (missing.length) return reply.status(503).send({ ready: false, missing });
    return { ready: true };
  });
  return state;
}
