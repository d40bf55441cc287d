import { apiMessage, apiMessages, type ApiMessageKey } from '@store/contracts/messages';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { currentLocale } from '../../lib/locale-store';

/** A zod message key from contracts ('required', 'must_be_at_least:2') in the shopper's language. */
export function messageText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, arg] = message.split(':', 2) as [string, string | undefined];
  if (key in apiMessages) {
    return apiMessage(
      key as ApiMessageKey,
      currentLocale(),
      arg === undefined ? {} : { min: arg, max: arg, n: arg, time: arg },
    );
  }
  return message;
}

export const errorOf = <T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string) =>
  messageText(errors[name]?.message as string | undefined);

/**
 * Maps a server answer onto the form (spec §5 "server field errors are mapped onto the matching form fields").
 * Returns the messages that belong to no field, for a dialog.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: string[],
): string[] {
  if (!(err instanceof ApiError)) return [messageText('server_error') ?? 'Error'];
  const rest: string[] = [];
  const fe = err.fieldErrors;
  for (const [field, msgs] of Object.entries(fe)) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: msgs.join(' ') });
    else rest.push(...msgs);
  }
  if (!Object.keys(fe).length) rest.push(...err.messages);
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
