import {
  adminMessageChannelsBodySchema,
  adminMessageChannelsResponseSchema,
  adminMessagesQuerySchema,
  adminMessagesResponseSchema,
  phoneLookupSchema,
  reachesNobody,
  SMS_PROVIDERS,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { outboxEmails } from './email.ts';
import { OutboxGateway } from '../../adapters/sms/index.ts';
import { AppError } from '../../lib/errors.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { listStepChannels, saveStepChannels } from './channels.ts';
import { listMessages, recordReceipts } from './service.ts';

const anyQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Equal secrets, compared in constant time (both hashed first, so their lengths tell nothing either). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * Delivery receipts (issue 44): /v1/sms/receipts/{provider}?secret=SMS_RECEIPT_SECRET, where the store asks each
 * gateway to post them. Without SMS_RECEIPT_SECRET, with a wrong secret, or for a gateway the store does not use,
 * the answer is the ordinary 404 and nothing changes. GET too: Vonage may send its receipts as a query.
 */
export const smsReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.route({
    method: ['GET', 'POST'],
    url: '/v1/sms/receipts/:provider',
    schema: {
      tags: ['sms'],
      description:
        "A gateway's delivery receipt (its own format: a query or a form or JSON body). Needs ?secret=; answers how " +
        'many recorded messages changed.',
      params: z.object({ provider: z.string().max(20) }),
      querystring: anyQuery,
      response: { 200: z.object({ received: z.literal(true), updated: z.number().int() }) },
    },
    handler: async (req) => {
      const secret = app.ctx.smsReceiptSecret;
      const given = req.query.secret;
      const gateway = app.ctx.smsGateways.find((g) => g.name === req.params.provider);
      if (!secret || typeof given !== 'string' || !sameSecret(given, secret) || !gateway?.parseReceipts)
        throw new AppError(404, 'not_found', ['route_not_found']);
      const receipts = gateway.parseReceipts({ query: req.query, body: req.body });
      const updated = await recordReceipts(db, gateway.name, receipts, clock.now());
      req.log.info({ sms: { provider: gateway.name, receipts: receipts.length, updated } }, 'SMS receipts');
      return { received: true as const, updated };
    },
  });
};

/** The back office's Messages (owners and staff): every SMS the store tried to send, with filters. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', requireStaff('messages'));
  app.get(
    '/messages',
    {
      schema: {
        tags: ['admin: messages'],
        description: `Recorded SMS, newest first; filters: status, provider (${SMS_PROVIDERS.join(', ')}), phone (or its end), order_id, from/to (Cairo days). Codes are masked.`,
        querystring: adminMessagesQuerySchema,
        response: { 200: adminMessagesResponseSchema },
      },
    },
    async (req) => listMessages(db, req.query),
  );

  // Which order steps go out on which channel (issue 44 item 2): the owner's choice.
  const ownerOnly = async (req: Parameters<typeof currentStaff>[0]) => {
    if (currentStaff(req).role !== 'owner') throw new AppError(403, 'forbidden', ['staff_forbidden']);
  };
  const available = () => ({ sms: true, email: app.ctx.email !== null, whatsapp: !!app.ctx.whatsapp });
  app.get(
    '/message-channels',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['admin: messages'],
        description:
          'Owners: each order step (placed, payment received, payment failed, confirmed, on its way, delivered, cancelled, refunded) with the channels it goes out on, and which channels the store can send on (EMAIL_PROVIDER, WHATSAPP_PROVIDER).',
        response: { 200: adminMessageChannelsResponseSchema },
      },
    },
    async () => ({ steps: await listStepChannels(db), available: available() }),
  );
  app.put(
    '/message-channels',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['admin: messages'],
        description:
          'Owners: the channels of the steps listed (the others keep theirs); the outbox follows from its next message. Audited. ' +
          'A step ticked only on channels the store cannot send on (email or WhatsApp not set up) would reach nobody: 422, ' +
          'with those steps in `steps`, and nothing saved.',
        body: adminMessageChannelsBodySchema,
        response: { 200: adminMessageChannelsResponseSchema },
      },
    },
    async (req) => {
      // A step ticked only on channels the store cannot send on would reach nobody: refused, naming the steps.
      const can = available();
      const unreachable = req.body.steps.filter((s) => reachesNobody(s, can)).map((s) => s.step);
      if (unreachable.length)
        throw new AppError(422, 'invalid', ['step_channels_unreachable'], { steps: unreachable });
      return {
        steps: await saveStepChannels(db, currentStaff(req), req.body, app.ctx.clock.now()),
        available: can,
      };
    },
  );
};

/**
 * POST /dev/sms-outbox/refusals {phone_number}: the outbox refuses the next message to that phone, as a gateway
 * would, so a browser test can see what a shopper sees then. Developer routes only (never in production).
 */
export const devMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The demo outbox's emails to an address, newest first (what the demo's shopper would have received).
  app.get(
    '/dev/email-outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().min(3).max(320) }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { emails: await outboxEmails(app.ctx.db, req.query.to) };
    },
  );

  app.post(
    '/dev/sms-outbox/refusals',
    {
      schema: {
        hide: true,
        body: z.object({ phone_number: phoneLookupSchema }),
        response: { 200: z.object({ refused_next: z.string() }) },
      },
    },
    async (req) => {
      const outbox = app.ctx.smsGateways.find((g): g is OutboxGateway => g instanceof OutboxGateway);
      if (!outbox) throw new AppError(404, 'not_found', ['route_not_found']);
      outbox.refuseNext(req.body.phone_number);
      return { refused_next: req.body.phone_number };
    },
  );
};
