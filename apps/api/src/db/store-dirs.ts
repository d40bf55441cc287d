/**
 * Where a store keeps its files, as every command and the server read DATA_DIR: relative to the repository (the
 * folder `npm start` runs in), with the embedded database in `pglite` and the uploaded files in `uploads` beside it.
 * One place, so the commands (db:migrate, seed, backup, restore, the first start's database) cannot drift apart.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

/** The repository's root (this file is apps/api/src/db/store-dirs.ts, or its build under apps/api/dist/db). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface StoreDirs {
  /** DATA_DIR, made absolute. */
  dataDir: string;
  /** The embedded database's folder (PGlite), used when DATABASE_URL is not set. */
  pgliteDir: string;
  /** The uploaded files' folder (IMAGE_STORE=disk). */
  uploadsDir: string;
}

export function storeDirs(config: Pick<Config, 'DATA_DIR'>): StoreDirs {
  const dataDir = path.resolve(repoRoot, config.DATA_DIR);
  return { dataDir, pgliteDir: path.join(dataDir, 'pglite'), uploadsDir: path.join(dataDir, 'uploads') };
}
