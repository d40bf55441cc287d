import {
  adminDashboardSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminOrderStatusBodySchema,
  adminRefundBodySchema,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  changeOrderStatus,
  dashboard,
  getAdminOrder,
  listAdminOrders,
  refundOrder,
} from './admin-service.ts';

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
    async (req) => listAdminOrders(db, req.query),
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
    async (req) => ({ order: await getAdminOrder(db, req.params.id, requestLocale(req)) }),
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
      return { order: await getAdminOrder(db, req.params.id, requestLocale(req)) };
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
      return { order: await getAdminOrder(db, req.params.id, requestLocale(req)) };
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
