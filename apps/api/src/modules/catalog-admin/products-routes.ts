import {
  adminProductBodySchema,
  adminProductDeleteResponseSchema,
  adminProductResponseSchema,
  adminProductsBulkResponseSchema,
  adminProductsBulkSchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  adminProductUpdateSchema,
  adminVariantsBodySchema,
  adminVariantsResponseSchema,
  idParam,
  localeQuery,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStore } from '../../adapters/image-store.ts';
import { requestLocale } from '../../lib/locale.ts';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  bulkProducts,
  createProduct,
  deleteProduct,
  editProduct,
  getAdminProduct,
  listAdminProducts,
} from './products-service.ts';
import { productVariants, saveVariants } from './variants-service.ts';

export interface AdminProductRoutesOptions {
  /** The app's image store: a deleted product's uploaded files are removed from there. */
  store?: ImageStore;
}

const tags = ['admin: products'];
const idParams = z.object({ id: idParam });

/**
 * The products screen's calls under /v1/admin (issue 17), for staff with the catalog role and owners: the list
 * with filters and search, one product in both languages, create, edit (409 when someone changed it since it was
 * read), delete (hidden instead when orders hold it), and bulk actions.
 */
export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductRoutesOptions> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const store = opts.store;
  app.addHook('onRequest', requireStaff('catalog'));
  // The store shows a saved change at once (other instances' cached answers live at most CATALOG_CACHE_SECONDS +
  // CATALOG_CACHE_STALE_SECONDS; the catalog index and the page cache follow the version).
  forgetCachedAnswersAfterWrites(app);

  app.get(
    '/products',
    {
      schema: {
        tags,
        description:
          'Products, newest first; a product sold in variants is one row (`variants`, `price` to `price_max`), ' +
          'its variants never rows. `query`: words as the store searches them (either language, Arabic spelling ' +
          'variants alike), a product number or a variant’s SKU; filters: category (with its sub-categories), brand, promotion ' +
          '(0: none), stock level (all, low, out) and visibility (all, active, hidden).',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsResponseSchema },
      },
    },
    async (req) => listAdminProducts(db, req.query, requestLocale(req)),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        description:
          'One product as the editor shows it: both languages, specifications, images, and whether orders hold it.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (req) => ({ product: await getAdminProduct(db, req.params.id) }),
  );

  app.post(
    '/products',
    {
      schema: {
        tags,
        description:
          'Adds a product with its specifications (in the order given); its stock is a manual movement. Audited.',
        querystring: localeQuery,
        body: adminProductBodySchema,
        response: { 201: adminProductResponseSchema },
      },
    },
    async (req, reply) => {
      const product = await createProduct(db, currentStaff(req), req.body, clock.now());
      return reply.status(201).send({ product });
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        description:
          'Saves every field and the specifications, if `updated_at` is still the product’s (else 409 ' +
          '`product_changed`, nothing changes). The audit log keeps the changed fields before and after. A ' +
          'variant is edited in its product’s variants: 422 `product_is_variant` with `product_id`.',
        params: idParams,
        querystring: localeQuery,
        body: adminProductUpdateSchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (req) => ({
      product: await editProduct(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        description:
          'Deletes the product and then its uploaded files; one that orders hold is hidden instead and keeps ' +
          'them (`hidden: true` with a sentence saying so).',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminProductDeleteResponseSchema },
      },
    },
    async (req) =>
      deleteProduct(db, store, currentStaff(req), req.params.id, clock.now(), requestLocale(req), req.log),
  );

  app.get(
    '/products/:id/variants',
    {
      schema: {
        tags,
        description:
          'The product’s options (colour, storage, size; both languages) and its variants, each with its SKU, ' +
          'price, promotion price and stock (issue 49). A variant’s pictures and 3D model are its own images.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminVariantsResponseSchema },
      },
    },
    async (req) => productVariants(db, req.params.id),
  );

  app.put(
    '/products/:id/variants',
    {
      schema: {
        tags,
        description:
          'Replaces the options and variants whole (decision 034): a variant with `id` is kept and changed, one ' +
          'without is added, one left out is deleted (or detached, hidden, when orders hold it). The product’s ' +
          'price becomes its cheapest variant’s and its stock theirs added up; an empty list makes it one item ' +
          'again. Stock changes are manual movements. Audited.',
        params: idParams,
        querystring: localeQuery,
        body: adminVariantsBodySchema,
        response: { 200: adminVariantsResponseSchema },
      },
    },
    async (req) => saveVariants(db, req.params.id, req.body, clock.now(), currentStaff(req)),
  );

  app.post(
    '/products/bulk',
    {
      schema: {
        tags,
        description:
          'One action on many products, all or nothing: hide, show, move (`category_id`), promote ' +
          '(`promotion_id`, `percent` off), unpromote, price_percent (`percent`, −90 to +500). Answers how many changed. A variant may be named ' +
          'only by price_percent (its product follows); otherwise 422 `product_is_variant` with `product_id`.',
        querystring: localeQuery,
        body: adminProductsBulkSchema,
        response: { 200: adminProductsBulkResponseSchema },
      },
    },
    async (req) => ({ changed: await bulkProducts(db, currentStaff(req), req.body, clock.now()) }),
  );
};
