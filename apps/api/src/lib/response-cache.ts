import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { AppError } from './errors.ts';
import { requestLocale } from './locale.ts';
import { clientNetwork } from './client-network.ts';

export interface Entry {
  stored: number;
  /** As serialized: bytes for a product list (response-serializer.ts), a string for the other answers. */
  body: string | Buffer;
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
 * database. The client's cache headers (`Cache-Control: no-cache`, `Pragma`) change nothing: no stranger may
 * send every request to the database (issue 12). Routes opt in with `config: { cache: true }`.
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

  set(key: string, body: string | Buffer, type: string) {
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

/**
 * For a plugin whose writes change what the shop shows (the back office's catalog and content): after a write
 * succeeds, and before its answer leaves, this instance forgets its cached answers, so the staff member who saved
 * sees the change in the store at once. Other instances keep theirs at most their time to live plus stale time.
 */
export function forgetCachedAnswersAfterWrites(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 300) app.responseCache.clear();
    return payload;
  });
}

/**
 * Answers that must be computed (new to the cache) are the database's work. While this instance already computes
 * `busyAt` of them, an address (IP) that has `perIpInFlight` of its own under way, or has asked for more than
 * `perIpPerMinute` new answers in the last minute, gets 429 with Retry-After; answers in the cache keep flowing
 * to everyone, and an address that asks little is never refused. A unique search word per request therefore
 * costs its sender, not every shopper. Per instance and in memory: each instance guards its own database work.
 */
export interface BusyLimits {
  busyAt: number;
  perIpInFlight: number;
  perIpPerMinute: number;
}

/**
 * The demo of a busy store: PGlite runs one query at a time and a PostgreSQL instance has 20 connections, so 8
 * answers computing at once is a queue. A shopper's page asks at most a few new answers at once; mobile networks
 * put many shoppers behind one address, so the per-address limits only apply while the database is busy.
 */
export const DEFAULT_BUSY_LIMITS: BusyLimits = { busyAt: 8, perIpInFlight: 4, perIpPerMinute: 60 };

/** 429 'The store is very busy right now, …' with Retry-After. */
export function catalogBusy(seconds: number) {
  return new AppError(
    429,
    'catalog_busy',
    ['catalog_busy'],
    { retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** Who computes catalog answers on this instance, and how much each address asked lately. */
export class BusyGuard {
  private computing = 0;
  private byIp = new Map<string, number>();
  /** Per address, a bucket of `perIpPerMinute` new answers refilled evenly over a minute. */
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limits: BusyLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get inFlight() {
    return this.computing;
  }

  private tokens(ip: string, t: number) {
    const b = this.buckets.get(ip);
    const cap = this.limits.perIpPerMinute;
    if (!b) return cap;
    return Math.min(cap, b.tokens + ((t - b.at) / 60_000) * cap);
  }

  /**
   * An answer is about to be computed for `ip` (null: the cache's own refresh): refused with 429 when the
   * database is busy and the address is over its share; else counted until `done` is called.
   */
  admit(ip: string | null): () => void {
    const t = this.now();
    if (ip !== null) {
      const tokens = this.tokens(ip, t);
      if (this.computing >= this.limits.busyAt) {
        if ((this.byIp.get(ip) ?? 0) >= this.limits.perIpInFlight) throw catalogBusy(1);
        if (tokens < 1)
          throw catalogBusy(Math.max(1, Math.ceil(((1 - tokens) * 60) / this.limits.perIpPerMinute)));
      }
      // Quiet or not, every new answer is counted, so a busy minute starts with what each address asked before.
      this.buckets.set(ip, { tokens: Math.max(0, tokens - 1), at: t });
      this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
      if (this.buckets.size > 10_000) this.forgetFull(t);
    }
    this.computing++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.computing--;
      if (ip === null) return;
      const n = (this.byIp.get(ip) ?? 1) - 1;
      if (n > 0) this.byIp.set(ip, n);
      else this.byIp.delete(ip);
    };
  }

  /** Addresses whose bucket has filled up again are as good as unknown. */
  private forgetFull(t: number) {
    for (const ip of this.buckets.keys())
      if (this.tokens(ip, t) >= this.limits.perIpPerMinute) this.buckets.delete(ip);
  }
}

/** How long a request waits for another's computation of the same answer before computing its own. */
const SHARE_WAIT_MS = 15_000;
const LEADER = Symbol('response-cache-leader');
const COMPUTING = Symbol('response-cache-computing');
type Marked = FastifyRequest & { [LEADER]?: string; [COMPUTING]?: () => void };

// The language can come from Accept-Language when the URL has no `locale`, so it is part of the key.
const keyOf = (req: FastifyRequest) => `${requestLocale(req)} ${req.url}`;
const cacheable = (req: FastifyRequest) => req.method === 'GET' && !!req.routeOptions.config?.cache;
/** The cache's own background refresh carries this header with a secret made at start-up (never sent out). */
const REFRESH_HEADER = 'x-response-cache-refresh';

function sendEntry(reply: FastifyReply, e: Entry, state: 'hit' | 'stale' | 'shared') {
  return reply.header('x-cache', state).type(e.type).send(e.body);
}

export function installResponseCache(
  app: FastifyInstance,
  ttlMs: number,
  opts: { staleMs?: number; maxEntries?: number; now?: () => number; busy?: Partial<BusyLimits> } = {},
) {
  const cache = new ResponseCache(ttlMs, opts.staleMs ?? ttlMs * 3, opts.maxEntries ?? 5000, opts.now);
  app.decorate('responseCache', cache);
  // Off (CATALOG_CACHE_SECONDS=0, the tests, the bench's uncached rows): every read goes to the database, unguarded.
  if (!cache.enabled) return;
  const guard = new BusyGuard({ ...DEFAULT_BUSY_LIMITS, ...opts.busy });
  const refreshSecret = randomBytes(24).toString('hex');
  const isRefresh = (req: FastifyRequest) => req.headers[REFRESH_HEADER] === refreshSecret;

  /** Recomputes a stale answer once, in the background; the answer lands in the cache through onSend. */
  const refresh = (req: FastifyRequest, key: string) => {
    if (!cache.begin(key)) return;
    const al = req.headers['accept-language'];
    app
      .inject({
        method: 'GET',
        url: req.url,
        headers: { [REFRESH_HEADER]: refreshSecret, ...(al ? { 'accept-language': al } : {}) },
      })
      .catch((err: unknown) => app.log.warn({ err, url: req.url }, 'catalog cache refresh failed'))
      .finally(() => cache.settle(key));
  };

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(req)) return;
    if (isRefresh(req)) {
      (req as Marked)[COMPUTING] = guard.admit(null);
      return;
    }
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
      // the other computation failed or is slow: compute our own
    }
    (req as Marked)[COMPUTING] = guard.admit(clientNetwork(req.ip));
    if (cache.begin(key)) (req as Marked)[LEADER] = key;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!cacheable(req) || reply.getHeader('x-cache')) return payload;
    if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
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
    const m = req as Marked;
    m[COMPUTING]?.();
    const key = m[LEADER];
    if (key) cache.settle(key);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
