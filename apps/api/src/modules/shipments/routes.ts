import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { recordCourierEvents } from './service.ts';

/**
 * Bosta's webhook (issue 48): POST /v1/couriers/bosta/webhook, set in Bosta's dashboard with BOSTA_WEBHOOK_SECRET
 * as its Authorization key. Without that secret: 401 and nothing changes. With COURIER other than bosta: the
 * ordinary 404. Each event is recorded once on its shipment; a repeated or out-of-order one changes nothing.
 */
export const courierWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/couriers/bosta/webhook',
    {
      schema: {
        tags: ['couriers'],
        description:
          "Bosta's delivery news: {_id, trackingNumber, state (a code, or {code, value}), timeStamp, cod, " +
          'exceptionReason}. Needs the Authorization header set in Bosta’s dashboard (BOSTA_WEBHOOK_SECRET).',
        body: z.unknown(),
        response: {
          200: z.object({
            received: z.number().int(),
            recorded: z.number().int(),
            ignored: z.number().int(),
          }),
        },
      },
    },
    async (req) => {
      const { courier, db, clock } = app.ctx;
      if (courier.name !== 'bosta' || !courier.parseWebhook)
        throw new AppError(404, 'not_found', ['route_not_found']);
      const events = courier.parseWebhook({ headers: req.headers, body: req.body });
      if (events === null) throw new AppError(401, 'unauthorized', ['invalid_signature']);
      const result = await recordCourierEvents(db, clock, 'bosta', events);
      req.log.info(
        {
          courier: {
            name: 'bosta',
            events: events.length,
            recorded: result.recorded,
            moved: result.changes.length,
          },
        },
        'courier webhook',
      );
      return { received: events.length, recorded: result.recorded, ignored: result.ignored };
    },
  );
};
