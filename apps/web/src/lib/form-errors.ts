import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { messageText } from './form-messages';

export { errorOf, messageText } from './form-messages';

/** The messages of a failed call, as the API wrote them (in the request's language). */
export function errorMessages(err: unknown): string[] {
  if (err instanceof ApiError && err.messages.length) return err.messages;
  return [messageText('server_error') ?? 'Error'];
}

/**
 * Maps a server answer onto the form (spec §5 "server field errors are mapped onto the matching form fields"):
 * the server's field errors go on the form's fields; returns the messages that belong to no field, for a dialog
 * (storefront) or above the form (back office).
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

/**
 * Spec §8: a 404 on a code-entry call is a field error ('Wrong OTP code'). The server says which: a wrong code, or
 * one that can no longer be used (expired, or too many wrong tries), and that is what the shopper reads.
 */
export function wrongCodeMessage(err: ApiError): string {
  const server = Object.values(err.fieldErrors).flat()[0] ?? err.messages[0];
  return server ?? messageText('wrong_otp') ?? 'Wrong OTP code';
}
