import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from './locale.ts';

export interface Entry {
  stored: number;
  body: string;
  type: string;
}

/**
 * A short-lived in-memory cache of public catalog answers, keyed by the request's language and full URL.
 * It is a cache, never the only copy: every instance keeps its own and entries live a bounded time.
 *
 * - Fresh for `ttlMs`: served from memory.
 * - Then, for at most `staleMs` more, still served while one request refreshes it in the background
 *   (stale-while-revalidate): nobody waits for the database on a popular page. After that it is gone.
 * - Concurrent misses for one key share one computation (single flight): 50 shoppers opening the same new list
 *   cost one set of queries, not 50.
 *
 * Stock and prices a shopper sees may be up to `ttlMs + staleMs` old; the cart and checkout always read the
 * database. A request with `cache-control: no-cache` skips it (and refreshes it). Routes opt in with
 * `config: { cache: true }`.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, { promise: Promise<Entry | undefined>; done: (e?: Entry) => void }>();

  constructor(
    private readonly ttlMs: number,
    private readonly staleMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The entry for `key` and whether it is still fresh; undefined when absent or too old to serve. */
  lookup(key: string): { entry: Entry; fresh: boolean } | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const age = this.now() - e.stored;
    if (age >= this.ttlMs + this.staleMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, e);
    return { entry: e, fresh: age < this.ttlMs };
  }

  set(key: string, body: string, type: string) {
    if (!this.enabled) return;
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = { body, type, stored: this.now() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.settle(key, entry);
  }

  /** The computation under way for `key`, if any. */
  pending(key: string): Promise<Entry | undefined> | undefined {
    return this.inflight.get(key)?.promise;
  }

  /** Marks a computation for `key` as under way; false when one already is. */
  begin(key: string): boolean {
    if (this.inflight.has(key)) return false;
    let done!: (e?: Entry) => void;
    const promise = new Promise<Entry | undefined>((resolve) => (done = resolve));
    this.inflight.set(key, { promise, done });
    return true;
  }

  /** Ends the computation for `key`: waiters get `entry`, or undefined (then each computes its own answer). */
  settle(key: string, entry?: Entry) {
    const f = this.inflight.get(key);
    if (!f) return;
    this.inflight.delete(key);
    f.done(entry);
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

/** How long a request waits for another's computation of the same answer before computing its own. */
const SHARE_WAIT_MS = 15_000;
const LEADER = Symbol('response-cache-leader');
type Marked = FastifyRequest & { [LEADER]?: string };

// The language can come from Accept-Language when the URL has no `locale`, so it is part of the key.
const keyOf = (req: FastifyRequest) => `${requestLocale(req)} ${req.url}`;
const bypass = (req: FastifyRequest) => /no-cache|no-store/.test(String(req.headers['cache-control'] ?? ''));
const cacheable = (req: FastifyRequest) => req.method === 'GET' && !!req.routeOptions.config?.cache;

function sendEntry(reply: FastifyReply, e: Entry, state: 'hit' | 'stale' | 'shared') {
  return reply.header('x-cache', state).type(e.type).send(e.body);
}

export function installResponseCache(
  app: FastifyInstance,
  ttlMs: number,
  opts: { staleMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const cache = new ResponseCache(ttlMs, opts.staleMs ?? ttlMs * 3, opts.maxEntries ?? 5000, opts.now);
  app.decorate('responseCache', cache);
  if (!cache.enabled) return;

  /** Recomputes a stale answer once, in the background; the answer lands in the cache through onSend. */
  const refresh = (req: FastifyRequest, key: string) => {
    if (!cache.begin(key)) return;
    const al = req.headers['accept-language'];
    app
      .inject({
        method: 'GET',
        url: req.url,
        headers: { 'cache-control': 'no-cache', ...(al ? { 'accept-language': al } : {}) },
      })
      .catch((err: unknown) => app.log.warn({ err, url: req.url }, 'catalog cache refresh failed'))
      .finally(() => cache.settle(key));
  };

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(req) || bypass(req)) return;
    const key = keyOf(req);
    const found = cache.lookup(key);
    if (found) {
      if (!found.fresh) refresh(req, key);
      return sendEntry(reply, found.entry, found.fresh ? 'hit' : 'stale');
    }
    const pending = cache.pending(key);
    if (pending) {
      let timer: NodeJS.Timeout | undefined;
      const shared = await Promise.race([
        pending,
        new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), SHARE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (shared) return sendEntry(reply, shared, 'shared');
      return; // the other computation failed or is slow: compute our own
    }
    if (cache.begin(key)) (req as Marked)[LEADER] = key;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!cacheable(req) || reply.getHeader('x-cache')) return payload;
    if (reply.statusCode === 200 && typeof payload === 'string') {
      cache.set(
        keyOf(req),
        payload,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      );
      reply.header('x-cache', 'miss');
    }
    return payload;
  });

  // Whatever happened (an error, a closed connection), whoever waits on this request's answer stops waiting.
  const release = async (req: FastifyRequest) => {
    const key = (req as Marked)[LEADER];
    if (key) cache.settle(key);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
