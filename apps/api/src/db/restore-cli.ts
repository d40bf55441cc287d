/**
 * npm run restore -- FILE [--force]
 *
 * Brings a backup (npm run backup, or the back office's download) back: the uploads into DATA_DIR/uploads (or the
 * bucket, IMAGE_STORE=s3) and the
 * database into DATA_DIR/pglite, or with DATABASE_URL into that PostgreSQL database (pg_restore). The target must
 * be empty unless --force; the archive's checksums are checked before anything changes (modules/backup/restore.ts,
 * decision 028). Stop the store first; start it afterwards (it applies any newer migrations).
 */
import path from 'node:path';
import { createImageStore } from '../adapters/image-store-settings.ts';
import { loadConfig } from '../config.ts';
import { PgToolMissing, restoreBackup, RestoreRefused } from '../modules/backup/index.ts';
import { storeDirs } from './store-dirs.ts';

const usage = 'usage: npm run restore -- FILE [--force]';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-'))
    throw new RestoreRefused(
      rest.find((a) => a.startsWith('-'))
        ? `Unknown argument ${rest.find((a) => a.startsWith('-'))}. ${usage}`
        : usage,
    );
  const config = loadConfig();
  const { dataDir, uploadsDir } = storeDirs(config);
  const report = await restoreBackup({
    file: path.resolve(process.cwd(), rest[0]!),
    dataDir,
    databaseUrl: config.DATABASE_URL,
    force,
    pgBinDir: config.PG_BIN_DIR,
    images: await createImageStore(config, uploadsDir),
  });
  const m = report.manifest;
  const rows = Object.entries(report.rows)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');
  if (report.replaced) console.log(`Replaced: ${report.replaced}.`);
  console.log(
    `Restored the backup of ${m.created_at} (store ${m.store_version}, migration ${m.last_migration ?? 'none'}) into ${config.DATABASE_URL ? 'the PostgreSQL database' : `${dataDir}/pglite`} and ${config.IMAGE_STORE === 's3' ? `the bucket ${config.S3_BUCKET}` : `${dataDir}/uploads`}: ${rows}, and ${report.uploads} uploaded files, all as in the backup. Start the store now.`,
  );
}

main().catch((err: unknown) => {
  const known = err instanceof RestoreRefused || err instanceof PgToolMissing;
  console.error(
    known || !(err instanceof Error)
      ? String(err instanceof Error ? err.message : err)
      : `The restore failed: ${err.message}`,
  );
  process.exit(1);
});
