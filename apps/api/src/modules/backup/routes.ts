import { adminBackupCheckSchema, type AdminBackupCheck } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, currentStaff, requireStaff } from '../staff/index.ts';
import { backupStream, dumpEmbedded, dumpPostgres, type DatabaseDump } from './backup.ts';
import { findPgTool, PgToolMissing } from './pg-tools.ts';

export interface BackupRoutesOptions {
  database: Database;
  /** The app's image store (DATA_DIR/uploads or the bucket): its files go into the backup. */
  images?: ImageStore;
  /** PG_BIN_DIR: where pg_dump is (else PATH, /usr/lib/postgresql/*). */
  pgBinDir?: string;
}

const tags = ['admin: backup'];

/**
 * A backup while the store runs (issue 45, decision 028), for owners only: the same archive as `npm run backup`.
 * On the embedded database the store's own PGlite thread dumps its folder (requests wait for the second or two it
 * takes); on PostgreSQL pg_dump dumps one snapshot. One backup at a time per instance.
 */
export const adminBackupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, opts) => {
  const { database } = opts;
  let running = false;
  app.addHook('onRequest', requireStaff('backup'));

  /** What refuses a backup now, before anything is dumped. */
  const check = (): AdminBackupCheck => {
    if (running) throw new AppError(409, 'backup_running', ['backup_running']);
    if (database.kind === 'postgres') {
      try {
        findPgTool('pg_dump', opts.pgBinDir);
      } catch (err) {
        if (err instanceof PgToolMissing) {
          app.log.warn({ err: err.message }, 'backup: pg_dump not found');
          throw new AppError(503, 'backup_tool_missing', ['backup_tool_missing']);
        }
        throw err;
      }
      return { database: 'postgresql' };
    }
    return { database: 'embedded' };
  };

  app.get(
    '/backup/check',
    {
      schema: {
        tags,
        description:
          'Whether a backup can be made now (the back office asks before it downloads GET /v1/admin/backup): 409 while one is being made, 503 when pg_dump is missing.',
        response: { 200: adminBackupCheckSchema },
      },
    },
    async () => check(),
  );

  app.get(
    '/backup',
    {
      schema: {
        tags,
        description:
          'The whole store as one .tar.gz (the database, every uploaded file, manifest.json with checksums), as `npm run backup` writes it; restore with `npm run restore`.',
      },
    },
    async (req, reply) => {
      check();
      running = true;
      // Nothing moves on the connection while the database is dumped (pg_dump of a large store: minutes): the idle
      // bound of every connection (HTTP_CONNECTION_TIMEOUT_MS) is lifted for this one answer, then set back.
      const socket = req.raw.socket as typeof req.raw.socket | undefined;
      const idleMs = app.server.timeout;
      if (typeof socket?.setTimeout === 'function') {
        socket.setTimeout(0);
        reply.raw.once('close', () => socket.setTimeout(idleMs));
      }
      const now = app.ctx.clock.now();
      let dump: DatabaseDump;
      try {
        dump =
          database.kind === 'postgres'
            ? await dumpPostgres(database.url!, opts.pgBinDir)
            : await dumpEmbedded(
                async (text) =>
                  (
                    (await database.db.execute(sql.raw(text))) as unknown as {
                      rows: Record<string, unknown>[];
                    }
                  ).rows,
                database.dumpDataDir!,
              );
      } catch (err) {
        running = false;
        req.log.error({ err }, 'backup: the database could not be dumped');
        throw new AppError(503, 'backup_failed', ['backup_failed']);
      }
      const staff = currentStaff(req);
      await audit(
        app.ctx.db,
        staff,
        'store.backup_downloaded',
        null,
        { database: dump.kind, bytes: dump.size },
        now,
      );
      const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      const stream = backupStream(dump, opts.images, now, (manifest) =>
        req.log.info({ backup: { rows: manifest.rows, uploads: manifest.uploads } }, 'backup downloaded'),
      );
      stream.on('close', () => (running = false));
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="store-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
