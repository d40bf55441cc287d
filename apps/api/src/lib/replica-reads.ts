import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { ReadReplicas } from '../db/read-replicas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route only reads, and may read from a replica (DATABASE_READ_URL): reports. */
    reads?: boolean;
  }
}

/**
 * DATABASE_READ_URL (decision 031): the handlers of the public catalog reads (GET routes with `config.cache`, which
 * the response cache and the server renderer also take as catalog reads) and of the routes marked `config.reads`
 * (reports) run inside `replicas.run`: their queries go to a replica as new as the primary's catalog version, or to
 * the primary. Registered before any route is declared; a cached answer never reaches the handler, so it costs
 * nothing.
 */
export function installReplicaReads(app: FastifyInstance, replicas: ReadReplicas) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { cache?: boolean; reads?: boolean } | undefined;
    if (!methods.includes('GET') || !(config?.cache || config?.reads)) return;
    const handler = route.handler as (...args: unknown[]) => unknown;
    route.handler = function (this: unknown, ...args: unknown[]) {
      return replicas.run(async () => handler.apply(this, args));
    } as RouteHandlerMethod;
  });
}
