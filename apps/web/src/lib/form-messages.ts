import { apiMessage, apiMessages, type ApiMessageKey } from '@store/contracts/messages';
import type { Locale } from '@store/contracts/constants';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { currentLocale } from './locale-store';

/** A bundle's own words for a message key in a language, or undefined for the contracts' words. */
export type MessageWording = (
  key: ApiMessageKey,
  locale: Locale,
  params: Record<string, string>,
) => string | undefined;
let ownWording: MessageWording | undefined;

/**
 * Words some message keys differently in this bundle. The back office sets it (admin/lib/i18n.ts): its field errors
 * stand alone as sentences ("Required"), where the shop's read on from the field's label ("is required").
 */
export function setMessageWording(wording: MessageWording | undefined) {
  ownWording = wording;
}

/** A message key of the contracts ('required', 'too_long:500') in the current language; other text as it is. */
export function messageText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, arg] = message.split(':', 2) as [string, string | undefined];
  if (key in apiMessages) {
    const locale = currentLocale();
    const params: Record<string, string> = arg === undefined ? {} : { min: arg, max: arg, n: arg, time: arg };
    return (
      ownWording?.(key as ApiMessageKey, locale, params) ?? apiMessage(key as ApiMessageKey, locale, params)
    );
  }
  return message;
}

/** A form field's error in the current language. */
export const errorOf = <T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string) =>
  messageText(errors[name]?.message as string | undefined);
