import { apiMessage, apiMessages, type ApiMessageKey, type Locale } from '@store/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

/** One error handler: AppError, zod validation, body parsing, 404s; never a stack trace to the client. */
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
        else if (issue.keyword === 'invalid_value' && !msg.includes(':') && !(msg in apiMessageKeys))
          msg = 'invalid_value';
        // "a whole number as text or as a number": the branch that had the right type says what is wrong.
        else if (issue.keyword === 'invalid_union') msg = unionMessage(issue.params) ?? 'invalid_value';
        (fields[field] ??= []).push(translate(msg, locale));
      }
      return reply.status(422).send({ errors: fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
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
