import {
  bankInstallmentsQuerySchema,
  bankInstallmentsResponseSchema,
  banksQuerySchema,
  banksResponseSchema,
  endPaymentSessionResponseSchema,
  localeQuery,
  nationalIdBodySchema,
  nationalIdResponseSchema,
  orderResponseSchema,
  paymentKeyBodySchema,
  paymentKeyResponseSchema,
  placeOrderBodySchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { expandFormKeys } from '../../lib/form-body.ts';
import { askedLocale, requestLocale } from '../../lib/locale.ts';
import { rememberLocale } from '../auth/index.ts';
import { endPaymentSession } from '../payments/index.ts';
import {
  listBankInstallments,
  listBanks,
  placeOrder,
  saveNationalId,
  startPaymentSession,
} from './service.ts';

const tags = ['checkout'];

/** The checkout wizard's calls (spec §7 checkout, banks, bank_installments; the National ID step). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireUser);
  app.addHook('preValidation', async (req) => {
    req.body = expandFormKeys(req.body);
  });

  app.put(
    '/users/national_id',
    {
      schema: {
        tags,
        description:
          "The wizard's National ID step: { national_id } (or { user: { national_id } }), checked by contracts' " +
          "one rule. 422 { errors: { national_id: ['National ID is Required' | 'National ID is not valid'] } }.",
        querystring: localeQuery,
        body: nationalIdBodySchema,
        response: { 200: nationalIdResponseSchema },
      },
    },
    async (req) => ({
      user: await saveNationalId(db, currentUser(req).id, req.body.national_id, clock.now()),
    }),
  );

  app.get(
    '/users/banks',
    {
      schema: {
        tags,
        description: 'Banks offering installments (all of them; show_all is accepted).',
        querystring: banksQuerySchema,
        response: { 200: banksResponseSchema },
      },
    },
    async (req) => ({ banks: await listBanks(db, requestLocale(req)) }),
  );

  app.get(
    '/users/bank_installments',
    {
      schema: {
        tags,
        description:
          "A bank's installment plans (bank_id), or every active plan; title in the request's language.",
        querystring: bankInstallmentsQuerySchema,
        response: { 200: bankInstallmentsResponseSchema },
      },
    },
    async (req) => ({
      bank_installments: await listBankInstallments(db, req.query.bank_id, requestLocale(req)),
    }),
  );

  app.post(
    '/users/checkout',
    {
      schema: {
        tags,
        description:
          'Online payment: holds the stock and opens a payment session of 5 minutes. Answers payment_key, ' +
          'checkout_total_price (EGP), payment_key_expiration, expires_in_seconds, order_id and ' +
          'unified_checkout_url (the hosted checkout). 422 when another session is open (with ' +
          'time_remaining_seconds), the cart is empty, orders wait for a rating, no address is chosen, the National ' +
          'ID is missing (total 25,000 EGP or more) or a product is no longer available; 502 when the gateway fails.',
        querystring: localeQuery,
        body: paymentKeyBodySchema,
        response: { 200: paymentKeyResponseSchema },
      },
    },
    async (req) => {
      await rememberLocale(db, currentUser(req).id, askedLocale(req));
      return startPaymentSession(db, app.ctx.payments, currentUser(req).id, {
        now: clock.now(),
        locale: requestLocale(req),
        // PUBLIC_URL: gateway URLs never use what a request's Host headers claim.
        baseUrl: req.server.ctx.publicUrl,
        log: req.log,
        deliveryVatBp: app.ctx.invoicing.deliveryVatBp,
      });
    },
  );

  app.delete(
    '/users/checkout',
    {
      schema: {
        tags,
        description:
          "Ends the shopper's open online payment session to choose another way to pay: the stock goes back and " +
          'the held items are the cart again (with its discount code), as when the key expires. Answers ' +
          '{ ended: false } when no session was open. A payment made on the hosted page meanwhile still counts ' +
          '(a late success, decision 006).',
        querystring: localeQuery,
        response: { 200: endPaymentSessionResponseSchema },
      },
    },
    async (req) => ({ ended: await endPaymentSession(db, currentUser(req).id, clock.now()) }),
  );

  app.put(
    '/users/checkout',
    {
      schema: {
        tags,
        description:
          'Places the order with cash, visa_on_delivery or visa_on_delivery_installments (then ' +
          'bank_installment_id, optionally bank_id). Same checks as POST; answers the placed order; the user ' +
          'gets a new empty cart.',
        querystring: localeQuery,
        body: placeOrderBodySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (req) => {
      await rememberLocale(db, currentUser(req).id, askedLocale(req));
      return {
        order: await placeOrder(db, currentUser(req).id, req.body, {
          now: clock.now(),
          locale: requestLocale(req),
          deliveryVatBp: app.ctx.invoicing.deliveryVatBp,
        }),
      };
    },
  );
};
