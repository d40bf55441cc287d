import {
  branchesResponseSchema,
  branchListQuerySchema,
  pageSettingsQuerySchema,
  pageSettingsResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { listBranches, pageSettings } from './service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/page_settings',
    {
      config: { cache: true },
      schema: {
        tags: ['content'],
        querystring: pageSettingsQuerySchema,
        response: { 200: pageSettingsResponseSchema },
      },
    },
    async (req) => ({ page_settings: await pageSettings(db, req.query.group, requestLocale(req)) }),
  );
  app.get(
    '/branches',
    {
      config: { cache: true },
      schema: {
        tags: ['content'],
        querystring: branchListQuerySchema,
        response: { 200: branchesResponseSchema },
      },
    },
    async (req) => listBranches(db, req.query, requestLocale(req)),
  );
};
