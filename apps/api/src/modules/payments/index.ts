/** The payments module's face for checkout: payment sessions (decision 006). */
export {
  activeSession,
  releaseExpiredSessions,
  releaseSession,
  sessionActiveError,
  type Logger,
} from './service.ts';
