import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AdjustableClock } from '../lib/clock.ts';
import { addBrand, addCategory, addProduct } from '../test/fixtures.ts';
import { freePort } from '../test/ports.ts';
import { staffSignIn } from '../test/staff.ts';
import { ensureOwner } from '../modules/staff/bootstrap.ts';
import { openDatabase, type Database } from './client.ts';
import { RECHECK_MS } from './read-replicas.ts';

/**
 * Catalog reads from read replicas (DATABASE_READ_URL, issue 50 item 3, decision 031), against Debian's PostgreSQL 15
 * as a real streaming replica on loopback: scripts/pg-replica-pair.sh makes a primary and a pg_basebackup of it in a
 * temporary folder on free ports, and this file stops and removes them. Replay is paused on the replica to make it
 * lag. On the PostgreSQL run of the suite (DATABASE_URL set, so the server's programs are installed); the settings'
 * checks run on both.
 */
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const onPostgres = !!process.env.DATABASE_URL;
const PASSWORD = 'Replica-reads-2024';

describe('DATABASE_READ_URL settings', () => {
  it('takes replicas of a PostgreSQL primary, comma-separated, and names what is wrong', () => {
    const primary = 'postgres://store@db:5432/store';
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_READ_URL: 'postgres://store@replica-1:5432/store, postgres://store@replica-2:5432/store',
      }).DATABASE_READ_URL,
    ).toEqual(['postgres://store@replica-1:5432/store', 'postgres://store@replica-2:5432/store']);
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'replica-1:5432' })).toThrow(
      /DATABASE_READ_URL must be one or more postgres:\/\/ addresses/,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://store@replica-1:5432/store' })).toThrow(
      /DATABASE_READ_URL names replicas of DATABASE_URL: set DATABASE_URL/,
    );
  });
});

describe.skipIf(!onPostgres)('a streaming replica (pg_basebackup) behind the primary', () => {
  // A folder the script makes (and gives to the postgres user when run as root), and removes at stop.
  const dir = path.join(os.tmpdir(), `store-pg-pair-${process.pid}-${Date.now()}`);
  const env = { ...process.env, PG_PAIR_DIR: dir };
  const script = path.join(repoRoot, 'scripts/pg-replica-pair.sh');
  let primaryUrl: string;
  let replicaUrl: string;
  let database: Database;
  let app: App;
  let replica: pg.Client;
  let productId: number;

  beforeAll(async () => {
    Object.assign(env, {
      PG_PAIR_PORT: String(await freePort()),
      PG_PAIR_REPLICA_PORT: String(await freePort()),
    });
    const { stdout } = await run('bash', [script, 'start'], { env });
    [primaryUrl, replicaUrl] = stdout.trim().split('\n') as [string, string];
    database = await openDatabase({ databaseUrl: primaryUrl, readUrls: [replicaUrl], poolSize: 4 });
    app = await buildApp({ database, clock: new AdjustableClock(), env: 'test', catalogCacheMs: 0 });
    await app.ready();
    const { db } = database;
    const cat = await addCategory(db, 'Kettles', 'غلايات');
    const brand = await addBrand(db, 'Tornado', 'تورنيدو');
    productId = (
      await addProduct(db, {
        titleEn: 'Kettle K1',
        titleAr: 'غلاية K1',
        categoryId: cat.id,
        brandId: brand.id,
        priceEgp: 1000,
      })
    ).id;
    replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
  }, 60_000);

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    await run('bash', [script, 'stop'], { env }).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }, 30_000);

  const primaryVersion = async () => {
    const c = new pg.Client({ connectionString: primaryUrl });
    await c.connect();
    try {
      return Number((await c.query('select version from catalog_state')).rows[0].version);
    } finally {
      await c.end();
    }
  };
  /** -1 until the replica has replayed the schema the primary's migrations made after its base backup. */
  const replicaVersion = async () => {
    try {
      return Number((await replica.query('select version from catalog_state')).rows[0]?.version ?? -1);
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return -1; // undefined_table: not replayed yet
      throw error;
    }
  };
  const replicaPrice = async () =>
    Number(
      (await replica.query('select price_piastres from products where id = $1', [productId])).rows[0]
        .price_piastres,
    ) / 100;
  const caughtUp = async () => {
    const want = await primaryVersion();
    for (let i = 0; i < 800 && (await replicaVersion()) < want; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await replicaVersion()).toBe(want);
    await new Promise((r) => setTimeout(r, RECHECK_MS + 10)); // past the router's wait before asking it again
  };
  /** The price the shop shows on the product's page and in a search and a category list of it. */
  const shown = async () => {
    const page = await app.inject({ method: 'GET', url: `/v1/products/${productId}?locale=en` });
    const search = await app.inject({ method: 'GET', url: '/v1/products?query=kettle&locale=en' });
    const list = await app.inject({ method: 'GET', url: '/v1/products?locale=en&highest_price=true' });
    const find = (r: typeof search) =>
      (r.json() as { products: { id: number; price: number }[] }).products.find((p) => p.id === productId)
        ?.price;
    return [(page.json() as { product: { price: number } }).product.price, find(search), find(list)];
  };
  /** A price change on the primary, as the back office's save or an ERP sync makes it (the triggers raise the version). */
  const setPrice = (egp: number) =>
    database.db.execute(
      sql`update products set price_piastres = ${egp * 100}, current_price_piastres = ${egp * 100},
          updated_at = now() where id = ${productId}`,
    );

  it('reads the catalog from the replica while it is as new as the primary', async () => {
    await caughtUp();
    const stats = database.replicas!.stats;
    const before = { ...stats };
    expect(await shown()).toEqual([1000, 1000, 1000]);
    expect(stats.replica - before.replica).toBe(3);
    expect(stats.primary - before.primary).toBe(0);
  });

  it('with replay paused, a price changed on the primary is shown at once and never the older one', async () => {
    await replica.query('select pg_wal_replay_pause()');
    try {
      const stats = database.replicas!.stats;
      for (const price of [1100, 950, 1200]) {
        await setPrice(price);
        const before = { ...stats };
        expect(await shown()).toEqual([price, price, price]);
        // The replica still holds the old price: the primary answered.
        expect(await replicaPrice()).toBe(1000);
        expect(stats.primary - before.primary).toBe(3);
      }
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    // Caught up again: back to the replica, with the newest price.
    await caughtUp();
    const before = { ...database.replicas!.stats };
    expect(await shown()).toEqual([1200, 1200, 1200]);
    expect(database.replicas!.stats.replica - before.replica).toBe(3);
  });

  it('a sales report reads from the replica too; the owner’s session is still checked on the primary', async () => {
    await ensureOwner(database.db, { email: 'owner@store.example', password: PASSWORD }, new Date());
    const owner = await staffSignIn(app, 'owner@store.example', PASSWORD);
    await caughtUp();
    const before = { ...database.replicas!.stats };
    const res = await app.inject({
      method: 'GET',
      url: '/v1/admin/reports/sales?group_by=day',
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(database.replicas!.stats.replica - before.replica).toBe(1);
  });
});
