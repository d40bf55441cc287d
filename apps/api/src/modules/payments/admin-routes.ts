import { idParam } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { markRefundedByHand } from './by-hand.ts';

const tags = ['admin: orders'];

/**
 * The back office's payment calls under /v1/admin (issue 47 item 4): a refund by hand (kiosk money the gateway
 * cannot give back) marked done by an owner. Registered by paymentRoutes, so the payments module stays the only
 * writer of payment rows.
 */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('orders'));

  app.post(
    '/orders/:id/payments/:paymentId/refunded',
    {
      schema: {
        tags,
        description:
          "Says the order's payment was given back by hand (a kiosk payment, which the gateway cannot refund): it " +
          'moves from refund_required to refunded, audited. Owners only (403 otherwise). 404: no such payment of ' +
          'the order; 409: the payment is not waiting for a refund, or the gateway is still giving it back.',
        params: z.object({ id: idParam, paymentId: idParam }),
        response: {
          200: z.object({ payment: z.object({ id: z.number().int(), status: z.string() }) }),
        },
      },
    },
    async (req) => {
      const me = currentStaff(req);
      // Money leaving the shop by hand: the owner says it went (staff and catalog clerks only see it).
      if (me.role !== 'owner') throw new AppError(403, 'forbidden', ['staff_forbidden']);
      const p = await markRefundedByHand(db, me, {
        orderId: req.params.id,
        paymentId: req.params.paymentId,
        now: clock.now(),
      });
      return { payment: { id: p.id, status: p.status } };
    },
  );
};
