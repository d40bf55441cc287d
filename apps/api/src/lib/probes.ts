import type { FastifyRequest } from 'fastify';

/**
 * The operator's addresses: liveness, readiness and metrics (lib/readiness.ts, lib/metrics.ts). No dependencies, so
 * tracing.ts, loaded before anything else, can read it too.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/metrics']);

/** The path of a request's address, without its query. */
export const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0]!;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine: its socket is loopback and nothing forwarded it (a proxy on the same machine connects
 * from loopback too). The developer routes and an unauthenticated /metrics answer only these.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '');
}
