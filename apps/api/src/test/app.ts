import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { AdjustableClock } from '../lib/clock.ts';

export interface TestApp {
  app: App;
  database: Database;
  /** The test's own PostgreSQL database (DATABASE_URL set); undefined on in-memory PGlite. */
  databaseUrl?: string;
  clock: AdjustableClock;
  close(): Promise<void>;
}

/**
 * A real app on a real database: in-memory PGlite by default; with DATABASE_URL set (CI), a fresh database
 * created on that PostgreSQL server for this test file and dropped afterwards.
 */
export async function createTestApp(
  options: Pick<
    AppOptions,
    | 'catalogCacheMs'
    | 'sms'
    | 'smsGateways'
    | 'smsReceiptSecret'
    | 'authLimits'
    | 'staffLimits'
    | 'importLimits'
    | 'payments'
    | 'courier'
    | 'geocoder'
    | 'geocoding'
    | 'publicUrl'
    | 'trustProxy'
    | 'uploadsDir'
    | 'images'
    | 'catalogIndexReady'
    | 'metricsToken'
    | 'whatsapp'
    | 'invoicing'
    | 'email'
  > = {},
): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  if (url) {
    const name = `store_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    databaseUrl = testUrl.toString();
    database = await openDatabase({ databaseUrl, poolSize: 10 });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  const clock = new AdjustableClock();
  const app = await buildApp({
    database,
    clock,
    env: 'test',
    devRoutes: true,
    ...options,
    catalogCacheMs: options.catalogCacheMs ?? 0,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    clock,
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
    },
  };
}
