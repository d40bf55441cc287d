/**
 * npm run seed [-- --products N] [-- --orders N]
 *
 * Opens the database as the server does (DATABASE_URL, else PGlite under DATA_DIR), loads the demo catalog when it
 * has no products, with --products N adds generated products until it has N (for load tests: bench/api-bench.ts),
 * and with --orders N adds generated placed orders, and shoppers for them, until it has N (seed/orders.ts;
 * bench/admin-bench.ts). Safe to run again: whatever is already there is kept.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createImageStore } from '../adapters/image-store-settings.ts';
import { checkDataDir, loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { addGeneratedProducts } from './seed/bulk.ts';
import { seedDemo } from './seed/index.ts';
import { addGeneratedOrders } from './seed/orders.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string' }, orders: { type: 'string' } } });
  const count = (name: 'products' | 'orders') => {
    const raw = values[name];
    const n = raw === undefined ? 0 : Number(raw.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`--${name} must be a whole number of ${name}, not "${raw}"`);
    return n;
  };
  const target = count('products');
  const orderTarget = count('orders');
  const config = loadConfig();
  const dataDir = path.resolve(repoRoot, config.DATA_DIR);
  checkDataDir(dataDir, { embeddedDatabase: !config.DATABASE_URL, uploads: config.IMAGE_STORE === 'disk' });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    const now = new Date();
    let t = Date.now();
    const uploadsDir = path.join(dataDir, 'uploads');
    const images = await createImageStore(config, uploadsDir);
    const { seeded } = await seedDemo(database.db, { uploadsDir, images, now });
    console.log(
      seeded
        ? `Loaded the demo catalog in ${((Date.now() - t) / 1000).toFixed(1)} s.`
        : 'The database already has products: the demo catalog was not loaded again.',
    );
    let addedProducts = 0;
    let addedOrders = 0;
    if (target > 0) {
      t = Date.now();
      console.log(`Growing the catalog to ${target.toLocaleString('en-US')} products...`);
      const since = Date.now();
      const log = (line: string) => console.log(`${line} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
      addedProducts = await addGeneratedProducts(database.db, target, { now, log });
      console.log(
        addedProducts
          ? `Added ${addedProducts.toLocaleString('en-US')} generated products in ${((Date.now() - t) / 1000).toFixed(1)} s.`
          : `Already ${target.toLocaleString('en-US')} products or more: nothing added.`,
      );
    }
    if (orderTarget > 0) {
      t = Date.now();
      console.log(
        `Adding generated orders until there are ${orderTarget.toLocaleString('en-US')} placed orders...`,
      );
      const log = (line: string) => console.log(`${line} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
      addedOrders = await addGeneratedOrders(database.db, orderTarget, { now, log });
      console.log(
        addedOrders
          ? `Added ${addedOrders.toLocaleString('en-US')} generated orders in ${((Date.now() - t) / 1000).toFixed(1)} s.`
          : `Already ${orderTarget.toLocaleString('en-US')} placed orders or more: nothing added.`,
      );
    }
    // PostgreSQL: statistics and the visibility map now, rather than whenever autovacuum comes (the lists' counts
    // are index-only scans, and a trigram index's pending entries are merged). VACUUM marks a page visible to all
    // only once the commits of its rows are known to be on disk; a server with synchronous_commit off
    // (scripts/pg-local.sh, shared with tests) may not know it yet, so VACUUM runs again, a second later, until
    // the grown tables' pages are marked.
    if ((addedProducts || addedOrders) && config.DATABASE_URL) {
      const watched = addedOrders ? 'orders' : 'products';
      for (let round = 1; round <= 5; round++) {
        await database.db.execute(
          sql`vacuum analyze products, specifications, orders, order_products, users, addresses, payments`,
        );
        const res = await database.db.execute(
          sql`select relpages as pages, relallvisible as visible from pg_class where relname = ${watched}`,
        );
        const [vm] = (res as unknown as { rows: { pages: number; visible: number }[] }).rows;
        console.log(`  vacuumed: ${vm!.visible} of the ${watched}' ${vm!.pages} pages visible to all`);
        if (vm!.visible >= vm!.pages * 0.95) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    await database.maintain();
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  // A failed query's own reason (Drizzle wraps it).
  if (err instanceof Error && err.cause instanceof Error) console.error(err.cause.message);
  process.exit(1);
});
