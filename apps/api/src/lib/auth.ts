import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type SessionUser } from '../modules/auth/index.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` from the auth headers client, token and uid. */
    user: SessionUser | null;
  }
}

export function installAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
}

/**
 * A hook for every users/* route: any missing, wrong, expired or revoked token answers 401 (and the storefront
 * signs out). Use as `onRequest: requireUser`, or `app.addHook('onRequest', requireUser)` in a plugin, so the
 * caller is known before the body is read.
 */
export async function requireUser(req: FastifyRequest) {
  const user = await authenticate(req.server.ctx.db, req.headers, req.server.ctx.clock.now());
  if (!user) throw new AppError(401, 'unauthorized', ['unauthorized']);
  req.user = user;
}

/** The signed-in user of a route behind `requireUser`. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError(401, 'unauthorized', ['unauthorized']);
  return req.user;
}
