import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What a database error means for the shopper, and what of it may be written to the log.
 *
 * Errors reach the app wrapped: Drizzle throws a DrizzleQueryError whose message holds the failed SQL and its
 * parameters (a password hash, a phone number, an address…) with PostgreSQL's error as its `cause`; a transaction
 * that cannot get a connection throws node-postgres's socket error as it is; the embedded database's thread
 * (db/pglite-thread.ts) rejects with PGlite's error fields copied onto a plain Error. classifyDatabaseError walks
 * the cause chain and answers:
 *
 * - `invalid_data` (SQLSTATE class 22: a value PostgreSQL refuses, e.g. out of range, NUL in text): the request
 *   was bad, 422 in the shopper's language. The contracts bound every input, so this is a backstop.
 * - `unavailable`: the database cannot answer now (down, restarting, unreachable, out of disk or connections, a
 *   statement or lock timeout, the embedded database's thread gone): 503 with Retry-After. The pool reconnects by
 *   itself when the server is back.
 * - `other`: any other database error (a bug): 500.
 *
 * `summary`, `code`, `constraint`, `table` and `column` carry no value of the request: they are what the log gets.
 * Never log the error object itself, nor its message.
 */
export interface DatabaseFailure {
  kind: 'invalid_data' | 'unavailable' | 'other';
  /** SQLSTATE ('22P02'), or the driver's error code ('ECONNREFUSED'), or 'unknown'. */
  code: string;
  /** A short description of the kind of failure, without any value from the query. */
  summary: string;
  /** For `unavailable`: how long the client should wait before trying again (the Retry-After header). */
  retryAfterSeconds?: number;
  constraint?: string;
  table?: string;
  column?: string;
}

/** Seconds a client waits after a timeout or a full pool (the database is there, only busy). */
export const RETRY_AFTER_BUSY_SECONDS = 5;
/** Seconds a client waits when the database is unreachable, shutting down or out of disk. */
export const RETRY_AFTER_DOWN_SECONDS = 30;

/** Conditions named by SQLSTATE (PostgreSQL, Appendix A) that the store may meet. */
const CONDITIONS: Record<string, string> = {
  '08000': 'connection_exception',
  '08001': 'sqlclient_unable_to_establish_sqlconnection',
  '08003': 'connection_does_not_exist',
  '08004': 'sqlserver_rejected_establishment_of_sqlconnection',
  '08006': 'connection_failure',
  '08P01': 'protocol_violation',
  '21000': 'cardinality_violation',
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22004': 'null_value_not_allowed',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22012': 'division_by_zero',
  '22021': 'character_not_in_repertoire',
  '22023': 'invalid_parameter_value',
  '22P02': 'invalid_text_representation',
  '22P05': 'untranslatable_character',
  '23502': 'not_null_violation',
  '23503': 'foreign_key_violation',
  '23505': 'unique_violation',
  '23514': 'check_violation',
  '25P02': 'in_failed_sql_transaction',
  '25P03': 'idle_in_transaction_session_timeout',
  '28000': 'invalid_authorization_specification',
  '28P01': 'invalid_password',
  '3D000': 'invalid_catalog_name',
  '40001': 'serialization_failure',
  '40P01': 'deadlock_detected',
  '42601': 'syntax_error',
  '42703': 'undefined_column',
  '42P01': 'undefined_table',
  '42883': 'undefined_function',
  '53000': 'insufficient_resources',
  '53100': 'disk_full',
  '53200': 'out_of_memory',
  '53300': 'too_many_connections',
  '54000': 'program_limit_exceeded',
  '55P03': 'lock_not_available',
  '57014': 'query_canceled',
  '57P01': 'admin_shutdown',
  '57P02': 'crash_shutdown',
  '57P03': 'cannot_connect_now',
  '57P05': 'idle_session_timeout',
  XX000: 'internal_error',
};
const CLASSES: Record<string, string> = {
  '08': 'connection_exception',
  '22': 'data_exception',
  '23': 'integrity_constraint_violation',
  '25': 'invalid_transaction_state',
  '28': 'invalid_authorization_specification',
  '40': 'transaction_rollback',
  '42': 'syntax_error_or_access_rule_violation',
  '53': 'insufficient_resources',
  '54': 'program_limit_exceeded',
  '55': 'object_not_in_prerequisite_state',
  '57': 'operator_intervention',
  '58': 'system_error',
  XX: 'internal_error',
};

/** The database is there but cannot take this now: a timeout, a lock, a full pool, a conflict worth retrying. */
const BUSY = new Set(['57014', '55P03', '53300', '40001', '40P01']);
/** The database is gone for now: shutting down, restarting, unreachable, idle timeouts that closed the session. */
const DOWN = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '3D000', '28000', '28P01']);

/** Socket and file-system errors of the driver (node-postgres) or of PGlite's storage. */
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection aborted',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while writing',
  ENOTFOUND: 'database host not found',
  EAI_AGAIN: 'database host lookup failed',
  EHOSTUNREACH: 'database host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  ENOSPC: 'no space left on device',
  ERR_WORKER_OUT_OF_MEMORY: 'embedded database thread out of memory',
  ERR_WORKER_INIT_FAILED: 'embedded database thread could not start',
};

/**
 * Messages without a code from node-postgres (pool and client) and from the embedded database's thread. They are
 * fixed texts (no values), matched from their start, and each is a database that cannot answer now.
 */
const UNAVAILABLE_MESSAGES: [RegExp, string, number][] = [
  [/^timeout exceeded when trying to connect/, 'no free connection in time', RETRY_AFTER_BUSY_SECONDS],
  [/^Query read timeout/, 'query timed out', RETRY_AFTER_BUSY_SECONDS],
  [/^Connection terminated due to connection timeout/, 'connection timed out', RETRY_AFTER_DOWN_SECONDS],
  [/^Connection terminated/, 'connection terminated', RETRY_AFTER_DOWN_SECONDS],
  [/^Client has encountered a connection error/, 'connection error', RETRY_AFTER_DOWN_SECONDS],
  [/^Client was closed and is not queryable/, 'client closed', RETRY_AFTER_DOWN_SECONDS],
  [/^Cannot use a pool after calling end on the pool/, 'pool closed', RETRY_AFTER_DOWN_SECONDS],
  [/^the embedded database thread stopped/, 'embedded database thread stopped', RETRY_AFTER_DOWN_SECONDS],
  [/^PGlite is closed/, 'embedded database closed', RETRY_AFTER_DOWN_SECONDS],
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

type Fields = {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
};

/** The error and its causes, outermost first (at most 10, cycles cut). */
function chain(err: unknown): Fields[] {
  const out: Fields[] = [];
  let e: unknown = err;
  while (e && typeof e === 'object' && out.length < 10 && !out.includes(e as Fields)) {
    out.push(e as Fields);
    e = (e as Fields).cause;
  }
  return out;
}

/** A PostgreSQL server error (node-postgres's DatabaseError, PGlite's, or the thread's copy of it). */
const isServerError = (e: Fields): e is Fields & { code: string } =>
  typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';

const str = (v: unknown) => (typeof v === 'string' && v.length <= 63 ? v : undefined);

/**
 * A unique index refused the write (SQLSTATE 23505), on the error or one of its causes (Drizzle wraps the driver's):
 * two writers raced to the same row, read by the caller as its own field's or conflict's error.
 */
export function isUniqueViolation(err: unknown): boolean {
  return chain(err).some((e) => e.code === '23505');
}

/** Classifies a database error (see above); null when `err` did not come from the database. */
export function classifyDatabaseError(err: unknown): DatabaseFailure | null {
  const errors = chain(err);
  const server = errors.find(isServerError);
  if (server) {
    const code = server.code;
    const known = {
      code,
      summary: CONDITIONS[code] ?? CLASSES[code.slice(0, 2)] ?? 'database_error',
      ...(str(server.constraint) ? { constraint: str(server.constraint) } : {}),
      ...(str(server.table) ? { table: str(server.table) } : {}),
      ...(str(server.column) ? { column: str(server.column) } : {}),
    };
    if (code.startsWith('22')) return { kind: 'invalid_data', ...known };
    if (BUSY.has(code)) return { kind: 'unavailable', retryAfterSeconds: RETRY_AFTER_BUSY_SECONDS, ...known };
    if (DOWN.has(code) || code.startsWith('08') || code.startsWith('53'))
      return { kind: 'unavailable', retryAfterSeconds: RETRY_AFTER_DOWN_SECONDS, ...known };
    return { kind: 'other', ...known };
  }
  for (const e of errors) {
    if (typeof e.code === 'string' && e.code in NETWORK)
      return {
        kind: 'unavailable',
        code: e.code,
        summary: NETWORK[e.code]!,
        retryAfterSeconds: RETRY_AFTER_DOWN_SECONDS,
      };
    const message = typeof e.message === 'string' ? e.message : '';
    const known = UNAVAILABLE_MESSAGES.find(([re]) => re.test(message));
    if (known)
      return { kind: 'unavailable', code: 'unknown', summary: known[1], retryAfterSeconds: known[2] };
  }
  if (errors.some((e) => e instanceof DrizzleQueryError || e.name === 'DrizzleQueryError'))
    return { kind: 'other', code: 'unknown', summary: 'database_error' };
  return null;
}

/** What may be logged of a database error: its code and kind, never the query, its parameters or the stack. */
export function databaseErrorLogFields(failure: DatabaseFailure) {
  const { kind, code, summary, constraint, table, column } = failure;
  return { sqlstate: code, kind, summary, constraint, table, column };
}
