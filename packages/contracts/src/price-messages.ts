import type { Locale } from './constants.ts';

/**
 * The messages of a list's price filter, in both languages. They are API messages (`apiMessages` in messages.ts
 * holds them, the API answers with them) in a module of their own, so that a list page's filter shows them without
 * loading every message the API has (7 KB compressed, a request of its own on a list's first load).
 */
export const priceMessages = {
  min_price_above_max: {
    en: 'The lowest price is above the highest price. Lower it, or raise the highest.',
    ar: 'أقل سعر أكبر من أعلى سعر. قلّله أو زوّد أعلى سعر.',
  },
  price_digits_only: {
    en: 'Only numbers are allowed in the price field.',
    ar: 'مسموح بالأرقام بس في خانة السعر.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export function priceMessage(key: keyof typeof priceMessages, locale: Locale): string {
  return priceMessages[key][locale];
}
