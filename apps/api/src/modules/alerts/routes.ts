import {
  abandonedCartChannelsSchema,
  abandonedCartsQuerySchema,
  abandonedCartsResponseSchema,
  alertSettingsSchema,
  alertsResponseSchema,
  idParam,
  localeQuery,
  stockAlertResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { listAbandonedCarts, saveCartReminderChannels } from './abandoned.ts';
import { cartReminderChannels } from './send.ts';
import { askStockAlert, cancelStockAlert, hasStockAlert, listAlerts, saveAlertSettings } from './service.ts';

const idParams = z.object({ id: idParam });
const tags = ['alerts'];

/** A signed-in shopper's alerts (issue 49 item 3): back in stock, and the wishlist's price drops. Never cached. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);
  const emailAvailable = () => app.ctx.email !== null;

  app.get(
    '/users/alerts',
    {
      schema: {
        tags,
        description:
          "The shopper's alert choices (price drops of the wishlist, channel sms or email) and the sold-out products they wait for.",
        querystring: localeQuery,
        response: { 200: alertsResponseSchema },
      },
    },
    async (req) => listAlerts(db, currentUser(req).id, requestLocale(req), emailAvailable()),
  );

  app.put(
    '/users/alerts/settings',
    {
      schema: {
        tags,
        description:
          "Saves the shopper's alert choices: price_drops (the wishlist's products that get cheaper are told, at most one message a day) and channel.",
        querystring: localeQuery,
        body: alertSettingsSchema,
        response: { 200: alertsResponseSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await saveAlertSettings(db, userId, req.body, clock.now());
      return listAlerts(db, userId, requestLocale(req), emailAvailable());
    },
  );

  app.get(
    '/users/products/:id/stock_alert',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        response: { 200: stockAlertResponseSchema },
      },
    },
    async (req) => ({
      product_id: req.params.id,
      stock_alert: await hasStockAlert(db, currentUser(req).id, req.params.id),
    }),
  );

  app.post(
    '/users/products/:id/stock_alert',
    {
      schema: {
        tags,
        description:
          'Tell me when this sold-out product is back: one message when its stock comes back (422 when it is in stock). Twice is once.',
        params: idParams,
        querystring: localeQuery,
        response: { 201: stockAlertResponseSchema },
      },
    },
    async (req, reply) => {
      await askStockAlert(db, currentUser(req).id, req.params.id, clock.now());
      return reply.status(201).send({ product_id: req.params.id, stock_alert: true });
    },
  );

  app.delete(
    '/users/products/:id/stock_alert',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        response: { 200: stockAlertResponseSchema },
      },
    },
    async (req) => {
      await cancelStockAlert(db, currentUser(req).id, req.params.id);
      return { product_id: req.params.id, stock_alert: false };
    },
  );
};

/** The back office's abandoned carts (orders area) and the owner's channels for their reminders. */
export const adminAlertRoutes: FastifyPluginAsyncZod<{ abandonedCartHours?: number }> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const hours = opts.abandonedCartHours ?? 24;
  const emailAvailable = () => app.ctx.email !== null;
  app.get(
    '/abandoned_carts',
    {
      onRequest: requireStaff('orders'),
      schema: {
        tags: ['admin: orders'],
        description: `Signed-in shoppers' carts with lines untouched for ABANDONED_CART_HOURS (${hours}), most recently left first, 20 a page: value now, age, reminded or not; and the reminders' channels.`,
        querystring: abandonedCartsQuerySchema,
        response: { 200: abandonedCartsResponseSchema },
      },
    },
    async (req) =>
      listAbandonedCarts(db, {
        page: req.query.page,
        hours,
        now: clock.now(),
        channels: await cartReminderChannels({ db }),
        emailAvailable: emailAvailable(),
      }),
  );

  app.put(
    '/abandoned_carts/channels',
    {
      onRequest: requireStaff('messages'),
      schema: {
        tags: ['admin: messages'],
        description:
          'Owners: the channels abandoned-cart reminders go out on (none: no reminders, the default). Audited.',
        body: abandonedCartChannelsSchema,
        response: { 200: abandonedCartChannelsSchema },
      },
    },
    async (req) => {
      const who = currentStaff(req);
      if (who.role !== 'owner') throw new AppError(403, 'forbidden', ['staff_forbidden']);
      await saveCartReminderChannels(db, who, req.body, clock.now());
      return cartReminderChannels({ db });
    },
  );
};
