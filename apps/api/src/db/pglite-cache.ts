/**
 * The embedded database's page cache (PostgreSQL's shared_buffers). PGlite's own is 128 MB; past it, a page the
 * database reads or writes comes through PGlite's file system, in JavaScript, a call at a time. A large catalog
 * (570 MB of tables and indexes in bench:index-follow's 100,000 products) then pays for it in every write that
 * touches pages spread over the products table and its indexes, such as an ERP's sync of 250 prices, which every
 * shopper's read waits behind on the one connection (issue 50, decision 040). The cache's memory is taken when the
 * database opens (PGlite fills it with zeros): the process's memory grows by the cache's size at start-up, and the
 * open takes about 0.3 s longer per 100 MB past 128.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** PGlite's own cache, and the least the default gives. */
export const PGLITE_CACHE_MB = 128;
/** The most the default gives: PGlite's memory is at most 2 GB, shared with its sorts and the statements'. */
export const DEFAULT_CACHE_MB_AT_MOST = 768;

/** The bytes of a database folder's tables and indexes (its base/ folder: WAL and state left out). */
export function tablesBytes(pgliteDir: string): number {
  let bytes = 0;
  let entries;
  try {
    entries = readdirSync(path.join(pgliteDir, 'base'), { recursive: true, withFileTypes: true });
  } catch {
    return 0; // a new database: nothing yet
  }
  for (const e of entries) {
    if (!e.isFile()) continue;
    try {
      bytes += statSync(path.join(e.parentPath, e.name)).size;
    } catch {
      // gone meanwhile
    }
  }
  return bytes;
}

/**
 * EMBEDDED_DATABASE_CACHE_MB, or its default: as large as the database's tables and indexes at start-up (so the
 * whole catalog stays in it), from 128 MB (PGlite's own, and every small shop's) to 768 MB.
 */
export function embeddedCacheMbOf(setting: number | undefined, pgliteDir: string): number {
  if (setting !== undefined) return setting;
  if (pgliteDir.startsWith('memory://')) return PGLITE_CACHE_MB;
  const mb = Math.ceil(tablesBytes(pgliteDir) / 2 ** 20);
  return Math.min(DEFAULT_CACHE_MB_AT_MOST, Math.max(PGLITE_CACHE_MB, mb));
}
