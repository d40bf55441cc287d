import type { StaffRole } from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { CSRF_HEADER, csrfMatches, isWrite, refuseOtherOrigins } from './cookies.ts';
import { authenticateStaff, type StaffSession } from './session.ts';

/** The signed-in staff member of an admin route, with the request's address for the audit log. */
export type CurrentStaff = StaffSession & { ip: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, set by `requireStaff(...)` from the session cookie (cookies.ts). */
    staff: CurrentStaff | null;
  }
}

/** Declares `req.staff` once for the whole app (buildApp calls it), so every admin plugin can use the hooks. */
export function installStaffAuth(app: FastifyInstance) {
  app.decorateRequest('staff', null);
}

const signInRequired = () => new AppError(401, 'unauthorized', ['staff_sign_in_required']);

/** True when a member with `role` may do what needs one of `roles` (an owner may do everything). */
export const hasRole = (role: StaffRole, roles: readonly StaffRole[]) =>
  role === 'owner' || roles.length === 0 || roles.includes(role);

/**
 * An onRequest hook for admin routes: a missing, wrong, expired or ended session cookie (a shopper's headers
 * among them) answers 401; a write (POST, PUT, PATCH, DELETE) from another origin, or without the session's CSRF
 * token in X-CSRF-Token, answers 403 and does nothing; a staff member without one of `roles` answers 403. No
 * roles: any active staff member. An owner passes every role check. Runs before the body is read.
 *
 *   app.get('/admin/orders', { onRequest: requireStaff('staff') }, …)     // staff and owners
 *   app.addHook('onRequest', requireStaff('owner'))                        // a whole plugin, owners only
 */
export function requireStaff(...roles: StaffRole[]): (req: FastifyRequest) => Promise<void> {
  return async function requireStaffHook(req: FastifyRequest) {
    const write = isWrite(req);
    if (write) refuseOtherOrigins(req);
    const member = await authenticateStaff(req.server.ctx.db, req.headers.cookie, req.server.ctx.clock.now());
    if (!member) throw signInRequired();
    if (write && !csrfMatches(req.headers[CSRF_HEADER], member.csrfToken))
      throw new AppError(403, 'forbidden', ['staff_csrf_required']);
    if (!hasRole(member.role, roles)) throw new AppError(403, 'forbidden', ['staff_forbidden']);
    req.staff = { ...member, ip: req.ip };
  };
}

/** The signed-in staff member of a route behind `requireStaff`. */
export function currentStaff(req: FastifyRequest): CurrentStaff {
  if (!req.staff) throw signInRequired();
  return req.staff;
}
