import {
  addressIdParams,
  addressInputSchema,
  addressResponseSchema,
  addressesResponseSchema,
  deliveryZonesResponseSchema,
  idParam,
  localeQuery,
  messageErrorsSchema,
  placeSearchQuerySchema,
  placeSearchResponseSchema,
  reverseGeocodeQuerySchema,
  reverseGeocodeResponseSchema,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GeocoderUnavailable } from '../../adapters/geocoder.ts';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { expandFormKeys, unwrap } from '../../lib/form-body.ts';
import { requestLocale } from '../../lib/locale.ts';
import { Geocoding } from './geocoding.ts';
import {
  addressFormValues,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  listDeliveryZones,
  updateAddress,
} from './service.ts';
import { clientNetwork } from '../../lib/client-network.ts';

const tags = ['addresses'];

/**
 * The form sends `address[label]=…` (multipart or urlencoded) or JSON `{ address: {...} }`; bare fields are
 * accepted too. All become the flat fields the contracts schema validates, so field errors are keyed
 * `label`, `phone_number`, ... (the names of the form's fields).
 */
const flatAddressBody = (body: unknown) => unwrap(expandFormKeys(body ?? {}), 'address');

/** Addresses of spec §7, scoped to the signed-in user; delivery zones and the map's geocoding for the form. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/delivery_zones',
    {
      config: { cache: true },
      schema: {
        tags,
        description: 'Governorates we deliver to, with their shipping fees (EGP).',
        querystring: localeQuery,
        response: { 200: deliveryZonesResponseSchema },
      },
    },
    async (req) => ({ delivery_zones: await listDeliveryZones(db, requestLocale(req)) }),
  );

  // The address map's geocoding (only the signed-in address form uses it): a session, limits per user and
  // address, a cache, and never faster than the provider allows (geocoding.ts).
  const geocoding = new Geocoding(app.ctx.geocoder, db, app.ctx.geocoding, () => clock.now().getTime());
  const caller = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: clientNetwork(req.ip) });

  app.get(
    '/geocode/reverse',
    {
      onRequest: requireUser,
      schema: {
        tags,
        description:
          "The label of a map position through the server's geocoder (Nominatim by default); 'N/A' when it fails. " +
          'Signed-in users only (401); repeated positions are answered from memory; 429 with Retry-After when ' +
          'the caller or the geocoder is at its limit.',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema },
      },
    },
    async (req) => {
      const { lat, lng } = req.query;
      return geocoding.reverse(lat, lng, requestLocale(req), caller(req));
    },
  );

  app.get(
    '/geocode/search',
    {
      onRequest: requireUser,
      schema: {
        tags,
        description:
          "The address form's map search: places in Egypt through the server's geocoder (Nominatim by default), at most 5; 503 when the geocoder cannot answer. " +
          'Signed-in users only (401); repeated searches are answered from memory; 429 with Retry-After when ' +
          'the caller or the geocoder is at its limit.',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema },
      },
    },
    async (req) => {
      try {
        return { places: await geocoding.search(req.query.q, requestLocale(req), caller(req)) };
      } catch (err) {
        if (!(err instanceof GeocoderUnavailable)) throw err;
        req.log.warn({ err: err.message }, 'place search failed');
        throw new AppError(503, 'geocoder_unavailable', ['place_search_failed']);
      }
    },
  );

  await app.register(async (plugin) => {
    const signedIn = plugin.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', requireUser);

    signedIn.get(
      '/users/addresses',
      { schema: { tags, querystring: localeQuery, response: { 200: addressesResponseSchema } } },
      async (req) => ({ addresses: await listAddresses(db, currentUser(req).id, requestLocale(req)) }),
    );

    signedIn.get(
      '/users/addresses/:id',
      {
        schema: {
          tags,
          params: addressIdParams,
          querystring: localeQuery,
          response: { 200: addressResponseSchema, 404: messageErrorsSchema },
        },
      },
      async (req) => ({
        address: await getAddress(db, currentUser(req).id, req.params.id, requestLocale(req)),
      }),
    );

    signedIn.post(
      '/users/addresses',
      {
        preValidation: async (req) => {
          // Validated right after this hook; the type is what validation will make of it.
          req.body = flatAddressBody(req.body) as typeof req.body;
        },
        schema: {
          tags,
          description:
            'Multipart address[field] or JSON {address:{...}}. 422 field errors keyed by field; any error on lat, ' +
            "lng or name is 'Please choose your location on map'; an unknown governorate is refused.",
          querystring: localeQuery,
          body: addressInputSchema,
          response: { 201: addressResponseSchema },
        },
      },
      async (req, reply) => {
        const address = await createAddress(
          db,
          currentUser(req).id,
          req.body,
          requestLocale(req),
          clock.now(),
        );
        return reply.status(201).send({ address });
      },
    );

    signedIn.put(
      '/users/addresses/:id',
      {
        // Fields not sent keep their saved values; the merged address must pass every rule.
        preValidation: async (req) => {
          const { id } = addressIdParamsLoose.parse(req.params);
          const saved = await addressFormValues(db, currentUser(req).id, id);
          const sent = flatAddressBody(req.body);
          req.body = { ...saved, ...(typeof sent === 'object' && sent ? sent : {}) } as typeof req.body;
        },
        schema: {
          tags,
          description: 'Changes an address (same body as POST; fields left out keep their values).',
          params: addressIdParams,
          querystring: localeQuery,
          body: addressInputSchema,
          response: { 200: addressResponseSchema },
        },
      },
      async (req) => ({
        address: await updateAddress(
          db,
          currentUser(req).id,
          req.params.id,
          req.body,
          requestLocale(req),
          clock.now(),
        ),
      }),
    );

    signedIn.delete(
      '/users/addresses/:id',
      {
        schema: {
          tags,
          description: 'Soft delete: placed orders keep their address snapshot.',
          params: addressIdParams,
          querystring: localeQuery,
          response: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }) },
        },
      },
      async (req) => {
        await deleteAddress(db, currentUser(req).id, req.params.id, clock.now());
        return { id: req.params.id, deleted: true as const };
      },
    );
  });
};

/** preValidation runs before params are validated: an id that is not one (or past `integer`) is simply not found. */
const addressIdParamsLoose = z.object({ id: idParam.catch(0) });
