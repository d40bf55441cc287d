/**
 * The embedded database made ready before the server starts: `npm start` runs this on a store's first start, while
 * the storefront is still being built (scripts/build.mjs --prepare-database), so PGlite's initdb, the migrations and
 * the demo catalog no longer wait for the build, nor the build for them (issue 43, item 12).
 *
 * Only the embedded database, and only when it is not there yet: a PostgreSQL server is migrated by
 * `npm run db:migrate` or the server itself (MIGRATE_ON_START), and an existing store is left to the server. The
 * settings are read and checked as the server reads them, so a wrong one stops here with the server's sentence.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createImageStore } from '../adapters/image-store-settings.ts';
import { checkDataDir, loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedDemo } from './seed/index.ts';
import { storeDirs } from './store-dirs.ts';

async function main() {
  const config = loadConfig();
  if (config.DATABASE_URL) return;
  const { dataDir, pgliteDir, uploadsDir } = storeDirs(config);
  if (existsSync(pgliteDir)) return;
  checkDataDir(dataDir, { embeddedDatabase: true });
  const t0 = Date.now();
  // Made in a folder of its own and moved into place whole: a start stopped half-way leaves no half-made database
  // for the server to take as the store's (the next start makes it again).
  const making = `${pgliteDir}.making`;
  rmSync(making, { recursive: true, force: true, maxRetries: 5 });
  const database = await openDatabase({ dataDir: making });
  try {
    if (config.SEED_DEMO === 'true')
      await seedDemo(database.db, {
        uploadsDir,
        images: await createImageStore(config, uploadsDir),
        now: new Date(),
      });
    await database.maintain();
  } finally {
    await database.close();
  }
  renameSync(making, pgliteDir);
  console.log(
    `Made the embedded database in ${((Date.now() - t0) / 1000).toFixed(1)} s${config.SEED_DEMO === 'true' ? ', with the demo catalog' : ''}.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
