import type { Locale } from '@store/contracts/constants';
import { formatMoney } from '@store/contracts/money';
import i18n from './i18n';

/** Prices: en-US digits, up to 2 decimals, with the EGP label of the current language. */
export function price(egp: number): string {
  return formatMoney(egp, i18n.t('common:currency'));
}

/** Long dates: ar-EG or en-US. */
export function longDate(iso: string, locale: Locale): string {
  longDates[locale] ??= new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-US', { dateStyle: 'long' });
  return longDates[locale].format(new Date(iso));
}
const longDates: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/**
 * "A, B, and C" / "A وB وC", as Intl.ListFormat's conjunction writes them (a test compares them), without loading
 * its locale data while the home page hydrates on a phone.
 */
export function andList(items: readonly string[], locale: Locale): string {
  if (locale === 'ar') return items.join(' و');
  if (items.length < 3) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}
