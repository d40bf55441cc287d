import {
  adminBrandBodySchema,
  adminBrandResponseSchema,
  adminBrandsResponseSchema,
  adminBrandUpdateSchema,
  adminCategoriesResponseSchema,
  adminCategoryBodySchema,
  adminCategoryOrderSchema,
  adminCategoryResponseSchema,
  adminCategoryUpdateSchema,
  adminPromotionBodySchema,
  adminPromotionCandidatesQuerySchema,
  adminPromotionProductsBodySchema,
  adminPromotionProductsResponseSchema,
  adminPromotionResponseSchema,
  adminPromotionsResponseSchema,
  adminPromotionUpdateSchema,
  CATEGORY_LEVELS,
  HOME_BRANDS,
  ICON_MAX_BYTES,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStore } from '../../adapters/image-store.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionCandidates,
  promotionProducts,
  setPromotionProducts,
  updatePromotion,
} from './promotions-service.ts';
import {
  categoryAfterIcon,
  createBrand,
  createCategory,
  deleteBrand,
  deleteCategory,
  getBrand,
  listBrands,
  listCategories,
  orderCategories,
  setIcon,
  updateBrand,
  updateCategory,
} from './taxonomy-service.ts';

export interface AdminTaxonomyRoutesOptions {
  /** The app's image store (served at /uploads): icons go to its icons/ folder. */
  store?: ImageStore;
}

const idParams = z.object({ id: idParam });
const ICON_HELP =
  `Multipart, field \`file\`: an SVG (without scripts), PNG or WebP, checked by its content, at most ` +
  `${ICON_MAX_BYTES / 1024} KB (PNG and WebP 16 to 4096 pixels a side, read to their end). An SVG is written ` +
  'again with only drawing elements and attributes; one with scripts, event attributes, animation, HTML or links ' +
  'outside itself is refused, naming what it holds. Saved under /uploads/icons/ with a new name; the icon it ' +
  'replaces is removed unless something else names it. 422 `{ errors: { file: [...] } }` otherwise.';

/**
 * Categories, brands and promotions under /v1/admin (issue 17), for staff with the catalog role and owners.
 * Every edit carries the `updated_at` it was based on (409 when stale); every change is in the audit log.
 */
export const adminTaxonomyRoutes: FastifyPluginAsyncZod<AdminTaxonomyRoutesOptions> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const store = opts.store;
  app.addHook('onRequest', requireStaff('catalog'));
  forgetCachedAnswersAfterWrites(app);
  // An icon past the size limit is cut off while it arrives: the same message as the service's check.
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field('file', `icon_too_large:${ICON_MAX_BYTES / 1024}`);
    if (err.code === 'FST_FILES_LIMIT') throw AppError.field('file', 'too_many:1');
    throw err;
  });
  const iconFile = (req: Parameters<typeof uploadedFiles>[0]) =>
    req.isMultipart() ? uploadedFiles(req, 'file')[0]?.data : undefined;
  const iconConfig = { multipartOptions: { limits: { fileSize: ICON_MAX_BYTES, files: 1 } } };

  /* ---------------- categories ---------------- */
  {
    const tags = ['admin: categories'];
    app.get(
      '/categories',
      {
        schema: {
          tags,
          description:
            `The whole tree (at most ${CATEGORY_LEVELS} levels), flat in tree order: each category right after ` +
            'its parent, siblings by position; with its products and those of every category below it.',
          querystring: localeQuery,
          response: { 200: adminCategoriesResponseSchema },
        },
      },
      async () => ({ categories: await listCategories(db) }),
    );

    app.post(
      '/categories',
      {
        schema: {
          tags,
          description: `A new category, last under \`parent_id\` (null: a main one). 422 past ${CATEGORY_LEVELS} levels.`,
          querystring: localeQuery,
          body: adminCategoryBodySchema,
          response: { 201: adminCategoryResponseSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ category: await createCategory(db, currentStaff(req), req.body, clock.now()) }),
    );

    app.put(
      '/categories/order',
      {
        schema: {
          tags,
          description:
            "`ids`: `parent_id`'s children in their new order (null: the main categories). A category named " +
            'here from under another parent moves here with its sub-categories (422 `category_too_deep` past ' +
            `${CATEGORY_LEVELS} levels, \`category_own_ancestor\` under itself). Every current child must be ` +
            'named: 409 otherwise. Answers the whole tree.',
          querystring: localeQuery,
          body: adminCategoryOrderSchema,
          response: { 200: adminCategoriesResponseSchema },
        },
      },
      async (req) => ({ categories: await orderCategories(db, currentStaff(req), req.body, clock.now()) }),
    );

    app.put(
      '/categories/:id',
      {
        schema: {
          tags,
          description:
            'Names, icon address, flags; `updated_at` as read (409 `category_changed` when stale). A new name ' +
            'rewrites the search text of the products in it and below it, in the same transaction.',
          params: idParams,
          querystring: localeQuery,
          body: adminCategoryUpdateSchema,
          response: { 200: adminCategoryResponseSchema },
        },
      },
      async (req) => ({
        category: await updateCategory(db, currentStaff(req), req.params.id, req.body, clock.now()),
      }),
    );

    app.delete(
      '/categories/:id',
      {
        schema: {
          tags,
          description: 'Deletes it; 409 saying how many while it has sub-categories or products.',
          params: idParams,
          querystring: localeQuery,
        },
      },
      async (req, reply) => {
        await deleteCategory(db, currentStaff(req), req.params.id, clock.now());
        return reply.status(204).send();
      },
    );

    app.post(
      '/categories/:id/icon',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `The category's icon. ${ICON_HELP}`,
          params: idParams,
          querystring: localeQuery,
          response: { 200: adminCategoryResponseSchema },
        },
        config: iconConfig,
      },
      async (req) => {
        await setIcon(
          db,
          currentStaff(req),
          'category',
          req.params.id,
          iconFile(req),
          store,
          clock.now(),
          req.log,
        );
        return { category: await categoryAfterIcon(db, req.params.id) };
      },
    );
  }

  /* ---------------- brands ---------------- */
  {
    const tags = ['admin: brands'];
    app.get(
      '/brands',
      {
        schema: {
          tags,
          description:
            `Every brand by position, with its products; \`on_homepage\`: active brands shown on the home page ` +
            `(it shows ${HOME_BRANDS} at most).`,
          querystring: localeQuery,
          response: { 200: adminBrandsResponseSchema },
        },
      },
      async () => listBrands(db),
    );

    app.post(
      '/brands',
      {
        schema: {
          tags,
          description: 'A new brand, last.',
          querystring: localeQuery,
          body: adminBrandBodySchema,
          response: { 201: adminBrandResponseSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send({ brand: await createBrand(db, currentStaff(req), req.body, clock.now()) }),
    );

    app.put(
      '/brands/:id',
      {
        schema: {
          tags,
          description:
            'Names, icon address, flags; `updated_at` as read (409 `brand_changed` when stale). A new name ' +
            "rewrites its products' search text in the same transaction.",
          params: idParams,
          querystring: localeQuery,
          body: adminBrandUpdateSchema,
          response: { 200: adminBrandResponseSchema },
        },
      },
      async (req) => ({
        brand: await updateBrand(db, currentStaff(req), req.params.id, req.body, clock.now()),
      }),
    );

    app.delete(
      '/brands/:id',
      {
        schema: {
          tags,
          description: 'Deletes it; 409 saying how many while products are of this brand.',
          params: idParams,
          querystring: localeQuery,
        },
      },
      async (req, reply) => {
        await deleteBrand(db, currentStaff(req), req.params.id, clock.now());
        return reply.status(204).send();
      },
    );

    app.post(
      '/brands/:id/icon',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `The brand's icon (its logo). ${ICON_HELP}`,
          params: idParams,
          querystring: localeQuery,
          response: { 200: adminBrandResponseSchema },
        },
        config: iconConfig,
      },
      async (req) => {
        await setIcon(
          db,
          currentStaff(req),
          'brand',
          req.params.id,
          iconFile(req),
          store,
          clock.now(),
          req.log,
        );
        return { brand: await getBrand(db, req.params.id) };
      },
    );
  }

  /* ---------------- promotions ---------------- */
  {
    const tags = ['admin: promotions'];
    app.get(
      '/promotions',
      {
        schema: {
          tags,
          description:
            'Every promotion, newest first, with its products and `state` by the clock: running, scheduled, ' +
            'ended, or off (not active).',
          querystring: localeQuery,
          response: { 200: adminPromotionsResponseSchema },
        },
      },
      async () => ({ promotions: await listPromotions(db, clock.now()) }),
    );

    app.post(
      '/promotions',
      {
        schema: {
          tags,
          description:
            'A new promotion: names, `slug` (its page /promotions/{slug}; unique), `starts_at` and `ends_at` ' +
            '(ISO times with a zone, either may be null; the end after the start), `active`.',
          querystring: localeQuery,
          body: adminPromotionBodySchema,
          response: { 201: adminPromotionResponseSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ promotion: await createPromotion(db, currentStaff(req), req.body, clock.now()) }),
    );

    app.put(
      '/promotions/:id',
      {
        schema: {
          tags,
          description:
            'The same fields and `updated_at` as read (409 `promotion_changed` when stale); its products are ' +
            'repriced at once (new dates, switched on or off).',
          params: idParams,
          querystring: localeQuery,
          body: adminPromotionUpdateSchema,
          response: { 200: adminPromotionResponseSchema },
        },
      },
      async (req) => ({
        promotion: await updatePromotion(db, currentStaff(req), req.params.id, req.body, clock.now()),
      }),
    );

    app.delete(
      '/promotions/:id',
      {
        schema: {
          tags,
          description:
            'Deletes it; its products leave it and lose their promotion price, in the same transaction.',
          params: idParams,
          querystring: localeQuery,
        },
      },
      async (req, reply) => {
        await deletePromotion(db, currentStaff(req), req.params.id, clock.now());
        return reply.status(204).send();
      },
    );

    app.get(
      '/promotions/:id/products',
      {
        schema: {
          tags,
          description: 'The products in the promotion, with their price and promotion price (EGP).',
          params: idParams,
          querystring: localeQuery,
          response: { 200: adminPromotionProductsResponseSchema },
        },
      },
      async (req) => ({ products: await promotionProducts(db, req.params.id, requestLocale(req)) }),
    );

    app.get(
      '/promotions/:id/candidates',
      {
        schema: {
          tags,
          description:
            'Up to 20 products to add: a product number, or every word of `query` in the title (either ' +
            'language), model, brand or category; with the promotion each is in now.',
          params: idParams,
          querystring: adminPromotionCandidatesQuerySchema,
          response: { 200: adminPromotionProductsResponseSchema },
        },
      },
      async (req) => ({
        products: await promotionCandidates(db, req.params.id, req.query.query, requestLocale(req)),
      }),
    );

    app.put(
      '/promotions/:id/products',
      {
        schema: {
          tags,
          description:
            '`items` ({ product_id, price_after_promotion } in EGP, below the price) join the promotion or get ' +
            'a new promotion price (a product in another promotion moves here); `remove`: product ids that ' +
            'leave it. All or nothing; their current prices follow at once. Answers its products.',
          params: idParams,
          querystring: localeQuery,
          body: adminPromotionProductsBodySchema,
          response: { 200: adminPromotionProductsResponseSchema },
        },
      },
      async (req) => ({
        products: await setPromotionProducts(
          db,
          currentStaff(req),
          req.params.id,
          req.body,
          clock.now(),
          requestLocale(req),
        ),
      }),
    );
  }
};
