import { messageErrorsSchema, paymentKeySchema } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentProviderError } from '../../adapters/payments/provider.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { adminPaymentRoutes } from './admin-routes.ts';
import { checkoutPage, closedPage, sandboxPagePolicy } from './sandbox-page.ts';
import { applyTransaction, redirectOutcome, sessionByKey } from './service.ts';

const tags = ['payments'];
const providerParams = z.object({ provider: z.string().max(20) });
const anyQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const completeUrl = (base: string, success: boolean, orderId: number | null) =>
  `${base}/complete-payment?success=${success}${orderId ? `&order_id=${orderId}` : ''}`;

/**
 * The gateway's side: the processed callback (server to server, the source of truth), the browser's return, and,
 * with the sandbox provider, the hosted checkout page itself.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const provider = app.ctx.payments;
  const checkProvider = (name: string) => {
    if (name !== provider.name) throw AppError.notFound();
  };
  // The back office's payment calls (/v1/admin/orders/:id/payments/…), behind the staff sign-in.
  await app.register(adminPaymentRoutes, { prefix: '/admin' });

  app.post(
    '/payments/callback/:provider',
    {
      schema: {
        tags,
        description:
          "The gateway's transaction-processed callback: { type: 'TRANSACTION', obj } with ?hmac=. Verified, " +
          'idempotent by transaction id, safe in any order. 401 when the signature is wrong (nothing changes).',
        params: providerParams,
        querystring: anyQuery,
        body: z.unknown(),
        response: {
          200: z.object({ received: z.literal(true), result: z.string() }),
          401: messageErrorsSchema,
        },
      },
    },
    async (req) => {
      checkProvider(req.params.provider);
      const body = req.body as { type?: unknown } | null;
      if (body && typeof body === 'object' && body.type !== undefined && body.type !== 'TRANSACTION') {
        return { received: true as const, result: 'ignored' };
      }
      const t = provider.verifyCallback({ body: req.body, query: req.query });
      if (!t) {
        req.log.warn({ provider: provider.name }, 'payment callback with a wrong signature');
        throw new AppError(401, 'invalid_signature', ['invalid_signature']);
      }
      let result;
      try {
        result = await applyTransaction(db, provider, t, req.body, clock.now(), req.log);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        // The gateway could not be asked to confirm: nothing is recorded, and the gateway's retry will count.
        req.log.error(
          { provider: provider.name, transaction: t.transactionId, err },
          'transaction inquiry failed',
        );
        throw new AppError(503, 'payment_unconfirmed', ['store_busy'], {}, { 'retry-after': '30' });
      }
      req.log.info({ provider: provider.name, transaction: t.transactionId, result }, 'payment callback');
      return { received: true as const, result };
    },
  );

  app.get(
    '/payments/response/:provider',
    {
      schema: {
        tags,
        description:
          "The shopper's browser back from the gateway (transaction response, flattened query with hmac). Verified, " +
          'then redirected to /complete-payment?success=true|false&order_id=…; it never marks an order paid.',
        params: providerParams,
        querystring: anyQuery,
      },
    },
    async (req, reply) => {
      checkProvider(req.params.provider);
      const t = provider.verifyRedirect(req.query);
      if (!t) req.log.warn({ provider: provider.name }, 'payment redirect with a wrong signature');
      const { success, orderId } = await redirectOutcome(db, provider, t);
      return reply.redirect(completeUrl(req.server.ctx.publicUrl, success, orderId), 302);
    },
  );

  if (!(provider instanceof SandboxPaymentProvider)) return;
  const sandbox = provider;

  app.get(
    '/payments/sandbox/checkout',
    { schema: { hide: true, querystring: z.object({ key: paymentKeySchema.optional() }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('content-security-policy', sandboxPagePolicy(req.server.ctx.publicUrl));
      reply.type('text/html; charset=utf-8');
      const p = req.query.key ? await sessionByKey(db, req.query.key) : null;
      if (!p || p.provider !== sandbox.name) {
        return reply.status(404).send(closedPage(completeUrl(req.server.ctx.publicUrl, false, null)));
      }
      if (p.status !== 'pending' || p.expiresAt.getTime() <= clock.now().getTime()) {
        return reply.status(410).send(closedPage(completeUrl(req.server.ctx.publicUrl, false, p.orderId)));
      }
      // The number the shopper reads for the order, not its internal id (none yet while an online payment is open).
      const [order] = await db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, p.orderId));
      return checkoutPage({
        key: p.paymentKey,
        orderNumber: order?.n ?? null,
        amountPiastres: p.amountPiastres,
        expiresAt: p.expiresAt,
      });
    },
  );

  app.post(
    '/payments/sandbox/checkout',
    {
      schema: {
        hide: true,
        // `paid_with`: how the sandbox payer paid (a card unless told; a kiosk for tests of a refund by hand).
        body: z.object({
          key: paymentKeySchema,
          decision: z.enum(['approve', 'decline']),
          paid_with: z.enum(['card', 'kiosk']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const base = req.server.ctx.publicUrl;
      const p = await sessionByKey(db, req.body.key);
      if (!p || p.provider !== sandbox.name || !p.providerReference) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', sandboxPagePolicy(base))
          .send(closedPage(completeUrl(base, false, null)));
      }
      if (p.status !== 'pending' || p.expiresAt.getTime() <= clock.now().getTime()) {
        return reply
          .status(410)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', sandboxPagePolicy(base))
          .send(closedPage(completeUrl(base, false, p.orderId)));
      }
      const tx = sandbox.transaction({
        providerOrderId: p.providerReference,
        merchantReference: `o${p.orderId}-p${p.id}-sbx`,
        amountPiastres: p.amountPiastres,
        currency: p.currency,
        approved: req.body.decision === 'approve',
        now: clock.now(),
        ...(req.body.paid_with === 'kiosk'
          ? { source: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' } }
          : {}),
      });
      // The gateway's server-to-server callback, through the full HTTP stack like any other.
      const callback = await app.inject({
        method: 'POST',
        url: `/v1/payments/callback/sandbox?hmac=${tx.hmac}`,
        payload: tx.body,
      });
      if (callback.statusCode !== 200) {
        req.log.error({ status: callback.statusCode, body: callback.body }, 'sandbox callback was refused');
      }
      // Then the browser's return, signed, as a gateway sends it.
      return reply.redirect(
        `${base}/v1/payments/response/sandbox?${new URLSearchParams(tx.redirectQuery)}`,
        303,
      );
    },
  );
};
