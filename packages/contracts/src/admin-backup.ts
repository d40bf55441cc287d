import { z } from 'zod';
import type { Locale } from './constants.ts';

/**
 * GET /v1/admin/backup/check (owners): whether the server can make a backup now, before the browser downloads
 * GET /v1/admin/backup (issue 45). A refusal answers with one of backupMessages instead.
 */
export const adminBackupCheckSchema = z.object({
  /** embedded: PGlite under DATA_DIR; postgresql: pg_dump of DATABASE_URL. */
  database: z.enum(['embedded', 'postgresql']),
});
export type AdminBackupCheck = z.infer<typeof adminBackupCheckSchema>;

/** The API's answers about backups, in both languages (apiMessages holds them). */
export const backupMessages = {
  backup_running: {
    en: 'A backup is being made right now. Try again when it is done.',
    ar: 'فيه نسخة احتياطية بتتعمل دلوقتي. جرّب تاني لما تخلص.',
  },
  backup_tool_missing: {
    en: "This server cannot make a backup: PostgreSQL's pg_dump is not installed on it (README, Backups).",
    ar: 'السيرفر ده مش قادر يعمل نسخة احتياطية: برنامج pg_dump بتاع PostgreSQL مش متثبت عليه (README، Backups).',
  },
  backup_failed: {
    en: 'The backup could not be made. The server log says why; try again or run npm run backup on the server.',
    ar: 'النسخة الاحتياطية معرفتش تتعمل. سجل السيرفر فيه السبب؛ جرّب تاني أو شغّل npm run backup على السيرفر.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
