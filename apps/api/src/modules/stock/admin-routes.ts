import {
  adminStockBodySchema,
  adminStockMovementsResponseSchema,
  adminStockProductResponseSchema,
  adminStockQuerySchema,
  adminStockResponseSchema,
  idParam,
  localeQuery,
  pageParam,
  wholeNumber,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { changeStock, listStock, stockMovements } from './admin-service.ts';

const tags = ['admin: stock'];
const idParams = z.object({ id: idParam });

/**
 * The stock screen's calls under /v1/admin (issue 17), for staff with the catalog role and owners: the list, a
 * manual edit (409 when the stock moved since the staff member read it), and a product's movements.
 */
export const adminStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('stock'));

  app.get(
    '/stock',
    {
      schema: {
        tags,
        description:
          'Products with their stock, fewest first: each variant of a product sold in variants (titled with its ' +
          'product’s name and option values, with its SKU and `variant_of`), never that product itself; `query`: ' +
          'words of the title (either language) or model, a product number or a variant’s SKU; `level`: all, low ' +
          '(1 to LOW_STOCK_AT) or out; counts per level.',
        querystring: adminStockQuerySchema,
        response: { 200: adminStockResponseSchema },
      },
    },
    async (req) => listStock(db, req.query, requestLocale(req)),
  );

  app.put(
    '/products/:id/stock',
    {
      schema: {
        tags,
        description:
          'Sets the stock (`stock`) if it is still `from`, the stock the staff member saw (else 409, nothing ' +
          'changes); `note`: why. Recorded as a manual movement with the staff member, and in the audit log.',
        params: idParams,
        querystring: localeQuery,
        body: adminStockBodySchema,
        response: { 200: adminStockProductResponseSchema },
      },
    },
    async (req) => ({
      product: await changeStock(
        db,
        currentStaff(req),
        req.params.id,
        req.body,
        clock.now(),
        requestLocale(req),
      ),
    }),
  );

  app.get(
    '/products/:id/stock_movements',
    {
      schema: {
        tags,
        description:
          "Every change of the product's stock, newest first: orders, holds, cancels, refunds, edits.",
        params: idParams,
        querystring: localeQuery.extend({ page: pageParam, per_page: wholeNumber(1, 100).optional() }),
        response: { 200: adminStockMovementsResponseSchema },
      },
    },
    async (req) => stockMovements(db, req.params.id, req.query, requestLocale(req)),
  );
};
