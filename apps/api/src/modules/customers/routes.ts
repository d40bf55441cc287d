import {
  adminCustomerResponseSchema,
  adminCustomersQuerySchema,
  adminCustomersResponseSchema,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { requireStaff } from '../staff/index.ts';
import { getCustomer, listCustomers } from './service.ts';

const tags = ['admin: customers'];

/** Customers for staff and owners under /v1/admin (issue 13): search and one customer with their orders. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', requireStaff('customers'));

  app.get(
    '/customers',
    {
      schema: {
        tags,
        description: 'Shoppers, newest first; `query`: a phone number (or part), a name or an email.',
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersResponseSchema },
      },
    },
    async (req) => listCustomers(db, req.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        description: 'One shopper with their latest orders; never a password, token or code.',
        params: z.object({ id: idParam }),
        querystring: localeQuery,
        response: { 200: adminCustomerResponseSchema },
      },
    },
    async (req) => ({ customer: await getCustomer(db, req.params.id, requestLocale(req)) }),
  );
};
