import {
  apiMessage,
  localeQuery,
  messageResponseSchema,
  newStaffSchema,
  staffIdParams,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffResponseSchema,
  staffSignInSchema,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { sessionHeaders } from '../../lib/session-tokens.ts';
import { currentStaff, requireStaff } from './access.ts';
import { DEFAULT_STAFF_LIMITS, type StaffLimits } from './limits.ts';
import { addStaff, listStaff, removeStaff, signIn, signOut, type StaffContext } from './service.ts';

const caller = (req: FastifyRequest) => ({ ip: req.ip, locale: requestLocale(req) });
const tags = ['admin: staff'];

/**
 * Staff sign-in and staff management, under /v1/admin (issue 13). The answers and headers follow the shop's
 * sign-in (client, token, uid = the email, expiry); any 401 signs the admin app out.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ limits?: Partial<StaffLimits> }> = async (app, opts) => {
  const ctx: StaffContext = { ...app.ctx, limits: { ...DEFAULT_STAFF_LIMITS, ...opts.limits } };

  app.post(
    '/sign_in',
    {
      schema: {
        tags,
        description:
          'Staff sign-in: answers the staff member and the headers client, token, uid (the email), expiry. ' +
          '401 for a wrong email or password; 429 with Retry-After after too many attempts.',
        querystring: localeQuery,
        body: staffSignInSchema,
        response: { 200: staffResponseSchema },
      },
    },
    async (req, reply) => {
      const { staff, session } = await signIn(ctx, req.body, caller(req));
      reply.headers(sessionHeaders(session));
      return { staff };
    },
  );

  app.delete(
    '/sign_out',
    {
      onRequest: requireStaff(),
      schema: { tags, querystring: localeQuery, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      await signOut(ctx, currentStaff(req));
      return { message: apiMessage('signed_out', requestLocale(req)) };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        description: 'The signed-in staff member (401 when the session has ended).',
        querystring: localeQuery,
        response: { 200: staffResponseSchema },
      },
    },
    async (req) => {
      const { id, email, name, role } = currentStaff(req);
      return { staff: { id, email, name, role } };
    },
  );

  app.get(
    '/staff',
    {
      onRequest: requireStaff('owner'),
      schema: {
        tags,
        description: 'Owners: every staff member, the removed ones too (active: false).',
        querystring: localeQuery,
        response: { 200: staffListResponseSchema },
      },
    },
    async () => ({ staff: await listStaff(ctx) }),
  );

  app.post(
    '/staff',
    {
      onRequest: requireStaff('owner'),
      schema: {
        tags,
        description:
          'Owners: adds a staff member (email, name, role owner | staff | catalog, password). 422 on email when ' +
          'an active member has it; the email of a removed member brings that account back.',
        querystring: localeQuery,
        body: newStaffSchema,
        response: { 201: staffMemberResponseSchema },
      },
    },
    async (req, reply) => {
      const staff = await addStaff(ctx, currentStaff(req), req.body);
      return reply.status(201).send({ staff });
    },
  );

  app.delete(
    '/staff/:id',
    {
      onRequest: requireStaff('owner'),
      schema: {
        tags,
        description:
          'Owners: removes a staff member (deactivated, every session ended). 422 for your own account or the ' +
          'last owner; 404 for an unknown id.',
        querystring: localeQuery,
        params: staffIdParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await removeStaff(ctx, currentStaff(req), req.params.id);
      return { message: apiMessage('staff_removed', requestLocale(req)) };
    },
  );
};
