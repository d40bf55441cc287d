import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { DiskImageStore, type ImageStore } from '../../adapters/image-store.ts';
import { folderHolder } from '../../db/folder-lock.ts';
import { openPGliteThread } from '../../db/pglite-thread.ts';
import { findPgTool, pgConnection, pgToolVersion, runPgTool } from './pg-tools.ts';
import { tarEnd, tarFile } from './tar.ts';

/**
 * A backup (issue 45, decision 028): one .tar.gz holding
 *   database/pglite.tar     the embedded database's folder (PGlite's dumpDataDir), or
 *   database/postgres.dump  pg_dump's custom format of DATABASE_URL;
 *   uploads/…               every uploaded file (the pictures), as under DATA_DIR/uploads or in the bucket
 *                           (IMAGE_STORE=s3: the bucket's objects, listed and read through the image store);
 *   manifest.json           last: versions, the last migration, row counts, and every file's size and sha256.
 * restore.ts reads it back.
 */
export const BACKUP_FORMAT = 'souq-store-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

/** What a manifest counts and a restore checks: the store's main tables. */
export const COUNTED_TABLES = [
  'orders',
  'order_products',
  'payments',
  'users',
  'addresses',
  'products',
  'product_images',
  'categories',
  'brands',
  'staff',
] as const;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  /** The store's version (package.json) that made it. */
  store_version: string;
  database: {
    kind: DatabaseKind;
    /** Its file in the archive. */
    file: string;
    /** `select version()`: PostgreSQL's, or PGlite's (which names its own version too). */
    server_version: string;
    /** What made the dump: "PGlite 0.5.16 dumpDataDir" or "pg_dump (PostgreSQL) 15.18". */
    made_with: string;
  };
  /** The newest migration applied to the database (apps/api/drizzle), or null on one never migrated. */
  last_migration: string | null;
  /** Rows of the main tables, read in the same snapshot as the dump. */
  rows: Record<string, number>;
  uploads: { files: number; bytes: number };
  /** Every other file of the archive: its size and sha256 (hex). */
  files: Record<string, { size: number; sha256: string }>;
}

/** The database part of a backup, dumped: its file, and what the manifest says of it. */
export interface DatabaseDump {
  kind: DatabaseKind;
  file: string;
  size: number;
  body(): Buffer | AsyncIterable<Buffer>;
  serverVersion: string;
  madeWith: string;
  /** drizzle's created_at of the newest applied migration. */
  appliedAt: number | null;
  rows: Record<string, number>;
  /** Frees what the dump held (a temporary file). */
  dispose(): Promise<void>;
}

export class BackupRefused extends Error {}

const journalFile = new URL('../../../drizzle/meta/_journal.json', import.meta.url);
const rootPackage = new URL('../../../../../package.json', import.meta.url);

/** The committed migrations, oldest first. */
export function migrationJournal(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] })
    .entries;
}

/** The tag of the migration drizzle recorded with `created_at`, or a description when this code does not know it. */
export function migrationTag(appliedAt: number | null): string | null {
  if (appliedAt === null) return null;
  return migrationJournal().find((m) => m.when === appliedAt)?.tag ?? `unknown (made at ${appliedAt})`;
}

export function storeVersion(): string {
  try {
    return (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The tables there are (public and drizzle's schema): an older database may lack some of the counted ones. */
async function existingTables(query: Query): Promise<Set<string>> {
  const rows = await query(
    `select schemaname || '.' || tablename as t from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  return new Set(rows.map((r) => String(r.t)));
}

/** One statement: the server's version, the newest applied migration and the row counts. */
function snapshotQuery(tables: Set<string>): string {
  const parts = [
    'version() as version',
    tables.has('drizzle.__drizzle_migrations')
      ? '(select max(created_at)::text from drizzle.__drizzle_migrations) as applied'
      : 'null::text as applied',
    ...COUNTED_TABLES.filter((t) => tables.has(`public.${t}`)).map(
      (t) => `(select count(*) from public."${t}")::text as "rows_${t}"`,
    ),
  ];
  return `select ${parts.join(', ')}`;
}

function readSnapshot(row: Record<string, unknown>) {
  const rows: Record<string, number> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith('rows_')) rows[k.slice(5)] = Number(v);
  return {
    serverVersion: String(row.version).split(' on ')[0]!,
    appliedAt: row.applied ? Number(row.applied) : null,
    rows,
  };
}

/** Counts (and version, migration) of a database, e.g. after a restore. */
export async function readCounts(query: Query) {
  const tables = await existingTables(query);
  return readSnapshot((await query(snapshotQuery(tables)))[0]!);
}

/**
 * The embedded database, through a handle that can dump it (the running store's own, or one opened on a stopped
 * store's folder): the counts and the folder's tar in one turn of its thread, so they match.
 */
export async function dumpEmbedded(
  query: Query,
  dumpDataDir: (text: string) => Promise<{ rows: Record<string, unknown>[]; tar: Uint8Array }>,
): Promise<DatabaseDump> {
  const tables = await existingTables(query);
  const { rows, tar } = await dumpDataDir(snapshotQuery(tables));
  const snapshot = readSnapshot(rows[0]!);
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  return {
    kind: 'pglite',
    file: 'database/pglite.tar',
    size: bytes.length,
    body: () => bytes,
    ...snapshot,
    madeWith: `${/PGlite [\d.]+/.exec(snapshot.serverVersion)?.[0] ?? 'PGlite'} dumpDataDir`,
    dispose: async () => {},
  };
}

/**
 * A PostgreSQL database with pg_dump (custom format) while the store runs: a repeatable-read transaction exports
 * its snapshot, the counts are read in it and pg_dump dumps that very snapshot. The dump goes to a temporary file
 * first (the archive needs its size before its bytes).
 */
export async function dumpPostgres(databaseUrl: string, pgBinDir?: string): Promise<DatabaseDump> {
  const pgDump = findPgTool('pg_dump', pgBinDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-backup-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshotId = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
    const snapshot = await readCounts(async (text) => (await client.query(text)).rows);
    const file = path.join(dir, 'postgres.dump');
    const { url, env } = pgConnection(databaseUrl);
    await runPgTool(
      pgDump,
      ['--format=custom', `--snapshot=${snapshotId}`, `--file=${file}`, `--dbname=${url}`],
      env,
    );
    await client.query('commit');
    const size = (await stat(file)).size;
    return {
      kind: 'postgres',
      file: 'database/postgres.dump',
      size,
      body: () => createReadStream(file),
      madeWith: await pgToolVersion(pgDump),
      ...snapshot,
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Every uploaded file under `uploadsDir`, as paths relative to it with "/". Left out: the folders of derived
 * pictures (".sizes", ".share": made again on demand) and files being written (the disk store's "*.xxxxxxxx.tmp").
 */
export async function uploadedFiles(uploadsDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries;
    try {
      entries = await readdir(path.join(uploadsDir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(rel === '' && e.name.startsWith('.'))) await walk(r);
      } else if (e.isFile() && !/\.[0-9a-f]{8}\.tmp$/.test(e.name)) out.push(r);
    }
  };
  await walk('');
  return out.sort();
}

const sha256 = () => createHash('sha256');

/**
 * The uploads a backup holds, by key, with their bytes: the folder's files (as `uploadedFiles` lists them), or the
 * objects of another store (a bucket) but for the derived pictures, which are made again on demand.
 */
async function* storedUploads(store: ImageStore): AsyncGenerator<[string, Buffer]> {
  if (store instanceof DiskImageStore) {
    for (const rel of await uploadedFiles(store.root)) {
      try {
        yield [rel, await readFile(path.join(store.root, rel))]; // pictures are small: whole, so size and bytes agree
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed
        throw err;
      }
    }
    return;
  }
  for await (const { key } of store.list('')) {
    const file = await store.get(key);
    if (file) yield [key, file.data]; // else removed since it was listed
  }
}

/**
 * The archive's tar stream (to be gzipped): the database, the uploads, then the manifest with every checksum.
 * `done` receives the manifest once the last byte is out.
 */
export async function* backupTar(
  dump: DatabaseDump,
  uploads: ImageStore | undefined,
  now: Date,
  done?: (manifest: Manifest) => void,
): AsyncGenerator<Buffer> {
  const files: Manifest['files'] = {};
  const dbHash = sha256();
  yield* tarFile(dump.file, dump.size, dump.body(), { mtime: now, onChunk: (c) => dbHash.update(c) });
  files[dump.file] = { size: dump.size, sha256: dbHash.digest('hex') };
  let count = 0;
  let bytes = 0;
  if (uploads)
    for await (const [rel, data] of storedUploads(uploads)) {
      const name = `uploads/${rel}`;
      yield* tarFile(name, data.length, data, { mtime: now });
      files[name] = { size: data.length, sha256: sha256().update(data).digest('hex') };
      count++;
      bytes += data.length;
    }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: now.toISOString(),
    store_version: storeVersion(),
    database: {
      kind: dump.kind,
      file: dump.file,
      server_version: dump.serverVersion,
      made_with: dump.madeWith,
    },
    last_migration: migrationTag(dump.appliedAt),
    rows: dump.rows,
    uploads: { files: count, bytes },
    files,
  };
  const text = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield* tarFile(MANIFEST, text.length, text, { mtime: now });
  yield tarEnd();
  done?.(manifest);
}

/** The archive as a gzip stream (GET /v1/admin/backup); the dump is disposed of when it ends or fails. */
export function backupStream(
  dump: DatabaseDump,
  uploads: ImageStore | undefined,
  now: Date,
  done?: (manifest: Manifest) => void,
): Readable {
  const gzip = createGzip({ level: 6 });
  pipeline(Readable.from(backupTar(dump, uploads, now, done)), gzip)
    .catch((err: unknown) => gzip.destroy(err as Error))
    .finally(() => void dump.dispose());
  return gzip;
}

/**
 * Writes the archive to `out` (a file, or a folder that gets store-backup-<time>.tar.gz): first under a temporary
 * name beside it, renamed once whole, so a backup cut short never stands under the final name.
 */
export async function writeBackupFile(
  dump: DatabaseDump,
  uploads: ImageStore | undefined,
  out: string,
  now: Date,
): Promise<{ file: string; manifest: Manifest; bytes: number }> {
  let file = path.resolve(out);
  if (existsSync(file) && (await stat(file)).isDirectory())
    file = path.join(
      file,
      `store-backup-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`,
    );
  if (!existsSync(path.dirname(file)))
    throw new BackupRefused(
      `The folder ${path.dirname(file)} does not exist: create it, or name another with --out.`,
    );
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  let manifest: Manifest | undefined;
  try {
    await pipeline(
      Readable.from(backupTar(dump, uploads, now, (m) => (manifest = m))),
      createGzip({ level: 6 }),
      createWriteStream(partial, { flags: 'wx' }),
    );
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await dump.dispose();
  }
  return { file, manifest: manifest!, bytes: (await stat(file)).size };
}

/** Why the embedded database under `pgliteDir` cannot be opened by a second process now, or null. */
export function embeddedInUse(pgliteDir: string): string | null {
  if (folderHolder(pgliteDir) === null && !existsSync(path.join(pgliteDir, 'postmaster.pid'))) return null;
  return `The embedded database in ${pgliteDir} is in use: a store (npm start, npm run serve) has it open, and one process at a time may. Stop the store first, or download a backup from the back office (Dashboard, Backup) while it runs. If no store is running, it stopped without closing the database: start it and stop it once (Ctrl+C), then try again.`;
}

/** The embedded database of a stopped store (npm run backup), opened on its folder just for the dump. */
export async function dumpStoppedEmbedded(pgliteDir: string): Promise<DatabaseDump> {
  const busy = embeddedInUse(pgliteDir);
  if (busy) throw new BackupRefused(busy);
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupRefused(
      `There is no embedded database in ${pgliteDir}: check DATA_DIR (or set DATABASE_URL for a PostgreSQL store).`,
    );
  const thread = await openPGliteThread(pgliteDir);
  try {
    return await dumpEmbedded(
      async (text) => (await thread.query<Record<string, unknown>>(text)).rows,
      (text) => thread.dumpDataDir(text),
    );
  } finally {
    await thread.close();
  }
}
