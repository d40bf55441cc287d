import {
  ADMIN_SYNONYMS_PER_PAGE,
  adminSynonymBodySchema,
  adminSynonymResponseSchema,
  adminSynonymsQuerySchema,
  adminSynonymsResponseSchema,
  idParam,
  localeQuery,
  SYNONYM_WORDS_MAX,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import { createSynonym, deleteSynonym, listSynonyms } from './synonyms-service.ts';

const tags = ['admin: synonyms'];
const idParams = z.object({ id: idParam });

/**
 * The search's synonyms under /v1/admin (decision 020), for staff with the catalog role and owners: the list,
 * add, delete. A change works in the store's search at once; every change is in the audit log.
 */
export const adminSynonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook('onRequest', requireStaff('catalog'));
  // The store's search answers from the new synonyms at once: cached answers of this instance are forgotten, and
  // the catalog version (raised by the table's trigger) moves every instance's.
  forgetCachedAnswersAfterWrites(app);

  app.get(
    '/synonyms',
    {
      schema: {
        tags,
        description:
          `Synonyms by term, then alternative, ${ADMIN_SYNONYMS_PER_PAGE} a page. \`q\`: rows whose term or ` +
          'alternative holds it, read as the search reads words (case, Arabic spelling variants and marks alike).',
        querystring: localeQuery.extend(adminSynonymsQuerySchema.shape),
        response: { 200: adminSynonymsResponseSchema },
      },
    },
    async (req) => listSynonyms(db, req.query),
  );

  app.post(
    '/synonyms',
    {
      schema: {
        tags,
        description:
          '`term` also finds `alternative` in the search (`two_way`: each finds the other). Both are kept as the ' +
          `search reads them (normalised), each at most ${SYNONYM_WORDS_MAX} words; 422 when they are the same ` +
          'words, 409 `synonym_exists` when the pair is there already, or its reverse and either is two-way.',
        querystring: localeQuery,
        body: adminSynonymBodySchema,
        response: { 201: adminSynonymResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ synonym: await createSynonym(db, currentStaff(req), req.body, clock.now()) }),
  );

  app.delete(
    '/synonyms/:id',
    {
      schema: {
        tags,
        description: 'Deletes it; the search stops reading it at once.',
        params: idParams,
        querystring: localeQuery,
      },
    },
    async (req, reply) => {
      await deleteSynonym(db, currentStaff(req), req.params.id, clock.now());
      return reply.status(204).send();
    },
  );
};
