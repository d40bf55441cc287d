import { idParam, localeQuery } from '@store/contracts';
import {
  adminCourierResponseSchema,
  adminLabelsBodySchema,
  adminLabelsQuerySchema,
  adminLabelsResponseSchema,
  adminShipBodySchema,
  adminShipManyBodySchema,
  adminShipManyResponseSchema,
  adminShipmentsResponseSchema,
} from '@store/contracts/admin-shipments';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import {
  adminShipments,
  cancelShipment,
  labelsMany,
  labelsOf,
  shipMany,
  shipOrder,
} from './admin-service.ts';

const tags = ['admin: orders'];
const idParams = z.object({ id: idParam });

/**
 * The back office's shipments under /v1/admin (issue 48), for staff and owners: an order's parcels with their
 * courier's events, "ship with Bosta" (one order, or many at once), a carrier and tracking number typed by hand, and
 * the labels to print (one order's, or many in one PDF).
 */
export const adminShipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff('orders'));
  const ctx = () => ({ db: app.ctx.db, clock: app.ctx.clock, courier: app.ctx.courier });
  const pdf = (name: string, body: Buffer) => ({ name, body });

  app.get(
    '/orders/courier',
    {
      schema: {
        tags,
        description:
          'The courier the store ships with (COURIER): the orders list offers "ship with" it and its labels.',
        response: { 200: adminCourierResponseSchema },
      },
    },
    async () => ({ courier: app.ctx.courier.name }),
  );

  app.get(
    '/orders/:id/shipments',
    {
      schema: {
        tags,
        description:
          "The order's parcels (newest first) with their courier's events, and the store's courier.",
        params: idParams,
        response: { 200: adminShipmentsResponseSchema },
      },
    },
    async (req) => adminShipments(ctx(), req.params.id),
  );

  app.post(
    '/orders/:id/shipments',
    {
      schema: {
        tags,
        description:
          'Empty: the store’s courier (COURIER=bosta, aramex or mylerz) makes the delivery (502 with its words when it refuses). ' +
          '{carrier, tracking_number}: the parcel staff handed to a carrier. The order must be confirmed or ' +
          'processing (422) with no live shipment (409).',
        params: idParams,
        querystring: localeQuery,
        body: adminShipBodySchema,
        response: { 201: adminShipmentsResponseSchema },
      },
    },
    async (req, reply) => {
      await shipOrder(ctx(), req.params.id, req.body, currentStaff(req));
      return reply.status(201).send(await adminShipments(ctx(), req.params.id));
    },
  );

  app.post(
    '/orders/shipments',
    {
      schema: {
        tags,
        description:
          'Ships each order with the store’s courier; each result says its tracking number or why not.',
        querystring: localeQuery,
        body: adminShipManyBodySchema,
        response: { 200: adminShipManyResponseSchema },
      },
    },
    async (req) => shipMany(ctx(), req.body.order_ids, currentStaff(req), requestLocale(req)),
  );

  const sendPdf = (reply: FastifyReply, file: { name: string; body: Buffer }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);

  app.get(
    '/orders/:id/shipments/label',
    {
      schema: {
        tags,
        description: "The order's label (AWB) from its courier, a PDF to print (404 when it has none).",
        params: idParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        pdf(`label-${req.params.id}.pdf`, await labelsOf(ctx(), [req.params.id], currentStaff(req))),
      ),
  );

  app.get(
    '/orders/labels',
    {
      schema: {
        tags,
        description: 'The labels of many orders in one PDF (order_ids=1,2,3; at most 100).',
        querystring: adminLabelsQuerySchema.extend(localeQuery.shape),
      },
    },
    async (req, reply) =>
      sendPdf(reply, pdf('labels.pdf', await labelsOf(ctx(), req.query.order_ids, currentStaff(req)))),
  );

  app.post(
    '/orders/labels',
    {
      schema: {
        tags,
        description:
          'The labels of many orders (at most 100) in one PDF (base64 in `pdf`, null when none printed), each ' +
          'order asked on its own: each result says printed, or why not in the staff member’s language.',
        querystring: localeQuery,
        body: adminLabelsBodySchema,
        response: { 200: adminLabelsResponseSchema },
      },
    },
    async (req) => labelsMany(ctx(), req.body.order_ids, currentStaff(req), requestLocale(req)),
  );

  app.post(
    '/orders/:id/shipments/cancel',
    {
      schema: {
        tags,
        description:
          'Cancels the order’s live shipment with its courier while it is not picked up (409 after; 404 with ' +
          'none); the courier’s refusal answers 502 with its words and changes nothing. Recorded in the order’s ' +
          'history; the order may be shipped again.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminShipmentsResponseSchema },
      },
    },
    async (req) => {
      await cancelShipment(ctx(), req.params.id, currentStaff(req));
      return adminShipments(ctx(), req.params.id);
    },
  );
};
