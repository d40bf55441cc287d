import { adminOutboxResponseSchema } from '@store/contracts/admin-outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { failedEvents, retryEvent } from './outbox.ts';

const tags = ['admin'];

/** The outbox's failures and their retry (owners only). */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('outbox'));

  app.get(
    '/outbox/failures',
    {
      schema: {
        tags,
        description:
          'Owners: the outbox events whose last attempt failed (SMS about an order, the hand-on), retrying or given up.',
        response: { 200: adminOutboxResponseSchema },
      },
    },
    async () => failedEvents(db),
  );

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        tags,
        description:
          'Owners: a given-up event is due again now (the outbox job tries it within seconds). 409 otherwise.',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (req) => {
      await retryEvent(db, req.params.id, currentStaff(req), clock.now());
      return { retried: true };
    },
  );
};
