import {
  adminProductImagesOrderSchema,
  adminProductImagesResponseSchema,
  adminProductImagesUploadSchema,
  apiMessage,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  IMAGES_PER_UPLOAD,
  idParam,
  localeQuery,
  megabytes,
  MODEL_MAX_BYTES,
} from '@store/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStore } from '../../adapters/image-store.ts';
import { pictureSizes } from '../../image-sizes.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { addImages, deleteImage, reorderImages } from './images-service.ts';

export interface AdminImageRoutesOptions {
  /** Where the files go (the app's image store: the uploads folder, or a bucket on several machines). */
  store?: ImageStore;
}

const tags = ['admin: product images'];
const idParams = z.object({ id: idParam });

/**
 * A product's images under /v1/admin (issue 17), for staff with the catalog role and owners: upload (multipart,
 * field `file`, several at once), reorder, delete. Every answer lists all of the product's images in order.
 */
export const adminImageRoutes: FastifyPluginAsyncZod<AdminImageRoutesOptions> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const store = opts.store;
  // Closing, the sizes being made after an upload stop once the picture in hand is written (nothing after close).
  if (store) app.addHook('onClose', () => pictureSizes(store).stop());
  const storeOrFail = () => {
    // No image store (an app built without one): nothing could be served, so nothing is taken.
    if (!store) throw new AppError(503, 'uploads_unavailable', ['server_error']);
    return store;
  };
  app.addHook('onRequest', requireStaff('catalog'));
  forgetCachedAnswersAfterWrites(app);

  // The multipart reader's limits, met while the files arrive: a file past the largest size a 3D model may have,
  // or more files than an upload takes, is named in the user's language like the checks of the service.
  app.setErrorHandler((err: FastifyError & { part?: { filename?: string } }, req) => {
    const locale = requestLocale(req);
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field(
        'file',
        apiMessage('file_too_large', locale, {
          name: err.part?.filename || '?',
          max: megabytes(MODEL_MAX_BYTES),
        }),
      );
    if (err.code === 'FST_FILES_LIMIT')
      throw AppError.field('file', `images_too_many_files:${IMAGES_PER_UPLOAD}`);
    throw err;
  });

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          `Adds photos and a 3D model to the product: multipart, field \`file\`, up to ${IMAGES_PER_UPLOAD} files. ` +
          `A photo is JPEG, PNG, WebP or AVIF by content, ${IMAGE_MIN_SIDE} to ${IMAGE_MAX_SIDE} pixels a side, ` +
          `at most ${megabytes(IMAGE_MAX_BYTES)} MB; it is kept as sent and made into WebP thumbnail (320 px ` +
          `wide), medium (800) and large (1600). A 3D model is a binary glTF 2.0 file (.glb), at most ` +
          `${megabytes(MODEL_MAX_BYTES)} MB, one per product. Every file is checked first: one bad file answers ` +
          '422 `{ errors: { file: [...] } }` naming each bad file, and nothing is kept. New images go last.',
        params: idParams,
        querystring: localeQuery,
        body: adminProductImagesUploadSchema.optional(),
        response: { 201: adminProductImagesResponseSchema },
      },
      config: { multipartOptions: { limits: { fileSize: MODEL_MAX_BYTES, files: IMAGES_PER_UPLOAD } } },
    },
    async (req, reply) => {
      const images = await addImages(
        db,
        storeOrFail(),
        currentStaff(req),
        req.params.id,
        req.isMultipart() ? uploadedFiles(req, 'file') : [],
        clock.now(),
        requestLocale(req),
      );
      // The new photos' card sizes are made now, after the answer, not on the first shopper's request (issue 43
      // item 12): in the picture queue, one at a time; a failure leaves them to be made when asked for.
      if (store) {
        const sizes = pictureSizes(store);
        void sizes.prepare(images.filter((i) => !i.is_3d).map((i) => i.thumbnail_url)).catch(() => 0);
      }
      return reply.status(201).send({ images });
    },
  );

  app.put(
    '/products/:id/images',
    {
      schema: {
        tags,
        description:
          "The new order of the product's images: `ids`, each of its image ids once (else 422, nothing moves); " +
          'the first is the main image, shown first in the store.',
        params: idParams,
        querystring: localeQuery,
        body: adminProductImagesOrderSchema,
        response: { 200: adminProductImagesResponseSchema },
      },
    },
    async (req) => ({
      images: await reorderImages(db, currentStaff(req), req.params.id, req.body.ids, clock.now()),
    }),
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      schema: {
        tags,
        description: 'Removes the image and its files; answers the images left.',
        params: idParams.extend({ imageId: idParam }),
        querystring: localeQuery,
        response: { 200: adminProductImagesResponseSchema },
      },
    },
    async (req) => ({
      images: await deleteImage(
        db,
        storeOrFail(),
        currentStaff(req),
        req.params.id,
        req.params.imageId,
        clock.now(),
        req.log,
      ),
    }),
  );
};
