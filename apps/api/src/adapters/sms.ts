/**
 * SMS gateways live in adapters/sms/ (one file per gateway); this keeps `adapters/sms.ts` imports working.
 */
export * from './sms/index.ts';
