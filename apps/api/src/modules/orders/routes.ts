import {
  devOrderStatusBodySchema,
  idParam,
  localeQuery,
  orderResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  ratingsBodySchema,
  ratingsResponseSchema,
} from '@store/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { AdjustableClock } from '../../lib/clock.ts';
import { expandFormKeys } from '../../lib/form-body.ts';
import { requestLocale } from '../../lib/locale.ts';
import { cancelMyOrder, getOrder, listOrders, rateOrders, setOrderStatus } from './service.ts';
import { creditNotePdf, invoicePdf, type InvoiceDocument } from './invoice-documents.ts';

const tags = ['orders'];
const idParams = z.object({ id: idParam });
/** A credit note's number as printed: CN-2026-000001. */
export const creditNoteParams = z.object({
  id: idParam,
  number: z.string().regex(/^CN-\d{4}-\d{6,}$/, { error: 'invalid' }),
});

/** An invoice or credit note PDF, to download (never cached: it names the shopper). */
export const sendDocument = (reply: FastifyReply, doc: InvoiceDocument) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);

/**
 * Orders of spec §7: list (paged, unrated_only), one order, ratings, and the shopper's own cancel of a pending order.
 * (The cart order's address: cart/routes.ts.)
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);
  app.addHook('preValidation', async (req) => {
    req.body = expandFormKeys(req.body);
  });

  app.get(
    '/users/orders',
    {
      schema: {
        tags,
        description:
          'Placed orders, newest first, 10 a page (per_page, page). unrated_only=true: delivered orders without a ' +
          'rating (the rating modal).',
        querystring: ordersQuerySchema,
        response: { 200: ordersResponseSchema },
      },
    },
    async (req) => listOrders(db, currentUser(req).id, req.query, requestLocale(req)),
  );

  // Registered before /users/orders/:id so 'rate' is never read as an id.
  app.put(
    '/users/orders/rate',
    {
      schema: {
        tags,
        description:
          'ratings: [{ id, rating 1..5 }]. Only your delivered, unrated orders; all saved or none (422 otherwise).',
        querystring: localeQuery,
        body: ratingsBodySchema,
        response: { 200: ratingsResponseSchema },
      },
    },
    async (req) => rateOrders(db, currentUser(req).id, req.body, clock.now()),
  );

  app.get(
    '/users/orders/:id',
    {
      schema: {
        tags,
        description:
          "One of your orders with its products, address snapshot and totals; another user's is 404.",
        params: idParams,
        querystring: localeQuery,
        response: { 200: orderResponseSchema },
      },
    },
    async (req) => ({ order: await getOrder(db, currentUser(req).id, req.params.id, requestLocale(req)) }),
  );

  app.post(
    '/users/orders/:id/cancel',
    {
      schema: {
        tags,
        description:
          'Cancels your order while it is pending (placed, not confirmed by the shop yet), as a staff cancel does: ' +
          "the stock comes back, a discount code's use is given back, money paid online goes back (voided or " +
          "refunded by the outbox), and you get an SMS. Answers the cancelled order. Another user's order: 404; " +
          'already cancelled (order_already_canceled) or confirmed and later (order_not_cancelable: call the ' +
          'hotline): 422; cancelled meanwhile by another request: 409 or 422.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: orderResponseSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await cancelMyOrder(db, userId, req.params.id, clock.now());
      return { order: await getOrder(db, userId, req.params.id, requestLocale(req)) };
    },
  );

  // The invoice and credit notes (issue 47), in the reader's language; only the shopper's own orders (else 404).
  const reader = (req: FastifyRequest) => ({
    userId: currentUser(req).id,
    locale: requestLocale(req),
    invoicing: app.ctx.invoicing,
    publicUrl: app.ctx.publicUrl,
  });
  app.get(
    '/users/orders/:id/invoice',
    {
      schema: {
        tags,
        description:
          "Your order's invoice as a PDF (Arabic or English, the request's language), once the order is " +
          "confirmed; 404 before (invoice_not_found), and for another user's order.",
        params: idParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) => sendDocument(reply, await invoicePdf(db, req.params.id, reader(req))),
  );
  app.get(
    '/users/orders/:id/credit-notes/:number',
    {
      schema: {
        tags,
        description:
          'A credit note of your order (a refund, or a cancel after its invoice) as a PDF; else 404.',
        params: creditNoteParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) =>
      sendDocument(reply, await creditNotePdf(db, req.params.id, req.params.number, reader(req))),
  );
};

/**
 * Never mounted in production:
 * - POST /dev/orders/{id}/status { status }: moves a placed order on (tests, e2e: 'delivered' for rating).
 * - GET /dev/clock, POST /dev/clock { advance_seconds }: the server's clock, moved forward when it is adjustable
 *   (server.ts uses one outside production), e.g. to expire a payment key in a browser test.
 */
export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.ctx.clock;
  app.get('/dev/clock', { schema: { hide: true } }, async () => ({ now: clock.now().toISOString() }));
  app.post(
    '/dev/clock',
    {
      schema: {
        hide: true,
        body: z.object({
          advance_seconds: z
            .number()
            .int()
            .min(0)
            .max(366 * 86_400),
        }),
      },
    },
    async (req, reply) => {
      if (!(clock instanceof AdjustableClock))
        return reply.status(409).send({ errors: ['clock_not_adjustable'] });
      clock.advance(req.body.advance_seconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );

  app.post(
    '/dev/orders/:id/status',
    { schema: { hide: true, params: idParams, body: devOrderStatusBodySchema } },
    async (req) => ({
      order: await setOrderStatus(app.ctx.db, req.params.id, req.body.status, app.ctx.clock.now()),
    }),
  );
};
