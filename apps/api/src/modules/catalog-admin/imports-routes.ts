import {
  adminImportDetailResponseSchema,
  adminImportQuerySchema,
  adminImportResponseSchema,
  adminImportsResponseSchema,
  adminImportUploadSchema,
  adminProductsQuerySchema,
  IMPORT_COLUMNS,
  IMPORT_MAX_MB,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { describeError } from '../../lib/logging.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { exportProducts } from './imports-export.ts';
import { IMPORT_MAX_BYTES } from './imports-plan.ts';
import {
  createImport,
  importDetail,
  recentImports,
  runCheckedImport,
  runImports,
} from './imports-service.ts';
import { DEFAULT_IMPORT_LIMITS, IMPORT_BUSY_RETRY_SECONDS, type ImportLimits } from './imports-file.ts';

const tags = ['admin: products import and export'];
const idParams = z.object({ id: idParam });

/**
 * The products spreadsheet under /v1/admin (issue 17), for staff with the catalog role and owners: upload a CSV or
 * XLSX (a dry run first, or for real), follow the job, list the recent ones, and export the products list.
 * `limits`: what reading one file may take (imports-file.ts; tests lower them).
 */
export const adminImportRoutes: FastifyPluginAsyncZod<{
  limits?: Partial<ImportLimits>;
  pace?: number;
  /** The embedded database (ImportRunContext.oneConnection). */
  oneConnection?: boolean;
  /** ImportRunContext.waitInTransactionAtMostMs. */
  waitInTransactionAtMostMs?: number;
}> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...opts.limits };
  app.addHook('onRequest', requireStaff('catalog'));
  forgetCachedAnswersAfterWrites(app);

  // The job runs after the answer, on this instance, so a small file is done in a moment; the jobs loop (jobs.ts)
  // takes up whatever is left, on any instance.
  const kick = () => {
    setImmediate(() => {
      runImports({
        db,
        clock,
        log: app.log,
        onWritten: () => app.responseCache.clear(),
        pace: opts.pace,
        shoppersBusy: () => app.shoppers.busy(),
        oneConnection: opts.oneConnection,
        waitInTransactionAtMostMs: opts.waitInTransactionAtMostMs,
      }).catch((err: unknown) => app.log.error({ error: describeError(err) }, 'import run failed'));
    });
  };

  // A file past the upload's limit is named in the user's language, like the file's other problems.
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field('file', `import_file_too_large:${IMPORT_MAX_MB}`);
    if (err.code === 'FST_FILES_LIMIT') throw AppError.field('file', 'import_file_required');
    throw err;
  });

  app.post(
    '/imports',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          `Multipart: \`file\` (CSV in UTF-8 or XLSX, at most ${IMPORT_MAX_MB} MB; columns: ` +
          `${IMPORT_COLUMNS.join(', ')}), \`dry_run\` "true" (check every row, change nothing) or "false", ` +
          '`file_name` (optional). An unreadable file or a wrong header row answers 422 and makes no job; ' +
          'otherwise 201 with the queued job, which runs in the background (follow it at GET /imports/{id}). ' +
          'The file is read in a worker thread within limits of rows, cells, unpacked bytes (XLSX), memory and ' +
          'time, each answered 422 when passed; one file is read at a time per server, and an upload meanwhile ' +
          `is answered 503 with Retry-After (${IMPORT_BUSY_RETRY_SECONDS} s): send it again then.`,
        querystring: localeQuery,
        response: { 201: adminImportResponseSchema },
      },
      config: { multipartOptions: { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } } },
    },
    async (req, reply) => {
      const [file] = req.isMultipart() ? uploadedFiles(req, 'file') : [];
      if (!file) throw AppError.field('file', 'import_file_required');
      const fields = adminImportUploadSchema.safeParse(req.body ?? {});
      if (!fields.success) throw AppError.field('dry_run', 'must_be_boolean');
      const job = await createImport(
        db,
        currentStaff(req),
        { bytes: file.data, name: fields.data.file_name || file.filename || 'import.csv' },
        fields.data.dry_run === 'true',
        clock.now(),
        requestLocale(req),
        limits,
      );
      kick();
      return reply.status(201).send({ import: job });
    },
  );

  app.post(
    '/imports/:id/run',
    {
      schema: {
        tags,
        description:
          'Imports for real the file of an earlier import (its dry run): a new job, answered 201, no new upload. ' +
          'A dry run runs once: asked again (a double click, a retry), this answers 200 with the job its first ' +
          'run made, and nothing more is imported. For an import that is not a dry run, 200 with that import.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminImportResponseSchema, 201: adminImportResponseSchema },
      },
    },
    async (req, reply) => {
      const run = await runCheckedImport(
        db,
        currentStaff(req),
        req.params.id,
        clock.now(),
        requestLocale(req),
      );
      if (run.created) kick();
      return reply.status(run.created ? 201 : 200).send({ import: run.import });
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        tags,
        description: 'The 20 latest imports, newest first, with their status and counts.',
        querystring: localeQuery,
        response: { 200: adminImportsResponseSchema },
      },
    },
    async (req) => recentImports(db, requestLocale(req)),
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        description:
          'The import: `status` (queued, running, done, failed), `progress` (processed of total, in %), the ' +
          'counts, and its rows, refused first (`outcome` filters), each with `row_number` (the header is row ' +
          '1), `outcome` (added, changed, unchanged, refused), `product_id` and `reasons` (column → messages in the ' +
          "request's language).",
        params: idParams,
        querystring: adminImportQuerySchema,
        response: { 200: adminImportDetailResponseSchema },
      },
    },
    async (req) => importDetail(db, req.params.id, req.query, requestLocale(req)),
  );

  app.get(
    '/products/export',
    {
      schema: {
        tags,
        description:
          'The products of the list (the filters of GET /products) as a CSV file in the import format, UTF-8 with ' +
          'a BOM, in product number order: edit it and import it back.',
        querystring: adminProductsQuerySchema,
      },
    },
    async (req, reply) => {
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportProducts(db, req.query)));
    },
  );
};
