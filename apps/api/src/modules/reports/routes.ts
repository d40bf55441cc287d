import { salesReportQuerySchema, type SalesReportResponse } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { requireStaff } from '../staff/index.ts';
import { salesReportCsv } from './csv.ts';
import { salesReport } from './service.ts';

/** The back office's reports (issue 49 item 5): owners (the reports area of contracts' STAFF_ROLE_AREAS). */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('reports'));
  app.get(
    '/reports/sales',
    {
      // Read from a replica when DATABASE_READ_URL is set (lib/replica-reads.ts).
      config: { reads: true },
      schema: {
        tags: ['admin: reports'],
        description:
          'Sales of a range of Cairo days (from, to: YYYY-MM-DD, both included; unset: the last 30 days) grouped by ' +
          'day, week, month, product, category, brand, governorate or payment_method: orders, units, revenue, VAT, ' +
          'refunds and net (EGP). format=csv: the same rows as a CSV file (UTF-8 with a BOM, header in the language ' +
          'asked for, a total row last).',
        querystring: salesReportQuerySchema,
      },
    },
    async (req, reply) => {
      const locale = requestLocale(req);
      const report = await salesReport(db, req.query, clock.now(), locale);
      // No response schema: the same route answers a CSV file; the JSON is contracts' SalesReportResponse.
      if (req.query.format !== 'csv') return report satisfies SalesReportResponse;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sales-${report.group_by}-${report.from}-${report.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(salesReportCsv(report, locale));
    },
  );
};
