import {
  favoriteResponseSchema,
  idParam,
  localeQuery,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { requestLocale } from '../../lib/locale.ts';
import { getProduct, listProducts } from '../catalog/index.ts';
import { addFavorite, removeFavorite } from './service.ts';

const idParams = z.object({ id: idParam });
const tags = ['wishlist'];

/**
 * Signed-in catalog (spec §6: lists and products come from users/products when signed in, with the favorite
 * flag) and favorites. Never cached: every answer is the caller's own.
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);

  app.get(
    '/users/products',
    {
      schema: {
        tags,
        description:
          'GET /products for a signed-in user: each product carries its favorite flag; favorites=true lists the wishlist.',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (req) =>
      listProducts(db, req.query, {
        locale: requestLocale(req),
        userId: currentUser(req).id,
        now: clock.now(),
        fewerWords: true,
      }),
  );

  app.get(
    '/users/products/:id',
    {
      schema: { tags, params: idParams, querystring: localeQuery, response: { 200: productResponseSchema } },
    },
    async (req) => ({
      product: await getProduct(db, req.params.id, {
        locale: requestLocale(req),
        userId: currentUser(req).id,
        now: clock.now(),
      }),
    }),
  );

  app.post(
    '/users/products/:id/favorites',
    {
      schema: { tags, params: idParams, querystring: localeQuery, response: { 201: favoriteResponseSchema } },
    },
    async (req, reply) => {
      await addFavorite(db, currentUser(req).id, req.params.id, clock.now());
      return reply.status(201).send({ product_id: req.params.id, favorite: true });
    },
  );

  app.delete(
    '/users/products/:id/favorites',
    {
      schema: { tags, params: idParams, querystring: localeQuery, response: { 200: favoriteResponseSchema } },
    },
    async (req) => {
      await removeFavorite(db, currentUser(req).id, req.params.id);
      return { product_id: req.params.id, favorite: false };
    },
  );
};
