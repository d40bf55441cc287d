import { apiMessage, apiMessages, type ApiMessageKey } from '@store/contracts/messages';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { currentLocale } from './locale-store';

/** A message key of the contracts ('required', 'too_long:500') in the current language; other text as it is. */
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

/** A form field's error in the current language. */
export const errorOf = <T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string) =>
  messageText(errors[name]?.message as string | undefined);
