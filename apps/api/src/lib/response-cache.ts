import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  expires: number;
  body: string;
  type: string;
}

/**
 * A short-lived in-memory cache of public catalog answers, keyed by the full URL (locale included).
 * It is a cache, never the only copy: every instance keeps its own, entries live `ttlMs` at most, and a catalog
 * write in this instance clears it. Stock and prices a shopper sees may be up to `ttlMs` old; the cart and
 * checkout always read the database. A request with `cache-control: no-cache` skips it.
 * Routes opt in with `config: { cache: true }`.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, body: string, type: string) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, type, expires: this.now() + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const keyOf = (req: FastifyRequest) => req.url;
const bypass = (req: FastifyRequest) => /no-cache|no-store/.test(String(req.headers['cache-control'] ?? ''));

export function installResponseCache(app: FastifyInstance, ttlMs: number, maxEntries = 5000) {
  const cache = new ResponseCache(ttlMs, maxEntries);
  app.decorate('responseCache', cache);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.cache || bypass(req)) return;
    const hit = cache.get(keyOf(req));
    if (hit) return reply.header('x-cache', 'hit').type(hit.type).send(hit.body);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (
      req.method === 'GET' &&
      req.routeOptions.config?.cache &&
      reply.statusCode === 200 &&
      typeof payload === 'string'
    ) {
      if (!reply.getHeader('x-cache')) {
        cache.set(
          keyOf(req),
          payload,
          String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        );
        reply.header('x-cache', 'miss');
      }
    }
    return payload;
  });
}
