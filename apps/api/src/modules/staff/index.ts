/**
 * The staff module's face for the rest of the API (admin order, customer and catalog routes):
 *
 *   onRequest: requireStaff('orders')          401 without a staff session, 403 when the role lacks the area
 *   const me = currentStaff(req)               { id, email, name, role, client, sessionId, ip }
 *   await audit(tx, me, 'order.status_changed', { type: 'order', id }, { from, to }, ctx.clock.now())
 */
export { currentStaff, requireStaff, type CurrentStaff } from './access.ts';
export { audit, auditedEdit, auditEntry, type AuditActor, type AuditTarget } from './audit.ts';
export { purgeOldFailures as purgeOldStaffSignInFailures } from './failures.ts';
export { purgeExpiredStaffSessions, type StaffSession } from './session.ts';
