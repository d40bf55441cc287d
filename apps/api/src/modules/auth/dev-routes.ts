import { phoneLookupSchema, smsOutboxResponseSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsOutbox, type AuthContext } from './service.ts';

/**
 * GET /dev/sms-outbox?phone_number=…&limit=…: the messages the outbox sender wrote to one phone, latest first, each
 * with the code it carries. For the tests and `npm run dev`; app.ts mounts it only when developer routes are asked
 * for, never in production, and answers only requests from this machine.
 */
export const devSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AuthContext = { ...app.ctx, log: app.log };
  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        hide: true,
        querystring: z.object({
          // One shopper's messages at a time: a list of everyone's codes would let anyone reset any account.
          phone_number: phoneLookupSchema,
          limit: z
            .string()
            .regex(/^\d+$/, { message: 'must_be_whole_number' })
            .transform(Number)
            .pipe(z.number().min(1, 'must_be_at_least:1').max(100, 'must_be_at_most:100'))
            .optional(),
        }),
        response: { 200: smsOutboxResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await smsOutbox(ctx, req.query.phone_number, req.query.limit ?? 20) };
    },
  );
};
