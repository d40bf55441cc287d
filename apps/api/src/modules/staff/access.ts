import { can, type StaffArea } from '@store/contracts';
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

/**
 * An onRequest hook for admin routes: a missing, wrong, expired or ended session cookie (a shopper's headers
 * among them) answers 401; a write (POST, PUT, PATCH, DELETE) from another origin, or without the session's CSRF
 * token in X-CSRF-Token, answers 403 and does nothing; a staff member whose role does not have `area` answers
 * 403 (the table of areas per role is contracts' STAFF_ROLE_AREAS, the one the back office's pages ask through
 * `can`). Runs before the body is read.
 *
 *   app.get('/admin/orders', { onRequest: requireStaff('orders') }, …)    // staff and owners
 *   app.addHook('onRequest', requireStaff('staff'))                        // a whole plugin: staff accounts, owners
 */
export function requireStaff(area: StaffArea): (req: FastifyRequest) => Promise<void> {
  return async function requireStaffHook(req: FastifyRequest) {
    const write = isWrite(req);
    if (write) refuseOtherOrigins(req);
    const member = await authenticateStaff(req.server.ctx.db, req.headers.cookie, req.server.ctx.clock.now());
    if (!member) throw signInRequired();
    if (write && !csrfMatches(req.headers[CSRF_HEADER], member.csrfToken))
      throw new AppError(403, 'forbidden', ['staff_csrf_required']);
    if (!can(member.role, area)) throw new AppError(403, 'forbidden', ['staff_forbidden']);
    req.staff = { ...member, ip: req.ip };
  };
}

/** The signed-in staff member of a route behind `requireStaff`. */
export function currentStaff(req: FastifyRequest): CurrentStaff {
  if (!req.staff) throw signInRequired();
  return req.staff;
}
