import {
  adminSettlementFilesResponseSchema,
  adminSettlementReportQuerySchema,
  adminSettlementReportSchema,
  adminSettlementUploadResponseSchema,
  SETTLEMENT_COLUMNS,
  SETTLEMENT_COURIERS,
  SETTLEMENT_FILES_SHOWN,
  SETTLEMENT_MAX_MB,
} from '@store/contracts/admin-settlements';
import { idParam, localeQuery } from '@store/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  recordSettlementFile,
  removeSettlementFile,
  settlementFiles,
  settlementReport,
} from './settlement.ts';

const tags = ['admin: reports'];

/**
 * Cash-on-delivery settlement under /v1/admin (issue 48 item 4), for owners (the reports area): a courier's
 * settlement file uploaded (listed, and removed when uploaded by mistake), and the report of collected against
 * expected per day and per courier.
 */
export const adminSettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff('reports'));

  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field('file', `settlement_file_too_large:${SETTLEMENT_MAX_MB}`);
    if (err.code === 'FST_FILES_LIMIT') throw AppError.field('file', 'settlement_file_required');
    throw err;
  });

  app.post(
    '/settlements',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: `file` (the courier’s settlement CSV in UTF-8, at most ' +
          `${SETTLEMENT_MAX_MB} MB, a header row with a parcel column (${SETTLEMENT_COLUMNS.tracking[0]} or ` +
          `${SETTLEMENT_COLUMNS.reference[0]}), ${SETTLEMENT_COLUMNS.collected[0]} (EGP) and ` +
          `${SETTLEMENT_COLUMNS.date[0]}; Arabic headers are read too) and \`courier\` (bosta, the default, or ` +
          'manual). A bad file answers 422 in the language asked for and records nothing. The same file again ' +
          'answers 200 with created false and changes nothing; a new file 201.',
        querystring: localeQuery,
        response: { 200: adminSettlementUploadResponseSchema, 201: adminSettlementUploadResponseSchema },
      },
      config: { multipartOptions: { limits: { fileSize: SETTLEMENT_MAX_MB * 1024 * 1024, files: 1 } } },
    },
    async (req, reply) => {
      const [file] = req.isMultipart() ? uploadedFiles(req, 'file') : [];
      if (!file) throw AppError.field('file', 'settlement_file_required');
      const raw = (req.body as { courier?: unknown } | undefined)?.courier ?? 'bosta';
      const courier = SETTLEMENT_COURIERS.find((c) => c === raw);
      if (!courier) throw AppError.field('courier', 'settlement_courier_invalid');
      const result = await recordSettlementFile(app.ctx.db, app.ctx.clock, currentStaff(req), courier, {
        bytes: file.data,
        name: file.filename || 'settlement.csv',
      });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/settlements/files',
    {
      schema: {
        tags,
        description:
          `The latest ${SETTLEMENT_FILES_SHOWN} uploaded settlement files, newest first: courier, name, rows, how many ` +
          'amounts each recorded and how many of those matched a shipment, who uploaded it and when.',
        querystring: localeQuery,
        response: { 200: adminSettlementFilesResponseSchema },
      },
    },
    async () => ({ files: await settlementFiles(app.ctx.db) }),
  );

  app.delete(
    '/settlements/files/:id',
    {
      schema: {
        tags,
        description:
          'Removes a settlement file uploaded by mistake (e.g. under the wrong courier) and every amount it ' +
          'recorded, audited; the report no longer counts them and the same file can be uploaded again. 204; an ' +
          'unknown file 404.',
        params: z.object({ id: idParam }),
        querystring: localeQuery,
      },
    },
    async (req, reply) => {
      await removeSettlementFile(app.ctx.db, app.ctx.clock, currentStaff(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/reports/settlements',
    {
      schema: {
        tags,
        description:
          'Cash on delivery, collected against expected, per Cairo day and courier over from..to (YYYY-MM-DD, both ' +
          'included; unset: the last 30 days), with every difference: short, over, not_collected (delivered, no ' +
          'settlement yet) and unknown (collected for a parcel the store does not know). EGP.',
        querystring: adminSettlementReportQuerySchema.extend(localeQuery.shape),
        response: { 200: adminSettlementReportSchema },
      },
    },
    async (req) => settlementReport(app.ctx.db, app.ctx.clock, req.query),
  );
};
