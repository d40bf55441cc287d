import { classifyDatabaseError, databaseErrorLogFields } from './db-errors.ts';

/**
 * What the server log may carry (issue 12): never a query's parameters, a password or its hash, a session token,
 * an SMS code or a full phone number. Bodies are not logged (Fastify logs a request's method, url and address);
 * the auth headers are redacted should anything log headers; a url's secrets are masked; errors are written by
 * the serializers below, which reduce a database error to its SQLSTATE and never print its query.
 *
 * The one exception is the demo SMS outbox (adapters/sms/outbox.ts, refused in production), whose job is to show
 * the message in the log; the record of every SMS (sms_messages) keeps codes masked.
 */

/** '01012345678' → '010*****678': enough to tell numbers apart in a log, not enough to call or sign in as. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const s = String(phone);
  if (s.length <= 6) return '*'.repeat(s.length);
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 6)}${s.slice(-3)}`;
}

/** Every phone-like run of digits (8 or more, with an optional + or 00 prefix) in a text, masked. */
export const maskPhonesIn = (text: string) => text.replace(/\+?\d{8,}/g, (m) => maskPhone(m));

/** Auth headers (spec: client, token, uid) and the usual secrets, wherever a log line carries headers. */
export const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.client',
  'req.headers.uid',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'headers.client',
  'headers.uid',
  'headers.authorization',
  'headers.cookie',
  'res.headers.token',
  'res.headers.client',
  'res.headers.uid',
  'res.headers["set-cookie"]',
];

/** Query parameters whose values are secrets (payment keys, signatures, codes) or phone numbers. */
const SECRET_PARAMS = /^(key|hmac|token|client|uid|code|otp|.*_otp|password.*|payment_key|secret)$/i;
const PHONE_PARAMS = /^(phone_number|phone|mobile|to)$/i;

/** A request url fit for the log: secret parameters hidden, phone numbers masked, everything else as sent. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const out: string[] = [];
  for (const [name, value] of params) {
    const shown = SECRET_PARAMS.test(name)
      ? '[redacted]'
      : PHONE_PARAMS.test(name)
        ? maskPhone(value)
        : maskPhonesIn(value);
    out.push(`${encodeURIComponent(name)}=${encodeURIComponent(shown)}`);
  }
  return `${url.slice(0, q)}?${out.join('&')}`;
}

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; statusCode?: unknown };

/**
 * The `err` of every log line. A database error becomes its SQLSTATE, kind and constraint (databaseErrorLogFields):
 * Drizzle's message is the failed query with its parameters, and the driver's can quote a value. Any other error
 * keeps its type, message (phone numbers masked), code and stack.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const db = classifyDatabaseError(err);
  if (db) return { type: 'DatabaseError', ...databaseErrorLogFields(db) };
  if (!err || typeof err !== 'object') return { message: maskPhonesIn(String(err)) };
  const e = err as ErrorLike;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? maskPhonesIn(e.message) : undefined,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: typeof e.stack === 'string' ? maskPhonesIn(e.stack) : undefined,
  };
}

/**
 * One line about an error for places that log text (jobs on the console, an error kept in a table): a database
 * error as its SQLSTATE and kind, any other as its name and message with phone numbers masked.
 */
export function describeError(err: unknown): string {
  const db = classifyDatabaseError(err);
  if (db) return `database error ${db.code} (${db.summary}${db.constraint ? `, ${db.constraint}` : ''})`;
  const text =
    err instanceof Error ? (err.name === 'Error' ? err.message : `${err.name}: ${err.message}`) : String(err);
  return maskPhonesIn(text).slice(0, 500);
}

type RequestLike = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** The `req` of Fastify's request lines, with the url made safe (safeUrl). */
export function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : safeUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** buildApp's logger: `level` and, for tests, a `stream` to read what was written. */
export interface LogOptions {
  level: string;
  stream?: LogStream;
}

/** Fastify's logger options: the level asked for, redaction and the safe serializers. */
export function loggerOptions(opts: LogOptions) {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's types ask for `stack` on every error; a database error has none on purpose.
      err: serializeError as (err: unknown) => { type: string; message: string; stack: string },
      req: serializeRequest,
    },
  };
}
