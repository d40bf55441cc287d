/**
 * The payments module's face for checkout: payment sessions (decision 006). The module is the only writer of payment
 * rows (rows.ts, decision 029): checkout opens a session and records the gateway's key through it.
 */
export { openPaymentSession, recordGatewaySession } from './rows.ts';
export {
  activeSession,
  endPaymentSession,
  releaseExpiredSessions,
  releaseSession,
  sessionActiveError,
  type Logger,
} from './service.ts';
