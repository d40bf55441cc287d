import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { contentTypeOf, DiskImageStore, type ImageStore } from '../../adapters/image-store.ts';
import { openPGliteThread } from '../../db/pglite-thread.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  embeddedInUse,
  MANIFEST,
  migrationJournal,
  readCounts,
  uploadedFiles,
  type Manifest,
} from './backup.ts';
import { findPgTool, pgConnection, runPgTool } from './pg-tools.ts';
import { readTar, TarError, type TarEntry } from './tar.ts';

/**
 * npm run restore (issue 45, decision 028): a backup (backup.ts) back into an empty data folder (DATA_DIR) or an
 * empty PostgreSQL database (DATABASE_URL). In this order, and nothing is changed before the third step:
 *   1. the target is checked: in use, or not empty without --force, refuses with a sentence naming what is there;
 *   2. the archive is unpacked beside the target (DATA_DIR/.restore-…) and every file checked against the
 *      manifest's size and sha256: a damaged or incomplete archive refuses;
 *   3. with --force, what was there is removed; the database is restored (the PGlite folder, or pg_restore), then
 *      the uploads are moved into place (or, with IMAGE_STORE=s3, put back into the bucket);
 *   4. the restored database's row counts are compared with the manifest's.
 */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** The .tar.gz made by npm run backup or the back office. */
  file: string;
  /** DATA_DIR: the uploads go to its uploads/, an embedded database to its pglite/. */
  dataDir: string;
  /** A PostgreSQL store: restore with pg_restore into this database. */
  databaseUrl?: string;
  /** Replace what is there. */
  force?: boolean;
  /** The image store the uploads go back to (IMAGE_STORE=s3: the bucket); default DATA_DIR/uploads. */
  images?: ImageStore;
  pgBinDir?: string;
}

export interface RestoreReport {
  manifest: Manifest;
  /** The restored database's counts (equal to the manifest's). */
  rows: Record<string, number>;
  uploads: number;
  /** What --force replaced, in words, or null when the target was empty. */
  replaced: string | null;
}

const SAFE_NAME = /^(manifest\.json|database\/(pglite\.tar|postgres\.dump)|uploads\/.+)$/;
const safeName = (name: string) =>
  SAFE_NAME.test(name) &&
  name.split('/').every((s) => s !== '' && s !== '.' && s !== '..') &&
  !name.includes('\\');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function describeRows(rows: Record<string, number>) {
  return `${plural(rows.orders ?? 0, 'order')}, ${plural(rows.users ?? 0, 'shopper')} and ${plural(rows.products ?? 0, 'product')}`;
}

/** What the target holds, in words, or null when empty. */
async function describeTarget(opts: RestoreOptions): Promise<string | null> {
  const parts: string[] = [];
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      const tables = Number(
        (
          await client.query(
            `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
          )
        ).rows[0].n,
      );
      if (tables > 0) {
        const counts = await readCounts(async (text) => (await client.query(text)).rows).catch(() => null);
        const db = new URL(opts.databaseUrl).pathname.slice(1);
        parts.push(
          `the database ${db} has ${plural(tables, 'table')}${counts ? ` (a store with ${describeRows(counts.rows)})` : ''}`,
        );
      }
    } finally {
      await client.end();
    }
  } else {
    const pgliteDir = path.join(opts.dataDir, 'pglite');
    const entries = existsSync(pgliteDir) ? await readdir(pgliteDir) : [];
    if (entries.length) {
      let what = `${plural(entries.length, 'entry', 'entries')}`;
      if (entries.includes('PG_VERSION')) {
        const thread = await openPGliteThread(pgliteDir);
        try {
          const counts = await readCounts(
            async (text) => (await thread.query<Record<string, unknown>>(text)).rows,
          );
          what = `a store with ${describeRows(counts.rows)}`;
        } catch {
          what = 'a database';
        } finally {
          await thread.close();
        }
      }
      parts.push(`${pgliteDir} holds ${what}`);
    }
  }
  const bucket = bucketOf(opts);
  if (bucket) {
    let n = 0;
    for await (const _ of bucket.list('')) n++;
    if (n) parts.push(`the image store's bucket holds ${plural(n, 'file')}`);
  } else {
    const uploads = (await uploadedFiles(path.join(opts.dataDir, 'uploads'))).length;
    if (uploads) parts.push(`${path.join(opts.dataDir, 'uploads')} holds ${plural(uploads, 'file')}`);
  }
  return parts.length ? parts.join(', and ') : null;
}

/** The archive's files written under `staging`, each checked against the manifest; the manifest. */
async function unpackVerified(file: string, staging: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new RestoreRefused(`The backup ${file} is damaged: ${why}. Nothing was restored; use another copy.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  try {
    for await (const entry of readTar(gunzip)) {
      if (entry.type === 'dir') continue;
      if (entry.type !== 'file' || !safeName(entry.name))
        throw damaged(`it holds ${entry.name}, which no backup of this store has`);
      if (entry.name === MANIFEST) {
        const parts: Buffer[] = [];
        for await (const c of entry.body) parts.push(c);
        manifestText = Buffer.concat(parts).toString('utf8');
        continue;
      }
      if (seen.has(entry.name)) throw damaged(`it holds ${entry.name} twice`);
      seen.set(entry.name, await writeEntry(entry, path.join(staging, entry.name)));
    }
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (err instanceof TarError || (typeof code === 'string' && code.startsWith('Z_')))
      throw damaged((err as Error).message);
    throw err;
  }
  if (manifestText === undefined) throw damaged('it has no manifest.json (it is cut short, or not a backup)');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw damaged('its manifest.json is not valid JSON');
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.files !== 'object')
    throw new RestoreRefused(
      `${file} is not a backup of this store (its manifest is not one npm run backup writes).`,
    );
  if (manifest.format_version > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `${file} was made by a newer version of the store (backup format ${manifest.format_version}, store ${manifest.store_version}): restore it with that version.`,
    );
  for (const [name, want] of Object.entries(manifest.files)) {
    const got = seen.get(name);
    if (!got) throw damaged(`${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw damaged(`${name} does not match its checksum in the manifest`);
  }
  for (const name of seen.keys()) if (!manifest.files[name]) throw damaged(`${name} is not in its manifest`);
  if (!manifest.files[manifest.database?.file]) throw damaged('it holds no database');
  return manifest;
}

async function writeEntry(entry: TarEntry, dest: string) {
  await mkdir(path.dirname(dest), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })(),
    ),
    createWriteStream(dest, { flags: 'wx' }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** PGlite's tar of its folder, unpacked into `dir` (as PGlite's own loadDataDir would, without holding it all). */
async function unpackPGlite(tarFile: string, dir: string) {
  await mkdir(dir, { recursive: true });
  for await (const entry of readTar(createReadStream(tarFile))) {
    const parts = entry.name.split('/');
    if (!entry.name || parts.some((s) => s === '..' || s === '.' || s === ''))
      throw new RestoreRefused(
        `The database in the backup holds an unexpected path (${entry.name}); nothing more was restored.`,
      );
    const dest = path.join(dir, ...parts);
    if (entry.type === 'dir') await mkdir(dest, { recursive: true });
    else if (entry.type === 'file' && entry.name !== 'postmaster.pid') {
      await mkdir(path.dirname(dest), { recursive: true });
      await pipeline(Readable.from(entry.body), createWriteStream(dest, { mode: 0o600 }));
    }
  }
}

/** Brings a backup back; see the top of this file. */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const file = path.resolve(opts.file);
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const pgliteDir = path.join(opts.dataDir, 'pglite');
  const uploadsDir = path.join(opts.dataDir, 'uploads');
  if (!opts.databaseUrl) {
    const busy = embeddedInUse(pgliteDir);
    if (busy) throw new RestoreRefused(busy);
  }
  const pgRestore = opts.databaseUrl ? findPgTool('pg_restore', opts.pgBinDir) : undefined;
  const there = await describeTarget(opts);
  if (there && !opts.force)
    throw new RestoreRefused(
      `The store to restore into is not empty: ${there}. A restore replaces all of it: run it again with --force to do so (and keep a backup of it first if it matters).`,
    );

  await mkdir(opts.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(opts.dataDir, '.restore-'));
  try {
    const manifest = await unpackVerified(file, staging);
    const kind = manifest.database.kind;
    if (kind === 'pglite' && opts.databaseUrl)
      throw new RestoreRefused(
        `This backup holds an embedded database (PGlite) and DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR (${opts.dataDir}). Moving a store from the embedded database to PostgreSQL is not done by a restore.`,
      );
    if (kind === 'postgres' && !opts.databaseUrl)
      throw new RestoreRefused(
        'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
      );
    const known = new Set(migrationJournal().map((m) => m.tag));
    if (manifest.last_migration && !known.has(manifest.last_migration))
      throw new RestoreRefused(
        `This backup's database has a migration this version of the store does not know (${manifest.last_migration}; made by store ${manifest.store_version}): restore it with that version or a newer one.`,
      );

    // 3. From here the target changes.
    const dumpFile = path.join(staging, manifest.database.file);
    let rows: Record<string, number>;
    if (kind === 'pglite') {
      await rm(pgliteDir, { recursive: true, force: true });
      await unpackPGlite(dumpFile, pgliteDir);
      const thread = await openPGliteThread(pgliteDir);
      try {
        rows = (await readCounts(async (text) => (await thread.query<Record<string, unknown>>(text)).rows))
          .rows;
      } finally {
        await thread.close();
      }
    } else {
      const url = opts.databaseUrl!;
      if (there) await emptyPostgres(url);
      const { url: bare, env } = pgConnection(url);
      await runPgTool(
        pgRestore!,
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${bare}`,
          dumpFile,
        ],
        env,
      );
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        rows = (await readCounts(async (text) => (await client.query(text)).rows)).rows;
      } finally {
        await client.end();
      }
    }
    const stagedUploads = path.join(staging, 'uploads');
    const bucket = bucketOf(opts);
    if (bucket) await putBack(bucket, stagedUploads);
    else {
      await rm(uploadsDir, { recursive: true, force: true });
      if (existsSync(stagedUploads)) await rename(stagedUploads, uploadsDir);
      else await mkdir(uploadsDir, { recursive: true });
    }

    // 4. The drill's own check: what came back is what was backed up.
    const differ = Object.entries(manifest.rows).filter(([t, n]) => rows[t] !== n);
    if (differ.length)
      throw new Error(
        `The restore ran, but the restored database does not hold what the backup says: ${differ.map(([t, n]) => `${t} ${rows[t] ?? 'missing'} instead of ${n}`).join(', ')}.`,
      );
    return { manifest, rows, uploads: manifest.uploads.files, replaced: there };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The store the uploads go back to when it is not DATA_DIR/uploads (a bucket), else null. */
const bucketOf = (opts: RestoreOptions) =>
  opts.images && !(opts.images instanceof DiskImageStore) ? opts.images : null;

/**
 * The backup's uploads into a bucket: what it held removed first (only reached with --force when it held any), then
 * every file of the backup put under its key, a few at a time.
 */
async function putBack(store: ImageStore, stagedUploads: string) {
  const old: string[] = [];
  for await (const f of store.list('')) old.push(f.key);
  for (let i = 0; i < old.length; i += 16)
    await Promise.all(old.slice(i, i + 16).map((k) => store.remove(k)));
  const keys = existsSync(stagedUploads) ? await uploadedFiles(stagedUploads) : [];
  for (let i = 0; i < keys.length; i += 16)
    await Promise.all(
      keys
        .slice(i, i + 16)
        .map(async (k) => store.put(k, await readFile(path.join(stagedUploads, k)), contentTypeOf(k))),
    );
}

/** --force on PostgreSQL: the store's schemas dropped and public made again, empty, for pg_restore. */
async function emptyPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}
