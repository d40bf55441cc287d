import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessage } from '@store/contracts';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Database } from './client.ts';

/**
 * Issue 12: with the database frozen every request hung, and a database outage answered 500. Now a database that
 * is down, frozen or out of space answers 503 with Retry-After, in the store's error shape and the shopper's
 * language, within the timeouts; and the store recovers by itself when the database comes back.
 */

/** Short bounds, so that the test takes seconds (lib/timeouts.ts has the real ones). */
const TIMEOUTS = { connectMs: 500, statementMs: 1_000, idleInTransactionMs: 1_000 };
/** The longest a request may take against a frozen database: the statement bound, the client's margin, slack. */
const FROZEN_BOUND_MS = TIMEOUTS.statementMs + 2_000 + 1_500;

const busy = {
  ar: apiMessage('store_busy', 'ar'),
  en: apiMessage('store_busy', 'en'),
};

/**
 * A TCP proxy in front of the PostgreSQL server that the test can cut (the port then refuses connections), freeze
 * (connections are accepted and data stops flowing, as from a server that hangs) and restore.
 */
class Proxy {
  private server: net.Server | undefined;
  private readonly links = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private frozen = false;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open() {
    this.frozen = false;
    const server = net.createServer((client) => {
      client.on('error', () => {});
      if (this.frozen) {
        // Accepted, never answered: a frozen server.
        this.links.add({ client, upstream: client });
        return;
      }
      const upstream = net.connect(this.targetPort, this.host);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      this.links.add({ client, upstream });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** The port refuses connections and every open connection is reset: a server that is down. */
  async refuse() {
    const server = this.server;
    this.server = undefined;
    this.dropLinks();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Nothing flows any more, either way, on open or new connections; nothing is closed either. */
  freeze() {
    this.frozen = true;
    for (const { client, upstream } of this.links) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** The database is back (frozen connections are dropped, as a restarted server drops them). */
  async restore() {
    this.dropLinks();
    if (this.server) this.frozen = false;
    else await this.open();
  }

  private dropLinks() {
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream.destroy();
    }
    this.links.clear();
  }

  async close() {
    await this.refuse();
  }
}

const timed = async <T>(p: Promise<T>) => {
  const started = Date.now();
  const value = await p;
  return { value, ms: Date.now() - started };
};

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL down, frozen, and back', () => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/none');
  const name = `store_t_${randomBytes(6).toString('hex')}`;
  const proxy = new Proxy(url.hostname, Number(url.port || 5432));
  let database: Database;
  let app: App;

  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const brands = (locale?: 'en') =>
    app.inject({ method: 'GET', url: `/v1/brands${locale ? `?locale=${locale}` : ''}` });

  beforeAll(async () => {
    await admin(`create database ${name}`);
    await proxy.open();
    const through = new URL(url.toString());
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    through.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: through.toString(), poolSize: 4, timeouts: TIMEOUTS });
    app = await buildApp({ database, env: 'test', catalogCacheMs: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("a database that refuses connections answers 503 with Retry-After, in the shopper's language", async () => {
    expect((await brands()).statusCode).toBe(200);
    await proxy.refuse();
    try {
      const ar = await timed(brands());
      expect(ar.value.statusCode).toBe(503);
      expect(Number(ar.value.headers['retry-after'])).toBeGreaterThan(0);
      expect(ar.value.json()).toEqual({ errors: [busy.ar] });
      expect(ar.ms).toBeLessThan(FROZEN_BOUND_MS);
      const en = await brands('en');
      expect(en.statusCode).toBe(503);
      expect(en.json()).toEqual({ errors: [busy.en] });
    } finally {
      await proxy.restore();
    }
  });

  it('a frozen database answers 503 within the timeouts instead of hanging, for reads and for writes', async () => {
    expect((await brands()).statusCode).toBe(200);
    proxy.freeze();
    try {
      // Some answers come from connections already open (the query times out), some from new ones (connecting
      // times out); each within the bound, several at once.
      const answers = await timed(Promise.all([brands(), brands('en'), brands(), brands('en'), brands()]));
      expect(answers.value.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503]);
      for (const r of answers.value) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(answers.ms).toBeLessThan(FROZEN_BOUND_MS);
      const write = await timed(
        app.inject({
          method: 'POST',
          url: '/v1/users/otps',
          payload: { phone_number: '01012345678' },
        }),
      );
      expect(write.value.statusCode).toBe(503);
      expect(write.ms).toBeLessThan(FROZEN_BOUND_MS);
    } finally {
      await proxy.restore();
    }
  });

  it('when the database is back, the next request is answered, with no restart', async () => {
    await proxy.refuse();
    expect((await brands()).statusCode).toBe(503);
    await proxy.restore();
    expect((await brands()).statusCode).toBe(200);

    proxy.freeze();
    expect((await brands()).statusCode).toBe(503);
    await proxy.restore();
    const after = await Promise.all([brands(), brands(), brands(), brands(), brands(), brands()]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('a statement past the statement timeout is stopped by the server, and the store keeps answering', async () => {
    const { value, ms } = await timed(
      database.db.execute(sql`select pg_sleep(5)`).then(
        () => 'finished',
        (e: unknown) => e,
      ),
    );
    expect(value).not.toBe('finished');
    expect(ms).toBeLessThan(TIMEOUTS.statementMs + 1_000);
    expect((await brands()).statusCode).toBe(200);
  });
});

/**
 * The embedded database ignores statement_timeout and runs one statement at a time; its thread bounds how long a
 * call waits (db/pglite-thread.ts).
 */
describe('the embedded database held by a slow statement', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openDatabase({
      dataDir: 'memory://',
      timeouts: { statementMs: 400, idleInTransactionMs: 400 },
    });
    app = await buildApp({ database, env: 'test', catalogCacheMs: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('a shopper gets 503 with Retry-After within the bound instead of waiting, and 200 once it is done', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/brands' })).statusCode).toBe(200);
    const slow = database.db.execute(sql`select pg_sleep(1.5)`).catch(() => 'gave up');
    await new Promise((r) => setTimeout(r, 50));
    const held = await timed(
      app.inject({ method: 'GET', url: '/v1/brands', headers: { 'accept-language': 'en' } }),
    );
    expect(held.value.statusCode).toBe(503);
    expect(Number(held.value.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.value.json()).toEqual({ errors: [busy.en] });
    expect(held.ms).toBeLessThan(400 + 500);
    await slow;
    await new Promise((r) => setTimeout(r, 1_600));
    expect((await app.inject({ method: 'GET', url: '/v1/brands' })).statusCode).toBe(200);
  });
});
