import { apiMessage, IMAGE_MAX_BYTES, idParam, localeQuery, megabytes } from '@store/contracts';
import {
  createReturnBodySchema,
  orderReturnsResponseSchema,
  RETURN_PHOTOS_MAX,
  RETURN_WINDOW_DAYS,
  returnViewSchema,
} from '@store/contracts/returns';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { askedLocale, requestLocale } from '../../lib/locale.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { rememberLocale } from '../auth/index.ts';
import { listOrderReturns, requestReturn } from './service.ts';

const tags = ['orders'];
const idParams = z.object({ id: idParam });

/** A shopper's returns of their order (issue 48 item 5, spec §9), under /v1. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);

  // The multipart reader's limits, met while the photos arrive, named in the shopper's language.
  app.setErrorHandler((err: FastifyError & { part?: { filename?: string } }, req) => {
    const locale = requestLocale(req);
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field(
        'photo',
        apiMessage('file_too_large', locale, {
          name: err.part?.filename || '?',
          max: megabytes(IMAGE_MAX_BYTES),
        }),
      );
    if (err.code === 'FST_FILES_LIMIT')
      throw AppError.field('photo', `return_photos_too_many:${RETURN_PHOTOS_MAX}`);
    throw err;
  });

  app.get(
    '/users/orders/:id/returns',
    {
      schema: {
        tags,
        description:
          "The order's returns (newest first), the units each line may still be returned, and until when " +
          `(${RETURN_WINDOW_DAYS} days from delivery).`,
        params: idParams,
        querystring: localeQuery,
        response: { 200: orderReturnsResponseSchema },
      },
    },
    async (req) =>
      listOrderReturns(db, currentUser(req).id, req.params.id, clock.now(), requestLocale(req), app.images),
  );

  app.post(
    '/users/orders/:id/returns',
    {
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        description:
          `Asks to return units of a delivered order within ${RETURN_WINDOW_DAYS} days of delivery: lines ` +
          '[{order_product_id, quantity}] (multipart: as JSON text), reason, details; multipart photos under ' +
          `\`photo\` (at most ${RETURN_PHOTOS_MAX}; JPEG, PNG, WebP or AVIF by content, at most ` +
          `${megabytes(IMAGE_MAX_BYTES)} MB). 422 when the order is not delivered, the time is over, a line is ` +
          'not the order’s or asks more than may still be returned, or a photo is refused; nothing is kept then.',
        params: idParams,
        querystring: localeQuery,
        body: createReturnBodySchema,
        response: { 201: returnViewSchema },
      },
      config: {
        multipartOptions: { limits: { fileSize: IMAGE_MAX_BYTES, files: RETURN_PHOTOS_MAX } },
      },
    },
    async (req, reply) => {
      // Its messages go out in the language the shopper asked in (the one they now use).
      await rememberLocale(db, currentUser(req).id, askedLocale(req));
      const view = await requestReturn(db, app.images, {
        userId: currentUser(req).id,
        orderId: req.params.id,
        body: req.body,
        files: req.isMultipart() ? uploadedFiles(req, 'photo') : [],
        now: clock.now(),
        locale: requestLocale(req),
      });
      return reply.status(201).send(view);
    },
  );
};
