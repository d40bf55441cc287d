import {
  attachAddressBodySchema,
  cartMergeResponseSchema,
  cartMergeSchema,
  cartResponseSchema,
  cartDiscountCodeBodySchema,
  cartUpdateSchema,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { translate } from '../../lib/errors.ts';
import { expandFormKeys } from '../../lib/form-body.ts';
import { requestLocale } from '../../lib/locale.ts';
import {
  applyDiscountCode,
  attachAddress,
  getCart,
  mergeCart,
  removeDiscountCode,
  updateCart,
  type CartOptions,
} from './service.ts';
import { clientNetwork } from '../../lib/client-network.ts';

const tags = ['cart'];
const idParams = z.object({ id: idParam });

/** The server cart of spec §7: GET/PUT v1/users/cart, and the guest-cart merge at sign-in. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);
  app.addHook('preValidation', async (req) => {
    req.body = expandFormKeys(req.body);
  });
  const opts = (req: FastifyRequest): CartOptions => ({
    locale: requestLocale(req),
    userId: currentUser(req).id,
    now: clock.now(),
    deliveryVatBp: app.ctx.invoicing.deliveryVatBp,
  });

  app.get(
    '/users/cart',
    { schema: { tags, querystring: localeQuery, response: { 200: cartResponseSchema } } },
    async (req) => ({ order: await getCart(db, opts(req)) }),
  );

  app.put(
    '/users/cart',
    {
      schema: {
        tags,
        description:
          'Sets a line: order_product {product_id, quantity, _destroy}. 422 lists the reason (stock, per-order ' +
          'maximum, out of stock, no longer available); 404 for an unknown product.',
        querystring: localeQuery,
        body: cartUpdateSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (req) => ({ order: await updateCart(db, req.body, opts(req)) }),
  );

  app.put(
    '/users/cart/discount_code',
    {
      schema: {
        tags,
        description:
          "Puts a discount code on the cart ({code}, any case). 422 with the reason in the shopper's language when " +
          'it is unknown, not started, expired, used up (in all or by you), for a first order only, below its ' +
          'minimum order or for none of the products in the cart; the cart is then unchanged. 429 (Retry-After) after ' +
          'too many codes that do not exist, from this shopper or from this address.',
        querystring: localeQuery,
        body: cartDiscountCodeBodySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (req) => ({
      order: await applyDiscountCode(db, req.body.code, {
        ...opts(req),
        ip: clientNetwork(req.ip),
        guesses: { user: app.ctx.authLimits.discountCodePerUser, ip: app.ctx.authLimits.discountCodePerIp },
      }),
    }),
  );

  app.delete(
    '/users/cart/discount_code',
    {
      schema: {
        tags,
        description: 'Takes the discount code off the cart.',
        querystring: localeQuery,
        response: { 200: cartResponseSchema },
      },
    },
    async (req) => ({ order: await removeDiscountCode(db, opts(req)) }),
  );

  app.post(
    '/users/cart/merge',
    {
      schema: {
        tags,
        description:
          "Adds a guest cart's lines at sign-in, capped by stock and the per-order maximum; reports what was " +
          'lowered (adjusted) or left out (skipped).',
        querystring: localeQuery,
        body: cartMergeSchema,
        response: { 200: cartMergeResponseSchema },
      },
    },
    async (req) => {
      const locale = requestLocale(req);
      const { cart, adjusted, skipped } = await mergeCart(db, req.body, opts(req));
      return {
        order: cart,
        adjusted: adjusted.map((a) => ({ ...a, message: translate(a.message, locale) })),
        skipped: skipped.map((s) => ({ ...s, message: translate(s.message, locale) })),
      };
    },
  );

  app.put(
    '/users/orders/:id/address',
    {
      schema: {
        tags,
        description:
          'Chooses the delivery address of your cart order ({ address_id }) and sets its shipping fees from the ' +
          "address's delivery zone. Answers the reloaded cart (as GET /users/cart).",
        params: idParams,
        querystring: localeQuery,
        body: attachAddressBodySchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const now = clock.now();
      await attachAddress(db, userId, req.params.id, req.body.address_id, now);
      return { order: await getCart(db, { userId, locale: requestLocale(req), now }) };
    },
  );
};
