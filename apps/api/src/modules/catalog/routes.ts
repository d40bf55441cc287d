import {
  brandListQuerySchema,
  brandResponseSchema,
  brandsResponseSchema,
  categoriesResponseSchema,
  categoryListQuerySchema,
  idParam,
  localeQuery,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  promotionKeyParam,
  promotionResponseSchema,
  promotionsResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { getProduct, listProducts } from './service.ts';
import { getBrand, getPromotion, listBrands, listCategories, listPromotions } from './taxonomy-reads.ts';
import { suggest } from './suggestions.ts';

const idParams = z.object({ id: idParam });

/** Catalog calls of spec §7 for guests. Signed-in variants (v1/users/products) reuse the same services. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/products',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (req) =>
      listProducts(db, req.query, { locale: requestLocale(req), now: clock.now(), fewerWords: true }),
  );

  app.get(
    '/products/suggestions',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        description: 'What the search box shows while a shopper types: the last word may be cut short.',
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema },
      },
    },
    async (req) => suggest(db, req.query, { locale: requestLocale(req), now: clock.now() }),
  );

  app.get(
    '/products/:id',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        params: idParams,
        querystring: localeQuery,
        response: { 200: productResponseSchema },
      },
    },
    async (req) => ({
      product: await getProduct(db, req.params.id, { locale: requestLocale(req), now: clock.now() }),
    }),
  );

  app.get(
    '/categories',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        querystring: categoryListQuerySchema,
        response: { 200: categoriesResponseSchema },
      },
    },
    async (req) => ({ categories: await listCategories(db, req.query, requestLocale(req)) }),
  );

  app.get(
    '/brands',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        querystring: brandListQuerySchema,
        response: { 200: brandsResponseSchema },
      },
    },
    async (req) => listBrands(db, req.query, requestLocale(req)),
  );

  app.get(
    '/brands/:id',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        params: idParams,
        querystring: localeQuery,
        response: { 200: brandResponseSchema },
      },
    },
    async (req) => ({ brand: await getBrand(db, req.params.id, requestLocale(req)) }),
  );

  app.get(
    '/promotions',
    {
      config: { cache: true },
      schema: { tags: ['catalog'], querystring: localeQuery, response: { 200: promotionsResponseSchema } },
    },
    async (req) => ({ promotions: await listPromotions(db, requestLocale(req), clock.now()) }),
  );

  app.get(
    '/promotions/:id',
    {
      config: { cache: true },
      schema: {
        tags: ['catalog'],
        description: 'A running promotion by numeric id or by slug.',
        params: z.object({ id: promotionKeyParam }),
        querystring: localeQuery,
        response: { 200: promotionResponseSchema },
      },
    },
    async (req) => ({
      promotion: await getPromotion(db, req.params.id, requestLocale(req), clock.now()),
    }),
  );
};
