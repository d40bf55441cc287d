import { messageText } from '../../lib/form-messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

export { errorOf, messageText } from '../../lib/form-messages';

/** The messages of a failed call, as the API wrote them (in the request's language). */
export function errorMessages(err: unknown): string[] {
  if (err instanceof ApiError && err.messages.length) return err.messages;
  return [messageText('server_error') ?? 'Error'];
}

/**
 * Puts the server's field errors on the form's fields; returns the messages that belong to no field (shown above
 * the form).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string[] {
  if (!(err instanceof ApiError)) return errorMessages(err);
  const rest: string[] = [];
  const fe = err.fieldErrors;
  for (const [field, msgs] of Object.entries(fe)) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: msgs.join(' ') });
    else rest.push(...msgs);
  }
  if (!Object.keys(fe).length) rest.push(...errorMessages(err));
  return rest;
}
