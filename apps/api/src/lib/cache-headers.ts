import type { FastifyInstance } from 'fastify';
import { pathOf, PROBE_PATHS } from './probes.ts';

/**
 * What a CDN or proxy in front of the store may keep (issue 45). The API's answers say it themselves, so a cache
 * with a default TTL never guesses:
 * - public catalog reads (routes with `config: { cache: true }`, which depend on the address and the language only)
 *   say `public` for as long as each instance keeps them itself (CATALOG_CACHE_SECONDS, and
 *   CATALOG_CACHE_STALE_SECONDS while one request refreshes), varying by `Accept-Language`;
 * - every other answer under `/v1` (a session's cart, orders, account, the back office, any error) and the probes say
 *   `private, no-store`: no shared cache may keep them, and no browser may store them on disk.
 * An answer that already chose its own (a file, a built page, the sandbox's page) keeps it.
 */
export function installCacheHeaders(
  app: FastifyInstance,
  opts: { ttlSeconds: number; staleSeconds: number },
) {
  const ttl = Math.max(0, Math.floor(opts.ttlSeconds));
  const stale = Math.max(0, Math.floor(opts.staleSeconds));
  const publicRead =
    ttl > 0 ? `public, max-age=${ttl}, s-maxage=${ttl}, stale-while-revalidate=${stale}` : 'public, no-cache';
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const path = pathOf(req.raw.url);
    if (!path.startsWith('/v1/') && !PROBE_PATHS.has(path)) return payload;
    const isPublic =
      req.routeOptions.config?.cache === true &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      reply.statusCode === 200;
    if (isPublic) {
      reply.header('cache-control', publicRead);
      const vary = reply.getHeader('vary');
      const have = typeof vary === 'string' ? vary.split(/\s*,\s*/).map((v) => v.toLowerCase()) : [];
      if (!have.includes('accept-language'))
        reply.header('vary', have.length ? `${vary as string}, Accept-Language` : 'Accept-Language');
    } else {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
}
