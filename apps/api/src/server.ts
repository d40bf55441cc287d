import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/index.ts';
import { startJobs } from './jobs.ts';
import { systemClock } from './lib/clock.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function main() {
  const config = loadConfig();
  const dataDir = path.resolve(repoRoot, config.DATA_DIR);
  const uploadsDir = path.join(dataDir, 'uploads');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  if (config.SEED_DEMO === 'true') {
    const { seeded } = await seedDemo(database.db, { uploadsDir, now: systemClock.now() });
    if (seeded) console.log('Loaded the demo catalog.');
  }
  const app = await buildApp({
    database,
    env: config.NODE_ENV,
    uploadsDir,
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    logger: { level: config.LOG_LEVEL },
    catalogCacheMs: config.CATALOG_CACHE_SECONDS * 1000,
  });
  const stopJobs = startJobs(app.ctx);
  const close = async () => {
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(
    `The store is running at http://${shown}:${config.PORT} (database: ${database.kind === 'pglite' ? `embedded, ${dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
