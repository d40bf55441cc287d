/**
 * npm run backup -- --out FILE
 *
 * Writes one .tar.gz with the database, every uploaded file (DATA_DIR/uploads, or the bucket with IMAGE_STORE=s3)
 * and a manifest (versions, the last migration, row
 * counts, checksums): modules/backup, decision 028. FILE may be a folder: the archive is then named
 * store-backup-<UTC time>.tar.gz in it. On PostgreSQL (DATABASE_URL) it runs while the store runs (pg_dump of one
 * snapshot). On the embedded database the store must be stopped (one process holds it); while it runs, an owner
 * downloads the same archive from the back office (Dashboard, Backup).
 */
import { createImageStore } from '../adapters/image-store-settings.ts';
import { loadConfig } from '../config.ts';
import {
  BackupRefused,
  dumpPostgres,
  dumpStoppedEmbedded,
  PgToolMissing,
  writeBackupFile,
} from '../modules/backup/index.ts';
import { storeDirs } from './store-dirs.ts';

const usage =
  'usage: npm run backup -- --out FILE (or a folder: store-backup-<time>.tar.gz is written in it)';

function outArg(args: string[]): string {
  const at = args.findIndex((a) => a === '--out' || a.startsWith('--out='));
  const value = at === -1 ? undefined : args[at]!.startsWith('--out=') ? args[at]!.slice(6) : args[at + 1];
  const unknown = args.filter((a, i) => i !== at && !(args[at] === '--out' && i === at + 1));
  if (!value || unknown.length)
    throw new BackupRefused(unknown.length ? `Unknown argument ${unknown[0]}. ${usage}` : usage);
  return value;
}

async function main() {
  const out = outArg(process.argv.slice(2));
  const config = loadConfig();
  const { pgliteDir, uploadsDir } = storeDirs(config);
  const started = Date.now();
  const dump = config.DATABASE_URL
    ? await dumpPostgres(config.DATABASE_URL, config.PG_BIN_DIR)
    : await dumpStoppedEmbedded(pgliteDir);
  const { file, manifest, bytes } = await writeBackupFile(
    dump,
    await createImageStore(config, uploadsDir),
    out,
    new Date(),
  );
  const rows = Object.entries(manifest.rows)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');
  console.log(
    `Backup written to ${file} (${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s): the ${manifest.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} at migration ${manifest.last_migration ?? 'none'} (${rows}) and ${manifest.uploads.files} uploaded files. Restore it with: npm run restore -- ${file}`,
  );
}

main().catch((err: unknown) => {
  const known = err instanceof BackupRefused || err instanceof PgToolMissing;
  console.error(
    known || !(err instanceof Error)
      ? String(err instanceof Error ? err.message : err)
      : `The backup failed: ${err.message}`,
  );
  process.exit(1);
});
