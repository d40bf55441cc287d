import { sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { AdjustableClock } from '../../lib/clock.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { staffSignIn, type StaffAuth } from '../../test/staff.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { readTar, tarEnd, tarFile } from './tar.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

/**
 * The restore drill (issue 45): a store with orders and an uploaded picture is backed up (from the back office while
 * it runs, and with npm run backup), wiped and restored; every order, shopper and picture comes back, the pictures
 * byte for byte. On the embedded database by default, on PostgreSQL when DATABASE_URL is set (CI runs both).
 */
const serverUrl = process.env.DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const PASSWORD = 'Keep-a-copy-2024';
const run = promisify(execFile);

interface Store {
  dataDir: string;
  databaseUrl?: string;
  database: Database;
  app: App;
  clock: AdjustableClock;
  closed?: boolean;
}

const made: { dataDirs: string[]; databases: string[] } = { dataDirs: [], databases: [] };

/** A fresh, empty PostgreSQL database on the test server (DATABASE_URL). */
async function freshPostgres(): Promise<string> {
  const name = `store_bk_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.databases.push(name);
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A store as `npm start` runs one: DATA_DIR with its uploads, and its database (PGlite in DATA_DIR/pglite). */
async function openStore(dataDir: string, databaseUrl?: string): Promise<Store> {
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, poolSize: 4 } : { dataDir: path.join(dataDir, 'pglite') },
  );
  const clock = new AdjustableClock();
  const app = await buildApp({
    database,
    clock,
    env: 'test',
    uploadsDir: path.join(dataDir, 'uploads'),
    catalogCacheMs: 0,
  });
  await app.ready();
  return { dataDir, databaseUrl, database, app, clock };
}

async function closeStore(s: Store) {
  if (s.closed) return;
  s.closed = true;
  await s.app.close();
  await s.database.close();
}

function newDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'));
  made.dataDirs.push(dir);
  return dir;
}

/** Every row of what a shop cannot lose, in order: compared whole before and after. */
async function contents(db: Database['db']) {
  const rows = async (table: string) =>
    ((await db.execute(sql.raw(`select * from ${table} order by id`))) as unknown as { rows: unknown[] })
      .rows;
  return {
    orders: await rows('orders'),
    order_products: await rows('order_products'),
    users: await rows('users'),
    addresses: await rows('addresses'),
    product_images: await rows('product_images'),
  };
}

/**
 * Every uploaded file's bytes, by its path under uploads/. Not the pictures made from them (`.sizes/`, `.share/`):
 * a backup leaves those out, they are made again on demand, and they appear whenever a request asks for one.
 */
function uploadedBytes(dataDir: string): Record<string, Buffer> {
  const root = path.join(dataDir, 'uploads');
  const out: Record<string, Buffer> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      if (!rel && (name === '.sizes' || name === '.share')) continue;
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else out[r] = readFileSync(path.join(root, r));
    }
  };
  if (existsSync(root)) walk('');
  return out;
}

let store: Store;
let owner: StaffAuth;
let clerk: StaffAuth;
let shoppers: Shopper[];
let orderIds: number[];
let before: Awaited<ReturnType<typeof contents>>;
let beforeFiles: Record<string, Buffer>;
let photo: Buffer;
let backupFile: string;
const work = mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));

beforeAll(async () => {
  store = await openStore(newDataDir(), serverUrl ? await freshPostgres() : undefined);
  const { db } = store.database;
  const now = store.clock.now();
  await addZones(db);
  const make = await productMaker(db, now);
  const fridge = await make(12_499.5, 5);
  const kettle = await make(300, 10);
  shoppers = [await addShopper(db, now), await addShopper(db, now, { firstName: 'Aya' })];
  orderIds = [];
  for (const [s, items] of [
    [shoppers[0]!, [{ productId: fridge.id, quantity: 1 }]],
    [shoppers[1]!, [{ productId: kettle.id, quantity: 2 }]],
  ] as const) {
    const { orderId } = await readyToPay(store.app, s, [...items]);
    const placed = await call(store.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'cash',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    orderIds.push(orderId);
  }
  for (const [email, role] of [
    ['boss@store.example', 'owner'],
    ['clerk@store.example', 'staff'],
  ] as const) {
    await ensureOwner(db, { email, password: PASSWORD }, now);
    await db
      .update(staff)
      .set({ role })
      .where(sql`${staff.email} = ${email}`);
  }
  owner = await staffSignIn(store.app, 'boss@store.example', PASSWORD);
  clerk = await staffSignIn(store.app, 'clerk@store.example', PASSWORD);
  // The owner uploads a photo of the fridge from the back office.
  photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'fridge.png');
  const up = await store.app.inject({
    method: 'POST',
    url: `/v1/admin/products/${fridge.id}/images`,
    headers: owner,
    payload: form,
  });
  expect(up.statusCode).toBe(201);
  before = await contents(db);
  beforeFiles = uploadedBytes(store.dataDir);
});

afterAll(async () => {
  if (store) await closeStore(store).catch(() => undefined);
  for (const dir of [...made.dataDirs, work]) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  if (made.databases.length) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of made.databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** The store's data wiped: its database gone (the PGlite folder, or a new empty PostgreSQL database) and uploads. */
async function wipe(s: Store): Promise<{ dataDir: string; databaseUrl?: string }> {
  await closeStore(s);
  rmSync(s.dataDir, { recursive: true, force: true, maxRetries: 5 });
  return { dataDir: s.dataDir, databaseUrl: serverUrl ? await freshPostgres() : undefined };
}

/** What a restored store must hold: every row and file as before, and the shoppers still see their orders. */
async function expectAllBack(s: Store) {
  expect(await contents(s.database.db)).toEqual(before);
  const files = uploadedBytes(s.dataDir);
  expect(Object.keys(files).sort()).toEqual(Object.keys(beforeFiles).sort());
  for (const [name, bytes] of Object.entries(beforeFiles))
    expect(files[name]!.equals(bytes), name).toBe(true);
  // The uploaded original, byte for byte, served again at its address.
  const original = Object.keys(files).find((f) => f.endsWith('-original.png'))!;
  const served = await s.app.inject({ method: 'GET', url: `/uploads/${original}` });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(photo)).toBe(true);
  for (const [i, shopper] of shoppers.entries()) {
    const r = await call(s.app, 'GET', `/v1/users/orders/${orderIds[i]}?locale=en`, shopper.headers);
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ id: orderIds[i], status: 'pending', payment_method: 'cash' });
  }
}

describe('backing up from the back office while the store runs', () => {
  it('is for owners only: a clerk is refused, and so is a visitor without a session', async () => {
    for (const url of ['/v1/admin/backup', '/v1/admin/backup/check']) {
      expect((await store.app.inject({ method: 'GET', url, headers: clerk })).statusCode).toBe(403);
      expect((await store.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const check = await store.app.inject({ method: 'GET', url: '/v1/admin/backup/check', headers: owner });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ database: serverUrl ? 'postgresql' : 'embedded' });
  });

  it('downloads one archive: the database, every uploaded file and a manifest with versions, the last migration, row counts and checksums', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/v1/admin/backup', headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="store-backup-\d{8}-\d{6}\.tar\.gz"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    backupFile = path.join(work, 'from-back-office.tar.gz');
    writeFileSync(backupFile, res.rawPayload);

    const names: string[] = [];
    let manifest: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    for await (const e of readTar(Readable.from([gunzipSync(res.rawPayload)]))) {
      names.push(e.name);
      if (e.name === 'manifest.json') {
        const parts: Buffer[] = [];
        for await (const c of e.body) parts.push(c);
        manifest = JSON.parse(Buffer.concat(parts).toString('utf8'));
      }
    }
    const dbFile = serverUrl ? 'database/postgres.dump' : 'database/pglite.tar';
    expect(names).toEqual([
      dbFile,
      ...Object.keys(beforeFiles)
        .sort()
        .map((f) => `uploads/${f}`),
      'manifest.json',
    ]);
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({
      format: 'souq-store-backup',
      store_version: JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version,
      database: {
        kind: serverUrl ? 'postgres' : 'pglite',
        file: dbFile,
        server_version: expect.stringMatching(
          serverUrl ? /^PostgreSQL \d+/ : /^PostgreSQL \d+.*\(PGlite [\d.]+\)$/,
        ),
        made_with: expect.stringMatching(
          serverUrl ? /^pg_dump \(PostgreSQL\) \d+/ : /^PGlite [\d.]+ dumpDataDir$/,
        ),
      },
      last_migration: journal.entries.at(-1).tag,
      rows: {
        orders: before.orders.length,
        order_products: 2,
        users: 2,
        products: 2,
        product_images: 3,
        staff: 2,
      },
      uploads: { files: Object.keys(beforeFiles).length },
    });
    expect(Object.keys(manifest.files).sort()).toEqual(names.filter((n) => n !== 'manifest.json').sort());
    for (const f of Object.values(manifest.files) as { sha256: string }[])
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(!!serverUrl)(
    'a database that takes longer to copy than a connection may stay idle still downloads whole',
    async () => {
      // A second instance on the same database whose connections are dropped after 1 s of silence, and a dump that
      // takes 1.5 s before the first byte can leave.
      const slow: Database = {
        ...store.database,
        dumpDataDir: async (text) => {
          await new Promise((r) => setTimeout(r, 1500));
          return store.database.dumpDataDir!(text);
        },
      };
      const app = await buildApp({
        database: slow,
        clock: store.clock,
        env: 'test',
        uploadsDir: path.join(store.dataDir, 'uploads'),
        httpTimeouts: { connectionMs: 1000 },
      });
      try {
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        const res = await fetch(`${address}/v1/admin/backup`, { headers: owner });
        expect(res.status).toBe(200);
        const names: string[] = [];
        for await (const e of readTar(Readable.from([gunzipSync(Buffer.from(await res.arrayBuffer()))])))
          names.push(e.name);
        expect(names.at(-1)).toBe('manifest.json');
      } finally {
        await app.close();
      }
    },
  );

  it('restores into a wiped store: every order, shopper and picture comes back, the pictures byte for byte', async () => {
    const target = await wipe(store);
    const report = await restoreBackup({ file: backupFile, ...target });
    expect(report.replaced).toBeNull();
    expect(report.rows).toMatchObject({ orders: before.orders.length, users: 2 });
    store = await openStore(target.dataDir, target.databaseUrl);
    await expectAllBack(store);
  });
});

describe('npm run backup and npm run restore', () => {
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
  const out = path.join(work, 'cli.tar.gz');
  const orders = () => before.orders.length;

  it('npm run backup, then npm run restore into a wiped store, brings back every order, shopper and picture', async () => {
    const env = {
      ...process.env,
      DATA_DIR: store.dataDir,
      ...(serverUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      NODE_ENV: 'development',
    };
    // The embedded database has one owner at a time: the command needs the store stopped (a PostgreSQL one runs on).
    if (!serverUrl) await closeStore(store);
    const backup = await run(tsx, ['apps/api/src/db/backup-cli.ts', '--out', out], { cwd: repoRoot, env });
    expect(backup.stdout).toMatch(
      new RegExp(`^Backup written to .*cli\\.tar\\.gz .*\\(${orders()} orders, .* and \\d+ uploaded files`),
    );
    const target = await wipe(store);
    const restored = await run(tsx, ['apps/api/src/db/restore-cli.ts', out], {
      cwd: repoRoot,
      env: { ...env, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) },
    });
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Restored the backup of .*: ${orders()} orders, .*all as in the backup\\. Start the store now\\.`,
      ),
    );
    store = await openStore(target.dataDir, target.databaseUrl);
    await expectAllBack(store);
  });

  it('refuses to restore over a store that is there, naming what it holds, and replaces it with --force', async () => {
    await closeStore(store);
    const target = { file: out, dataDir: store.dataDir, databaseUrl: store.databaseUrl };
    const there = new RegExp(
      `a store with ${orders()} orders, 2 shoppers and 2 products\\)?, and .*uploads holds \\d+ files`,
    );
    const refused = await restoreBackup(target).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/^The store to restore into is not empty: /);
    expect((refused as Error).message).toMatch(there);
    expect((refused as Error).message).toMatch(/A restore replaces all of it: run it again with --force/);

    const forced = await restoreBackup({ ...target, force: true });
    expect(forced.replaced).toMatch(there);
    expect(forced.rows).toEqual(forced.manifest.rows);
  });
});

describe('a damaged backup', () => {
  /** The back office's archive with one picture's bytes changed (its size kept) and its manifest as it was. */
  async function withChangedPicture(): Promise<string> {
    const parts: Buffer[] = [];
    for await (const e of readTar(Readable.from([gunzipSync(readFileSync(backupFile))]))) {
      const chunks: Buffer[] = [];
      for await (const c of e.body) chunks.push(c);
      let data = Buffer.concat(chunks);
      if (e.name.endsWith('-original.png'))
        data = Buffer.from(data.map((b, i) => (i === 100 ? b ^ 0xff : b)));
      for await (const block of tarFile(e.name, data.length, data)) parts.push(block);
    }
    parts.push(tarEnd());
    const file = path.join(work, 'changed.tar.gz');
    writeFileSync(file, gzipSync(Buffer.concat(parts)));
    return file;
  }

  it('is refused before anything changes: a changed picture, or an archive cut short', async () => {
    const target = { dataDir: newDataDir(), databaseUrl: serverUrl ? await freshPostgres() : undefined };
    const cut = path.join(work, 'cut.tar.gz');
    const whole = readFileSync(backupFile);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    for (const [file, why] of [
      [await withChangedPicture(), /-original\.png does not match its checksum in the manifest/],
      [cut, /damaged: .*(unexpected end of file|cut short)/],
    ] as const) {
      const err = await restoreBackup({ file, ...target }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestoreRefused);
      expect((err as Error).message).toMatch(why);
      expect((err as Error).message).toMatch(/Nothing was restored; use another copy\.$/);
      // Nothing was restored: no database, no uploads, no leftovers.
      expect(readdirSync(target.dataDir)).toEqual([]);
    }
    if (target.databaseUrl) {
      const c = new pg.Client({ connectionString: target.databaseUrl });
      await c.connect();
      const n = (await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`))
        .rows[0].n;
      await c.end();
      expect(n).toBe(0);
    }
  });
});
