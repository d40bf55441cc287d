import {
  adminDashboardSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminOrderStatusBodySchema,
  adminRefundBodySchema,
  idParam,
  localeQuery,
  type Locale,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { audit, currentStaff, requireStaff } from '../staff/index.ts';
import {
  changeOrderStatus,
  dashboard,
  getAdminOrder,
  listAdminOrders,
  placedOrder,
  refundOrder,
} from './admin-service.ts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { resubmitReceipt } from '../einvoicing/index.ts';
import { creditNoteParams, sendDocument } from './routes.ts';
import { creditNotePdf, invoicePdf } from './invoice-documents.ts';

const tags = ['admin: orders'];
const idParams = z.object({ id: idParam });

/**
 * The back office's order calls under /v1/admin (issue 13), for staff and owners: the orders list, one order, its
 * status (the transitions table: 422 for a move it forbids, 409 when the order moved meanwhile), refunds, and the
 * dashboard. Shoppers' headers and anonymous callers get 401.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('orders'));
  const view = (id: number, locale: Locale) => getAdminOrder(db, id, locale, app.ctx.invoicing.eta);

  app.get(
    '/orders',
    {
      schema: {
        tags,
        description:
          'Placed orders: filters status, payment_method, from/to (Cairo days), governorate, query (order number, ' +
          'phone or name); sort; pages (meta as the shop); counts per status over the same filters.',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema },
      },
    },
    async (req) => listAdminOrders(db, { ...req.query, locale: requestLocale(req) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        description: 'One order: lines, customer, address, payments and callbacks, history, next statuses.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (req) => ({ order: await view(req.params.id, requestLocale(req)) }),
  );

  // The invoice and credit notes (issue 47), as the shopper gets them, in the staff member's language.
  const reader = (req: FastifyRequest) => ({
    locale: requestLocale(req),
    invoicing: app.ctx.invoicing,
    publicUrl: app.ctx.publicUrl,
  });
  app.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        description: "The order's invoice as a PDF (404 invoice_not_found before it is confirmed).",
        params: idParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) => {
      await placedOrder(db, req.params.id);
      return sendDocument(reply, await invoicePdf(db, req.params.id, reader(req)));
    },
  );
  app.get(
    '/orders/:id/credit-notes/:number',
    {
      schema: {
        tags,
        description: 'One of the order’s credit notes as a PDF (404 when it has no such note).',
        params: creditNoteParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) => {
      await placedOrder(db, req.params.id);
      return sendDocument(reply, await creditNotePdf(db, req.params.id, req.params.number, reader(req)));
    },
  );

  // An e-receipt the ETA rejected or could not be reached for, sent again as it was stored (issue 47).
  app.post(
    '/orders/:id/e-receipts/:receiptId/resubmit',
    {
      schema: {
        tags,
        description:
          'Sends the order’s e-receipt again (one the ETA rejected, after its cause was fixed, or could not be ' +
          'reached for) and answers the order with where it stands now. 404: no such receipt of the order; 409: ' +
          'the receipt is pending, submitted or valid, or ETA_RECEIPTS is off.',
        params: z.object({ id: idParam, receiptId: idParam }),
        querystring: localeQuery,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (req) => {
      await placedOrder(db, req.params.id);
      const receipts = { db, clock, eta: app.ctx.invoicing.eta, log: req.log };
      try {
        const row = await resubmitReceipt(receipts, req.params.id, req.params.receiptId);
        if (!row) throw AppError.notFound('not_found');
      } catch (err) {
        if (err instanceof Error && err.message === 'not_resubmittable')
          throw new AppError(409, 'e_receipt_not_resubmittable', ['e_receipt_not_resubmittable']);
        if (err instanceof Error && err.message === 'e_receipts_off')
          throw new AppError(409, 'e_receipts_off', ['e_receipts_off']);
        throw err;
      }
      await audit(
        db,
        currentStaff(req),
        'order.e_receipt_resubmitted',
        { type: 'order', id: req.params.id },
        { receipt_id: req.params.receiptId },
        clock.now(),
      );
      return { order: await view(req.params.id, requestLocale(req)) };
    },
  );

  app.put(
    '/orders/:id/status',
    {
      schema: {
        tags,
        description:
          'Moves the order (confirm, process, hand to delivery, deliver, cancel). `from`: the status the staff ' +
          'member saw. 409 when the order is no longer there; 422 for a move the transitions table forbids, and ' +
          'for refunded or partially_refunded, which only POST …/refunds sets (with the money and the stock).',
        params: idParams,
        querystring: localeQuery,
        body: adminOrderStatusBodySchema,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (req) => {
      await changeOrderStatus(db, currentStaff(req), req.params.id, req.body, clock.now());
      return { order: await view(req.params.id, requestLocale(req)) };
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags,
        description:
          'Refunds units per line (refunded_quantity), optionally back into stock; the order becomes refunded or ' +
          'partially_refunded. For a delivered (or refunded in part) order while some unit is not refunded yet.',
        params: idParams,
        querystring: localeQuery,
        body: adminRefundBodySchema,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (req) => {
      await refundOrder(db, app.ctx.payments, currentStaff(req), req.params.id, req.body, clock.now());
      return { order: await view(req.params.id, requestLocale(req)) };
    },
  );

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        description: "The owner's first screen: today, this month, 30 days, waiting orders, low stock.",
        querystring: localeQuery,
        response: { 200: adminDashboardSchema },
      },
    },
    async (req) => dashboard(db, clock.now(), requestLocale(req)),
  );
};
