import { idParam, localeQuery } from '@store/contracts';
import {
  adminApproveReturnBodySchema,
  adminReceiveReturnBodySchema,
  adminRefuseReturnBodySchema,
  adminReturnsQuerySchema,
  adminReturnsResponseSchema,
} from '@store/contracts/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  approveReturn,
  listAdminReturns,
  receiveReturn,
  refuseReturn,
  returnOrderId,
  setReturnPickup,
} from './admin-service.ts';

const tags = ['admin: orders'];
const idParams = z.object({ id: idParam });

/**
 * Returns in the back office under /v1/admin (issue 48 item 5), for staff with the orders area: the list (by status
 * or order), approve, refuse, the pickup typed by hand, received (refunds the returned units). Every write answers
 * the list of the return's order's returns as it now stands.
 */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff('orders'));
  const { db, clock } = app.ctx;
  const answer = async (locale: 'ar' | 'en', orderId?: number, status?: string) => ({
    returns: await listAdminReturns(db, { order_id: orderId, status }, locale, app.images),
    courier: app.ctx.courier.name,
    books_pickups: typeof app.ctx.courier.createReturnPickup === 'function',
  });
  const orderOf = (id: number) => returnOrderId(db, id);

  app.get(
    '/returns',
    {
      schema: {
        tags,
        description: 'Returns shoppers asked for, newest first (at most 200), by status and order.',
        querystring: adminReturnsQuerySchema.extend(localeQuery.shape),
        response: { 200: adminReturnsResponseSchema },
      },
    },
    async (req) => answer(requestLocale(req), req.query.order_id, req.query.status),
  );

  const write = {
    tags,
    params: idParams,
    querystring: localeQuery,
    response: { 200: adminReturnsResponseSchema },
  };

  app.post(
    '/returns/:id/approve',
    {
      schema: {
        ...write,
        description:
          'requested → approved, with a note to the shopper. The courier’s pickup is booked by the outbox; ' +
          'with COURIER=manual, carrier and tracking_number may be typed now (or later, PUT …/pickup). 409 when ' +
          'the return is no longer requested.',
        body: adminApproveReturnBodySchema,
      },
    },
    async (req) => {
      await approveReturn(db, currentStaff(req), req.params.id, req.body, clock.now());
      return answer(requestLocale(req), await orderOf(req.params.id));
    },
  );

  app.post(
    '/returns/:id/refuse',
    {
      schema: {
        ...write,
        description:
          'requested → refused, with the note the shopper reads (required). 409 when not requested.',
        body: adminRefuseReturnBodySchema,
      },
    },
    async (req) => {
      await refuseReturn(db, currentStaff(req), req.params.id, req.body.note, clock.now());
      return answer(requestLocale(req), await orderOf(req.params.id));
    },
  );

  app.put(
    '/returns/:id/pickup',
    {
      schema: {
        ...write,
        description: 'The pickup’s carrier and tracking number typed by hand, while the return is approved.',
        body: z.object({
          carrier: adminApproveReturnBodySchema.shape.carrier.unwrap(),
          tracking_number: adminApproveReturnBodySchema.shape.tracking_number.unwrap(),
        }),
      },
    },
    async (req) => {
      await setReturnPickup(db, currentStaff(req), req.params.id, req.body, clock.now());
      return answer(requestLocale(req), await orderOf(req.params.id));
    },
  );

  app.post(
    '/returns/:id/receive',
    {
      schema: {
        ...write,
        description:
          'approved → refunded: the items are back; their units are refunded (stock back, a credit note when ' +
          'the order has an invoice, the money through the gateway for an order paid online, else recorded as a ' +
          'cash refund). 502 with the gateway’s words when it refuses (nothing changes); 409 when not approved.',
        body: adminReceiveReturnBodySchema,
      },
    },
    async (req) => {
      await receiveReturn(db, app.ctx.payments, currentStaff(req), req.params.id, req.body.note, clock.now());
      return answer(requestLocale(req), await orderOf(req.params.id));
    },
  );
};
