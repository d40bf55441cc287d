import {
  adminDiscountCodeResponseSchema,
  adminDiscountCodesResponseSchema,
  discountCodeBodySchema,
  discountCodeUpdateSchema,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  createDiscountCode,
  endDiscountCode,
  getDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from './service.ts';

const tags = ['admin: discount codes'];
const idParams = z.object({ id: idParam });

/** Discount codes under /v1/admin (issue 49 item 1): the discounts area (owners, and the catalog role). */
export const adminDiscountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('discounts'));

  app.get(
    '/discount_codes',
    {
      schema: {
        tags,
        description: 'Every code, newest first, with its uses and `state` by the clock.',
        querystring: localeQuery,
        response: { 200: adminDiscountCodesResponseSchema },
      },
    },
    async () => ({ discount_codes: await listDiscountCodes(db, clock.now()) }),
  );

  app.get(
    '/discount_codes/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminDiscountCodeResponseSchema },
      },
    },
    async (req) => ({ discount_code: await getDiscountCode(db, req.params.id, clock.now()) }),
  );

  app.post(
    '/discount_codes',
    {
      schema: {
        tags,
        description:
          'A new code: `code` (3–40 letters, digits, - or _; kept upper case, unique), `kind` percent (value 1–100) ' +
          'or amount (value in EGP), and optionally `minimum_order` (EGP), `scope` all|categories|brands|products ' +
          'with `scope_ids`, `starts_at`/`ends_at`, `max_uses`, `max_uses_per_shopper`, `first_order_only`.',
        querystring: localeQuery,
        body: discountCodeBodySchema,
        response: { 201: adminDiscountCodeResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ discount_code: await createDiscountCode(db, currentStaff(req), req.body, clock.now()) }),
  );

  app.patch(
    '/discount_codes/:id',
    {
      schema: {
        tags,
        description:
          'Changes any of the fields; the rules between them are checked on the result. A new `kind` needs its `value`.',
        params: idParams,
        querystring: localeQuery,
        body: discountCodeUpdateSchema,
        response: { 200: adminDiscountCodeResponseSchema },
      },
    },
    async (req) => ({
      discount_code: await updateDiscountCode(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );

  app.post(
    '/discount_codes/:id/end',
    {
      schema: {
        tags,
        description: 'Ends the code now: carts holding it are told, and no order takes it any more.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminDiscountCodeResponseSchema },
      },
    },
    async (req) => ({
      discount_code: await endDiscountCode(db, currentStaff(req), req.params.id, clock.now()),
    }),
  );
};
