/**
 * GET /v1/store/seller (issue 47): the seller the invoices name, in the request's language, for the storefront's
 * footer. A public read the server renderer answers in-process (`cache: true`).
 */
import { storeSellerResponseSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { sellerIn } from '../../lib/seller.ts';

export const storeSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { seller } = app.ctx.invoicing;
  app.get(
    '/store/seller',
    {
      config: { cache: true },
      schema: { tags: ['content'], response: { 200: storeSellerResponseSchema } },
    },
    async (req) => {
      const s = sellerIn(seller, requestLocale(req));
      return { seller: { legal_name: s.legalName, address: s.address, tax_id: s.taxId } };
    },
  );
};
