import { apiMessage, apiMessages, type ApiMessageKey, type Locale } from '@store/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { classifyDatabaseError, databaseErrorLogFields } from './db-errors.ts';
import { requestLocale } from './locale.ts';

type Messages = string[] | Record<string, string[]>;

/**
 * The one error type services throw. `messages` is a list of message keys/texts or field -> keys/texts.
 * A key of contracts' apiMessages (optionally `key:param`) is translated to the request's locale.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly messages: Messages,
    public readonly extra: Record<string, unknown> = {},
    /** Response headers to send with the error (e.g. retry-after). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
  static notFound(key: ApiMessageKey = 'not_found') {
    return new AppError(404, 'not_found', [key]);
  }
  static field(field: string, ...keys: string[]) {
    return new AppError(422, 'invalid', { [field]: keys });
  }
}

/** Turns 'must_be_at_most:100' or a plain key into the user's language; unknown text passes through. */
export function translate(message: string, locale: Locale): string {
  // Everything after the first ':' is the argument, so 'payment_session_active:04:59' keeps '04:59'.
  const cut = message.indexOf(':');
  const key = cut < 0 ? message : message.slice(0, cut);
  const arg = cut < 0 ? undefined : message.slice(cut + 1);
  if (key in apiMessageKeys) {
    // One argument fills whichever placeholder the message has: {min}, {max}, {values}, {n}, {time} or {time_remaining}.
    const params: Record<string, string> =
      arg === undefined ? {} : { min: arg, max: arg, values: arg, n: arg, time: arg, time_remaining: arg };
    return apiMessage(key as ApiMessageKey, locale, params);
  }
  return message;
}
const apiMessageKeys: Record<string, unknown> = apiMessages;

function localize(messages: Messages, locale: Locale) {
  if (Array.isArray(messages)) return messages.map((m) => translate(m, locale));
  return Object.fromEntries(
    Object.entries(messages).map(([f, ms]) => [f, ms.map((m) => translate(m, locale))]),
  );
}

export function errorBody(err: AppError, req: FastifyRequest) {
  return { errors: localize(err.messages, requestLocale(req)), ...err.extra };
}

/** The message of the union branch whose type matched (its issue is not invalid_type), if it is one of ours. */
function unionMessage(params: unknown): string | undefined {
  const branches = (params as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(branches)) return undefined;
  for (const issues of branches) {
    if (!Array.isArray(issues)) continue;
    for (const i of issues as { code?: string; message?: string }[]) {
      const key = i.message?.split(':', 1)[0];
      if (i.code !== 'invalid_type' && key && key in apiMessageKeys) return i.message;
    }
  }
  return undefined;
}

/**
 * Fastify's router errors, answered before any route or hook (a path that is not valid percent-encoding, a path
 * parameter past 100 characters): the store's shape and language too. Pass as Fastify's `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  void reply
    .status(error.statusCode ?? 400)
    .send({ errors: [apiMessage('invalid_request', requestLocale(req))] });
}

/** Requests whose multipart body is being read (between the hooks of `registerFormParsing`). */
const parsingForm = new WeakSet<FastifyRequest>();

/**
 * Registers the multipart parser (`register`) between two hooks that mark the requests it is reading, so that an
 * error it throws while parsing (busboy's errors carry no status) answers 400 instead of 500.
 */
export async function registerFormParsing(app: FastifyInstance, register: () => PromiseLike<unknown>) {
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart()) parsingForm.add(req);
  });
  await register();
  app.addHook('preValidation', async (req) => {
    parsingForm.delete(req);
  });
}

/**
 * One error handler: AppError, zod validation, body parsing, database errors (422 for a value PostgreSQL refuses,
 * 503 with Retry-After when it cannot answer), 404s; never a stack trace to the client.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = requestLocale(req);
    if (error instanceof AppError) {
      if (Object.keys(error.headers).length) reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error, req));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'base';
        let msg: string = issue.message ?? 'invalid_value';
        // zod's own messages for missing/unknown values become ours.
        if (issue.keyword === 'invalid_type' && /undefined/.test(msg)) msg = 'required';
        // "a whole number as text or as a number": the branch that had the right type says what is wrong.
        else if (issue.keyword === 'invalid_union') msg = unionMessage(issue.params) ?? 'invalid_value';
        // Any other text of zod's own (an array where a string was expected...) is not in the shopper's language.
        if (!(msg.split(':', 1)[0]! in apiMessageKeys)) msg = 'invalid_value';
        (fields[field] ??= []).push(translate(msg, locale));
      }
      return reply.status(422).send({ errors: fields });
    }
    // The route's pattern, never its values: '/v1/users/addresses/:id'.
    const route = `${req.method} ${req.routeOptions.url ?? '(no route)'}`;
    const db = classifyDatabaseError(error);
    if (db) {
      // The SQLSTATE and kind only: Drizzle's message is the query with its parameters (db-errors.ts).
      const fields = { db: databaseErrorLogFields(db), route };
      if (db.kind === 'invalid_data') {
        req.log.warn(fields, 'the database refused a value');
        return reply.status(422).send({ errors: [apiMessage('invalid_data', locale)] });
      }
      if (db.kind === 'unavailable') {
        req.log.error(fields, 'the database is unavailable');
        req.server.metrics?.databaseUnavailable(db.code);
        reply.header('retry-after', String(db.retryAfterSeconds ?? 5));
        return reply.status(503).send({ errors: [apiMessage('store_busy', locale)] });
      }
      req.log.error(fields, 'database error');
      return reply.status(500).send({ errors: [apiMessage('server_error', locale)] });
    }
    // A multipart body busboy could not read (no boundary, cut short, bad part headers): the client's fault.
    if (parsingForm.has(req) && error.statusCode === undefined)
      return reply.status(400).send({ errors: [apiMessage('invalid_form_data', locale)] });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error, route }, 'request failed');
      return reply.status(500).send({ errors: [apiMessage('server_error', locale)] });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported media type): a short sentence, no internals.
    if (status === 404) return reply.status(404).send({ errors: [apiMessage('not_found', locale)] });
    return reply.status(status).send({ errors: [apiMessage('invalid_request', locale)] });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ errors: [apiMessage('route_not_found', requestLocale(req))] });
  });
}
