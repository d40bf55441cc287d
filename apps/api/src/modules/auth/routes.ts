import {
  apiMessage,
  changePasswordSchema,
  confirmationSchema,
  forgotPasswordSchema,
  localeQuery,
  messageResponseSchema,
  otpSentResponseSchema,
  profileUpdateSchema,
  resendOtpSchema,
  resetPasswordRequestSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
  userResponseSchema,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../lib/auth.ts';
import { expandFormKeys, unwrap } from '../../lib/form-body.ts';
import { requestLocale } from '../../lib/locale.ts';
import {
  changePassword,
  confirm,
  forgotPassword,
  getUser,
  resendOtp,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updateProfile,
  type AuthContext,
  type Caller,
} from './service.ts';
import { sessionHeaders } from './session.ts';
import { clientNetwork } from '../../lib/client-network.ts';

// Limits count an address by its network (an IPv6 /64): lib/client-network.ts.
const caller = (req: FastifyRequest): Caller => ({ ip: clientNetwork(req.ip), locale: requestLocale(req) });
const tags = ['accounts'];

/** Account calls of spec §7 (users, confirmations, otps, sign_in, sign_out, passwords, password). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AuthContext = { ...app.ctx, log: app.log };
  // JSON, urlencoded and multipart bodies all validate the same (form keys like user[first_name] nest).
  app.addHook('preValidation', async (req) => {
    req.body = expandFormKeys(req.body);
  });

  app.post(
    '/users',
    {
      schema: {
        tags,
        description: 'Sign-up: creates the account and sends an SMS code (then PUT /users/confirmations).',
        querystring: localeQuery,
        body: signUpSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await signUp(ctx, req.body, caller(req));
      return reply.status(201).send({ message: apiMessage('otp_sent', requestLocale(req)), ...result });
    },
  );

  app.put(
    '/users/confirmations',
    {
      schema: {
        tags,
        description: 'Confirms the phone with the SMS code. 404 (field error) for a wrong or dead code.',
        querystring: localeQuery,
        body: confirmationSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await confirm(ctx, req.body, caller(req));
      return { message: apiMessage('otp_confirmed', requestLocale(req)) };
    },
  );

  app.post(
    '/users/otps',
    {
      schema: {
        tags,
        description:
          'Sends a new code (purpose confirmation or password_reset); 429 within 120 s of the last one.',
        querystring: localeQuery,
        body: resendOtpSchema,
        response: { 200: otpSentResponseSchema },
      },
    },
    async (req) => {
      const result = await resendOtp(ctx, req.body, caller(req));
      return { message: apiMessage('otp_resent', requestLocale(req)), ...result };
    },
  );

  app.post(
    '/users/sign_in',
    {
      schema: {
        tags,
        description:
          'Answers the user and the auth headers client, token, uid, expiry. 401 invalid credentials; 401 with ' +
          'need_confirmation: true for an account whose phone is not confirmed (a fresh code is sent).',
        querystring: localeQuery,
        body: signInSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (req, reply) => {
      const { user, session } = await signIn(ctx, req.body, caller(req));
      reply.headers(sessionHeaders(session));
      return { user };
    },
  );

  app.post(
    '/users/passwords',
    {
      schema: {
        tags,
        description:
          'Forgot password: sends a reset code. 404 (field error on phone_number) for an unknown phone.',
        querystring: localeQuery,
        body: forgotPasswordSchema,
        response: { 200: otpSentResponseSchema },
      },
    },
    async (req) => {
      const result = await forgotPassword(ctx, req.body, caller(req));
      return { message: apiMessage('password_reset_sent', requestLocale(req)), ...result };
    },
  );

  app.put(
    '/users/passwords',
    {
      schema: {
        tags,
        description:
          'Reset with the SMS code (phone_number optional); ends every session. 404 for a wrong code.',
        querystring: localeQuery,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.body, caller(req));
      return { message: apiMessage('password_reset_done', requestLocale(req)) };
    },
  );

  /* ---- signed in: the auth headers are checked before anything else ---- */

  app.get(
    '/users',
    {
      onRequest: requireUser,
      schema: { tags, querystring: localeQuery, response: { 200: userResponseSchema } },
    },
    async (req) => ({ user: await getUser(ctx, currentUser(req)) }),
  );

  app.put(
    '/users',
    {
      onRequest: requireUser,
      // Spec §7 sends "a user object": { user: {...} } and the bare fields are both accepted.
      preValidation: async (req) => {
        req.body = unwrap(req.body, 'user') as typeof req.body;
      },
      schema: {
        tags,
        description: 'Edit profile. Answers the user and new auth headers (this device gets a new token).',
        querystring: localeQuery,
        body: profileUpdateSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (req, reply) => {
      const { user, session } = await updateProfile(ctx, currentUser(req), req.body);
      reply.headers(sessionHeaders(session));
      return { user };
    },
  );

  app.put(
    '/users/password',
    {
      onRequest: requireUser,
      schema: {
        tags,
        description: 'Change password; every other device is signed out. 422 on current_password when wrong.',
        querystring: localeQuery,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await changePassword(ctx, currentUser(req), req.body);
      return { message: apiMessage('password_changed', requestLocale(req)) };
    },
  );

  app.delete(
    '/users/sign_out',
    {
      onRequest: requireUser,
      schema: { tags, querystring: localeQuery, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      await signOut(ctx, currentUser(req));
      return { message: apiMessage('signed_out', requestLocale(req)) };
    },
  );
};
