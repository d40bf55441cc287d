import {
  adminBankFieldsSchema,
  adminBankResponseSchema,
  adminBanksResponseSchema,
  adminBankUpdateSchema,
  adminBranchesResponseSchema,
  adminBranchFieldsSchema,
  adminBranchResponseSchema,
  adminBranchUpdateSchema,
  adminContentDeleteResponseSchema,
  adminDeliveryZoneFieldsSchema,
  adminDeliveryZoneResponseSchema,
  adminDeliveryZonesResponseSchema,
  adminDeliveryZoneUpdateSchema,
  adminPageSettingsQuerySchema,
  adminPageSettingsResponseSchema,
  adminPageSettingsUpdateSchema,
  adminPlanFieldsSchema,
  adminPlanResponseSchema,
  adminPlansQuerySchema,
  adminPlansResponseSchema,
  adminPlanUpdateSchema,
  idParam,
  localeQuery,
  SETTING_IMAGE_MAX_BYTES,
  settingNameParams,
} from '@store/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStore } from '../../adapters/image-store.ts';
import { AppError, translate } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { forgetCachedAnswersAfterWrites } from '../../lib/response-cache.ts';
import { uploadedFiles } from '../../lib/uploaded-files.ts';
import { currentStaff, requireStaff } from '../staff/index.ts';
import * as svc from './admin-service.ts';

const tags = ['admin: content'];
const idParams = z.object({ id: idParam });

export interface AdminContentOptions {
  /** Where uploaded pictures are kept (the app's image store, `content/`, served at /uploads/content/). */
  store?: ImageStore;
}

/**
 * The storefront's content under /v1/admin (issue 17), for staff with the catalog role and owners: page settings
 * (home page, about us) with their pictures, branches, delivery zones, banks and installment plans. Edits carry
 * what they were based on (`updated_at` of the settings' group, `version` of a row): 409 when it is stale.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<AdminContentOptions> = async (app, opts) => {
  const { db, clock } = app.ctx;
  const store = opts.store;
  app.addHook('onRequest', requireStaff('content'));
  forgetCachedAnswersAfterWrites(app);
  // A picture over the size limit: said on the field, in the staff member's language.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field('file', `content_file_too_large:${SETTING_IMAGE_MAX_BYTES / 1024 / 1024}`);
    throw error;
  });

  app.get(
    '/page_settings',
    {
      schema: {
        tags,
        description:
          "Every setting of a group the back office may change (spec §3), with its value or picture and the group's " +
          '`updated_at`, which an edit sends back.',
        querystring: adminPageSettingsQuerySchema,
        response: { 200: adminPageSettingsResponseSchema },
      },
    },
    async (req) => svc.getPageSettings(db, req.query.group),
  );

  app.put(
    '/page_settings',
    {
      schema: {
        tags,
        description:
          'Changes texts and links of one group: `settings` as `{ name, value }` (empty value clears it), ' +
          '`updated_at` as read (409 `content_changed` when another edit landed; nothing is written). Links: a ' +
          'store path starting with / or an https:// address. Errors on the setting’s name.',
        querystring: localeQuery,
        body: adminPageSettingsUpdateSchema,
        response: { 200: adminPageSettingsResponseSchema },
      },
    },
    async (req) => svc.updatePageSettings(db, currentStaff(req), req.body, clock.now()),
  );

  app.post(
    '/page_settings/:name/image',
    {
      config: { multipartOptions: { limits: { files: 1 } } },
      schema: {
        tags,
        description:
          'Multipart: `file` (JPEG, PNG, WebP or an SVG drawing; checked by its content and read to its end; at ' +
          "most 5 MB and 40 megapixels) and the group's `updated_at` (409 when stale, before anything is kept). " +
          'An SVG is written again with only drawing elements and attributes; one with scripts, event attributes, ' +
          'animation, HTML or links outside itself is refused, naming what it holds. Kept under /uploads/content/ ' +
          "and set as the setting's picture; the picture it replaces is removed unless something else names it.",
        params: settingNameParams,
        querystring: localeQuery,
        response: { 200: adminPageSettingsResponseSchema },
      },
    },
    async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const [file] = uploadedFiles(req, 'file');
      return svc.uploadSettingImage(
        db,
        currentStaff(req),
        store,
        req.params.name,
        { file: file?.data ?? body.file, updatedAt: body.updated_at },
        clock.now(),
        req.log,
      );
    },
  );

  const deleted = (
    req: Parameters<typeof requestLocale>[0],
    r: { result: 'deleted' | 'deactivated'; message: string | null },
  ) => ({
    result: r.result,
    message: r.message ? translate(r.message, requestLocale(req)) : null,
  });

  /* ---- branches ---- */
  app.get(
    '/branches',
    { schema: { tags, querystring: localeQuery, response: { 200: adminBranchesResponseSchema } } },
    async () => ({ branches: await svc.listBranchesAdmin(db) }),
  );
  app.post(
    '/branches',
    {
      schema: {
        tags,
        querystring: localeQuery,
        body: adminBranchFieldsSchema,
        response: { 201: adminBranchResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ branch: await svc.createBranch(db, currentStaff(req), req.body, clock.now()) }),
  );
  app.put(
    '/branches/:id',
    {
      schema: {
        tags,
        description:
          'Every field and the `version` read (409 `content_changed` when the branch changed since).',
        params: idParams,
        querystring: localeQuery,
        body: adminBranchUpdateSchema,
        response: { 200: adminBranchResponseSchema },
      },
    },
    async (req) => ({
      branch: await svc.updateBranch(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );
  app.delete(
    '/branches/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminContentDeleteResponseSchema },
      },
    },
    async (req) => deleted(req, await svc.deleteBranch(db, currentStaff(req), req.params.id, clock.now())),
  );

  /* ---- delivery zones ---- */
  app.get(
    '/delivery_zones',
    {
      schema: {
        tags,
        description:
          'Every zone (a governorate), switched-off ones too, with how many saved addresses are in it.',
        querystring: localeQuery,
        response: { 200: adminDeliveryZonesResponseSchema },
      },
    },
    async () => ({ delivery_zones: await svc.listZonesAdmin(db) }),
  );
  app.post(
    '/delivery_zones',
    {
      schema: {
        tags,
        querystring: localeQuery,
        body: adminDeliveryZoneFieldsSchema,
        response: { 201: adminDeliveryZoneResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ delivery_zone: await svc.createZone(db, currentStaff(req), req.body, clock.now()) }),
  );
  app.put(
    '/delivery_zones/:id',
    {
      schema: {
        tags,
        description:
          'Every field and the `version` read (409 when stale). A new fee applies to carts from the next time ' +
          'an address of the zone is chosen.',
        params: idParams,
        querystring: localeQuery,
        body: adminDeliveryZoneUpdateSchema,
        response: { 200: adminDeliveryZoneResponseSchema },
      },
    },
    async (req) => ({
      delivery_zone: await svc.updateZone(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );
  app.delete(
    '/delivery_zones/:id',
    {
      schema: {
        tags,
        description:
          'Deletes the zone, or switches it off when saved addresses are in it (`result`, `message`).',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminContentDeleteResponseSchema },
      },
    },
    async (req) => deleted(req, await svc.deleteZone(db, currentStaff(req), req.params.id, clock.now())),
  );

  /* ---- banks ---- */
  app.get(
    '/banks',
    { schema: { tags, querystring: localeQuery, response: { 200: adminBanksResponseSchema } } },
    async () => ({ banks: await svc.listBanksAdmin(db) }),
  );
  app.post(
    '/banks',
    {
      schema: {
        tags,
        querystring: localeQuery,
        body: adminBankFieldsSchema,
        response: { 201: adminBankResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ bank: await svc.createBank(db, currentStaff(req), req.body, clock.now()) }),
  );
  app.put(
    '/banks/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        body: adminBankUpdateSchema,
        response: { 200: adminBankResponseSchema },
      },
    },
    async (req) => ({
      bank: await svc.updateBank(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );
  app.delete(
    '/banks/:id',
    {
      schema: {
        tags,
        description: 'Deletes the bank with its plans, or switches it off when orders used one of its plans.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminContentDeleteResponseSchema },
      },
    },
    async (req) => deleted(req, await svc.deleteBank(db, currentStaff(req), req.params.id, clock.now())),
  );

  /* ---- installment plans ---- */
  app.get(
    '/bank_installments',
    {
      schema: {
        tags,
        description: 'Every plan (switched-off ones too), of one bank with `bank_id`.',
        querystring: adminPlansQuerySchema,
        response: { 200: adminPlansResponseSchema },
      },
    },
    async (req) => ({ bank_installments: await svc.listPlansAdmin(db, req.query.bank_id) }),
  );
  app.post(
    '/bank_installments',
    {
      schema: {
        tags,
        querystring: localeQuery,
        body: adminPlanFieldsSchema,
        response: { 201: adminPlanResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ bank_installment: await svc.createPlan(db, currentStaff(req), req.body, clock.now()) }),
  );
  app.put(
    '/bank_installments/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: localeQuery,
        body: adminPlanUpdateSchema,
        response: { 200: adminPlanResponseSchema },
      },
    },
    async (req) => ({
      bank_installment: await svc.updatePlan(db, currentStaff(req), req.params.id, req.body, clock.now()),
    }),
  );
  app.delete(
    '/bank_installments/:id',
    {
      schema: {
        tags,
        description: 'Deletes the plan, or switches it off when orders used it.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: adminContentDeleteResponseSchema },
      },
    },
    async (req) => deleted(req, await svc.deletePlan(db, currentStaff(req), req.params.id, clock.now())),
  );
};
