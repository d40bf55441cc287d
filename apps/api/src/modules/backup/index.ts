/**
 * The backup module's face (issue 45, decision 028): the back office's download, and what `npm run backup` and
 * `npm run restore` (db/backup-cli.ts, db/restore-cli.ts) run.
 */
export { adminBackupRoutes, type BackupRoutesOptions } from './routes.ts';
export {
  BackupRefused,
  dumpPostgres,
  dumpStoppedEmbedded,
  writeBackupFile,
  type Manifest,
} from './backup.ts';
export { restoreBackup, RestoreRefused, type RestoreReport } from './restore.ts';
export { PgToolMissing } from './pg-tools.ts';
