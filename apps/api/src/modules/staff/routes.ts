import {
  apiMessage,
  localeQuery,
  messageResponseSchema,
  newStaffSchema,
  staffAlertPreferencesResponseSchema,
  staffAlertPreferencesSchema,
  staffIdParams,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffResponseSchema,
  staffSignInFailuresResponseSchema,
  staffSignInSchema,
  staffTotpConfirmSchema,
  staffTotpOffSchema,
  staffTotpSetupSchema,
  staffTotpStatusSchema,
  staffPasswordChangeSchema,
  staffUpdateSchema,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/locale.ts';
import { currentStaff, requireStaff } from './access.ts';
import { alertPreferences, saveAlertPreferences } from './alerts.ts';
import { clearedSetCookies, refuseOtherOrigins, secureCookies, sessionSetCookies } from './cookies.ts';
import { DEFAULT_STAFF_LIMITS, type StaffLimits } from './limits.ts';
import {
  addStaff,
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  listStaff,
  removeStaff,
  signIn,
  signInFailures,
  signOut,
  startTotp,
  totpStatus,
  updateStaff,
  type StaffContext,
} from './service.ts';

const caller = (req: FastifyRequest) => ({ ip: req.ip, locale: requestLocale(req) });
const tags = ['admin: staff'];

/**
 * Staff sign-in and staff management, under /v1/admin (issue 13). The session travels in cookies (cookies.ts,
 * decision 025): sign-in sets them, sign-out takes them away; every write sends X-CSRF-Token; any 401 signs the
 * admin app out.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ limits?: Partial<StaffLimits> }> = async (app, opts) => {
  const ctx: StaffContext = { ...app.ctx, limits: { ...DEFAULT_STAFF_LIMITS, ...opts.limits } };
  const secure = secureCookies(app.ctx.publicUrl);

  app.post(
    '/sign_in',
    {
      schema: {
        tags,
        description:
          'Staff sign-in: answers the staff member and sets the session cookies (staff_session: HttpOnly, Path ' +
          '/v1/admin; staff_csrf: Path /admin, to send back in X-CSRF-Token on writes). 401 for a wrong email or ' +
          'password; while the email is under attack, 401 with second_factor ["totp"] until the password comes ' +
          'with the code of the member’s authenticator app; 429 with Retry-After while this address backs off.',
        querystring: localeQuery,
        body: staffSignInSchema,
        response: { 200: staffResponseSchema },
      },
    },
    async (req, reply) => {
      refuseOtherOrigins(req);
      const { staff, session } = await signIn(ctx, req.body, caller(req));
      reply.header('set-cookie', sessionSetCookies(session, secure));
      return { staff };
    },
  );

  app.delete(
    '/sign_out',
    {
      onRequest: requireStaff('account'),
      schema: { tags, querystring: localeQuery, response: { 200: messageResponseSchema } },
    },
    async (req, reply) => {
      await signOut(ctx, currentStaff(req));
      reply.header('set-cookie', clearedSetCookies(secure));
      return { message: apiMessage('signed_out', requestLocale(req)) };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireStaff('account'),
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

  app.put(
    '/me/password',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description:
          'The signed-in member’s own new password, given the current one (422 on current_password when wrong, ' +
          'at most 5 wrong ones in 15 minutes). It follows the rules of adding a member; the member’s other ' +
          'sessions end, this one stays.',
        querystring: localeQuery,
        body: staffPasswordChangeSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await changeOwnPassword(ctx, currentStaff(req), req.body);
      return { message: apiMessage('staff_password_changed', requestLocale(req)) };
    },
  );

  app.get(
    '/me/totp',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description: 'Whether the signed-in member has confirmed an authenticator app.',
        querystring: localeQuery,
        response: { 200: staffTotpStatusSchema },
      },
    },
    async (req) => totpStatus(ctx, currentStaff(req)),
  );

  app.post(
    '/me/totp',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description:
          'Starts setting up an authenticator app: a new secret in base32 and its otpauth:// address. Nothing ' +
          'changes at sign-in until PUT confirms a code of it.',
        querystring: localeQuery,
        response: { 201: staffTotpSetupSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await startTotp(ctx, currentStaff(req))),
  );

  app.put(
    '/me/totp',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description: 'Confirms the secret being set up with the code the app shows (422 on code when wrong).',
        querystring: localeQuery,
        body: staffTotpConfirmSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await confirmTotp(ctx, currentStaff(req), req.body.code);
      return { message: apiMessage('staff_totp_enabled', requestLocale(req)) };
    },
  );

  app.delete(
    '/me/totp',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description: 'Turns the authenticator app off; takes the password (422 on password when wrong).',
        querystring: localeQuery,
        body: staffTotpOffSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await disableTotp(ctx, currentStaff(req), req.body.password);
      return { message: apiMessage('staff_totp_disabled', requestLocale(req)) };
    },
  );

  app.get(
    '/me/alerts',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description:
          'The staff alerts this member gets by email (new_order, refund_required, import_finished, low_stock; ' +
          "one digest a minute at most), its language, and an owner's phone for SMS.",
        querystring: localeQuery,
        response: { 200: staffAlertPreferencesResponseSchema },
      },
    },
    async (req) => alertPreferences(ctx, currentStaff(req)),
  );

  app.put(
    '/me/alerts',
    {
      onRequest: requireStaff('account'),
      schema: {
        tags,
        description:
          'Saves the alerts this member gets. A phone is for owners only (422 on phone otherwise); empty: none.',
        querystring: localeQuery,
        body: staffAlertPreferencesSchema,
        response: { 200: staffAlertPreferencesResponseSchema },
      },
    },
    async (req) => saveAlertPreferences(ctx, currentStaff(req), req.body),
  );

  app.get(
    '/sign_in_failures',
    {
      onRequest: requireStaff('staff'),
      schema: {
        tags,
        description:
          'Owners: the latest failed staff sign-ins (email, address, reason, time; at most 100 of the last 30 ' +
          'days) and the emails under attack now.',
        querystring: localeQuery,
        response: { 200: staffSignInFailuresResponseSchema },
      },
    },
    async () => signInFailures(ctx),
  );

  app.get(
    '/staff',
    {
      onRequest: requireStaff('staff'),
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
      onRequest: requireStaff('staff'),
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

  app.patch(
    '/staff/:id',
    {
      onRequest: requireStaff('staff'),
      schema: {
        tags,
        description:
          'Owners: changes another member’s role (owner | staff | catalog), sets a new password for them, or both ' +
          '(at least one). A new password follows the rules of adding a member and signs the member out ' +
          'everywhere; a new role counts from their next request. 422 for your own account or for making the last ' +
          'owner something else; 404 for an unknown or removed member.',
        querystring: localeQuery,
        params: staffIdParams,
        body: staffUpdateSchema,
        response: { 200: staffMemberResponseSchema },
      },
    },
    async (req) => ({ staff: await updateStaff(ctx, currentStaff(req), req.params.id, req.body) }),
  );

  app.delete(
    '/staff/:id',
    {
      onRequest: requireStaff('staff'),
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
