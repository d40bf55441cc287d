/**
 * npm run seed [-- --products N]
 *
 * Opens the database as the server does (DATABASE_URL, else PGlite under DATA_DIR), loads the demo catalog when it
 * has no products, and with --products N adds generated products until it has N (for load tests: bench/api-bench.ts).
 * Safe to run again: whatever is already there is kept.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { addGeneratedProducts } from './seed/bulk.ts';
import { seedDemo } from './seed/index.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  const target = values.products === undefined ? 0 : Number(values.products.replace(/[_,]/g, ''));
  if (!Number.isInteger(target) || target < 0) {
    throw new Error(`--products must be a whole number of products, not "${values.products}"`);
  }
  const config = loadConfig();
  const dataDir = path.resolve(repoRoot, config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    const now = new Date();
    let t = Date.now();
    const { seeded } = await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads'), now });
    console.log(
      seeded
        ? `Loaded the demo catalog in ${((Date.now() - t) / 1000).toFixed(1)} s.`
        : 'The database already has products: the demo catalog was not loaded again.',
    );
    if (target > 0) {
      t = Date.now();
      console.log(`Growing the catalog to ${target.toLocaleString('en-US')} products...`);
      const since = Date.now();
      const log = (line: string) => console.log(`${line} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
      const added = await addGeneratedProducts(database.db, target, { now, log });
      console.log(
        added
          ? `Added ${added.toLocaleString('en-US')} generated products in ${((Date.now() - t) / 1000).toFixed(1)} s.`
          : `Already ${target.toLocaleString('en-US')} products or more: nothing added.`,
      );
    }
    await database.maintain();
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
