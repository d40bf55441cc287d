/**
 * Migrations on a PostgreSQL server shared by several instances (issue 45): under an advisory lock, so two instances
 * started at once on an empty database both come up; with MIGRATE_ON_START=false an instance waits for the schema
 * and refuses with a sentence when it never comes. Runs where DATABASE_URL names a server (CI's step 5).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.ts';
import { migratePostgres, openDatabase, schemaState } from './client.ts';

const url = process.env.DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const made: string[] = [];

async function freshDatabase() {
  const name = `store_m_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return u.toString();
}

afterAll(async () => {
  if (!url || !made.length) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A store process on `port` (the API from source, as `npm start` runs it), stopped by the returned function. */
function startInstance(databaseUrl: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe.runIf(url)('migrations on a shared PostgreSQL server', () => {
  it('two instances started at once on an empty database both come up', async () => {
    const db = await freshDatabase();
    const ports = [await freePort(), await freePort()];
    const instances = ports.map((p) => startInstance(db, p));
    try {
      const up = await Promise.all(
        ports.map((p) =>
          until(async () => (await fetch(`http://127.0.0.1:${p}/health`)).status === 200, 90_000),
        ),
      );
      expect(up, instances.map((i) => i.output()).join('\n----\n')).toEqual([true, true]);
      const check = await openDatabase({ databaseUrl: db, poolSize: 1, migrate: false });
      expect((await schemaState(check.db)).current).toBe(true);
      await check.close();
    } finally {
      for (const i of instances) i.child.kill('SIGTERM');
      await Promise.all(instances.map((i) => i.exited));
    }
  }, 120_000);

  it('two migrators at once take turns under the lock', async () => {
    const db = await freshDatabase();
    await Promise.all([migratePostgres(db), migratePostgres(db), migratePostgres(db)]);
    const check = await openDatabase({ databaseUrl: db, poolSize: 1, migrate: false });
    expect((await schemaState(check.db)).current).toBe(true);
    await check.close();
  });

  it('with MIGRATE_ON_START=false an instance waits for the schema, and refuses with a sentence when it never comes', async () => {
    const db = await freshDatabase();
    await expect(openDatabase({ databaseUrl: db, poolSize: 1, migrate: { waitMs: 300 } })).rejects.toThrow(
      /^MIGRATE_ON_START=false and the database has not reached this version's schema \(migration \d{4}_\w+\) within 0 s: run `npm run db:migrate` against DATABASE_URL, or start with MIGRATE_ON_START=true\.$/,
    );
    // It does not migrate by itself.
    const probe = await openDatabase({ databaseUrl: db, poolSize: 1, migrate: false });
    expect((await schemaState(probe.db)).current).toBe(false);
    await probe.close();
    // Started while the migration runs elsewhere: it comes up once the schema is there.
    const waiting = openDatabase({ databaseUrl: db, poolSize: 1, migrate: { waitMs: 60_000 } });
    await migratePostgres(db);
    const database = await waiting;
    expect((await schemaState(database.db)).current).toBe(true);
    await database.close();
  });
});
