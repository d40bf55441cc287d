/**
 * npm run db:migrate
 *
 * Brings the database to this version's schema and stops. On PostgreSQL (DATABASE_URL) the migrations run under an
 * advisory lock, so a rollout may run it from several places at once (decision 027); instances started with
 * MIGRATE_ON_START=false then wait for it. Without DATABASE_URL it migrates the embedded database under DATA_DIR
 * (stop the store first: one process holds an embedded database).
 */
import { checkDataDir, loadConfig } from '../config.ts';
import { migratePostgres, openDatabase, schemaState } from './client.ts';
import { storeDirs } from './store-dirs.ts';

async function main() {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    await migratePostgres(config.DATABASE_URL, config.DATABASE_CONNECT_TIMEOUT_MS);
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1, migrate: false });
    try {
      const state = await schemaState(database.db);
      console.log(`The database is at this version's schema (migration ${state.needed}).`);
    } finally {
      await database.close();
    }
    return;
  }
  const { dataDir, pgliteDir } = storeDirs(config);
  checkDataDir(dataDir, { embeddedDatabase: true });
  const database = await openDatabase({ dataDir: pgliteDir });
  try {
    const state = await schemaState(database.db);
    console.log(
      `The embedded database under ${dataDir} is at this version's schema (migration ${state.needed}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
