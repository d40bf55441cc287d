/**
 * The embedded database's page cache (pglite-cache.ts): as large as its tables and indexes at start-up, from PGlite's
 * own 128 MB to 768, unless EMBEDDED_DATABASE_CACHE_MB says; the database opens with it.
 */
import { mkdirSync, mkdtempSync, openSync, closeSync, ftruncateSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { embeddedCacheMbOf } from './pglite-cache.ts';
import { rows } from './rows.ts';
import { sql } from 'drizzle-orm';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A database folder whose base/ holds files of these sizes in MB (sparse: no disk taken). */
function folderOf(...mbs: number[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-cache-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
  mkdirSync(path.join(dir, 'pg_wal'), { recursive: true });
  mbs.forEach((mb, i) => {
    const fd = openSync(path.join(dir, 'base', '5', `${16384 + i}`), 'w');
    ftruncateSync(fd, mb * 2 ** 20);
    closeSync(fd);
  });
  // The WAL is not the tables': left out.
  const wal = openSync(path.join(dir, 'pg_wal', '000000010000000000000001'), 'w');
  ftruncateSync(wal, 900 * 2 ** 20);
  closeSync(wal);
  return dir;
}

describe('the embedded database’s page cache', () => {
  it('is the size of the tables and indexes, from 128 MB to 768 MB; the setting wins', () => {
    expect(embeddedCacheMbOf(undefined, folderOf(10, 20))).toBe(128);
    expect(embeddedCacheMbOf(undefined, folderOf(250, 100.5))).toBe(351);
    expect(embeddedCacheMbOf(undefined, folderOf(900, 900))).toBe(768);
    expect(embeddedCacheMbOf(undefined, path.join(tmpdir(), 'no-such-store-folder'))).toBe(128);
    expect(embeddedCacheMbOf(undefined, 'memory://')).toBe(128);
    expect(embeddedCacheMbOf(64, folderOf(900))).toBe(64);
  });

  it('EMBEDDED_DATABASE_CACHE_MB takes a whole number of MB from 16 to 1536; anything else stops the start, naming it', () => {
    expect(loadConfig({ EMBEDDED_DATABASE_CACHE_MB: '512' }).EMBEDDED_DATABASE_CACHE_MB).toBe(512);
    expect(loadConfig({}).EMBEDDED_DATABASE_CACHE_MB).toBeUndefined();
    for (const wrong of ['8', '2048', '1.5', 'lots'])
      expect(() => loadConfig({ EMBEDDED_DATABASE_CACHE_MB: wrong })).toThrow(
        /EMBEDDED_DATABASE_CACHE_MB must be a whole number of megabytes from 16 to 1536/,
      );
  });

  it('the database opens with it', async () => {
    const database = await openDatabase({ dataDir: 'memory://', embeddedCacheMb: 48 });
    try {
      const [shown] = await rows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(shown!.shared_buffers).toBe('48MB');
    } finally {
      await database.close();
    }
    const plain = await openDatabase({ dataDir: 'memory://' });
    try {
      const [shown] = await rows<{ shared_buffers: string }>(plain.db, sql`show shared_buffers`);
      expect(shown!.shared_buffers).toBe('128MB');
    } finally {
      await plain.close();
    }
  });
});
